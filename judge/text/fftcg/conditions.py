"""FFTCG conditions → Condition nodes (11.8.13), every one with its typed fields.

A mixin of the FFTCG Transformer. Most conditions are a subject and a predicate ("you control 3 or
more Job Knight Forwards", "it is a Forward", "{Name} is dealt damage by a Summon"): the predicate
methods return a `CPred` (a kind and its fields), and `c_subject` joins it to the subject. The kind
names are the ones the engine evaluates (judge/engine/fftcg/conditions.py): control / opp_control,
hand, damage / opp_damage, have, state, event, … A player's predicate and a card's differ ("you have
…" counts your cards, "it has …" is about that card).

The rules live in two modules: this one (comparisons, subjects, other conditions, statistics,
conditions together) and `conditions_predicates` (the predicates); `conditions_values` holds what
they share.
"""

from __future__ import annotations

from typing import Any

from lark import Token

from judge.text.ast import CONDITIONS, Condition, Cost, Event, Player, Selector, Threshold, replace
from judge.text.fftcg.conditions_predicates import PredicateRules
from judge.text.fftcg.conditions_values import (
    HAPPENED,
    CPred,
    StatRef,
    _nums,
    _op,
    _player_kind,
    _sel,
    family_node,
)
from judge.text.fftcg.events import EvPred, event_of, legacy_qualifiers
from judge.text.fftcg.select import pairs_of


class ConditionRules(PredicateRules):
    """Rules for conditions; `_span`, `_printed` come from the Transformer."""

    _span: Any
    _printed: Any
    _counter: Any

    def _cond(self, meta: Any, kind: str, **fields: Any) -> Any:
        """A condition node: of the FFTCG family when its concept has one, else a `Condition`."""
        text, span = self._printed(meta), self._span(meta)
        node = family_node(kind, text, span, fields)
        return node if node is not None else Condition(kind=kind, text=text, span=span, **fields)

    # ------------------------------------------------------------------ comparisons (4)
    def cmp_ge(self, meta, c):
        return ">="

    def cmp_le(self, meta, c):
        return "<="

    def cmp_gt(self, meta, c):
        return ">"

    def cmp_lt(self, meta, c):
        return "<"

    def cmp_eq(self, meta, c):
        return "=="

    def cmp(self, meta, c):
        return c[0]

    def cmp_equal_to(self, meta, c):
        """"equal to" (==), "equal to or less / more than" (<=, >=)."""
        return next((x for x in c if x in (">=", "<=")), "==")

    def cmp_or_equal(self, meta, c):
        """"inferior / superior or equal to": the comparison word and equality."""
        return {">": ">=", "<": "<="}[next(x for x in c if x in (">", "<"))]

    # ------------------------------------------------------------------ a subject and its predicate
    def c_subject(self, meta, c):
        subject, pred = c[0], c[1]
        if isinstance(pred, EvPred):                              # "if X is dealt damage", an event
            return self._event_condition(meta, event_of(subject, pred, self._span(meta)))
        if isinstance(pred, Event):
            return self._event_condition(meta, pred)
        player = subject if isinstance(subject, Player) else None
        sel = subject if isinstance(subject, Selector) else None
        return self._joined(meta, pred, player, sel)

    def subject(self, meta, c):
        return c[0]

    def _event_condition(self, meta: Any, ev: Event) -> Condition:
        if ev.by is not None and ev.by.ref == "this_effect":       # "If 2 Characters are removed … by this effect"
            sel = ev.subject    # "2 or more X": at least two (the count's own comparison, 1.2.4); "2 X": exactly
            said = next((t for t in sel.thresholds if t.stat == "count"), None) if sel is not None else None
            th = said or (Threshold("count", "==", sel.count) if sel is not None and sel.count else None)
            return self._cond(meta, ev.kind.replace("_from_game", "") + "_by_this_effect", selector=sel,
                              threshold=th, occurs=ev)
        whiles = [q for q in ev.qualifiers if q.startswith("while_")]
        if ev.player is not None and whiles:                         # "If you receive damage while X is dull"
            return self._cond(meta, "damaged_" + whiles[0], selector=ev.what, occurs=ev, player=ev.player)
        return self._cond(meta, "event", selector=ev.subject, event=ev.kind, occurs=ev, player=ev.player,
                          qualifiers=legacy_qualifiers(ev))

    def _joined(self, meta: Any, pred: CPred, player: Player | None, sel: Selector | None) -> Condition:
        f = dict(pred.fields)
        kind = pred.kind
        if kind == "damaged_this_turn" and player is None and sel is not None:
            # "If it has received damage this turn": a card, not a player, so the damage dealt to that Forward
            # (5.2.6.1), which stays on it until the end of the turn (9.5.1.3.1): any damage on it now
            return self._cond(meta, "damage_received", selector=sel, threshold=Threshold("damage_received", ">=", 1))
        if kind in ("control", "not_control", "hand", "damage", "cast", "drawn", "have_crystal", "not_pay",
                    "damaged_this_turn", "damage_vs_opponent", "elements", "count_as_before", "not_cast"):
            kind = _player_kind(kind, player)
            if kind == "not_cast" and player is None:
                kind = "not_cast"
            return self._cond(meta, kind, player=player, **f)
        if kind == "have":
            return self._have(meta, f, player, sel)
        if kind == "more_than":                   # "you control more Forwards than your opponent" (4.1)
            counted = replace(f["selector"], count=None, up_to=False)
            mine = replace(counted, owner=player or Player.YOU)
            theirs = replace(counted, owner=f["than"])
            return self._cond(meta, "count_compare", selector=mine, threshold=Threshold("count", f["op"], 0, ref=theirs))
        if kind == "hand_of":                                     # "you have no cards in your hand" (7.11)
            whose = player or Player.YOU
            return self._cond(meta, "hand", player=player, threshold=f["threshold"],
                              selector=Selector(count=None, zone="hand", owner=whose, card_types=("card",)))
        if kind == "this_turn":                       # "has entered / formed a party / been put … this turn"
            ev = event_of(player or sel, f["pred"], self._span(meta))
            ev = replace(ev, qualifiers=(*ev.qualifiers, "this_turn"))
            name = HAPPENED.get(ev.kind, f"{ev.kind}_this_turn")
            return self._cond(meta, name, selector=ev.subject, occurs=ev, player=player)
        if kind == "any_event":                                   # "blocks or is blocked by …": either one
            parts = tuple(self._event_condition(meta, event_of(player or sel, p, self._span(meta)))
                          for p in f["preds"])
            return self._cond(meta, "any", parts=parts, selector=sel, player=player)
        target = f.pop("selector", None)
        on_subject = {k: f.pop(k) for k in ("state", "zone", "selector_colors") if k in f}
        if on_subject and sel is not None:
            colors = on_subject.pop("selector_colors", ())
            sel = replace(sel, colors=(*sel.colors, *colors), **on_subject)
        if sel is not None and target is not None and kind in ("it_is", "it_is_not"):
            target = replace(target, ref=sel.ref or ("self" if sel.self_ref else "it"))
        return self._cond(meta, kind, selector=target or sel, player=player, **f)

    def _have(self, meta: Any, f: dict[str, Any], player: Player | None, sel: Selector | None) -> Condition:
        """"you have N cards in your hand", "you have a Job X in your Break Zone", "they have Job X"."""
        what: Selector = f["selector"]
        if sel is not None:                                       # "all the Forwards you control have Job X"
            merged = replace(sel, families=(*sel.families, *what.families), name=what.name or sel.name,
                             colors=(*sel.colors, *what.colors), with_keyword=what.with_keyword or sel.with_keyword,
                             either=(*sel.either, *what.either))
            kind = "all_have_job" if what.families else "all_of_element" if what.colors else "all_have"
            return self._cond(meta, kind, selector=merged)
        count = next((t for t in what.thresholds if t.stat == "count"), None)
        plain_cards = set(what.card_types) <= {"card"} and not (what.colors or what.families or what.categories
                                                                or what.name)
        if what.zone == "hand" and plain_cards:
            n = count.value if count else what.count or 0
            op = count.op if count else "=="
            whose = player or Player.YOU
            sel = Selector(count=None, zone="hand", owner=whose, card_types=("card",))
            return self._cond(meta, "hand", player=player, selector=sel, threshold=Threshold("hand", op, n))
        owner = player if player is not None else Player.YOU
        return self._cond(meta, "have", player=player, selector=replace(what, owner=what.owner or owner))


    # ------------------------------------------------------------------ other conditions
    def c_number_is(self, meta, c):
        """"the number of cards in your Break Zone is 10 or more" (4.1): there are that many of them; "the number of
        X is greater than the number of Y": the two counts compared."""
        if sum(isinstance(x, Selector) for x in c) > 1:
            return self.c_count_compare(meta, c)
        sel = _sel(c)
        n = _nums(c)[0]
        op = next((x for x in c if x in (">=", "<=")), "==")
        counted = replace(sel, count=n, up_to=False, thresholds=(*(t for t in sel.thresholds if t.stat != "count"),
                                                                  Threshold("count", op, n)))
        if sel.zone in (None, "field") and sel.owner in (Player.YOU, Player.OPPONENT):   # "… you control is 5 or more"
            return self._joined(meta, CPred("control", {"selector": replace(counted, owner=None)}), sel.owner, None)
        return self.c_there_are(meta, [counted])

    def c_its_turn(self, meta, c):
        """"if it is your turn", "if it is (during) your opponent's turn" (11.12.4.4): whose turn it is now."""
        from judge.text.ast import DuringTurn, Window

        window = next((x for x in c if isinstance(x, Window)), None)
        if window is None:
            window = Window(whose=self._whose(c), span=self._span(meta))
        if window.whose is None or window.whose is Player.ANY or window.phase is not None:
            raise ValueError("a condition on any player's turn or a phase is not modelled")
        word = "your_turn" if window.whose is Player.YOU else "opponent_turn"
        return DuringTurn(window=window, text=word, span=self._span(meta))

    def c_there_are(self, meta, c):
        sel = _sel(c)
        zone = dict(p for p in pairs_of(c) if p[0] == "zone")
        if zone:
            sel = replace(sel, zone=zone["zone"], owner=sel.owner or dict(pairs_of(c)).get("owner"))
        count = next((t for t in sel.thresholds if t.stat == "count"), None)
        if sel.zone == "break" and set(sel.card_types) <= {"card"} and not (sel.colors or sel.families):
            th = Threshold("break_zone", count.op if count else "==", count.value if count else sel.count or 0)
            return self._cond(meta, "break_count", threshold=th, selector=None)
        if sel.zone == "break":
            th = Threshold("break_zone", count.op if count else ">=", count.value if count else sel.count or 1)
            return self._cond(meta, "break_count", threshold=th, selector=replace(sel, count=None))
        if sel.zone == "removed":
            return self._cond(meta, "removed", selector=sel, threshold=count)
        if sel.zone == "lb_deck" and sel.state == "face_up":     # 15.2.8 face-up cards of the LB deck
            sel = replace(sel, zone="lb_deck_face_up", state=None, owner=sel.owner or Player.YOU)
            return self._cond(meta, "lb_face_up", selector=sel, threshold=count)
        return self._cond(meta, "count", selector=sel, threshold=count)

    def where(self, meta, c):
        return pairs_of(c) or [("zone", "removed")]

    def c_its(self, meta, c):
        """"If it's a Forward" (also "it's not"): the card referred to is of that kind."""
        negated = "not" in c
        sel = replace(_sel(c), ref="it")
        return self._cond(meta, "it_is_not" if negated else "it_is", selector=sel, negated=negated)

    def cp_cast_drawn(self, meta, c):
        """"you have cast 2 or more cards (other than X) this turn" (a count), "… cast a Summon this turn"; "you have
        drawn 2 or more cards (this turn)" (9.2): what the player did so far this turn, with the same selector."""
        sel = _sel(c)
        count = next((t for t in sel.thresholds if t.stat == "count"), None)
        if "drawn" in c:
            if count is None or set(sel.card_types) - {"card"} or sel.colors or sel.families or sel.other:
                raise ValueError("the kind of the cards drawn this turn is not modelled")
            return CPred("drawn", {"threshold": Threshold("drawn", count.op, count.value)})
        if ("qual", "this_turn") not in c:
            raise ValueError("a card cast at any time (no 'this turn') is not modelled")
        if count is not None and set(sel.card_types) <= {"card"}:
            counted = Selector(count=None, card_types=("card",), zone="cast_this_turn", owner=Player.YOU,
                               other=sel.other)
            return CPred("cast", {"selector": counted, "threshold": Threshold("cast", count.op, count.value)})
        return CPred("cast_this_turn", {"selector": replace(sel, zone="cast_this_turn", owner=Player.YOU)})

    def c_elements(self, meta, c):
        """"If there are (exactly) 3 (or more) different Elements among X" (5.2.1.1)."""
        exact = any(isinstance(t, Token) and str(t) == "exactly" for t in c)
        return self._cond(meta, "elements", selector=_sel(c),
                          threshold=Threshold("elements", "==" if exact else _op(c), _nums(c)[0]))

    def no_w(self, meta, c):
        return "no"

    def c_counters_on(self, meta, c):
        """"there are 2 or more X Counters (placed) on Y", "there are no X Counters on Y" (6.7)."""
        sel = replace(_sel(c), zone=f"counters:{self._counter(c)}")
        if "no" in c:
            return self._cond(meta, "counters", selector=sel, threshold=Threshold("counters", "<=", 0))
        n = _nums(c)
        return self._cond(meta, "counters", selector=sel, threshold=Threshold("counters", _op(c, ">="), n[0] if n else 1))

    def c_removed_yours(self, meta, c):
        sel = Selector(count=None, card_types=("card",), zone="removed", owner=Player.YOU)
        return self._cond(meta, "removed", selector=sel, threshold=Threshold("count", ">=", _nums(c)[0]))

    def c_do_so(self, meta, c):
        return self._cond(meta, "do_so")

    def c_possible(self, meta, c):
        return self._cond(meta, "possible")

    def c_not_done(self, meta, c):
        return self._cond(meta, "not_done", negated=True)

    def c_paid_extra(self, meta, c):
        ev = Event(kind="paid_extra_cost", player=Player.YOU)
        return self._cond(meta, "paid_extra", occurs=ev, player=Player.YOU)

    def c_count_compare(self, meta, c):
        first, second = [x for x in c if isinstance(x, Selector)][:2]
        return self._cond(meta, "count_compare", selector=replace(first, count=None),
                          threshold=Threshold("count", _op(c, ">"), 0, ref=replace(second, count=None)))

    def c_paid(self, meta, c):
        """How the cost to cast a card was paid (11.2): with CP of N Elements, of one Element only, from
        some cards only, or including an Element."""
        card = _sel(c)
        how = next(x for x in c if isinstance(x, tuple) and x and x[0] in ("elements", "only", "by", "included"))
        if how[0] == "elements":
            return self._cond(meta, "paid_elements", selector=card, threshold=how[1])
        if how[0] == "by":
            return self._cond(meta, "paid_by", selector=how[1], object=None if card.self_ref else card)
        if how[0] == "included":
            return self._cond(meta, "paid_element", selector=card, cost=Cost(cp=(how[1],)))
        return self._cond(meta, "paid_only_element", selector=Selector(count=None, colors=(how[1],), card_types=("cp",)),
                          cost=Cost(cp=(how[1],)))

    def paid_elements(self, meta, c):
        return ("elements", c[0])

    def paid_only(self, meta, c):
        return ("only", next(str(t) for t in c if isinstance(t, Token) and t.type == "ELEMENT"))

    def count_elements(self, meta, c):
        n = _nums(c)[0]
        exact = any(isinstance(t, Token) and str(t) == "exactly" for t in c)
        return Threshold("elements", "==" if exact else _op(c, "=="), n)

    def paid_by(self, meta, c):
        return ("by", _sel(c))

    def paid_included(self, meta, c):
        return ("included", next(str(t) for t in c if isinstance(t, Token) and t.type == "ELEMENT"))

    def c_same_kind(self, meta, c):
        """"If both cards are of the same Element / card type" (5.2)."""
        return self._cond(meta, f"same_{c[-1]}", selector=Selector(ref="them", count=2))

    def c_in_control(self, meta, c):
        """"(while) already in control of X": the player the sentence is about controls X (6.2), as "you control X"."""
        return self.c_subject(meta, [Player.YOU, self.cp_control(meta, [_sel(c)])])

    def c_neither_controls(self, meta, c):
        return self._cond(meta, "control_none", selector=replace(_sel(c), owner=Player.ANY, count=None))

    def _players(self, c: list[Any]) -> Player:
        return next((x for x in c if isinstance(x, Player)), Player.EACH)

    def c_players_damage(self, meta, c):
        return self._cond(meta, "damage", player=self._players(c),
                          threshold=Threshold("damage", _op(c), _nums(c)[0]))

    def c_players_hand(self, meta, c):
        player = self._players(c)
        sel = Selector(count=None, zone="hand", owner=player, card_types=("card",))
        return self._cond(meta, "hand", selector=sel, player=player, threshold=Threshold("hand", _op(c), _nums(c)[0]))

    def c_players_hand_empty(self, meta, c):
        player = self._players(c)
        sel = Selector(count=None, zone="hand", owner=player, card_types=("card",))
        return self._cond(meta, "hand", selector=sel, player=player, threshold=Threshold("hand", "<=", 0))

    # ------------------------------------------------------------------ statistics (5.2.1 cost, 5.2.6 power)
    def stat_subject(self, meta, c):
        stat = next(x for x in c if x in ("cost", "power"))
        return StatRef(stat, _sel(c) or Selector(ref="it"))

    def sw_cost(self, meta, c):
        return "cost"

    def sw_power(self, meta, c):
        return "power"

    def c_stat(self, meta, c):
        ref: StatRef = c[0]
        kind, th = c[1]
        th = replace(th, stat=ref.stat) if th is not None and th.stat == "?" else th
        name = {"value": f"{'its_' if ref.stat == 'cost' else ''}{ref.stat}"}.get(kind, kind)
        if kind == "value" and ref.stat == "cost":
            name = "its_cost"
        return self._cond(meta, name, selector=ref.of, threshold=th)

    def sp_value(self, meta, c):
        return ("value", Threshold("?", _op(c), _nums(c)[0]))

    def sp_parity(self, meta, c):
        return (f"cost_{next(str(t) for t in c if isinstance(t, Token) and t.type == 'PARITY')}", None)

    def sp_x(self, meta, c):
        return ("value", Threshold("?", "==", -1))

    def sp_vs_count(self, meta, c):
        """"its cost is equal to or less than the number of X" / "… than the damage you have received"."""
        if _sel(c) is None:
            return ("cost_vs_damage", Threshold("cost_vs_damage", _op(c), 0))
        return ("cost_vs_count", Threshold("?", _op(c), 0, ref=replace(_sel(c), count=None)))

    def sp_vs_damage(self, meta, c):
        return ("cost_vs_damage", Threshold("cost_vs_damage", _op(c), 0))

    def sp_vs_card(self, meta, c):
        return ("power", Threshold("?", _op(c), 0, ref=_sel(c)))

    def sp_changed(self, meta, c):
        return ("power_changed", None)

    # ------------------------------------------------------------------ conditions together
    def all_of(self, meta, c):
        parts = tuple(x for x in c if isinstance(x, CONDITIONS))
        return self._cond(meta, "all", parts=parts)

    def checked_before(self, meta, c):
        if not isinstance(c[0], Condition):                  # a family node: checked when the cost is paid (11.4)
            return Condition(kind="all", text=self._printed(meta), parts=(c[0],), checked="before_paying_cost",
                             span=self._span(meta))
        return replace(c[0], checked="before_paying_cost", text=self._printed(meta), span=self._span(meta))

    def paid_extra_and(self, meta, c):
        other = next(x for x in c if isinstance(x, CONDITIONS))
        first = Condition(kind="paid_extra", text="you paid the extra cost", player=Player.YOU,
                          occurs=Event(kind="paid_extra_cost", player=Player.YOU))
        return self._cond(meta, "all", parts=(first, other))


__all__ = ["CPred", "ConditionRules", "StatRef"]
