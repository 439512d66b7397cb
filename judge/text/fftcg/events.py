"""FFTCG triggers, events, moments of the turn, durations, windows and sources → typed AST nodes.

A mixin of the FFTCG Transformer. An event is a subject and what happens to it (11.8.2): the verb
phrase of the event (`event_pred`) is built first as an `EvPred` (what happens, with its typed
qualifiers), and `event` joins it to its subject as an `Event` node, whose `kind` depends on the
subject (a card "is dealt damage", you "receive damage": 6.5, 7.8.2). The same predicates serve
conditions ("If it is put from the field into the Break Zone this turn", 11.8.13).

Sources ("by your opponent's Summons or abilities", 6.4) are selectors of Summons / abilities:
`card_types` summon / ability / ex_burst, `owner` whose, `colors` their Element.

The rules live in two modules: this one (triggers, events, participles) and `events_sources`
(qualifiers, sources, moments of the turn, durations and windows); `events_values` holds what they
build and share.
"""

from __future__ import annotations

from typing import Any

from lark import Token

from judge.text.ast import Event, Phase, Player, Selector, Threshold, Trigger, Window, replace
from judge.text.fftcg.events_sources import EventSourceRules
from judge.text.fftcg.events_values import (
    CARD_KINDS,
    PLAYER_KINDS,
    EvPred,
    Period,
    TurnOwner,
    event_of,
    legacy_qualifiers,
)
from judge.text.fftcg.select import pairs_of


def _cmp_of(c: list[Any]) -> str:
    """ "1 or more" / "2 or less" after a count (4): its comparison (">=" when none is said)."""
    return next((x for x in c if isinstance(x, str) and not isinstance(x, Token) and x in (">=", "<=")), ">=")

class EventRules(EventSourceRules):
    """Transformer rules for triggers, events, durations and sources; helpers come from the subclass."""

    _span: Any
    _name: Any
    _counter: Any

    # ------------------------------------------------------------------ triggers (11.8.2)
    def when(self, meta, c):
        window = next((x for x in c if isinstance(x, Window)), None)
        events: list[Event] = []
        subject: Any = None
        joined: list[int] = []                               # the events an OR_PP joined to the one before
        for i, x in enumerate(c):
            if isinstance(x, Event):
                events.append(x)
                subject = x.subject if x.subject is not None else x.player
            elif isinstance(x, EvPred):                      # "X enters the field or attacks": X again
                if i and isinstance(c[i - 1], Token) and c[i - 1].type == "OR_PP":
                    joined.append(len(events))
                events.append(event_of(subject, x, self._span(meta)))
        return Trigger(events=tuple(shared_source(events, joined)), window=window, span=self._span(meta))

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

    def field_of(self, meta, c):
        """"your field", "your opponent's field", "the field", "either player's field" (6.2)."""
        owner = next((p[1] for p in pairs_of(c) if p[0] == "owner"), None)
        return {Player.YOU: [("place", "your_field")], Player.OPPONENT: [("place", "opponent_field")]}.get(owner, [])

    def field_word(self, meta, c):
        return pairs_of(c)

    def ev_attacks(self, meta, c):
        what = next((x for x in c if isinstance(x, Selector)), None)     # "(has) attacked with X" (10.1.2)
        return self._pred("attacks", c, **({"what": what} if what is not None else {}))

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
        return self._pred("leaves_break" if "break" in c else "leaves", c)

    def break_w(self, meta, c):
        return "break"

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
        """"plays X onto the field (other than from his/her hand)", "play X from your hand onto the field" (11.4):
        the zone it is played from, when said, is the event's place."""
        quals = ("not_from_hand",) if "not_from_hand" in c else ()
        what = next(x for x in c if isinstance(x, Selector))
        fields: dict[str, Any] = {"what": what}
        if what.zone not in (None, "field"):           # "a Forward from your hand": played from there
            fields.update(what=replace(what, zone=None, owner=None), place=what.zone)
        return EvPred("plays", fields, quals)

    def ev_uses(self, meta, c):
        return EvPred("uses", {"what": next(x for x in c if isinstance(x, Selector))})

    def ev_discards(self, meta, c):
        many = any(isinstance(t, Token) and t.type == "NUMBER" for t in c)
        amount = Threshold("count", _cmp_of(c), int(next(str(t) for t in c if isinstance(t, Token) and t.type == "NUMBER"))) \
            if many else None
        return self._pred("discards", c, amount=amount)

    def ev_draws(self, meta, c):
        return EvPred("draws")

    def ev_searches(self, meta, c):
        n = int(next(str(t) for t in c if isinstance(t, Token) and t.type == "NUMBER"))
        return EvPred("searches", {"amount": Threshold("count", _cmp_of(c), n)})

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
        if by is not None and any(isinstance(t, Token) and t.type == "DMG_DEALER" for t in c):
            by = replace(by, count=None)                 # "by a Forward": which kind of card, not how many (6.4)
        return self._pred("chosen", c, **({"by": by} if by is not None else {}))

    def pp_blocked(self, meta, c):
        by = next((x for x in c if isinstance(x, Selector)), None)
        return EvPred("blocked", {"by": by} if by is not None else {})

    def pp_put(self, meta, c):
        """"put (from the field / the deck / your hand) into the Break Zone / your Damage Zone (by X)" (7.8,
        7.10, 11.8.16): where it came from and which zone, each said once."""
        origin = next((x for x in c if isinstance(x, str) and not isinstance(x, Token)
                       and x in ("field", "deck", "hand")), None)
        pairs = pairs_of(c)
        zones = [p[1] for p in pairs if p[0] == "zone"]
        zone = zones[0] if zones else None
        # whose zone it is put into ("into your Damage Zone"): the owner said with the first zone
        cut = [i for i, p in enumerate(pairs) if p[0] == "zone"][1:2] or [len(pairs)]
        owner = next((p[1] for p in pairs[:cut[0]] if p[0] == "owner" and isinstance(p[1], Player)), None)
        into = {"to_player": owner} if owner is not None and zone == "damage" else {}
        if origin is None and len(zones) > 1 and zones[1] in ("hand", "deck"):   # "… into the Break Zone from your hand"
            origin = zones[1]
        if zone == "break" and origin == "deck":
            return self._pred("deck_to_break", c, place="deck")
        if zone == "break" and origin == "field":
            return self._pred("field_to_break", c, place="field")
        return self._pred(f"to_{zone}", c, **({"place": origin} if origin else {}), **into)

    def o_field(self, meta, c):
        return "field"

    def o_deck(self, meta, c):
        return "deck"

    def o_hand(self, meta, c):
        return "hand"

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
        word = {">": "more", "<": "less"}[next(x for x in c if x in (">", "<"))]
        return EvPred("dealt_damage", {}, (f"{word}_than_power",))

    def up(self, meta, c):
        return "increased"

    def down(self, meta, c):
        return "decreased"

    def pp_discarded(self, meta, c):
        return self._pred("discarded", c, place="hand")

    def pp_dulled(self, meta, c):
        return self._pred("dulled", c)

    def pp_frozen(self, meta, c):
        return self._pred("frozen", c)

    def pp_activated(self, meta, c):
        return self._pred("activated", c)

    def pp_added(self, meta, c):
        """"added to your hand (from the Break Zone / your deck …)" (7.11): the event named by the zone left."""
        zone = dict(p for p in pairs_of(c) if p[0] == "zone").get("zone")
        if zone is None:
            return EvPred("added_to_hand")
        return EvPred(f"added_from_{zone}", {"place": zone})

    def pp_reduced(self, meta, c):
        return EvPred("reduced")

    def pp_power_changed(self, meta, c):
        way = next(x for x in c if x in ("increased", "decreased"))
        return self._pred("power_changed", c, cause=way)



def shared_source(events: list[Event], joined: list[int]) -> list[Event]:
    """"is broken or removed from the game by your opponent's Summons" (6.4): the source said after the last
    of participles joined by "or" is the source of each of them (`joined`: the indices of the events an "or"
    joined to the one before)."""
    out = list(events)
    for i in sorted(joined, reverse=True):
        if out[i].by is not None and out[i - 1].by is None:
            out[i - 1] = replace(out[i - 1], by=out[i].by)
    return out


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
           "legacy_qualifiers", "shared_source", "subject_of", "timing_of"]
