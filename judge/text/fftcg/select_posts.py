"""FFTCG post-modifiers of a noun phrase ("of cost 3 or less", "opponent controls", "other than
{Name}", …) → (field, value) pairs. A mixin of `judge.text.fftcg.select.SelectorRules`."""

from __future__ import annotations

from typing import Any

from lark import Token

from judge.text.ast import Player, Selector, Threshold, replace
from judge.text.fftcg.events_values import EvPred
from judge.text.fftcg.select_values import (
    _num,
    fold,
    pairs_of,
)


def _acted(x: str | EvPred) -> str:
    """The zone word of cards an action used: "dulled", "put_into_break", "removed", "broken" …"""
    if isinstance(x, str):
        return x
    stem = {"field_to_break": "to_break", "deck_to_break": "to_break"}.get(x.stem, x.stem)
    return "put_into_" + stem[3:] if stem.startswith("to_") else stem


class PostModifierRules:
    """The rules this module's docstring names: a mixin of `judge.text.fftcg.select.SelectorRules`."""

    _span: Any
    _name: Any

    # ------------------------------------------------------------------ post-modifiers
    def p_stat(self, meta, c):
        """"of cost 3 or less", "with a cost of 4 or more", "of power 5000 or more", "with a power of 7000",
        "with 5000 power or less" (5.2.1, 5.2.6): the stat named (the first word `stat_word` read), a bare
        number being "exactly"."""
        stat = next(x for x in c if x in ("cost", "power") and not isinstance(x, Token))
        op = next((x for x in c if isinstance(x, str) and not isinstance(x, Token) and x != stat), "==")
        return [("th", Threshold(stat, op, _num(c)))]

    def p_cost_in(self, meta, c):
        import re

        if "power" in c:
            raise ValueError("a power among listed values is not modelled")
        return [("costs", tuple(int(n) for t in c if isinstance(t, Token) for n in re.findall(r"\d+", str(t))))]

    def p_cost_x(self, meta, c):
        """"of cost X or less" (4.5): compared with the X paid (the threshold marked -1)."""
        if "power" in c:
            raise ValueError("a power compared with X is not modelled")
        op = next((x for x in c if isinstance(x, str) and not isinstance(x, Token) and x != "cost"), "==")
        return [("th", Threshold("cost", op, -1))]

    def p_cost_vs_count(self, meta, c):
        """"of cost equal to or less than the number of X" (5.2.1): a cost against a count."""
        if "power" in c:
            raise ValueError("a power compared with a count is not modelled")
        op = next(x for x in c if isinstance(x, str) and not isinstance(x, Token) and x != "cost")
        counted = next(x for x in c if isinstance(x, Selector))
        return [("th", Threshold("cost_vs_count", op, 0, ref=replace(counted, count=None)))]

    def p_same_cost(self, meta, c):
        return [("th", Threshold("cost", "==", 0, ref=next(x for x in c if isinstance(x, Selector))))]

    def p_stat_vs_card(self, meta, c):
        """"with a cost inferior to that of X", "of cost equal or inferior to its own", "with a power
        equal to or less than X's" (5.2.1, 5.2.6): the stat against the other card's same stat."""
        stat, op, ref = c[0], c[1], c[-1]
        if isinstance(ref, tuple):                          # "… than the cost of X": X's stat, said by name
            named, ref = ref
            if named != stat:
                raise ValueError("a cost compared with a power (or a power with a cost) is not modelled")
        return [("th", Threshold(stat, op, 0, ref=ref))]

    def stat_card(self, meta, c):
        """"the cost of X" / "the power of X": (the stat named, X)."""
        return (next(x for x in c if x in ("cost", "power") and not isinstance(x, Token)),
                next(x for x in c if isinstance(x, Selector)))

    def so_stat(self, meta, c):
        return c[0]

    def stat_of(self, meta, c):
        return next(x for x in c if x in ("cost", "power"))

    def cmp_rel(self, meta, c):
        return next(x for x in c if x in (">", "<", ">=", "<=", "=="))

    def so_that_of(self, meta, c):
        return next(x for x in c if isinstance(x, Selector))

    def so_own(self, meta, c):
        """"its own": the card the selector is compared for (the one the sentence is about)."""
        return Selector(ref="it", span=self._span(meta))

    def p_that_cost(self, meta, c):
        return [("th", Threshold("cost", "==", 0, ref=Selector(ref="declared_number")))]

    def p_with(self, meta, c):
        return [("with_keyword", c[0])]

    def ww_keyword(self, meta, c):
        return " or ".join(k.name for k in c if not isinstance(k, Token))

    def ww_warp(self, meta, c):
        return "Warp"

    def ww_priming(self, meta, c):
        return "Priming"

    def ww_ex_burst(self, meta, c):
        return "EX Burst"

    def ww_icon(self, meta, c):
        return "generic"

    def p_without_icon(self, meta, c):
        return [("with_keyword", "not_generic")]

    def p_not_element(self, meta, c):
        """"other than Fire, Ice or Water", "of an Element other than Light", "other than Multi-Element"."""
        out = [("color", "not_" + str(t)) for t in c if isinstance(t, Token) and t.type == "ELEMENT"]
        return out or [("color", "not_multi")]

    def p_same(self, meta, c):
        """"of the same cost (as X)", "of the same Element (as X)", "with the same name", "with the same Job as X"
        (5.2): the property shared with X (or with the card just named)."""
        prop = next(x for x in c if isinstance(x, str) and not isinstance(x, Token))
        about = next((x for x in c if isinstance(x, Selector)), None)
        if prop == "cost":
            return [("th", Threshold("cost", "==", 0, ref=about or Selector(ref="it")))]
        if prop == "element":
            return [("color", "same")] + ([("about", about)] if about is not None else [])
        if prop == "card_name" and about is None:
            return [("name", "same_as_it")]
        # the same Job / card type / Category as X: typed, and not yet matched by the engine (support says so)
        return [("name", f"same_as_{prop}")] + ([("about", about)] if about is not None else [])

    def p_not_type(self, meta, c):
        return [("type", "not_" + p[1]) for p in pairs_of(c) if p[0] == "type"]

    def p_other(self, meta, c):
        """"other than {Name}" / "other than it" (not that card); "other than a Backup" (not of that type);
        "other than Card Name X", "other than Job X Forwards", "except Category VII" (no card of that
        name, Job or Category, 6.6.2 / 5.2.2): the cards excluded, typed as a selector of their own."""
        if not any(isinstance(x, Selector) for x in c) and not any(isinstance(t, Token) and t.type == "SELF" for t in c):
            pairs = pairs_of(c)
            if any(p[0] in ("name", "job", "category") for p in pairs):
                kept = [p for p in pairs if p[0] in ("name", "job", "category", "type")]
                return [("excluding", replace(fold(kept, self._span(meta)), count=None, up_to=False))]
            return self.p_not_type(meta, c)
        return [("other", True)]

    def p_named(self, meta, c):
        prop = next(x for x in reversed(c) if isinstance(x, str) and not isinstance(x, Token))
        return [({"element": "color", "card_type": "type", "card_name": "name"}.get(prop, prop), "named")]

    # 5.2 the properties of a card, as the rules name them
    def pr_element(self, meta, c):
        return "element"

    def pr_cost(self, meta, c):
        return "cost"

    def pr_card_name(self, meta, c):
        return "card_name"

    def pr_card_type(self, meta, c):
        return "card_type"

    def pr_job(self, meta, c):
        return "job"

    def pr_category(self, meta, c):
        return "category"

    def pr_number(self, meta, c):
        return "number"

    def p_same_element(self, meta, c):
        about = next((x for x in c if isinstance(x, Selector)), None)
        return [("color", "same")] + ([("about", about)] if about is not None else [])

    def p_in_party(self, meta, c):
        """ "forming a party (with X)" (15.1.1.9): X, when said, is whom it forms the party with."""
        with_ = next((x for x in c if isinstance(x, Selector)), None)
        return [("state", "in_party")] + ([("about", with_)] if with_ is not None else [])

    def p_controller(self, meta, c):
        return pairs_of(c)

    def p_owned_by(self, meta, c):
        return [("owned_by", c[0])]

    def p_zone(self, meta, c):
        return pairs_of(c)

    def p_on_field(self, meta, c):
        """"on the field" (7.7): the zone said; "on your opponent's field", "from his field": the cards that player
        controls (6.2; the field is where controlled cards are), "his / their field" being the acting player's,
        filled by the verb's subject as "he/she controls" is."""
        owner = {"your_field": Player.YOU, "opponent_field": Player.OPPONENT}.get(
            next((p[1] for p in pairs_of(c) if p[0] == "place"), ""))
        return [("owner", owner)] if owner is not None else [("zone", "field")]

    def p_that_field(self, meta, c):
        return []                                  # "from his field": whose, the subject says (put_break)

    def p_removed(self, meta, c):
        return [("zone", "removed"), *pairs_of(c)]

    def rb_self(self, meta, c):
        return [("about", Selector(self_ref=True, card_types=("ability",)))]

    def rb_effect(self, meta, c):
        return [("about", Selector(ref="this_effect", card_types=("ability",)))]

    def rb_cost(self, meta, c):
        return [("about", Selector(ref="this_cost", card_types=("ability",)))]

    def dt_np(self, meta, c):
        return [("about", next(x for x in c if isinstance(x, Selector)))]

    def this_effect(self, meta, c):
        return Selector(ref="this_effect")

    def p_put_into(self, meta, c):
        """"put into the Break Zone (from the field) (this turn)" (7.10, 11.8.16): cards just put there."""
        zone = dict(p for p in pairs_of(c) if p[0] == "zone").get("zone", "break")
        from_field = "from_field" in c
        when = "_this_turn" if "this_turn" in c else ""
        about = [p for p in pairs_of(c) if p[0] == "about"]
        if zone == "damage":               # the cards of the Damage Zone (7.8), put there by …
            return [("zone", "damage"), *about]
        return [("zone", f"put_into_{zone}" + ("_from_field" if from_field else "") + when), *about]

    def from_field(self, meta, c):
        return "from_field"

    def put_when(self, meta, c):
        return "this_turn"

    def p_acted_on(self, meta, c):
        """"(the cards) you discarded / put into the Break Zone by this effect": the cards an earlier
        action moved or used (11.11.5), named by that action (an event's participle); they were yours."""
        return [("zone", next(_acted(x) for x in c if isinstance(x, (str, EvPred)) and not isinstance(x, Token))),
                ("owner", Player.YOU)]

    def av_revealed(self, meta, c):
        return "revealed"

    def av_cast_drawn(self, meta, c):
        return next(x for x in c if x in ("cast", "drawn")) + "_this_turn"

    def acted_how(self, meta, c):
        return None



    def p_choosing(self, meta, c):
        return [("about", next(x for x in c if isinstance(x, Selector)))]

    def p_triggered_from(self, meta, c):
        return [("about", next(x for x in c if isinstance(x, Selector))), ("state", "triggered_from")]

    def p_also_type(self, meta, c):
        return [("state", "also_" + next(p[1] for p in pairs_of(c) if p[0] == "type"))]

    def p_blocking(self, meta, c):
        """"blocking X" / "that blocks X" (it is X's blocker), "that is blocked by X" (X blocks it), "that blocks
        or is blocked by X" (either: in battle with X): which side of the block, 10.1.3."""
        side = next((x for x in c if isinstance(x, str) and not isinstance(x, Token)
                     and x in ("blocking", "blocked_by", "in_battle_with")), "blocking")
        return [("about", next(x for x in c if isinstance(x, Selector))), ("state", side)]

    def br_blocking(self, meta, c):
        return "blocking"

    def br_blocked_by(self, meta, c):
        return "blocked_by"

    def br_either(self, meta, c):
        return "in_battle_with"

    def p_with_counter(self, meta, c):
        """"with a Doom Counter on it" / "with 2 or more EXP Counters on them" (6.7)."""
        nums = [int(str(t)) for t in c if isinstance(t, Token) and t.type == "NUMBER"]
        return [("th", Threshold(f"counters:{self._counter(c)}", ">=", nums[0] if nums else 1))]

    def p_placed_on(self, meta, c):
        return [("about", next(x for x in c if isinstance(x, Selector)))]

    def p_distinct(self, meta, c):
        kinds = [x for x in c if isinstance(x, str) and not isinstance(x, Token)]
        kinds = kinds or [k for x in c if isinstance(x, tuple) for k in x]
        return [("distinct", tuple("name" if k == "card_name" else k for k in kinds))]

    def distinct_list(self, meta, c):
        return tuple(x for x in c if not isinstance(x, Token))

    def p_without_kw(self, meta, c):
        return [("with_keyword", "not_" + next(k.name for k in c if hasattr(k, "name")))]

    def p_same_cost_it(self, meta, c):
        return [("th", Threshold("cost", "==", 0, ref=Selector(ref="it")))]

    def p_deck_top(self, meta, c):
        owner = next((x for x in c if not isinstance(x, (Token, str)) and x is not None), None)
        return [("zone", "deck")] + ([("owner", owner)] if owner is not None and owner.value != "you" else [])

    def p_job(self, meta, c):
        return [("job", self._name(c[0]))]

    def p_count_ge(self, meta, c):
        return [("count_op", ">=")]

    def p_count_le(self, meta, c):
        return [("count_op", "<=")]


__all__ = ["PostModifierRules"]
