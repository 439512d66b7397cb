"""FFTCG Transformer rules for conditions, quantities and notes (a mixin of the Transformer).

Each method is a grammar rule or alias of grammar/fftcg.lark (comments there name the clause):
the reminder texts printed after keywords and Damage N abilities (15.2), notes in parentheses
("(Units must be 1000.)", "This ability will not trigger if …"), and the conditions of 11.8.13
that compare counts, damage received, costs paid and the cards of a zone.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from lark import Token

from judge.text.ast import (
    Condition,
    Conditional,
    Damage,
    Duration,
    Effect,
    Gain,
    Keyword,
    ModifyStat,
    Optional,
    Player,
    Restriction,
    Selector,
    Threshold,
)
from judge.text.fftcg.assemble import KeywordSet, UseLimit, first_of, flatten, gain_of, number_in


def apply_units(items: list[Any]) -> list[Any]:
    """"Divide N damage … as you like. (Units must be 1000.)": the unit goes to that division (6.5)."""
    out: list[Any] = []
    for x in items:
        if isinstance(x, Token) and x.type == "UNITS_NOTE":
            unit = int("".join(ch for ch in str(x) if ch.isdigit()))
            for i in range(len(out) - 1, -1, -1):
                if isinstance(out[i], Damage) and out[i].amount_from == "divided":
                    out[i] = replace(out[i], unit=unit)
                    break
        elif isinstance(x, list):
            out.extend(flatten(x))
        elif isinstance(x, (Effect, UseLimit)) or type(x).__name__ == "DelayedPart":
            out.append(x)
    return out


class ConditionRules:
    """Rules for conditions and notes; `_span`, `_printed`, `_has` come from the Transformer."""

    _span: Any
    _printed: Any
    _has: Any

    # ------------------------------------------------------------------ notes in parentheses
    def has_ability_if(self, meta, c):
        """"(the Damage N reminder: with N or more points of damage received, this Character has this ability)":
        the reminder of a Damage N ability's condition (15.2.6.2)."""
        return [UseLimit((), first_of(c, Condition))]

    def trigger_unless(self, meta, c):
        """"This ability will not trigger if X is a Forward." (11.8.13): a condition that stops it."""
        return UseLimit(("not_trigger_if",), first_of(c, Condition))

    def stmt_end(self, meta, c):
        return None

    def haste_reminder(self, meta, c):
        """The reminder text of a keyword restates its clause (15.2.2): nothing more to build."""
        return None

    first_strike_reminder = back_attack_reminder = haste_reminder

    # ------------------------------------------------------------------ conditions (11.8.13)
    def _make(self, meta: Any, kind: str, selector: Selector | None = None,
              threshold: Threshold | None = None) -> Condition:
        return Condition(kind=kind, text=self._printed(meta), selector=selector, threshold=threshold,
                         span=self._span(meta))

    def _op(self, meta: Any) -> str:
        return ">=" if self._has(meta, "more") else "<="

    def cond_before_paying(self, meta, c):
        """"If you have … in your Break Zone (before paying the cost for X)": checked then (11.4)."""
        return replace(first_of(c, Condition), checked="before_paying_cost", text=self._printed(meta),
                       span=self._span(meta))

    def cond_damage_vs_opp(self, meta, c):
        """"If you have received more points of damage than your opponent" (7.8.2): a lead of N or more."""
        lead = int(next(iter(_tokens(c, "NUMBER")), 1))
        return self._make(meta, "damage_vs_opponent", threshold=Threshold("damage_over_opponent", ">=", lead))

    def cond_count_compare(self, meta, c):
        """"If the number of X is greater than the number of Y": X's count against Y's (4.1)."""
        first, second = _selectors(c)[:2]
        op = "<" if self._has(meta, "less") else ">"
        return self._make(meta, "count_compare", replace(first, count=None),
                          Threshold("count", op, 0, ref=replace(second, count=None)))

    def cond_cast_count_other(self, meta, c):
        """"If you have cast 2 or more cards other than X this turn" (11.3): X itself not counted."""
        n = int(_tokens(c, "NUMBER")[0])
        counted = Selector(count=None, card_types=("card",), zone="cast_this_turn", owner=Player.YOU, other=True)
        return self._make(meta, "cast", counted, Threshold("cast", self._op(meta), n))

    def cond_was_state(self, meta, c):
        """"If 2 or more Forwards were attacking this turn" (10.1): a state earlier this turn."""
        state = "attacking" if self._has(meta, "attacking") else "blocking"
        return self._make(meta, f"{state}_this_turn", first_of(c, Selector))

    def cond_attacked_with(self, meta, c):
        return self._make(meta, "attacking_this_turn", first_of(c, Selector))

    def cond_elements_exact(self, meta, c):
        """"If there are exactly 3 different Elements among X" (5.2.1.1)."""
        return self._make(meta, "elements", first_of(c, Selector), Threshold("elements", "==", number_in(c)))

    def cond_have_job(self, meta, c):
        """"If all the Forwards you control have Job X or Job Y" (6.6.2)."""
        jobs = tuple(self._tokname(t) for t in c if isinstance(t, Token) and t.type == "JOB_REF")
        sel = first_of(c, Selector)
        return self._make(meta, "all_have_job", replace(sel, families=(*sel.families, *jobs)))

    def _players(self, meta: Any) -> Player:
        return Player.ANY if self._has(meta, "either") else Player.EACH

    def cond_players_hand(self, meta, c):
        """"If either player has 2 cards or less in their hand" (7.11)."""
        sel = Selector(count=None, zone="hand", owner=self._players(meta), card_types=("card",))
        return self._make(meta, "hand", sel, Threshold("hand", self._op(meta), number_in(c)))

    def cond_players_hand_empty(self, meta, c):
        """"If both you and your opponent have no cards in hand" / "each player has no cards" (7.11)."""
        sel = Selector(count=None, zone="hand", owner=self._players(meta), card_types=("card",))
        return self._make(meta, "hand", sel, Threshold("hand", "<=", 0))

    def cond_paid_elements_exact(self, meta, c):
        """"If the cost to play X was paid with CP of exactly 3 different Elements" (11.2)."""
        return self._make(meta, "paid_elements", first_of(c, Selector), Threshold("elements", "==", number_in(c)))

    def cond_paid_only_element(self, meta, c):
        """"If the cost to play X was only paid with Ice CP" (11.2): every CP paid of that Element."""
        elem = _tokens(c, "ELEMENT")[0]
        return self._make(meta, "paid_only_element", Selector(count=None, colors=(elem,), card_types=("cp",)))

    def cond_cost_parity(self, meta, c):
        """"If the revealed card's cost is an even number" (5.2.1)."""
        parity = "even" if self._has(meta, "even") else "odd"
        return self._make(meta, f"cost_{parity}", first_of(c, Selector))

    def cond_formed_party(self, meta, c):
        """"If a Forward you controlled formed a party this turn" (15.1.1.9)."""
        return self._make(meta, "formed_party_this_turn", first_of(c, Selector))

    def cond_returned_this_turn(self, meta, c):
        """"If a Character opponent controlled was returned from the field to its owner's hand this turn"."""
        return self._make(meta, "returned_to_hand_this_turn", first_of(c, Selector))

    def cond_broken_this_turn(self, meta, c):
        """"If a Forward opponent controlled was put from the field into the Break Zone this turn"."""
        return self._make(meta, "put_into_break_zone_this_turn", first_of(c, Selector))

    def cond_damage_received(self, meta, c):
        """"If X has received 4000 damage or more" (5.2.6.1): damage on a Forward this turn."""
        return self._make(meta, "damage_received", first_of(c, Selector),
                          Threshold("damage_received", self._op(meta), number_in(c)))

    def cond_neither_controls(self, meta, c):
        """"If neither player controls Forwards" (6.2): none on the field at all."""
        sel = replace(first_of(c, Selector), owner=Player.ANY, count=None)
        return self._make(meta, "control_none", sel)

    def cond_no_counters(self, meta, c):
        """"If there are no Flyer Counters on X" (6.7)."""
        name = _tokens(c, "COUNTER_NAME")[0].rsplit(" ", 1)[0]
        sel = replace(first_of(c, Selector), zone=f"counters:{name.title()}")
        return self._make(meta, "counters", sel, Threshold("counters", "<=", 0))

    def cond_control_only(self, meta, c):
        """"If you control only 1 Forward" (6.2): exactly that many."""
        sel = first_of(c, Selector)
        return self._make(meta, "control", replace(sel, owner=Player.YOU),
                          Threshold("count", "==", sel.count if sel.count is not None else 0))

    def st_must_control(self, meta, c):
        """"You must control N or more X to cast Y" (11.4): Y can be cast only while that holds."""
        needed, card = _selectors(c)[:2]
        cond = Condition(kind="control", text=self._printed(meta), selector=replace(needed, owner=Player.YOU),
                         span=self._span(meta))
        return Conditional(condition=cond, span=self._span(meta), effects=(
            Restriction(mode="can", action="cast", target=card, duration=Duration.PERMANENT),))

    def per_paid_elements(self, meta, c):
        """"for each CP of a different Element you paid to cast X" (11.2)."""
        return ("per", Selector(count=None, zone="paid_elements", owner=Player.YOU))

    def per_acted_on(self, meta, c):
        """"for each card you revealed / discarded to cast X" (4): the cards that action used."""
        verb = next(w for w in ("revealed", "discarded", "dulled") if self._has(meta, w))
        return ("per", Selector(count=None, card_types=("card",), zone=verb, owner=Player.YOU))

    def may_if(self, meta, c):
        """"you may dull X if it is active": the choice exists only while the condition holds."""
        cond = first_of(c, Condition)
        effects = tuple(flatten([x for x in c if not isinstance(x, Condition)]))
        return [Conditional(condition=cond, effects=(Optional(effects=effects, span=self._span(meta)),),
                            span=self._span(meta))]

    def round_up(self, meta, c):
        """"(round up to the nearest 1000)": how a halved amount is rounded (4.2); the amount says half."""
        return None

    def cost_vs(self, meta, c):
        if self._has(meta, "less", "inferior"):
            return ("op", "<=")
        return ("op", ">=") if self._has(meta, "more", "superior") else ("op", "==")

    def p_cost_vs_count(self, meta, c):
        """"with a cost equal to the number of X you control" (5.2.1): compared with a count."""
        op = next(x[1] for x in c if isinstance(x, tuple) and x[0] == "op")
        return [("th", Threshold("cost_vs_count", op, 0, ref=replace(first_of(c, Selector), count=None)))]

    def cond_cost_vs_damage(self, meta, c):
        """"If its cost is equal to or less than the damage you have received" (5.2.1, 7.8.2)."""
        op = self._op(meta)
        sel = first_of(c, Selector) or Selector(ref="it")
        return self._make(meta, "cost_vs_damage", sel, Threshold("cost_vs_damage", op, 0))

    def cond_lb_face_up(self, meta, c):
        """"If there are 7 or more face-up cards in your LB deck" (15.2.8)."""
        sel = Selector(count=None, card_types=("card",), zone="lb_deck_face_up", owner=Player.YOU)
        return self._make(meta, "lb_face_up", sel, Threshold("count", self._op(meta), number_in(c)))

    def cond_removed_yours(self, meta, c):
        """"If 1 or more of your cards have been removed from the game" (15.1.1.5)."""
        sel = Selector(count=None, card_types=("card",), zone="removed", owner=Player.YOU)
        return self._make(meta, "removed", sel, Threshold("count", ">=", number_in(c)))

    def elements_note(self, meta, c):
        """"(Card Elements: Wind/Lightning)": the Elements the card has (5.2.1.1), printed as a note."""
        elems = tuple(_tokens(c, "ELEMENT"))
        return Gain(target=Selector(self_ref=True), keyword=Keyword("Card Elements", elems),
                    duration=Duration.PERMANENT, span=self._span(meta))

    def sel_union(self, meta, c):
        """"X in your Break Zone and/or Y you own removed from the game": either kind counts (4.1)."""
        first, second = _selectors(c)[:2]
        return replace(first, either=(*first.either, second), span=self._span(meta))

    def p_cost_vs_card(self, meta, c):
        """"with a cost inferior to that of the removed Forward" (5.2.1)."""
        op = "<" if self._has(meta, "inferior") else ">"
        return [("th", Threshold("cost", op, 0, ref=first_of(c, Selector)))]

    def cond_removed_by_effect(self, meta, c):
        """"If 2 Characters are removed from the game by this effect" (15.1.1.5)."""
        sel = first_of(c, Selector)
        th = Threshold("count", "==", sel.count) if sel is not None and sel.count else None
        return self._make(meta, "removed_by_this_effect", sel, th)

    def cond_left_field(self, meta, c):
        """"If 3 or more Forwards have left the field" (11.8.16): earlier this turn."""
        return self._make(meta, "left_field_this_turn", first_of(c, Selector))

    def cond_power_changed(self, meta, c):
        """"If its power has been increased or decreased" (5.2.6)."""
        return self._make(meta, "power_changed", first_of(c, Selector) or Selector(ref="it"))

    def cond_damaged_while(self, meta, c):
        """"If you receive damage while X is active" (7.8.2, 6.3): the damage and the state together."""
        state = "active" if self._has(meta, "active") else "dull"
        return self._make(meta, f"damaged_while_{state}", first_of(c, Selector))

    def cond_paid_extra_and(self, meta, c):
        """"If you paid the extra cost and that Forward is on the field" (11.2): both must hold."""
        other = first_of(c, Condition)
        return Condition(kind="all", text=self._printed(meta), selector=other.selector if other else None,
                         threshold=other.threshold if other else None, span=self._span(meta))

    def st_kw_power(self, meta, c):
        """"it gains Brave and +1000 power for each point of damage you have received" (15.2, 5.2.6)."""
        subject, kws = c[0], first_of(c, KeywordSet)
        amount, per = next(x for x in c if isinstance(x, tuple))
        dur = first_of(c, Duration) or Duration.PERMANENT
        gains = [gain_of(subject, g, dur, self._span(meta)) for g in kws.keywords]
        return [*gains, ModifyStat(stat="power", amount=amount, target=subject, duration=dur, per=per,
                                   span=self._span(meta))]

    def while_paying(self, meta, c):
        """"While paying the cost to cast a Category X card, if …, …" (11.4): only during that payment."""
        sel = first_of(c, Selector)
        cond = Condition(kind="while_paying_cost", text=self._printed(meta).split(",")[0], selector=sel,
                         span=self._span(meta))
        return [Conditional(condition=cond, effects=tuple(flatten([x for x in c if not isinstance(x, Selector)])),
                            span=self._span(meta))]

    def and_if(self, meta, c):
        """"X gains Haste, and if you have 7 or more, X also gains Brave" (11.8.13): the first effects, then
        one more conditional effect ("instead" makes it replace them, 11.12.5.2)."""
        cond = first_of(c, Condition)
        i = c.index(cond)
        first = flatten(c[:i])
        rest = tuple(flatten(c[i + 1:]))
        instead = self._printed(meta).rstrip(". ").endswith("instead")
        return [*first, Conditional(condition=cond, effects=rest, instead=instead, span=self._span(meta))]

    def cond_have_count(self, meta, c):
        """"and if you have 7 or more": the count of the thing the sentence just counted (4.1)."""
        return self._make(meta, "count_as_before", threshold=Threshold("count", self._op(meta), number_in(c)))

    def q_highest_cost(self, meta, c):
        """"the highest cost Dark Forward you control" (5.2.1): the one(s) with the greatest cost."""
        return [("state", "highest_cost")]


def _selectors(c: list[Any]) -> list[Selector]:
    return [x for x in c if isinstance(x, Selector)]


def _tokens(c: list[Any], kind: str) -> list[str]:
    return [str(t) for t in c if isinstance(t, Token) and t.type == kind]


__all__ = ["ConditionRules", "apply_units"]
