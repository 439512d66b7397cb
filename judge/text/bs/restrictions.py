"""Battle Spirits transformer, restriction half: "cannot …", "can … while exhausted", "must …" and what
acts ("by your opponent's effects"), BSS 1-3-3 and the clauses each restriction names."""

from __future__ import annotations

from typing import Any

from lark import Token, Tree, v_args

from judge.text.ast import (
    Duration,
    Player,
    Restriction,
    Selector,
)
from judge.text.bs.nodes import _player, _Ref


class RestrictionMixin:
    """Restriction rules of grammar/bs.lark → Restriction nodes and their parts."""

    # restrictions
    def act_verb(self, c: list) -> tuple:
        return ("_".join(str(c[0]).lower().split()), None)

    def act_be(self, c: list) -> tuple:
        by = next((x for x in c[1:] if isinstance(x, Selector)), None)   # "or as the result of battle": any destruction
        return ("be_" + str(c[0]).lower(), by)

    def act_cores_removed(self, c: list) -> tuple:
        return ("have_cores_removed", c[-1] if len(c) > 2 else None)

    def act_returned(self, c: list) -> tuple:
        return ("be_returned", c[-1] if isinstance(c[-1], Selector) else None)

    def src_any_effect(self, c: list) -> Selector:
        return Selector(count=None, name="effect")

    def src_keyword_effect(self, c: list) -> Selector:
        owner = next((_player(t) for t in c if isinstance(t, Token) and t.type == "POSS"), None)
        kw = next(x for x in c if isinstance(x, str) and not isinstance(x, Token))
        return Selector(count=None, name="effect", with_keyword=kw, owner=owner)

    def act_use(self, c: list) -> tuple:
        return ("use", c[0])

    def src_effects(self, c: list) -> Selector:
        return Selector(count=None, owner=_player(c[0]))

    def src_effects_of(self, c: list) -> Selector:
        return next(x for x in c if isinstance(x, Selector))

    def src_destruction(self, c: list) -> Selector:
        return next(x for x in c if isinstance(x, Selector))

    def src_selector(self, c: list) -> Selector:
        return c[0]

    def src_this_effect(self, c: list) -> Selector:
        return Selector(count=None, name="this effect")

    def src_player(self, c: list) -> Selector:
        return Selector(count=None, owner=_player(c[0].children[0] if isinstance(c[0], Tree) else c[0]))

    def by_what(self, c: list) -> Any:
        return c[0]

    @v_args(meta=True)
    def restriction(self, meta: Any, c: list) -> Restriction:
        target = c[0]
        action, _ = next(x for x in c if isinstance(x, tuple))
        dur = next((x for x in c if isinstance(x, Duration)), Duration.PERMANENT)
        player = None
        if isinstance(target, Tree) and target.data == "player":
            player, target = _player(target.children[0]), None
        return Restriction(mode="cannot", action=action, target=target, player=player, duration=dur,
                           span=self._span(meta))

    @v_args(meta=True)
    def obligation(self, meta: Any, c: list) -> Restriction:
        dur = next((x for x in c if isinstance(x, Duration)), Duration.PERMANENT)
        act = next(str(t).lower() for t in c if isinstance(t, Token) and t.type == "ACT_VERB")
        return Restriction(mode="must", action="_".join(act.split()), target=c[0], duration=dur,
                           span=self._span(meta))

    def effect_ref(self, c: list) -> None:
        return None

    @v_args(meta=True)
    def permission_link(self, meta: Any, c: list) -> Restriction:
        return Restriction(mode="can", action="be_linked", target=c[0], span=self._span(meta))

    @v_args(meta=True)
    def permission_block(self, meta: Any, c: list) -> Restriction:
        return self._while_exhausted(meta, c, "block_while_exhausted")

    @v_args(meta=True)
    def permission_attack(self, meta: Any, c: list) -> Restriction:
        # "This spirit can attack while exhausted" (BSS 7-1-1): a permission, like blocking while exhausted
        return self._while_exhausted(meta, c, "attack_while_exhausted")

    def _while_exhausted(self, meta: Any, c: list, action: str) -> Restriction:
        """A permission to attack or block although exhausted, for its duration (permanent unless said)."""
        dur = next((x for x in c if isinstance(x, Duration)), Duration.PERMANENT)
        return Restriction(mode="can", action=action, target=c[0], duration=dur, span=self._span(meta))

    @v_args(meta=True)
    def restriction_remove(self, meta: Any, c: list) -> Restriction:
        dur = next((x for x in c if isinstance(x, Duration)), Duration.PERMANENT)
        return Restriction(mode="cannot", action="have_cores_removed", target=next(x for x in c if isinstance(x, Selector)),
                           duration=dur, span=self._span(meta))

    @v_args(meta=True)
    def restriction_life(self, meta: Any, c: list) -> Restriction:
        owner = next((_player(t) for t in c if isinstance(t, Token) and t.type == "POSS"), Player.YOU)
        attacker = _Ref() if "that" in str(c[-1]).lower() else Selector(self_ref=True)
        dur = next((x for x in c if isinstance(x, Duration)), Duration.PERMANENT)
        return Restriction(mode="cannot", action="reduce_life", target=attacker, player=owner,
                           duration=dur, span=self._span(meta))

    @v_args(meta=True)
    def restriction_cores(self, meta: Any, c: list) -> Restriction:
        dur = next((x for x in c if isinstance(x, Duration)), Duration.PERMANENT)
        return Restriction(mode="cannot", action="have_cores_removed", target=_Ref(), duration=dur,
                           span=self._span(meta))

    @v_args(meta=True)
    def restriction_lead(self, meta: Any, c: list) -> Restriction:
        dur, target = c[0], c[1]
        action, _ = next(x for x in c if isinstance(x, tuple))
        return Restriction(mode="cannot", action=action, target=target, duration=dur, span=self._span(meta))
