"""FFTCG Transformer rules for damage replacement effects (a mixin under `TailRules`).

Each method is a grammar rule or alias of grammar/fftcg.lark (comments there name the clause):
damage dealt to another recipient instead (11.12.5.1), the next damage a card deals becoming N
(11.12.5.2), damage that cannot be reduced (11.12.5), and the qualifiers of damage events ("by a
Forward with Haste", "other than battle damage", "for the first time in that turn": 6.4, 6.5),
which only narrow the event they belong to and are kept as its printed words.
"""

from __future__ import annotations

from typing import Any

from lark import Tree

from judge.text.ast import Duration, ModifyStat, Player, RedirectDamage, Restriction, Selector
from judge.text.fftcg_assemble import flatten, number_in
from judge.text.fftcg_select import SelectorRules


class ReplaceRules(SelectorRules):
    """Rules for damage replacement; `self._span`, `self._has`, `self._printed` come from the subclass."""

    _span: Any
    _has: Any
    _printed: Any

    def dmg_qual(self, meta, c):
        """A qualifier of a damage event: its words stay in the event's printed text (6.4, 6.5)."""
        return Tree("dmg_qual", c, meta)

    def source_post(self, meta, c):
        return Tree("source_post", c, meta)

    def dmg_by(self, meta, c):
        return Tree("dmg_by", c, meta)

    def named_element(self, meta, c):
        return Tree("named_element", c, meta)

    def ref_self_party(self, meta, c):
        """"{Name} forming a party" (15.1.1.9): itself, only while it is in a party."""
        return Selector(self_ref=True, state="in_party", span=self._span(meta))

    def during_each_turn(self, meta, c):
        """"During each turn, …": the field ability's effects apply in every turn (11.12.4.4)."""
        return [e for e in flatten(c)]

    def st_damage_redirect(self, meta, c):
        """"The next damage dealt to X is dealt to Y instead" / "… is received by Y instead" (11.12.5.1)."""
        sels = [x for x in c if isinstance(x, Selector)]
        to = sels[-1]
        to_you = self._has(meta, "to you")
        original = None if to_you else (sels[0] if len(sels) > 1 else Selector(ref="it"))
        return RedirectDamage(target=original, to=to, player=Player.YOU if to_you else None,
                              next_only=self._has(meta, "next"), span=self._span(meta))

    def st_damage_dealt_becomes(self, meta, c):
        """"The next damage it deals to a Forward becomes 0 instead" (11.12.5.2): the dealer's damage."""
        dealer = next(x for x in c if isinstance(x, Selector))
        return ModifyStat(stat="damage_dealt_becomes", amount=number_in(c), target=dealer, duration=Duration.TURN,
                          span=self._span(meta))

    def st_unreducible_by(self, meta, c):
        """"The damage dealt by your abilities to Forwards opponent controls cannot be reduced" (11.12.5)."""
        text = " ".join(self._printed(meta).split())
        by = text.split(" by ", 1)[1].split(" to ", 1)[0] if " by " in text else None
        recipients = [x for x in c if isinstance(x, Selector)]
        return Restriction(mode="cannot", action="be_reduced", target=recipients[-1] if recipients else None,
                           by_text=by, duration=Duration.PERMANENT, span=self._span(meta))


__all__ = ["ReplaceRules"]
