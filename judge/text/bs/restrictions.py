"""Battle Spirits transformer, restrictions: "cannot …", "can … even if exhausted", "must …", with what
the barred act is aimed at (`object`) and whose act or effect it bars (`by`) — BSS 1-3-3 and the
clauses each restriction names."""

from __future__ import annotations

from typing import Any

from lark import Token, v_args

from judge.text.ast import Cost, Duration, Player, Restriction, Selector
from judge.text.bs.nodes import Ref, _player, first, has_tok, ints, tok

#: "this effect": the scope of a restriction written "with this effect" (its `by`).
THIS_EFFECT = Selector(count=None, unit="effect", effect="this")


def _duration(c: list) -> Duration:
    return first(c, Duration) or Duration.PERMANENT


def _life_by(r: Restriction, barred: Selector | None) -> Restriction:
    """"X cannot reduce your life (to 0)" (BSS 3-7, 7-1-5-3): a bar on whose life is reduced (`player`),
    by what (`by`: X) — the same node as "your life cannot be reduced by X"."""
    from dataclasses import replace

    if not r.action.startswith("reduce_life") or r.object is None or r.object.unit != "life":
        return r
    return replace(r, player=r.object.owner, object=None, target=None, by=barred if barred is not None else r.by)


#: the mark of an act done "with" cards (`act_with`): those cards are the restricted ones.
WITH = "with"


def _acting_with(verb: str, cards: Selector, player: Player | None, mode: str, duration: Duration,
                 span: Any) -> Restriction:
    """"<player> cannot / must block with X" (BSS 7-1-1, 7-1-3): the act is that of the cards X, so they are
    the target (the player's own cards when X names no owner), as in "X cannot block"; the player is kept."""
    from dataclasses import replace

    if player is not None and cards.owner is None and not cards.self_ref:
        cards = replace(cards, owner=player)
    return Restriction(mode=mode, action=verb, target=cards, player=player, duration=duration, span=span)


class RestrictionMixin:
    """Restriction rules of grammar/bs.lark → Restriction nodes and their parts."""

    # what is barred: (action id, object, by)
    def act_verb(self, c: list) -> tuple:
        return ("_".join(str(c[0]).lower().split()), first(c, Selector), None)

    def act_be(self, c: list) -> tuple | list:
        # "be destroyed (from your hand) by …", "be returned to your hand or deck by …", "… or as the result of
        # battle"; "be exhausted or destroyed by …": each act barred, with what follows the last
        words = [str(t).lower() for t in c if isinstance(t, Token) and t.type in ("EVENT_PASSIVE", "STATE")]
        where = next((x for x in c if isinstance(x, str) and not isinstance(x, Token)), "")
        # "by your opponent's effects or as the result of battle"; "in battle" / "via comparing BP" alone (BSS 7-1-5-2)
        battle = "_or_in_battle" if has_tok(c, "OR_BATTLE") else "_in_battle" if has_tok(c, "VIA_BATTLE") else ""
        acts = [("be_" + word + where + battle, None, first(c, Selector)) for word in words]
        return acts[0] if len(acts) == 1 else acts

    def where_from(self, c: list) -> str:
        return "_from_" + "_or_".join(str(t) for t in c if isinstance(t, Token) and t.type == "ZONE")

    def where_to(self, c: list) -> str:
        return "_to_" + "_or_".join(str(t) for t in c if isinstance(t, Token) and t.type == "ZONE")

    def act_reduce_life(self, c: list) -> tuple:
        # "… cannot reduce your life (to 0)": whose life is the object, the barred one its cause (see restriction)
        return ("reduce_life" if not ints(c) else "reduce_life_to_0",
                Selector(count=None, unit="life", owner=_player(tok(c, "POSS"))), None)

    def attacks_from(self, c: list) -> Selector:
        return Selector(count=None, unit="attack", about=first(c, Selector))

    def act_use(self, c: list) -> tuple:
        return ("use" if has_tok(c, "USE_VERB") else "summon", first(c, Selector), None)

    def act_cores_removed(self, c: list) -> tuple:
        return ("have_cores_removed", None, first(c, Selector))

    def act_place_cores(self, c: list) -> tuple:
        # "You cannot place a Soul Core on this spirit with this effect"
        cores = first(c, dict)
        unit = "soul_core" if cores.get("core_type") == "soul" else "core"
        return ("place_cores", Selector(count=cores.get("count"), unit=unit, about=first(c, Selector)), None)

    def act_with(self, c: list) -> tuple:
        # "block with spirits with …": the cards the player acts with, marked WITH in the `by` place
        return ("_".join(str(c[0]).lower().split()), first(c, Selector), WITH)

    def act_one(self, c: list) -> tuple:
        # the alternative of act_one without an alias of its own: `act_with`, already built
        return c[0]

    def act_draw(self, c: list) -> tuple:
        return ("draw", None, None)

    def action(self, c: list) -> list:
        # "… with this effect" (BSS 1-3-3): the bar covers only what the effect it is written in does
        if has_tok(c, "WITH_THIS_EFFECT"):
            c = [x for x in c if not isinstance(x, Token)]
            return [(a, obj, by or THIS_EFFECT) for a, obj, by in self.action(c)]
        return [a for x in c for a in ([x] if isinstance(x, tuple) else x if isinstance(x, list) else ())]

    def _restrictions(self, meta: Any, c: list, *, target: Selector | None = None,
                      player: Player | None = None, mode: str = "cannot") -> list:
        acts = next(x for x in c if isinstance(x, list))
        dur = _duration(c)
        return [_acting_with(a, obj, player, mode, dur, self._span(meta)) if by is WITH else
                Restriction(mode=mode, action=a, object=obj, by=by, target=target, player=player,
                            duration=dur, span=self._span(meta)) for a, obj, by in acts]

    @v_args(meta=True)
    def restriction(self, meta: Any, c: list) -> list:
        # what is barred: a card ("this spirit cannot block"), a player ("you cannot summon …"), both of two
        # subjects, or attacks ("attacks from … cannot reduce your life", BSS 7-1-5)
        head = c[0]
        if isinstance(head, Player) or (isinstance(head, Token) and head.type == "YOU"):
            who = head if isinstance(head, Player) else Player.YOU
            barred = Selector(count=None, unit="player", owner=who)
            return [_life_by(r, barred) for r in self._restrictions(meta, c, player=who)]
        if isinstance(head, tuple):
            return [_life_by(r, t) for t in head for r in self._restrictions(meta, c, target=t)]
        target = first(c, Selector)
        return [_life_by(r, target) for r in self._restrictions(meta, c, target=target)]

    @v_args(meta=True)
    def restriction_only_select(self, meta: Any, c: list) -> Restriction:
        # "your opponent can only select a spirit with a Soul Core on it (while using …)"
        scope = next((x for x in c if isinstance(x, tuple) and x and x[0] == "selecting"), ("selecting", None, None))
        return Restriction(mode="only", action="select", player=first(c, Player), object=first(c, Selector),
                           by=scope[1], target=scope[2], duration=_duration(c), span=self._span(meta))

    def selecting_using(self, c: list) -> tuple:
        # "while using a magic card": the selections made by that card's effects
        return ("selecting", Selector(count=None, unit="effect", about=first(c, Selector)), None)

    def selecting_by_effect(self, c: list) -> tuple:
        # "when using an effect to select one of your spirits": the selections of those cards by effects
        sels = [x for x in c if isinstance(x, Selector)]
        return ("selecting", sels[0], sels[-1])

    def life_of(self, c: list) -> Player:
        word = tok(c, "NEITHER", "POSS")
        return _player(word)

    @v_args(meta=True)
    def restriction_life(self, meta: Any, c: list) -> Restriction:
        # "Neither player's life can be reduced by an attack from a spirit that has 2000 or fewer BP",
        # "your life cannot be reduced to 0" (BSS 3-7, 7-1-5-3)
        floor = ints(c)
        whose = first(c, Player) or (Player.EACH if tok(c, "NEITHER") is not None else None)
        return Restriction(mode="cannot", action="reduce_life" if not floor else "reduce_life_to_0",
                           player=whose, by=first(c, Selector), duration=_duration(c),
                           span=self._span(meta))

    @v_args(meta=True)
    def obligation(self, meta: Any, c: list) -> Restriction:
        act = "_".join(str(tok(c, "ACT_VERB")).lower().split())
        if any(isinstance(t, Token) and t.type == "MUST_TAIL" and "first" in t.lower() for t in c):
            act += "_first"
        return Restriction(mode="must", action=act, target=c[0], object=first(c[1:], Selector),
                           duration=_duration(c), span=self._span(meta))

    @v_args(meta=True)
    def obligation_with(self, meta: Any, c: list) -> Restriction:
        # "your opponent must block with one of their spirits (if possible)" (BSS 7-1-3)
        verb, cards, _ = first(c, tuple)
        return _acting_with(verb, cards, first(c, Player), "must", _duration(c), self._span(meta))

    @v_args(meta=True)
    def permission_link(self, meta: Any, c: list) -> Restriction:
        # BSS 11-18-1 / 11-18-3: "your spirits can be linked with a spirit with Link (when blocking)": the spirits
        # linked to; "one spirit may link with this spirit (regardless of its link conditions)": the Link spirit
        target, obj = c[0], first(c[1:], Selector)
        if not has_tok(c, "EVENT_PASSIVE"):
            action = "link_ignoring_conditions" if has_tok(c, "POSS_IT") else "link"
            return Restriction(mode="can", action=action, target=target, object=obj, span=self._span(meta))
        when = tok(c, "ATT_BLK")
        if when is not None and isinstance(target, Selector):
            from dataclasses import replace

            target = replace(target, state=str(when).lower())          # only while it blocks (attacks)
        return Restriction(mode="can", action="be_linked", target=target, object=obj, span=self._span(meta))

    @v_args(meta=True)
    def permission_while_exhausted(self, meta: Any, c: list) -> Restriction:
        # "This spirit can block (spirits …) even if exhausted", "can attack while exhausted" (BSS 7-1-1, 7-1-3)
        verb = "_".join(str(tok(c, "ACT_VERB")).lower().split())
        return Restriction(mode="can", action=f"{verb}_while_exhausted", target=c[0], object=first(c[1:], Selector),
                           duration=_duration(c), span=self._span(meta))

    @v_args(meta=True)
    def no_refresh(self, meta: Any, c: list) -> Restriction:
        return Restriction(mode="cannot", action="refresh_in_refresh_step", target=c[0],
                           duration=Duration.NEXT_TURN_END, span=self._span(meta))

    @v_args(meta=True)
    def restriction_remove(self, meta: Any, c: list) -> list:
        # "Your opponent's effects cannot remove cores from this spirit or any spirit with …"
        sels = [x for x in c if isinstance(x, Selector)]
        return [Restriction(mode="cannot", action="have_cores_removed", target=t, by=sels[0],
                            duration=_duration(c), span=self._span(meta)) for t in sels[1:]]

    @v_args(meta=True)
    def restriction_cores(self, meta: Any, c: list) -> Restriction:
        return Restriction(mode="cannot", action="have_cores_removed", target=Ref(), by=first(c, Selector),
                           duration=_duration(c), span=self._span(meta))

    @v_args(meta=True)
    def no_trigger(self, meta: Any, c: list) -> Restriction:
        # "Your opponent's “When Destroyed” effects are not triggered by this effect" (BSS 8-1-7)
        from judge.text.bs.nodes import timing_of_quoted

        timing = timing_of_quoted(str(tok(c, "QUOTED_EFFECT")).rsplit(" ", 1)[0])
        owner = tok(c, "POSS")
        at = next(i for i, x in enumerate(c) if isinstance(x, Token) and x.type == "EV_TRIGGERED")
        target = first(c[:at], Selector)
        by = THIS_EFFECT if has_tok(c, "WITH_THIS_EFFECT") else first(c[at:], Selector)   # "… by X's effects"
        return Restriction(mode="cannot", action="activate", target=target, duration=_duration(c),
                           player=_player(owner) if owner is not None else None, by=by,
                           object=Selector(count=None, unit="effect", effect=timing), span=self._span(meta))

    @v_args(meta=True)
    def restriction_at_most(self, meta: Any, c: list) -> Restriction:
        # "no more than one card is discarded", "you can discard a maximum of twelve cards with this effect"
        return Restriction(mode="at_most", action="discard", object=Selector(count=ints(c)[0]),
                           by=THIS_EFFECT if has_tok(c, "WITH_THIS_EFFECT") else None,
                           duration=_duration(c), span=self._span(meta))

    # a restriction lifted by a cost: "cannot attack unless they pay one core" (BSS 8-4)
    def unless_cost(self, restriction: Restriction, cost_effects: tuple) -> Restriction:
        from dataclasses import replace

        return replace(restriction, cost=Cost(effects=cost_effects))


__all__ = ["RestrictionMixin"]
