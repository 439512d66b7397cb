"""Delayed auto-abilities and the phase triggers of printed auto-abilities ("At the end of …", "At the
beginning of …").

A delayed auto-ability is created by a resolving Summon or ability (11.8.17, 11.8.17.1): it waits for
its moment and triggers once (11.8.17.2). Its source is the Summon, or the source of the ability
that created it, and its controller is the player who controlled that (11.8.17.4-11.8.17.5). It keeps
affecting the card the effect chose, even if that card's characteristics change, but stops as soon as
the card leaves the zone it was in (11.8.17.3): a card that leaves and comes back is a new card (7.4).
One created in the End Phase after "at the end of the turn" abilities were put on the stack (9.5.1.1)
waits for a moment that has already passed, and never triggers.

Printed phase triggers name whose turn they listen to ("during each of your turns", "your opponent's
Attack Phase", "each player's turn") and which Main Phase (1 or 2): `phase_event` and `turn_matches`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from judge.engine.fftcg.events import acted
from judge.engine.fftcg.log import Log, not_modelled
from judge.engine.fftcg.state import Phase, State, Trigger, where
from judge.engine.kernel.values import evolve as replace
from judge.text.ast import Ability, AbilityKind, Effect, Player, Selector

#: the printed timings (as the grammar names them) that wait for a phase or the end of a turn
_PHASE_TIMINGS = {"beginning_of_main": "phase_begin:main1", "beginning_of_attack": "phase_begin:attack",
                  "beginning_of_end": "phase_begin:end", "end_of_turn": "end_of_turn"}


def phase_event(timing: str, phase_number: int | None, at: Any = None) -> str | None:
    """The engine event a phase timing waits for: Main Phase 2 is told apart from Main Phase 1 (9.3). A
    trigger read as a moment of the turn (`at`: "at the beginning of your Main Phase 1", beside another
    event) waits for that moment."""
    if timing == "at_phase" and at is not None:
        if at.edge == "end" and at.phase == "turn":
            return "end_of_turn"
        if at.edge != "beginning" or at.phase not in ("main", "attack", "end"):
            return None
        timing = f"beginning_of_{at.phase}"
        phase_number = at.number if at.phase == "main" else phase_number
    event = _PHASE_TIMINGS.get(timing)
    if event == "phase_begin:main1" and phase_number == 2:
        return "phase_begin:main2"
    return event


def turn_matches(ab: Ability, controller: str, turn_player: str) -> bool:
    """Whether a printed phase trigger listens to this turn: "your" turns (the default), "your opponent's"
    turns, or "each player's" turn (9: the phases of whichever player's turn it names)."""
    if ab.turn == Player.OPPONENT:
        return controller != turn_player
    if ab.turn == Player.ANY:
        return True
    return controller == turn_player


@dataclass(frozen=True, kw_only=True)
class Bound(Effect):
    """The effects of a delayed auto-ability bound to the card chosen when it was created (11.8.17.3)."""

    effects: tuple[Effect, ...]
    card: str
    zone: str
    ts: int | None = None

    def still_there(self, s: State) -> bool:
        """Whether the card it affects is still the card it was (11.8.17.3: not once it left that zone)."""
        zone = where(s, self.card)[0]
        char = s.char(self.card)
        return zone == self.zone and not (zone == "field" and (char is None or char.ts != self.ts))


def _bound_selector(zone: str) -> Selector:
    return Selector(count=1, ref="it", zone=None if zone == "field" else zone)


def _rebind(node: Any, keys: set[Selector], zone: str) -> Any:
    """The effect tree with the chosen targets' selectors (and "it"/"them") turned into "that card"."""
    if isinstance(node, Selector):
        bare = replace(node, span=None)
        if bare in keys or node.ref in ("it", "them"):
            return _bound_selector(zone)
        return node
    if isinstance(node, tuple):
        return tuple(_rebind(x, keys, zone) for x in node)
    if isinstance(node, Effect) and dataclasses.is_dataclass(node):
        changes = {f.name: _rebind(getattr(node, f.name), keys, zone) for f in dataclasses.fields(node)
                   if isinstance(getattr(node, f.name), Selector | tuple | Effect)}
        return replace(node, **changes) if changes else node
    return node


def create(s: State, e: Any, ctx: Any, log: Log) -> State:
    """A resolving effect creates a delayed auto-ability (11.8.17.1) that waits for its moment."""
    summon = s.card(ctx.source) is not None and s.card(ctx.source).type == "summon"
    source_key = "delayed_summon_source" if summon else "delayed_ability_source"
    first = next(iter(ctx.targets.values()), ())
    subject = first[0] if first else ctx.subject
    effects = tuple(e.effects)
    if e.timing == "when_do_so":
        ab = Ability(kind=AbilityKind.AUTO, effects=effects, text=e.timing_text)
        trig = Trigger(source=ctx.source, controller=ctx.controller, ability=ab,
                       label=f'{ctx.label} - "{e.timing_text}"', subject=subject, about=getattr(ctx, "about", None),
                       acted=acted.records(s, ctx))
        log.add(f'"{e.timing_text}": it was done, so the delayed auto-ability triggers', "delayed_auto")
        return replace(s, pending=(*s.pending, trig))
    if entering_subject(e) is not None:
        return _entered_now(s, e, ctx, log)
    event = phase_event(e.timing, e.phase_number)
    if event is None:
        not_modelled(log, f'a delayed auto-ability waiting for "{e.timing_text}" ({ctx.label})', "delayed_auto")
        return s
    if subject is not None and subject in s.objs:
        zone = where(s, subject)[0]
        char = s.char(subject)
        bound = _rebind(effects, {replace(k, span=None) for k in ctx.targets}, zone)
        if bound != effects:                      # it is about that card: bind it (11.8.17.3)
            effects = (Bound(effects=bound, card=subject, zone=zone, ts=char.ts if char else None),)
        else:
            subject = None
    if s.phase == Phase.END and event in ("end_of_turn", "phase_begin:end"):
        log.add(f'"{e.timing_text}" was created after this turn\'s end-of-turn abilities were put on the stack: '
                f"its moment has passed, so it never triggers", "delayed_generated", "end_phase_triggers")
        return s
    ab = Ability(kind=AbilityKind.AUTO, effects=effects, text=e.timing_text)
    trig = Trigger(source=ctx.source, controller=ctx.controller, ability=ab,
                   label=f'{s.name_of(ctx.source)} - "{e.timing_text}"', subject=subject)
    about = f" (about {s.name_of(subject)})" if subject else ""
    log.add(f'A delayed auto-ability is created and waits: "{e.timing_text}"{about}; its source is '
            f"{s.name_of(ctx.source)} and {ctx.controller} controls it", "delayed_generated", source_key)
    who = _whose(e)
    if not _now(who, ctx.controller, s.turn_player, new_turn=False):
        event = f"{event}|{who}"                  # waits for a later turn first ("your next turn")
    return replace(s, delayed=(*s.delayed, (event, trig)))


def entering_subject(e: Any) -> Selector | None:
    """"Play 1 Character …. When it enters the field, …" / "Play {Name} onto the field. When {Name} enters the
    field, …": the card the delayed auto-ability waits for — the one the effect played ("it") or the card itself;
    None for any other delayed ability."""
    events = e.trigger.events if e.timing == "enters_field" and e.trigger is not None else ()
    sel = events[0].subject if len(events) == 1 else None
    return sel if sel is not None and (sel.self_ref or sel.ref in ("it", "them")) else None


def _entered_now(s: State, e: Any, ctx: Any, log: Log) -> State:
    """The card it waits for entered the field as this effect resolved, before the sentence creating it was
    reached (11.11.5), so it triggers now, about that card (11.8.17.1); a card that did not enter the field by
    this effect never does."""
    sel = entering_subject(e)
    entered = [uid for kind, uid, _ in acted.records(s, ctx) if kind == "entered" and uid is not None
               and s.char(uid) is not None]
    if sel.self_ref:
        hits = [ctx.source] if ctx.source in entered else []
    else:
        hits = [u for u in entered if u in ctx.picked] or (entered if len(entered) == 1 else [])
    if not hits:
        log.add(f'"{e.timing_text}": no such card entered the field by this effect, so it never triggers',
                "delayed_auto")
        return s
    ab = Ability(kind=AbilityKind.AUTO, effects=tuple(e.effects), text=e.timing_text)
    for uid in hits:
        log.add(f'"{e.timing_text}": {s.name_of(uid)} entered the field by this effect, so the delayed '
                "auto-ability triggers", "delayed_auto", "delayed_generated")
        s = replace(s, pending=(*s.pending, Trigger(source=ctx.source, controller=ctx.controller, ability=ab,
                                                    label=f'{ctx.label} - "{e.timing_text}"', subject=uid)))
    return s


def _whose(e: Any) -> str:
    """Whose turn a delayed ability's moment belongs to: "next" (your next turn), "opp", "you", or any."""
    if e.next_turn:
        return "next"
    return {Player.OPPONENT: "opp", Player.YOU: "you"}.get(e.turn, "")


def _now(who: str, controller: str, turn_player: str, *, new_turn: bool) -> bool:
    if who == "next":
        return new_turn and turn_player == controller
    if who == "opp":
        return turn_player != controller
    if who == "you":
        return turn_player == controller
    return True


def new_turn(s: State, log: Log) -> State:
    """A new turn begins: delayed abilities waiting for "your next turn" or the other player's turn now wait
    for this turn's moment (11.8.17)."""
    out = []
    for ev, t in s.delayed:
        if "|" in ev:
            event, who = ev.split("|", 1)
            if _now(who, t.controller, s.turn_player, new_turn=True):
                log.add(f"{t.label}: this is the turn it waits for", "delayed_auto")
                ev = event
        out.append((ev, t))
    return replace(s, delayed=tuple(out)) if out else s


__all__ = ["Bound", "create", "new_turn", "phase_event", "turn_matches"]
