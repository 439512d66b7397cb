"""FFTCG condition predicates (11.8.13): what is said of a subject ("controls 3 or more …",
"is a Forward", "is dealt damage by …") → `CPred`. A mixin of
`judge.text.fftcg.conditions.ConditionRules`; `_span`, `_printed` come from the Transformer."""

from __future__ import annotations

from typing import Any

from lark import Token

from judge.text.ast import Cost, Event, Player, Selector, Threshold, replace
from judge.text.fftcg.conditions_values import (
    CPred,
    _nums,
    _op,
    _sel,
)
from judge.text.fftcg.events import EvPred
from judge.text.fftcg.select import pairs_of


class PredicateRules:
    """The rules this module's docstring names: a mixin of `judge.text.fftcg.conditions.ConditionRules`."""

    _span: Any
    _printed: Any
    _counter: Any

    # ------------------------------------------------------------------ the predicates
    def cp_control(self, meta, c):
        """"control X"; "control only 1 Forward": exactly that many (6.2)."""
        sel = _sel(c)
        if "only" in c:
            return CPred("control", {"selector": sel, "threshold": Threshold("count", "==", sel.count or 0)})
        return CPred("control", {"selector": sel})

    def cp_more_than(self, meta, c):
        """"you control more Forwards than your opponent", "you have fewer cards in your hand than your opponent"
        (4.1): the subject's count of those cards against the other player's."""
        op = next(x for x in c if x in (">", "<"))
        than = next(x for x in c if isinstance(x, Player))
        return CPred("more_than", {"selector": _sel(c), "op": op, "than": than})

    def cp_not_control(self, meta, c):
        return CPred("not_control", {"selector": _sel(c), "negated": True})

    def cp_have(self, meta, c):
        return CPred("have", {"selector": _sel(c)})

    def cp_hand_empty(self, meta, c):
        return CPred("hand_of", {"threshold": Threshold("hand", "<=", 0)})

    def cp_damage(self, meta, c):
        if None not in c:                         # "has received 4000 damage or more": on a Forward (5.2.6.1), not points
            return self.cp_damage_received(meta, c)
        return CPred("damage", {"threshold": Threshold("damage", _op(c), _nums(c)[0])})

    def cp_damaged_this_turn(self, meta, c):
        ev = Event(kind="you_receive_damage", player=Player.YOU, qualifiers=("this_turn",))
        return CPred("damaged_this_turn", {"occurs": ev, "threshold": Threshold("damage_this_turn", ">=", 1)})

    def cp_damage_lead(self, meta, c):
        nums = _nums(c)
        return CPred("damage_vs_opponent", {"threshold": Threshold("damage_over_opponent", ">=", nums[0] if nums else 1)})

    def cp_damage_received(self, meta, c):
        return CPred("damage_received", {"threshold": Threshold("damage_received", _op(c), _nums(c)[0])})

    def cp_cast_count(self, meta, c):
        other = _sel(c)
        counted = Selector(count=None, card_types=("card",), zone="cast_this_turn", owner=Player.YOU,
                           other=other is not None)
        return CPred("cast", {"selector": counted, "threshold": Threshold("cast", _op(c), _nums(c)[0])})

    def cp_elements(self, meta, c):
        op = _op(c)
        return CPred("elements", {"selector": _sel(c), "threshold": Threshold("elements", op, _nums(c)[0])})

    def cp_have_crystal(self, meta, c):
        cost: Cost = next(x for x in c if isinstance(x, Cost))
        counted = _nums(c)                       # "3 or more 《C》": the count said; else the icons shown
        th = Threshold("crystals", _op(c, ">="), counted[0]) if counted else Threshold("crystals", ">=", max(1, cost.crystal))
        return CPred("have_crystal", {"threshold": th, "cost": cost})

    def cp_have_count(self, meta, c):
        """"…, and if you have 5 or more, …": a count of what the condition before it counted (4.1)."""
        return CPred("count_as_before", {"threshold": Threshold("count", _op(c), _nums(c)[0])})

    def cp_all_of_element(self, meta, c):
        """"are (all) of Fire Element", "have Ice Element", "are all of different Elements" (5.2.1.1)."""
        elem = next((str(t) for t in c if isinstance(t, Token) and t.type == "ELEMENT"), None)
        if elem is None:
            return CPred("different_elements", {})
        return CPred("all_of_element", {"selector_colors": (elem,)})

    def cp_been(self, meta, c):
        """"has entered the field / attacked / formed a party / left the field / been put … (this turn)": an
        event earlier this turn (11.8.13); "you have attacked with X this turn" names the attacker (10.1.2)."""
        pred = next(x for x in c if isinstance(x, EvPred))
        if pred.stem == "attacks" and "what" in pred.fields:
            return CPred("attacking_this_turn", {"selector": pred.fields["what"]})
        return CPred("this_turn", {"pred": pred})

    # "you removed 2 or more cards", "you added a Forward to your hand", "you reveal no Summons" (11.11.5): the cards
    # an earlier action of this effect used, counted; the same conditions as "… are removed by this effect"
    def did_removed(self, meta, c):
        return _did("removed", c)

    def did_added(self, meta, c):
        return _did("added_to_hand", c)

    def did_revealed(self, meta, c):
        return _did("revealed", c)

    def cp_power(self, meta, c):
        return CPred("power", {"threshold": Threshold("power", _op(c), _nums(c)[0])})

    def cp_state(self, meta, c):
        state = next((p[1] for p in pairs_of(c) if p[0] == "state"), "in_party")     # "is in / forming a party"
        return CPred("state", {"state": state, "negated": "not" in c})

    def cp_was_pp(self, meta, c):
        return CPred("this_turn", {"pred": next(x for x in c if isinstance(x, EvPred))})

    def cp_was_state(self, meta, c):
        state = next(p[1] for p in pairs_of(c) if p[0] == "state")
        return CPred(f"{state}_this_turn", {})

    def cp_has_keyword(self, meta, c):
        """"if it has Haste", "if it has First Strike or Brave" (15.2): the card is one with that keyword."""
        names = " or ".join(k.name for k in c if hasattr(k, "name") and not isinstance(k, Token))
        return CPred("it_is", {"selector": Selector(with_keyword=names), "negated": False})

    def cp_is(self, meta, c):
        return CPred("it_is_not" if "not" in c else "it_is", {"selector": _sel(c), "negated": "not" in c})

    def not_(self, meta, c):
        return "not"

    def next_(self, meta, c):
        return "next"

    def cp_on_field(self, meta, c):
        return CPred("on_field", {})

    def cp_in_zone(self, meta, c):
        zone = next(p[1] for p in pairs_of(c) if p[0] == "zone")
        return CPred("in_zone", {"zone": zone})

    def cp_different_elements(self, meta, c):
        return CPred("different_elements", {})

    def cp_from_ex_burst(self, meta, c):
        return CPred("ex_burst", {})

    def cp_not_act(self, meta, c):
        """"if you don't cast X", "if your opponent doesn't pay 《2》", "if he/she doesn't discard 1 card", "if you
        don't remove 5 Fire cards in your Break Zone from the game" (11.2, 11.3, 11.11.5.1): any verb phrase not
        done. A payment not made is its cost; a cast not made names what is cast; any other act is a cost made of
        that act (what the player was asked to do)."""
        from judge.text.ast import Deploy, Discard, Pay
        from judge.text.fftcg.assemble import flatten
        from judge.text.fftcg.verbs_values import Act

        act = next(x for x in c if isinstance(x, Act))
        done = flatten([act.make(None)])
        if len(done) == 1 and isinstance(done[0], Pay):
            return CPred("not_pay", {"cost": done[0].cost, "negated": True})
        if len(done) == 1 and isinstance(done[0], Deploy) and done[0].verb in ("cast", "play"):
            return CPred("not_cast", {"selector": done[0].target, "negated": True})
        if len(done) == 1 and isinstance(done[0], Discard) and done[0].target is None:
            return CPred("not_pay", {"cost": Cost(effects=()), "negated": True,
                                     "threshold": Threshold("discard", ">=", done[0].count)})
        return CPred("not_pay", {"cost": Cost(effects=tuple(done)), "negated": True})

    def this_turn(self, meta, c):
        return ("qual", "this_turn")

    def ev_this_turn(self, meta, c):
        """"If it is put from the field into the Break Zone this turn, … instead": an event still to come,
        within this turn (a replacement a resolving effect sets up, 11.12.5)."""
        pred = next(x for x in c if isinstance(x, EvPred))
        when = next((x[1] for x in c if isinstance(x, tuple) and x and x[0] == "qual"), "this_turn")
        return EvPred(pred.stem, pred.fields, (*pred.qualifiers, when))

    def cp_any_event(self, meta, c):
        return CPred("any_event", {"preds": tuple(x for x in c if isinstance(x, EvPred))})


__all__ = ["PredicateRules"]


def _did(acted: str, c: list[Any]) -> CPred:
    """The cards one action of this effect used (zone: the action's word) and how many: "no X" none, "N or more X"
    at least N, "a X" / "N X" at least that many (the condition asks whether the action got that far)."""
    sel = _sel(c)
    counted = next((t for t in sel.thresholds if t.stat == "count"), None)
    if "no" in c:
        th = Threshold("count", "==", 0)
    elif counted is not None:
        th = Threshold("count", counted.op, counted.value)
    else:
        th = Threshold("count", ">=", sel.count or 1)
    kinds = replace(sel, count=None, up_to=False, zone=acted, owner=None,
                    thresholds=tuple(t for t in sel.thresholds if t.stat != "count"))
    return CPred(f"{acted}_by_this_effect", {"selector": kinds, "threshold": th})
