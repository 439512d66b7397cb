"""FFTCG triggers, events, moments of the turn, durations, windows and sources → typed AST nodes.

A mixin of the FFTCG Transformer. An event is a subject and what happens to it (11.8.2): the verb
phrase of the event (`event_pred`) is built first as an `EvPred` (what happens, with its typed
qualifiers), and `event` joins it to its subject as an `Event` node, whose `kind` depends on the
subject (a card "is dealt damage", you "receive damage": 6.5, 7.8.2). The same predicates serve
conditions ("If it is put from the field into the Break Zone this turn", 11.8.13).

Sources ("by your opponent's Summons or abilities", 6.4) are selectors of Summons / abilities:
`card_types` summon / ability / ex_burst, `owner` whose, `colors` their Element.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lark import Token

from judge.text.ast import Duration, Event, Phase, Player, Selector, Threshold, Trigger, Window, replace
from judge.text.fftcg.select import pairs_of

#: an event predicate's stem → its kind when a card is the subject (the `Ability.timing` names)
CARD_KINDS: dict[str, str] = {
    "enters": "enters_field", "attacks": "attacks", "blocks": "blocks", "party": "forms_party",
    "leaves": "leaves_field", "leaves_break": "leaves_break", "returns": "returned_to_hand",
    "deals_damage": "deals_damage", "receives_damage": "is_dealt_damage", "uses": "uses_ability",
    "triggers": "ability_triggers", "becomes_dull": "dulled", "primes_into": "primes_into",
    "searches": "searches", "casts": "you_cast", "discards": "discarded",
    "broken": "is_broken", "chosen": "is_chosen", "blocked": "is_blocked",
    "field_to_break": "put_into_break_zone", "to_break": "put_into_break_zone",
    "deck_to_break": "put_from_deck_into_break_zone", "to_damage": "put_into_damage_zone",
    "returned": "returned_to_hand", "removed": "removed_from_game", "dealt_damage": "is_dealt_damage",
    "discarded": "discarded", "dulled": "dulled", "activated": "activated", "priming": "priming",
    "added_from_break": "added_to_hand_from_break_zone", "revealed": "revealed", "selected": "selected",
    "reduced": "reduced", "power_changed": "power_changed", "placed_on": "counter_placed",
    "removed_from": "counter_removed", "draws": "you_draw", "plays": "plays",
}
#: stems whose kind differs when a player is the subject: stem → {player: kind}
PLAYER_KINDS: dict[str, dict[Player, str]] = {
    "casts": {Player.YOU: "you_cast", Player.OPPONENT: "opponent_casts"},
    "receives_damage": {Player.YOU: "you_receive_damage", Player.OPPONENT: "opp_damaged",
                        Player.ANY: "you_receive_damage", Player.EACH: "you_receive_damage"},
    "dealt_damage": {Player.OPPONENT: "opp_damaged", Player.YOU: "you_receive_damage"},
    "discards": {Player.OPPONENT: "opponent_discards", Player.YOU: "you_discard"},
    "uses": {Player.OPPONENT: "opponent_uses_ability", Player.YOU: "you_use_ability"},
    "draws": {Player.YOU: "you_draw", Player.OPPONENT: "opponent_draws"},
    "plays": {Player.OPPONENT: "opponent_plays", Player.YOU: "you_play"},
    "searches": {Player.OPPONENT: "searches", Player.YOU: "searches"},
}
#: phase aliases → (phase, number)
PHASES = {"ph_attack": "attack", "ph_main": "main", "ph_end": "end", "ph_draw": "draw", "ph_active": "active"}
_OWNERS = {"t_you": Player.YOU, "t_opp": Player.OPPONENT, "t_any": Player.ANY, "t_controller": Player.YOU}


@dataclass(frozen=True)
class EvPred:
    """An event's verb phrase before its subject is known (see the module docstring)."""

    stem: str
    fields: dict[str, Any] = field(default_factory=dict)
    qualifiers: tuple[str, ...] = ()


@dataclass(frozen=True)
class TurnOwner:
    """Whose turn a period or duration names (9)."""

    player: Player


@dataclass(frozen=True)
class Period:
    """What the "of" of "at the beginning of …" names (9): a phase or the turn, whose, which one."""

    phase: str
    number: int | None = None
    whose: Player | None = None
    next_only: bool = False


def _kinds(c: list[Any]) -> list[str]:
    """The kinds of sources among a rule's children ("Summons and abilities" is both)."""
    return [k for x in c if isinstance(x, str) and not isinstance(x, Token)
            for k in (("summon", "ability") if x == "summon_and_ability" else (x,))]


def event_of(subject: Any, pred: EvPred, span: Any = None) -> Event:
    """The Event of a subject (a Selector, a Player or None) and what happens to it."""
    player = subject if isinstance(subject, Player) else None
    sel = subject if isinstance(subject, Selector) else None
    kind = CARD_KINDS.get(pred.stem, pred.stem)
    if player is not None and pred.stem in PLAYER_KINDS:
        kind = PLAYER_KINDS[pred.stem].get(player, kind)
    extra = dict(pred.fields)
    if pred.stem == "casts_nth":
        kind = f"you_cast_{extra.pop('nth')}_{extra.pop('nth_type')}"
    if pred.stem == "receives_nth":
        kind = f"you_receive_{extra.pop('nth')}_damage"
    return Event(kind=kind, subject=sel, player=player, qualifiers=pred.qualifiers, span=span, **extra)


def legacy_qualifiers(ev: Event) -> tuple[str, ...]:
    """The damage-kind words the engine's replacement effects read (6.5): derived from the typed event."""
    out: list[str] = []
    for q in ev.qualifiers:
        if q in ("not_battle", "battle", "first_in_turn", "less_than_power", "more_than_power") or q.startswith("while_"):
            out.append(q)
    if ev.by is not None:
        if set(ev.by.card_types) & {"summon", "ability", "ex_burst", "action_ability", "special_ability"}:
            out.append("by_opponent" if ev.by.owner is Player.OPPONENT else "by_effect")
        else:
            out.append("by_card")
    return tuple(out)


def _dq(kind: str, **fields: Any) -> tuple[str, Any]:
    return ("dq", (kind, fields))


class EventRules:
    """Transformer rules for triggers, events, durations and sources; helpers come from the subclass."""

    _span: Any
    _name: Any
    _counter: Any

    # ------------------------------------------------------------------ triggers (11.8.2)
    def when(self, meta, c):
        window = next((x for x in c if isinstance(x, Window)), None)
        events: list[Event] = []
        subject: Any = None
        for x in c:
            if isinstance(x, Event):
                events.append(x)
                subject = x.subject if x.subject is not None else x.player
            elif isinstance(x, EvPred):                      # "X enters the field or attacks": X again
                events.append(event_of(subject, x, self._span(meta)))
        return Trigger(events=tuple(events), window=window, span=self._span(meta))

    def ev_primer(self, meta, c):
        """"When Hugo primes into {Name}" (15.2.9.3.1): the priming card, named from the card database."""
        tok = next(t for t in c if isinstance(t, Token) and t.type == "PRIMER")
        printed = self.text[tok.start_pos:tok.end_pos]                   # type: ignore[attr-defined]
        name = printed.rsplit(None, 1)[0] if " " in printed else printed[:-len("primes")]
        primer = Selector(name=" ".join(name.split()), span=self._span(meta))
        return Event(kind="primes_into", subject=primer, what=next(x for x in c if isinstance(x, Selector)),
                     span=self._span(meta))

    def when_do_so(self, meta, c):
        return Trigger(events=(Event(kind="when_do_so", player=Player.YOU, span=self._span(meta)),),
                       span=self._span(meta))

    def at_time(self, meta, c):
        edge = next(x for x in c if x in ("beginning", "end"))
        period = next(x for x in c if isinstance(x, Period))
        at = Phase(edge=edge, phase=period.phase, number=period.number, whose=period.whose,
                   next_only=period.next_only, span=self._span(meta))
        return Trigger(at=at, span=self._span(meta))

    def when_or_at(self, meta, c):
        ev = next(x for x in c if isinstance(x, Event))
        at = self.at_time(meta, [x for x in c if not isinstance(x, Event)])
        return replace(at, events=(ev,))

    def beginning(self, meta, c):
        return "beginning"

    def end(self, meta, c):
        return "end"

    # ------------------------------------------------------------------ events
    def event(self, meta, c):
        if len(c) == 1 and isinstance(c[0], Event):            # "a Warp Counter is removed from X"
            return c[0]
        subject = next((x for x in c if isinstance(x, (Selector, Player))), None)
        pred = next(x for x in c if isinstance(x, EvPred))
        when = tuple(x[1] for x in c if isinstance(x, tuple) and x and x[0] == "qual")
        if when:
            pred = EvPred(pred.stem, pred.fields, pred.qualifiers + when)
        return event_of(subject, pred, self._span(meta))

    def ev_counter(self, meta, c):
        kind = next(x for x in c if x in ("counter_removed", "counter_placed"))
        counter = Selector(card_types=("counter",), name=self._counter(c))
        return Event(kind=kind, subject=next(x for x in c if isinstance(x, Selector)), what=counter,
                     span=self._span(meta))

    def cm_removed(self, meta, c):
        return "counter_removed"

    def cm_placed(self, meta, c):
        return "counter_placed"

    def _pred(self, stem: str, c: list[Any], **fields: Any) -> EvPred:
        """An EvPred from the children's typed qualifiers (due to / by / damage words / zones)."""
        quals: list[str] = []
        for key, value in pairs_of(c):
            if key == "dq":
                kind, extra = value
                if kind:
                    quals.append(kind)
                for k, v in extra.items():
                    if k == "to":
                        fields["to"] = (*fields.get("to", ()), v)
                    else:
                        fields[k] = v
            elif key == "by":
                fields["by"] = value
            elif key in ("cause", "place", "to_player", "what"):
                fields[key] = value
            elif key == "qual" or key == "state":
                quals.append(value)
        return EvPred(stem, fields, tuple(quals))

    def ev_enters(self, meta, c):
        return self._pred("enters", c)

    def f_you(self, meta, c):
        return [("place", "your_field")]

    def f_opp(self, meta, c):
        return [("place", "opponent_field")]

    def f_any(self, meta, c):
        return []

    def field_word(self, meta, c):
        return pairs_of(c)

    def ev_attacks(self, meta, c):
        return self._pred("attacks", c)

    def ev_blocks(self, meta, c):
        return self._pred("blocks", c)

    def ev_party(self, meta, c):
        """"forms a party (with X) (and attacks)" (15.1.1.9)."""
        with_ = next((x for x in c if isinstance(x, Selector)), None)
        return EvPred("party", {"what": with_} if with_ is not None else {},
                      ("and_attacks",) if "and_attacks" in c else ())

    def and_attacks(self, meta, c):
        return "and_attacks"

    def not_from_hand(self, meta, c):
        return "not_from_hand"

    def ev_leaves(self, meta, c):
        return self._pred("leaves", c)

    def ev_leaves_break(self, meta, c):
        return self._pred("leaves_break", c)

    def ev_returned(self, meta, c):
        return self._pred("returns", c, place="field")

    def ev_deals_damage(self, meta, c):
        pred = self._pred("deals_damage", c)
        to = tuple(x for x in c if isinstance(x, Selector))
        players = [x for x in c if isinstance(x, Player)]
        players += [Player.OPPONENT for x in c if isinstance(x, Token) and x.type == "OR_YOUR_OPP"]   # "… or your opponent"
        fields = dict(pred.fields, to=(*pred.fields.get("to", ()), *to))
        if players:
            fields["to_player"] = players[0]
        battle = ("battle",) if "battle" in c else ()
        return EvPred("deals_damage", fields, pred.qualifiers + battle)

    def battle_w(self, meta, c):
        return "battle"

    def dt_opponent(self, meta, c):
        return Player.OPPONENT

    def dt_you(self, meta, c):
        return Player.YOU

    def ev_receives_damage(self, meta, c):
        return self._pred("receives_damage", c)

    def ev_receives_nth(self, meta, c):
        nth = next(str(t) for t in c if isinstance(t, Token) and t.type == "ORDINAL")
        return EvPred("receives_nth", {"nth": nth})

    def ev_casts(self, meta, c):
        return EvPred("casts", {"what": next(x for x in c if isinstance(x, Selector))})

    def ev_casts_nth(self, meta, c):
        nth = next(str(t) for t in c if isinstance(t, Token) and t.type == "ORDINAL")
        kind = next(p[1] for p in pairs_of(c) if p[0] == "type")
        quals = ("this_turn",) if ("qual", "this_turn") in c else ()
        return EvPred("casts_nth", {"nth": nth, "nth_type": kind}, quals)

    def ev_plays(self, meta, c):
        quals = ("not_from_hand",) if "not_from_hand" in c else ()
        return EvPred("plays", {"what": next(x for x in c if isinstance(x, Selector))}, quals)

    def ev_uses(self, meta, c):
        return EvPred("uses", {"what": next(x for x in c if isinstance(x, Selector))})

    def au_ex_burst(self, meta, c):
        return Selector(card_types=("ex_burst",))

    def au_action(self, meta, c):
        return Selector(card_types=("action_ability",))

    def au_special(self, meta, c):
        return Selector(card_types=("special_ability",))

    def au_any(self, meta, c):
        return Selector(card_types=("ability",))

    def ev_discards(self, meta, c):
        many = any(isinstance(t, Token) and t.type == "NUMBER" for t in c)
        amount = Threshold("count", ">=", int(next(str(t) for t in c if isinstance(t, Token) and t.type == "NUMBER"))) \
            if many else None
        return self._pred("discards", c, amount=amount)

    def ev_draws(self, meta, c):
        return EvPred("draws")

    def ev_searches(self, meta, c):
        n = int(next(str(t) for t in c if isinstance(t, Token) and t.type == "NUMBER"))
        return EvPred("searches", {"amount": Threshold("count", ">=", n)})

    def ev_primes_into(self, meta, c):
        return EvPred("primes_into", {"what": next(x for x in c if isinstance(x, Selector))})

    def ev_triggers(self, meta, c):
        return EvPred("triggers")

    def ev_dulled(self, meta, c):
        return self._pred("becomes_dull", c)

    def ev_pp(self, meta, c):
        return next(x for x in c if isinstance(x, EvPred))

    def ev_priming(self, meta, c):
        return EvPred("priming")

    # ------------------------------------------------------------------ participles (shared)
    def pp_broken(self, meta, c):
        return self._pred("broken", c)

    def pp_chosen(self, meta, c):
        by = next((x for x in c if isinstance(x, Selector)), None)
        return self._pred("chosen", c, **({"by": by} if by is not None else {}))

    def pp_blocked(self, meta, c):
        by = next((x for x in c if isinstance(x, Selector)), None)
        return EvPred("blocked", {"by": by} if by is not None else {})

    def pp_field_to_break(self, meta, c):
        return self._pred("field_to_break", c, place="field")

    def pp_to_break(self, meta, c):
        return self._pred("to_break", c)

    def pp_deck_to_break(self, meta, c):
        return EvPred("deck_to_break", {"place": "deck"})

    def pp_to_damage(self, meta, c):
        return EvPred("to_damage")

    def pp_returned(self, meta, c):
        return self._pred("returned", c)

    def pp_removed(self, meta, c):
        return self._pred("removed", c)

    def pp_dealt_damage(self, meta, c):
        return self._pred("dealt_damage", c)

    def pp_dealt_amount(self, meta, c):
        op = next(x for x in c if x in (">=", "<=", ">", "<", "=="))
        n = int(next(str(t) for t in c if isinstance(t, Token) and t.type == "NUMBER"))
        return EvPred("dealt_damage", {"amount": Threshold("damage", op, n)})

    def pp_dealt_vs_power(self, meta, c):
        word = next(x for x in c if x in ("more", "less"))
        return EvPred("dealt_damage", {}, (f"{word}_than_power",))

    def more(self, meta, c):
        return "more"

    def less(self, meta, c):
        return "less"

    def up(self, meta, c):
        return "increased"

    def down(self, meta, c):
        return "decreased"

    def pp_discarded(self, meta, c):
        return self._pred("discarded", c, place="hand")

    def pp_dulled(self, meta, c):
        return self._pred("dulled", c)

    def pp_activated(self, meta, c):
        return self._pred("activated", c)

    def pp_added_from_break(self, meta, c):
        return EvPred("added_from_break", {"place": "break"})

    def pp_revealed(self, meta, c):
        return EvPred("revealed")

    def pp_reduced(self, meta, c):
        return EvPred("reduced")

    def pp_power_changed(self, meta, c):
        way = next(x for x in c if x in ("increased", "decreased"))
        return self._pred("power_changed", c, cause=way)

    def pp_selected(self, meta, c):
        return EvPred("selected")

    def pp_placed_on(self, meta, c):
        return EvPred("placed_on", {"what": next(x for x in c if isinstance(x, Selector))})

    def pp_removed_from(self, meta, c):
        return EvPred("removed_from", {"what": next(x for x in c if isinstance(x, Selector))})

    # ------------------------------------------------------------------ qualifiers of events (6.4, 6.5, 11.8.16)
    def by_source(self, meta, c):
        return [("by", next(x for x in c if isinstance(x, Selector)))]

    def by_source_due(self, meta, c):
        return [("by", next(x for x in c if isinstance(x, Selector)))]

    def due_cast(self, meta, c):
        return [("cause", "cast")]

    def due_warp(self, meta, c):
        return [("cause", "warp")]

    def due_from(self, meta, c):
        zone = dict(p for p in pairs_of(c) if p[0] == "zone").get("zone")
        return [("place", zone)] if zone else []

    def first_time(self, meta, c):
        return [("qual", "first_in_turn")]

    def dq_by(self, meta, c):
        return [("by", next(x for x in c if isinstance(x, Selector)))]

    def dq_card(self, meta, c):
        return [("by", next(x for x in c if isinstance(x, Selector)))]

    def dq_not_battle(self, meta, c):
        return [("qual", "not_battle")]

    def dq_not_own(self, meta, c):
        return [("qual", "not_by_own")]

    def dq_first(self, meta, c):
        return [("qual", "first_in_turn")]

    def dq_while(self, meta, c):
        return [("qual", "while_" + next(p[1] for p in pairs_of(c) if p[0] == "state"))]

    def dq_while_np(self, meta, c):
        """"(you receive damage) while {Name} is dull": the card whose state it is (6.3)."""
        state = next(p[1] for p in pairs_of(c) if p[0] == "state")
        card = next((x for x in c if isinstance(x, Selector)), None)
        if card is None:                                         # the card's own name
            card = Selector(self_ref=True)
        return [("qual", "while_" + state), ("what", replace(card, state=state))]

    def same_turn(self, meta, c):
        return ("qual", "same_turn")

    def ev_time(self, meta, c):
        return c[0]

    def dq_this_turn(self, meta, c):
        return [("qual", "this_turn")]

    def dq_same_turn(self, meta, c):
        return [("qual", "same_turn")]

    # ------------------------------------------------------------------ sources (6.4)
    def source_list(self, meta, c):
        parts = [x for x in c if isinstance(x, Selector)]
        extra = pairs_of(c)
        if len(parts) == 1 and parts[0].ref is not None:          # "by this effect": that one
            return replace(parts[0], span=self._span(meta))
        types = tuple(dict.fromkeys(t for p in parts for t in p.card_types))
        owner = next((p.owner for p in parts if p.owner is not None), None)
        colors = tuple(dict.fromkeys(k for p in parts for k in p.colors))
        about = next((p.about for p in parts if p.about is not None), None)
        sel = Selector(count=None, card_types=types, owner=owner, colors=colors, about=about, span=self._span(meta))
        for key, value in extra:
            if key == "owner":
                sel = replace(sel, owner=value)
            elif key == "color":
                sel = replace(sel, colors=(*sel.colors, value))
            elif key == "state":
                sel = replace(sel, state=value)
            elif key == "type":
                sel = replace(sel, card_types=(*sel.card_types, value))
        return sel

    def src(self, meta, c):
        kinds = _kinds(c)
        owner = next((p[1] for p in pairs_of(c) if p[0] == "owner"), None)
        return Selector(count=None, card_types=tuple(kinds), owner=owner)

    def src_element(self, meta, c):
        elem = next(str(t) for t in c if isinstance(t, Token) and t.type == "ELEMENT")
        kinds = _kinds(c)
        return Selector(count=None, card_types=tuple(kinds), colors=(elem,), owner=Player.YOU)

    def src_card_ability(self, meta, c):
        owner = next((p[1] for p in pairs_of(c) if p[0] == "owner"), None)
        kind = next((str(t) for t in c if isinstance(t, Token) and str(t) in ("backup", "forward", "monster", "character")),
                    "forward")
        return Selector(count=None, card_types=("ability",), owner=owner, about=Selector(card_types=(kind,)))

    def src_of(self, meta, c):
        kinds = _kinds(c)
        return Selector(count=None, card_types=tuple(kinds), about=next(x for x in c if isinstance(x, Selector)))

    def src_this(self, meta, c):
        return Selector(count=None, ref="this_effect", card_types=("ability",))

    def src_forward(self, meta, c):
        return Selector(count=None, card_types=("forward",))

    def sk_summon(self, meta, c):
        return "summon"

    def sk_summon_ability(self, meta, c):
        return "summon_and_ability"

    def sk_ability(self, meta, c):
        return "ability"

    def sk_ex_burst(self, meta, c):
        return "ex_burst"

    def src_kind(self, meta, c):
        return c[0]

    def sp_opp(self, meta, c):
        return [("owner", Player.OPPONENT)]

    def sp_named_element(self, meta, c):
        return [("color", "named")]

    def sp_no_damage(self, meta, c):
        return [("state", "deals_no_damage")]

    def sp_not_kind(self, meta, c):
        return [("type", f"not_{c[0]}_ability")]

    def sa_special(self, meta, c):
        return "special"

    def sa_action(self, meta, c):
        return "action"

    def sp_share_element(self, meta, c):
        return [("color", "same")]

    def sp_during(self, meta, c):
        return []

    # ------------------------------------------------------------------ moments of the turn (9)
    def t_you(self, meta, c):
        return TurnOwner(Player.YOU)

    def t_opp(self, meta, c):
        return TurnOwner(Player.OPPONENT)

    def t_any(self, meta, c):
        return TurnOwner(Player.ANY)

    def t_controller(self, meta, c):
        return TurnOwner(Player.YOU)

    def _whose(self, c: list[Any]) -> Player | None:
        owner = next((x for x in c if isinstance(x, TurnOwner)), None)
        return owner.player if owner else None

    def _next(self, c: list[Any]) -> bool:
        return "next" in c

    def each_turn(self, meta, c):
        return Period("turn", whose=self._whose(c) or Player.YOU)

    def owned_turn(self, meta, c):
        return Period("turn", whose=self._whose(c), next_only=self._next(c))

    def any_turn(self, meta, c):
        return Period("turn", whose=Player.ANY)

    def p_turn(self, meta, c):
        return c[0]

    def p_this_turn(self, meta, c):
        return Period("turn")

    def p_phase(self, meta, c):
        phase = next(x for x in c if isinstance(x, tuple) and x[0] == "phase")
        during = next((x for x in c if isinstance(x, Period)), None)
        whose = self._whose(c) or (during.whose if during else None)
        return Period(phase[1], number=phase[2], whose=whose, next_only=self._next(c))

    def during_turns(self, meta, c):
        return c[0]

    def _phase(self, name: str, c: list[Any]) -> tuple[str, str, int | None]:
        n = next((int(str(t)) for t in c if isinstance(t, Token) and t.type == "NUMBER"), None)
        return ("phase", name, n)

    for _alias, _name in PHASES.items():
        locals()[_alias] = (lambda name: lambda self, meta, c: self._phase(name, c))(_name)
    del _alias, _name

    # ------------------------------------------------------------------ durations and windows (11.12.4)
    def d_turn(self, meta, c):
        return Duration.TURN

    def d_until_turn(self, meta, c):
        whose = self._whose(c)
        if whose is Player.OPPONENT:
            return Duration.OPPONENT_TURN_END
        return Duration.YOUR_NEXT_TURN_END if self._next(c) else Duration.TURN

    def d_next_turn(self, meta, c):
        return Duration.NEXT_TURN_END

    def d_until_next(self, meta, c):
        return Duration.NEXT_TURN_BEGIN

    def d_turn_entered(self, meta, c):
        return Duration.TURN

    def w_phases(self, meta, c):
        phases = [x[1] for x in c if isinstance(x, tuple) and x and x[0] == "phase"]
        return Window(whose=Player.ANY, phase="|".join(phases), span=self._span(meta))

    def pp_played(self, meta, c):
        window = next((x for x in c if isinstance(x, Window)), None)
        return EvPred("played", {"place": window.phase if window else None})

    def d_while_on_field(self, meta, c):
        return Duration.WHILE_ON_FIELD

    def d_window(self, meta, c):
        w = c[0]
        if w.whose is Player.OPPONENT:
            return Duration.OPPONENT_TURNS
        return Duration.YOUR_TURNS if w.whose is Player.YOU and w.phase is None else Duration.PERMANENT

    def w_turn(self, meta, c):
        return Window(whose=self._whose(c), span=self._span(meta))

    def w_each_turn(self, meta, c):
        return Window(whose=Player.ANY, span=self._span(meta))

    def w_each_phase(self, meta, c):
        phase = next(x for x in c if isinstance(x, tuple) and x[0] == "phase")
        return Window(whose=Player.ANY, phase=phase[1], span=self._span(meta))

    def w_phase(self, meta, c):
        phase = next(x for x in c if isinstance(x, tuple) and x[0] == "phase")
        return Window(whose=self._whose(c), phase=phase[1], span=self._span(meta))


def timing_of(trigger: Trigger) -> str:
    """The `Ability.timing` string of a trigger (its events' kinds joined by "|"; a moment's name)."""
    parts = [e.kind for e in trigger.events]
    if trigger.at is not None:
        at = trigger.at
        parts.append(f"{at.edge}_of_{at.phase}" if not trigger.events else "at_phase")
    return "|".join(parts)


def subject_of(trigger: Trigger) -> Selector | None:
    """Whose event the trigger waits for (`Ability.trigger_on`): the first event's card."""
    for e in trigger.events:
        if e.kind in ("primes_into", "you_cast", "opponent_casts"):
            return e.what
        if e.subject is not None:
            return e.subject
    return None


__all__ = ["CARD_KINDS", "PLAYER_KINDS", "EvPred", "EventRules", "Period", "TurnOwner", "event_of",
           "legacy_qualifiers", "subject_of", "timing_of"]
