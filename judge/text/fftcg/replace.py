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

from judge.text.ast import (
    Deploy,
    Duration,
    Gain,
    Keyword,
    ModifyStat,
    Move,
    Player,
    RedirectDamage,
    Restriction,
    Selector,
    Threshold,
)
from judge.text.fftcg.assemble import DelayedPart, Event, Trigger, flatten, number_in
from judge.text.fftcg.permissions import PermissionRules


class ReplaceRules(PermissionRules):
    """Rules for damage replacement; `self._span`, `self._has`, `self._printed` come from the subclass."""

    _span: Any
    _has: Any
    _printed: Any
    _slice: Any

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

    # ------------------------------------------------------------------ triggers (11.8, 11.8.17)
    def ev_primes_into(self, meta, c):
        """"When Hugo primes into {Name}" (15.2.9.3.1): the card itself is put on top, Primed."""
        return Event("primes_into", next((x for x in c if isinstance(x, Selector)), Selector(self_ref=True)))

    def delayed_in_trigger(self, meta, c):
        """"When X enters the field, at the end of your opponent's turn, …": the auto-ability's effect
        is a delayed auto-ability (11.8.17.1), created when the first trigger resolves."""
        first, second = [x for x in c if isinstance(x, Trigger)][:2]
        return [DelayedPart(first, [DelayedPart(second, flatten(c[2:]))])]

    def ev_you_damaged_nth(self, meta, c):
        """"When you receive a fifth point of damage" (7.8.2): one point, counted from the first."""
        nth = next(str(t) for t in c if getattr(t, "type", "") == "ORDINAL")
        return Event(f"you_receive_{nth}_damage", None)

    def turn_scope(self, meta, c):
        return Duration.OPPONENT_TURNS if self._has(meta, "opponent's") else Duration.YOUR_TURNS

    def ref_self_state(self, meta, c):
        return Selector(self_ref=True, state="active", span=self._span(meta))

    def p_also_type(self, meta, c):
        """"a Monster that is also a Forward" (5.2.3): a card of both types."""
        pairs = [p for x in c if isinstance(x, list) for p in x]
        return [("state", "also_" + next(v for k, v in pairs if k == "type"))]

    def p_blocking(self, meta, c):
        """"the Forward blocking {Name}" / "that blocks or is blocked by {Name}" (10.1.3)."""
        other = next(x for x in c if isinstance(x, Selector))
        return [("about", other), ("state", "in_battle_with")]

    def d_any(self, meta, c):
        return [("owner", Player.ANY)]

    def p_put_break_from_field(self, meta, c):
        """"put in your Break Zone from the field during this turn" (7.10, 11.8.16)."""
        zone = "put_into_break_from_field_this_turn" if self._has(meta, "turn") else "put_into_break_from_field"
        return [("zone", zone)]

    # ------------------------------------------------------------------ EX Burst and the Damage Zone (7.8, 11.10)
    def p_put_damage(self, meta, c):
        return [("zone", "damage")]

    def put_damage(self, meta, c):
        target = next(x for x in c if isinstance(x, Selector))
        return Move(target=target, dest="damage", no_ex_burst="ex burst" in self._slice(meta), span=self._span(meta))

    def use_ex_burst(self, meta, c):
        """"You may trigger its EX Burst effect" (11.10.2): the card's EX Burst is used."""
        return Deploy(verb="use_ex_burst", target=Selector(ref="it"), span=self._span(meta))

    def st_no_ex_burst(self, meta, c):
        """"EX Bursts of cards put into the Damage Zone due to X cannot be used" (11.10.2)."""
        target = next((x for x in c if isinstance(x, Selector)), Selector(ref="it"))
        return Restriction(mode="cannot", action="use_ex_burst", target=target, duration=Duration.PERMANENT,
                           span=self._span(meta))

    # ------------------------------------------------------------------ abilities and characteristics (11.12.4)
    def st_no_trigger(self, meta, c):
        """"Its auto-ability will not trigger" (11.8): the card's auto-abilities are kept from triggering."""
        own = any(getattr(t, "type", "") == "SELF" for t in c)
        return Restriction(mode="cannot", action="trigger_auto_abilities",
                           target=Selector(self_ref=True) if own else Selector(ref="it"),
                           duration=next((x for x in c if isinstance(x, Duration)), Duration.PERMANENT),
                           span=self._span(meta))

    def st_lose_all_and_power(self, meta, c):
        """"… lose all their abilities and 3000 power" (11.12.4.2): two changes to the same cards."""
        target = c[0]
        dur = next((x for x in c if isinstance(x, Duration)), Duration.PERMANENT)
        return [Restriction(mode="lose", action="all_abilities", target=target, duration=dur, span=self._span(meta)),
                ModifyStat(stat="power", amount=-number_in(c), target=target, duration=dur, span=self._span(meta))]

    def st_power_becomes_as(self, meta, c):
        """"{Name}'s power becomes the same as that Forward's power" (11.12.4.2): set from another card."""
        own = any(getattr(t, "type", "") == "SELF" for t in c[:1])
        other = next(x for x in c if isinstance(x, Selector))
        return ModifyStat(stat="power_set", amount=0, target=Selector(self_ref=True) if own else Selector(ref="it"),
                          same_as=other, duration=next((x for x in c if isinstance(x, Duration)), Duration.PERMANENT),
                          span=self._span(meta))

    def st_lose_all_becomes_forward(self, meta, c):
        """"It loses all its abilities and also becomes a Forward with 8000 power" (11.12.4.2, 5.2.3)."""
        target = c[0]
        dur = next((x for x in c if isinstance(x, Duration)), Duration.PERMANENT)
        return [Restriction(mode="lose", action="all_abilities", target=target, duration=dur, span=self._span(meta)),
                Gain(target=target, keyword=Keyword("Becomes Forward", (str(number_in(c)),)), duration=dur,
                     span=self._span(meta))]

    def p_with_counter(self, meta, c):
        """"with a Doom Counter on it" / "with 2 or more EXP Counters on them" (6.7)."""
        name = str(next(t for t in c if getattr(t, "type", "") == "COUNTER_NAME")).rsplit(" ", 1)[0]
        n = number_in(c) if any(getattr(t, "type", "") == "NUMBER" for t in c) else 1
        return [("th", Threshold(f"counters:{name.title()}", ">=", n))]

    # ------------------------------------------------------------------ damage (11.12.5)
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
