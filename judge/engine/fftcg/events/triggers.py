"""Auto-abilities: which ones an event triggers (11.8.3), held until a player would gain priority.

Events are named by the engine (`enters`, `attacks`, `blocks`, `to_break`, `leaves`,
`deals_damage_player`, `phase_begin:<phase>`, `end_of_turn`, `cast`); an auto-ability's trigger
comes from its AST (`Ability.timing` and the event's subject). The ability's own card is looked
back at when it has just left the field (11.8.16: "when X is put from the field into the Break Zone").
"""

from __future__ import annotations

from judge.engine.fftcg import ongoing
from judge.engine.fftcg.events.delayed import phase_event, turn_matches
from judge.engine.fftcg.log import Log, not_modelled
from judge.engine.fftcg.query import (
    _per_card,
    abilities,
    condition_holds,
    damage_gate,
    gated,
    matches,
    printed,
)
from judge.engine.fftcg.state import StackItem, State, Trigger
from judge.engine.kernel.values import evolve as replace
from judge.text.ast import Ability, AbilityKind, Condition, Conditional, Event, Player, Selector, walk

# Ability.timing (as the grammar names it; several joined by "|") → engine event
_TIMINGS: dict[str, str] = {
    "enters_field": "enters", "attacks": "attacks", "blocks": "blocks", "put_into_break_zone": "to_break",
    "leaves_field": "leaves", "deals_damage": "deals_damage_player", "you_cast": "cast",
    "dulled": "dulled", "activated": "activated", "forms_party": "party_attacks", "is_broken": "broken",
    "is_blocked": "blocked", "is_dealt_damage": "dealt_damage", "returned_to_hand": "returned",
    "removed_from_game": "removed", "you_receive_damage": "you_damaged", "opponent_casts": "opp_cast",
    "beginning_of_main": "phase_begin:main1", "beginning_of_attack": "phase_begin:attack",
    "beginning_of_end": "phase_begin:end", "end_of_turn": "end_of_turn",
    "priming": "priming", "primes_into": "primes_into", "is_chosen": "chosen",
    "opponent_discards": "opp_discards", "counter_removed": "counter_removed",
    "put_into_damage_zone": "to_damage", "uses_ability": "uses",
}


#: timings that wait for more than one engine event: damage is dealt to a player or to a Forward (6.5)
_ALSO: dict[str, tuple[str, ...]] = {"deals_damage": ("deals_damage_forward",)}


#: "the second / third … card you cast this turn" (the grammar's ORDINAL words)
ORDINALS = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7}
#: what an Nth cast counts: every card, or the cards of one type (5.2.3: Characters are the three types)
_COUNTED = {"card": None, "character": ("forward", "backup", "monster"), "forward": ("forward",),
            "backup": ("backup",), "monster": ("monster",), "summon": ("summon",)}


def nth_event(timing: str) -> tuple[str, int, tuple[str, ...] | None] | None:
    """An "Nth time this turn" trigger (the grammar's `you_cast_<nth>_<type>`, `you_receive_<nth>_damage`):
    (the engine event, N, the card types counted — None: all), or None. Each occurrence of the event is
    counted in the turn's record (11.8.6: one per card cast, one per point of damage); the ability
    triggers on the one that makes the count N."""
    parts = timing.split("_")
    if len(parts) != 4 or parts[2] not in ORDINALS:
        return None
    casts = {("you", "cast"): "cast", ("opponent", "casts"): "opp_cast"}.get((parts[0], parts[1]))
    if casts is not None and parts[3].removesuffix("s") in _COUNTED:
        return casts, ORDINALS[parts[2]], _COUNTED[parts[3].removesuffix("s")]
    if parts[:2] == ["you", "receive"] and parts[3] == "damage":
        return "you_damaged", ORDINALS[parts[2]], None
    return None


def _nth_fits(s: State, ab: Ability, event: str, ctrl: str) -> bool:
    """Whether this occurrence of `event` is the Nth of the turn an "Nth time" trigger waits for (True when
    the ability waits for no such count)."""
    for t in (ab.timing or "").split("|"):
        nth = nth_event(t)
        if nth is None or nth[0] != event:
            continue
        _, n, types = nth
        if event in ("cast", "opp_cast"):
            mine = event == "cast"            # opp_cast: heard by the caster's opponent, counting the caster's
            done = [u for u, p in s.happened("cast") if (p == ctrl) == mine and u is not None and (
                types is None or (s.card(u) is not None and s.card(u).type in types))]
            last = s.happened("cast")[-1][0] if s.happened("cast") else None
            # the card just cast must be one of those counted: the third Summon is a Summon
            return len(done) == n and last in done
        return len([1 for _, p in s.happened("damaged") if p == ctrl]) == n
    return True


def events_of(ab: Ability) -> frozenset[str]:
    """The engine events an auto-ability waits for (empty when the engine does not know its trigger)."""
    at = ab.trigger.at if ab.trigger is not None else None
    timings = [t for t in (ab.timing or "").split("|") if t]
    found = [phase_event(t, ab.phase_number, at) or _TIMINGS.get(t) or (nth_event(t) or (None,))[0]
             for t in timings]
    return frozenset((*(e for e in found if e), *(e for t in timings for e in _ALSO.get(t, ()))))


def _zone_owner_fits(s: State, ab: Ability, event: str, to: str | None, ctrl: str) -> bool:
    """"When a card is put into your Damage Zone": whose zone the card went to (`to`, 7.8) fits the player the
    trigger names (none named: either). An ability used only as an EX Burst is not an auto-ability that this
    event triggers: it is used as the card is put there by damage (11.10.2, effects/exburst.py)."""
    if event != "to_damage":
        return True
    if "ex_burst" in ab.restrictions:
        return False
    trig = ab.trigger
    whose = [e.to_player for e in (trig.events if trig is not None else ()) if e.kind == "put_into_damage_zone"]
    return to is None or not whose or any(w is None or (to == ctrl) == (w == Player.YOU) for w in whose)


def _use_fits(ab: Ability, event: str, to: str | None) -> bool:
    """"When X uses an action ability / a special ability": the kind of ability used (`to`: action or special,
    11.6, 11.7) is one the trigger names (an ability of no kind named: either)."""
    if event != "uses":
        return True
    trig = ab.trigger
    kinds = {k for e in (trig.events if trig is not None else ()) if e.kind == "uses_ability" and e.what is not None
             for k in e.what.card_types}
    return not kinds or kinds == {"ability"} or f"{to}_ability" in kinds


def _damage_to_fits(s: State, ab: Ability, event: str, to: str | None, ctrl: str, uid: str) -> bool:
    """"When X deals damage to your opponent / to a Forward opponent controls": whom the damage was dealt to
    (6.5.1, 5.2.6.1) fits what the trigger names; a trigger naming neither hears damage to either."""
    trig = ab.trigger
    evs = [e for e in (trig.events if trig is not None else ()) if e.kind == "deals_damage"]
    if not evs:
        return True
    for ev in evs:
        if not ev.to and ev.to_player is None:
            return True
        if event == "deals_damage_player" and ev.to_player is not None:
            return to is None or (to == ctrl) == (ev.to_player == Player.YOU)
        if event == "deals_damage_forward" and to is not None and \
                any(matches(s, to, sel, ctrl, uid) for sel in ev.to):
            return True
    return False


def _subject(ab: Ability) -> Selector | None:
    """Who the event must happen to: None (this card) or a selector ("a Forward you control")."""
    on = ab.trigger_on                      # the grammar's subject of "When X …" (11.8.1)
    if on is not None and (not on.self_ref or on.either):    # "When X or a Forward you control …"
        return on
    cond = ab.condition
    sel = getattr(cond, "selector", None)            # the cards a condition is about, where it names any
    if sel is not None and not sel.self_ref:
        return sel
    return None


def is_auto(ab: Ability) -> bool:
    return ab.kind in (AbilityKind.AUTO, AbilityKind.TRIGGERED)


def _card_events(d) -> frozenset[str]:
    """Every event some auto-ability printed on the card listens to (computed once per card)."""
    return frozenset(e for ab in d.abilities if is_auto(ab) for e in events_of(ab))


#: events heard by the cards of one player rather than by the card the event happened to
PLAYER_EVENTS = ("phase_begin", "end_of_turn", "you_damaged", "cast", "opp_cast", "opp_discards")


def conditional_auto(ab: Ability) -> Condition | None:
    """The condition of a conditional auto-ability, "(trigger event), if (condition), (effect)" (11.8.13): checked
    as it triggers, so it does not trigger while the condition fails. An ability that chooses first ("choose 1
    Forward. If …, deal it …") is not written so: it triggers, its targets are chosen as it goes on the stack, and
    the "if" is a condition of one of its effects, read only as that effect resolves."""
    if len(ab.effects) != 1 or not isinstance(ab.effects[0], Conditional) or ab.effects[0].instead:
        return None
    e = ab.effects[0]
    if not e.selects and any(isinstance(n, Selector) and n.choose == "choose" and not n.self_ref and n.ref is None
                             for x in e.effects for n in walk(x)):
        return None
    return e.condition


def _limits(s: State, uid: str, ab: Ability, ctrl: str, log: Log) -> tuple[State, bool]:
    """What the ability's own text says about when it triggers (2.1): only during its controller's (or the
    opponent's) turn, only once per turn, not while a condition holds (11.8.13)."""
    r = ab.restrictions
    if ("trigger_your_turn_only" in r and ctrl != s.turn_player) or \
            ("trigger_opponent_turn_only" in r and ctrl == s.turn_player):
        return s, False
    if "not_trigger_if" in r and ab.condition is not None:
        holds = condition_holds(s, ab.condition, ctrl, uid)
        if holds is None:
            not_modelled(log, f'whether "{ab.condition.text}" holds, which stops {s.name_of(uid)}\'s ability from '
                              f'triggering')
        if holds:
            return s, False
    if "trigger_once_per_turn" in r:
        key = f"{uid}:{printed(s, uid).index(ab) if ab in printed(s, uid) else ab.text}"
        if (key, ctrl) in s.happened("triggered"):
            log.add(f'{s.name_of(uid)}: "{ab.text}" has already triggered this turn; it triggers only once per turn',
                    "card_text_precedence", "auto_trigger")
            return s, False
        s = s.record("triggered", key, ctrl)
    return s, True


def _hears(s: State, ab: Ability, uid: str, event: str, subject: str | None, player: str | None) -> bool:
    """Whether the ability of `uid` listens to this occurrence: a phase of the turn it names, an event of
    its controller, its own event (looked back at once it has left, 11.8.16), or one that happened to a
    card its trigger names."""
    c = s.char(uid)
    sel = _subject(ab)
    if event.startswith(("phase_begin", "end_of_turn")):        # whose turn it listens to (delayed.py)
        return c is not None and turn_matches(ab, c.controller, s.turn_player)
    if event.startswith(PLAYER_EVENTS):
        return c is not None and c.controller == (player or s.turn_player)
    if sel is None or (sel.self_ref and subject == uid):
        return subject == uid
    if any(t.stat == "count" for t in sel.thresholds):     # "1 or more Forwards …": each card is one of them
        sel = replace(sel, thresholds=tuple(t for t in sel.thresholds if t.stat != "count"))
    return c is not None and subject is not None and matches(s, subject, sel, c.controller, uid)


# ---- "When X is chosen by …" ----------------------------------------------------------------------------

#: what of an "is chosen" event the engine reads: who chose (its `by`), "for the first time in that turn",
#: and a "During …" window of whose turn it is
CHOSEN_QUALIFIERS = frozenset({"first_in_turn"})


def chosen_event(ab: Ability) -> Event | None:
    trig = ab.trigger
    return next((e for e in (trig.events if trig is not None else ()) if e.kind == "is_chosen"), None)


def discard_readable(ab: Ability) -> bool:
    """"When your opponent discards … due to your Summons or abilities": the engine raises that event for discards
    made by its player's effects only, so a trigger on any discard (hand size, costs) is not read; nor is one on a
    count of cards other than "1 or more" (the event is raised once per discard, its count not compared)."""
    trig = ab.trigger
    evs = [e for e in (trig.events if trig is not None else ()) if e.kind == "opponent_discards"]
    return all(e.by is not None and e.by.owner == Player.YOU and not e.qualifiers
               and (e.amount is None or (e.amount.op, e.amount.value) == (">=", 1)) for e in evs)


def chosen_readable(ab: Ability) -> bool:
    """Whether the engine reads all of an "is chosen" trigger (support.py asks)."""
    from judge.engine.fftcg import stackref

    ev = chosen_event(ab)
    if ev is None:
        return True
    window = ab.trigger.window if ab.trigger is not None else None
    return (ev.by is None or (stackref.is_stack_selector(ev.by) and ev.by.about is None)) \
        and set(ev.qualifiers) <= CHOSEN_QUALIFIERS and (window is None or window.phase is None)


def _chooser_fits(s: State, ab: Ability, uid: str, ctrl: str, cause: StackItem, log: Log) -> bool:
    """The Summon or ability that chose is the one the trigger names ("by your opponent's Summons or
    abilities", "by a Summon"), in the turn window it names, the first time that turn if it says so."""
    from judge.engine.fftcg import stackref

    ev = chosen_event(ab)
    if ev is None or not chosen_readable(ab):
        return False
    if ev.by is not None and not stackref.matches(s, stackref.ref_of(cause), ev.by, ctrl, None):
        return False
    window = ab.trigger.window
    if window is not None and window.whose in (Player.YOU, Player.OPPONENT) and \
            (ctrl == s.turn_player) != (window.whose == Player.YOU):
        return False
    if "first_in_turn" in ev.qualifiers:
        before = [p for u, p in s.happened("chosen") if u == uid and p == cause.controller]
        if len(before) > 1:
            log.add(f'{s.name_of(uid)} has already been chosen this turn that way: "{ab.text}" triggers only the first '
                    f"time in the turn", "card_text_precedence", "auto_once_per_event")
            return False
    return True


def chosen(s: State, item: StackItem, log: Log) -> State:
    """The cards a Summon or ability chose as it was put on the stack (11.3.3, 11.6.5, 11.8.9): each choosing is
    an event "When X is chosen by …" auto-abilities trigger on (11.8.3), once per Summon or ability for an
    ability that watches a group ("When 1 or more Forwards you control are chosen …", 11.8.6)."""
    from judge.engine.fftcg import stackref

    seen: list[str] = []
    for sel, uids in item.targets:
        if not stackref.is_stack_selector(sel):
            seen.extend(u for u in uids if u in s.objs and u not in seen)
    for u in seen:
        s = s.record("chosen", u, item.controller)
        s = emit(s, "chosen", u, log, cause=item)
    return s


def _counter_fits(ab: Ability, name: str | None) -> bool:
    """"When a Warp Counter is removed from …": the counters removed are of the name the trigger gives (6.7.2)."""
    trig = ab.trigger
    evs = [e for e in (trig.events if trig is not None else ()) if e.kind == "counter_removed"]
    named = [e.what.name for e in evs if e.what is not None and e.what.name]
    return not named or any(n.casefold() == (name or "").casefold() for n in named)


def emit(s: State, event: str, subject: str | None, log: Log, *, extra_sources: tuple[str, ...] = (),
         player: str | None = None, cause: StackItem | None = None, to: str | None = None) -> State:
    """Collect the auto-abilities `event` triggers (11.8.3, 11.8.6: once per occurrence).

    `to`: for damage dealt (`deals_damage_player`, `deals_damage_forward`), the player or the Forward it was
    dealt to; the trigger's "to your opponent" / "to a Forward …" is read against it. For `counter_removed`,
    the name of the counters removed; for `to_damage`, the player whose Damage Zone the card went to; for
    `uses`, the kind of ability the card used (action, special).

    Player events ("At the beginning of your Main Phase", "When you cast", "When you receive a point
    of damage") trigger the abilities of the cards `player` controls (default: the turn player).
    """
    sources = [c.uid for c in s.field]
    if subject is not None and subject not in sources:
        sources.append(subject)                   # a card that just left still sees its own leaving
    sources.extend(u for u in extra_sources if u not in sources)
    found: list[Trigger] = []
    for uid in sources:
        d = s.card(uid)
        if d is None or (event not in _per_card("events", d, _card_events)
                         and not ongoing.granted(s, uid, gated)):      # a gained "When …" ability (11.12.4)
            continue
        on_field = s.char(uid) is not None
        abs_ = abilities(s, uid) if on_field else printed(s, uid)
        for ab in abs_:
            if not is_auto(ab) or event not in events_of(ab) or not _hears(s, ab, uid, event, subject, player):
                continue
            ctrl = s.char(uid).controller if on_field else s.objs[uid].owner
            if event.startswith("deals_damage") and not _damage_to_fits(s, ab, event, to, ctrl, uid):
                continue
            if event == "counter_removed" and not _counter_fits(ab, to):
                continue
            if not _nth_fits(s, ab, event, ctrl) or not _zone_owner_fits(s, ab, event, to, ctrl) or \
                    not _use_fits(ab, event, to):
                continue
            about = None
            if event == "uses" and cause is not None:     # "…, cancel its effect": the ability just used
                from judge.engine.fftcg.stackref import ref_of

                about = ref_of(cause)
            if event == "chosen" and cause is not None:
                from judge.engine.fftcg.stackref import ref_of

                about = ref_of(cause)
                if not _chooser_fits(s, ab, subject or "", ctrl, cause, log) or \
                        any(t.source == uid and t.ability is ab and t.about == about for t in (*s.pending, *found)):
                    continue
            s, go = _limits(s, uid, ab, ctrl, log)
            if not go:
                continue
            cond = conditional_auto(ab)
            if cond is not None and condition_holds(s, cond, ctrl, uid) is False:
                log.add(f'{s.name_of(uid)}: "{ab.text}" does not trigger: "{cond.text}" does not hold',
                        "conditional_auto")
                continue
            found.append(Trigger(source=uid, controller=ctrl, ability=ab, subject=subject, about=about,
                                 label=f'{s.name_of(uid)}: "{ab.text or ab.timing_text or event}"'))
    waiting = [t for ev, t in s.delayed if ev == event]
    if waiting:                                  # 11.8.17.2: a delayed auto-ability triggers once
        s = replace(s, delayed=tuple((ev, t) for ev, t in s.delayed if ev != event))
        found.extend(waiting)
        for t in waiting:
            log.add(f"{t.label}: the delayed auto-ability's moment has come; it triggers this once",
                    "delayed_once")
    if not found:
        return s
    for t in found:
        extra = {"enters": ("enters_field_trigger",), "attacks": ("attack_triggers",), "leaves": ("zone_trigger",),
                 "to_break": ("zone_trigger",), "returned": ("zone_trigger",), "removed": ("zone_trigger",),
                 "blocks": ("block_triggers",), "blocked": ("block_triggers",),
                 "deals_damage_player": ("damage_triggers",), "you_damaged": ("auto_once_per_event",),
                 "deals_damage_forward": ("auto_once_per_event",),
                 "chosen": ("auto_once_per_event",)}.get(event, ())
        gate = ("damage_field_ability", "damage_keyword") if damage_gate(t.ability) is not None else ()
        # 11.8.6: one event of several occurrences (two Forwards put into the Break Zone at once) triggers the
        # ability once per occurrence; the same ability of the same card already waiting says so
        again = any(w.source == t.source and w.ability is t.ability for w in s.pending)
        log.add(f"{t.label} triggers" + (" again, once for each occurrence of its event" if again else "")
                + "; it waits until a player would gain priority", "auto_trigger", *extra, *gate,
                *(("auto_once_per_event",) if again and "auto_once_per_event" not in extra else ()), "auto_order")
    return replace(s, pending=s.pending + tuple(found))
