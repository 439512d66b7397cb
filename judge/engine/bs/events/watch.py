"""Effects that watch other cards: "when one of your spirits is destroyed", "when you reduce your
opponent's life with this spirit's attack", "refresh this spirit when one of your purple spirits is
destroyed" (a trigger written inside a constant ability, active while its timing holds).

An event (its typed name, the timing an ability triggered by it would carry: when_destroyed,
when_attacks, when_blocks, when_life_reduced, when_summoned, when_exhausted, …) happens to some
cards (the subjects, with their last-known facts, 8-10-1). Every card on the field, and every card
the event took off it, is asked whether one of its active abilities watches that event for a
subject meeting its selector (no selector: the card itself). Each such ability activates once,
however many subjects the event had (8-6-3 / 9-1-5-4).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from judge.engine.bs import derive, record
from judge.engine.bs.continuous import while_paying
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.events import qualifiers
from judge.engine.bs.events.core_events import AREAS, EVENT, Arrival, _meets
from judge.engine.bs.events.effect_events import ACTIVE, stamp
from judge.engine.bs.events.effect_events import handles as performer_known
from judge.engine.bs.events.effect_events import holds as performed_so
from judge.engine.bs.events.facts import facts, matches_facts
from judge.engine.bs.events.happened import spends_hold as paid_so
from judge.engine.bs.state import State, Work
from judge.engine.bs.waiting import push
from judge.text import ast
from judge.text.ast import AbilityKind


def _window(state: State, holder: str, ab: Any, ctrl: str | None) -> bool:
    """Whether a watching ability's window ("during your turn") holds: for a card the same event took
    off the field, seen from its controller as it last was (8-10-1)."""
    if state.field_card(holder) is not None:
        return bool(derive.constant_active(state, holder, ab))
    check = derive.CONSTANT_TIMINGS.get(ab.timing)
    return ctrl is not None and check is not None and bool(
        check(state, holder, state.turn_player == ctrl, state.step.value))


def _holds_now(state: State, holder: str, cond: ast.Condition) -> bool:
    """Whether the condition around a watched event holds on the board now (undecided: it does not)."""
    from judge.engine.bs import conditions
    from judge.engine.bs.continuous import _View

    item = Work(kind="effects", source=holder, controller=state.controller(holder) or "A", label=holder)
    return conditions.holds(_View(state), cond, item) is True  # type: ignore[arg-type]


def _watching(state: State, holder: str, level: int | None, event: str,
              ctrl: str | None = None) -> Iterator[tuple[int, Any, Any, tuple]]:
    """(ability index, ability, the event condition, the effects it sets off) of a card watching `event`
    (`level`: the last-known level of a card the event took off the field, which still sees it)."""
    d = state.card_def(holder)
    if d is None:
        return
    lv = derive.level(state, holder) if level is None else level
    on_field = state.field_card(holder) is not None
    pool = derive.active_abilities(state, holder) if on_field and level is None else list(enumerate(d.abilities))
    for idx, ab in pool:
        if ab.levels and lv not in ab.levels:
            continue
        if while_paying(ab):      # "when you use a magic card, count … when calculating cost reduction"
            continue
        cond = ab.condition
        if ab.kind == AbilityKind.TRIGGERED and is_event(cond, event) and (
                ab.timing == "event" or ((on_field or level is not None) and _window(state, holder, ab, ctrl))):
            yield idx, ab, cond, ab.effects      # "During <window>, when <event>, …" (the window holds)
        elif ab.kind == AbilityKind.CONSTANT and on_field and derive.constant_active(state, holder, ab):
            if is_event(cond, event):
                yield idx, ab, cond, ab.effects
                continue
            for n, eff in enumerate(ab.effects):
                if isinstance(eff, ast.Conditional) and is_event(eff.condition, event):
                    # "When X, …" whose effects the grammar left as the sentences that follow it
                    yield idx, ab, eff.condition, eff.effects or ab.effects[n + 1:]
                elif isinstance(eff, ast.Conditional) and eff.condition.kind != "event" and not eff.instead:
                    # "If this spirit has a soul core on it, refresh it when X": watched while the board
                    # meets the condition
                    inner = [e for e in eff.effects if isinstance(e, ast.Conditional) and is_event(e.condition, event)]
                    if inner and _holds_now(state, holder, eff.condition):
                        for e in inner:
                            yield idx, ab, e.condition, e.effects


#: Condition kinds that are themselves an event (the kind says which).
EVENT_KINDS = {"battle_end": "battle_end"}


def event_part(cond: ast.Condition | None) -> tuple[ast.Condition, tuple[ast.Condition, ...]] | None:
    """"When you have 3 or fewer life and you reduce your opponent's life": (the event, the conditions the
    board must meet when it happens) of a condition of kind "all" made of one event and conditions the
    board decides (8-6-1: the effect activates when that event occurs in that situation)."""
    if cond is None or cond.kind != "all":
        return None
    from judge.engine.bs import conditions

    events = [c for c in cond.conditions if c.kind == "event"]
    rest = tuple(c for c in cond.conditions if c.kind != "event")
    if len(events) == 1 and rest and all(conditions.decidable(c) for c in rest):
        return events[0], rest
    return None


def is_event(cond: ast.Condition | None, event: str) -> bool:
    """Whether a condition is the event `event` ("when one of your spirits is destroyed", "when the
    battle ends")."""
    if cond is None:
        return False
    part = event_part(cond)
    if part is not None:
        return is_event(part[0], event)
    if cond.kind == "event":   # the grammar names an event by its verb ("destroyed"), a timing id adds "when_"
        if "_or_" in (cond.event or "") and cond.event not in ast.EVENTS:
            # "when this spirit is blocked or blocks": either event (ids joined by "_or_", 8-1-5-1)
            return any(is_event(ast.replace(cond, event=part), event) for part in (cond.event or "").split("_or_"))
        if event == "when_core_placed":
            from judge.engine.bs.events.core_events import handles

            return cond.event in ("core_placed", event) and handles(cond)
        if cond.event == "spends":       # "when you spend a Soul Core as part of a magic card's cost"
            from judge.engine.bs.events.happened import handles_spends as spends

            return event == "when_uses" and spends(cond)
        if cond.event in ACTIVE:          # "when one of your effects exhausts …" (effect_events.py)
            return ACTIVE[cond.event] == event and performer_known(cond)
        return cond.event in (event, event.removeprefix("when_"), *ALIASES.get(event, ()))
    return EVENT_KINDS.get(cond.kind) == event


#: Other names the grammar gives an event the engine raises.
ALIASES: dict[str, tuple[str, ...]] = {"battle_end": ("battle_ends",), "when_life_reduced": ("loses_life",),
                                       "when_attacks": ("attacks_or_blocks", "blocks_or_attacks"),
                                       "when_summoned": ("summons",), "when_placed": ("places",),
                                       "when_blocks": ("attacks_or_blocks", "blocks_or_attacks")}


def player_only(cond: ast.Condition) -> bool:
    """A condition about a player only ("when you lose life"): no card it happens to or is done by, so
    the event is raised for the player (life_lost.py), never for an attacker that happens to hold it."""
    return cond.player is not None and cond.by is None and subject_selector(cond) is None


def subject_selector(cond: ast.Condition) -> ast.Selector | None:
    """Who the event must happen to / be done by: the condition's selector, else the card its
    cause names ("reduces your opponent's life with an attack from one of your Shadow spirits",
    "with this spirit's attack"), else what the act is aimed at ("you use a magic card")."""
    if cond.selector is not None:
        return cond.selector
    by = cond.by
    if by is not None:
        if by.unit == "attack" and by.about is not None:
            return by.about
        if by.unit is None:
            return by
    if cond.object is not None and cond.object.unit is None:
        return cond.object
    return None


_WATCHED: dict[int, tuple[Any, frozenset[str]]] = {}


def watched(d: Any) -> frozenset[str]:
    """The events any ability of a card definition could watch (cached: most cards watch none)."""
    hit = _WATCHED.get(id(d))
    if hit is not None and hit[0] is d:
        return hit[1]
    found: set[str] = set()
    for ab in d.abilities:
        for node in ast.walk(ab):
            if isinstance(node, ast.Condition):
                found |= {e for e in EVENTS if is_event(node, e)}
            elif isinstance(node, ast.Gain) and node.ability is not None:
                found |= set(EVENTS)           # a gained ability may watch anything
    out = frozenset(found)
    _WATCHED[id(d)] = (d, out)
    return out


def _anyone_watches(state: State, event: str, extra: list[str]) -> bool:
    ids = [fc.id for p in state.players.values() for fc in p.field] + extra
    if any(m.kind in ("ability", "delayed_trigger") for m in state.mods):
        return True
    return any(event in watched(state.card_def(cid)) for cid in ids if state.card_def(cid) is not None)


def watchers(ctx: Ctx, event: str, lasts: dict[str, dict], only: Any = None) -> list[Work]:
    """The watching effects an event sets off (subjects: id → last-known facts; `only`, a test on an
    ability's effects, keeps those it accepts)."""
    from judge.engine.bs.events.destroyed_how import holds as how_holds
    from judge.engine.bs.events.facts import restricted

    state = ctx.state
    holders = [(fc.id, None) for p in state.players.values() for fc in p.field
               if event in watched(state.defs[fc.card]) or any(m.kind == "ability" for m in state.mods)]
    holders += [(cid, lk.get("level")) for cid, lk in lasts.items() if state.field_card(cid) is None
                and event in watched(state.card_def(cid))]
    out = []
    for holder, lv in holders:
        ctrl = state.controller(holder) or lasts.get(holder, {}).get("controller") or state.owners.get(holder, "A")
        for idx, ab, cond, effects in _watching(state, holder, lv, event, ctrl):
            if only is not None and not only(effects):
                continue
            if event == "when_life_reduced" and player_only(cond):
                continue                     # raised for the player who lost life (life_lost.py)
            part = event_part(cond)          # "when <board condition> and <event>": met now, or nothing
            if part is not None:
                if not all(_holds_now(state, holder, c) for c in part[1]):
                    continue
                cond = part[0]
            hits = narrowed(state, cond, [c for c, lk in lasts.items()
                    if matches_facts(subject_selector(cond), holder, ctrl, c, lk, state) and how_holds(cond, ctrl, lk)
                    and performed_so(cond, holder, ctrl, lk, state) and paid_so(cond, c, state)], lasts)
            if not hits or restricted(ctx, holder, idx, ab) or not first_this_turn(ctx, holder, idx, cond):
                continue
            if len(hits) > 1:
                ctx.log(f"{name_of(state, holder)}: the event happened to {len(hits)} cards at once; its effect "
                        "activates only once", "effect.trigger_once")
            # an effect that activates when a card is destroyed is a "When Destroyed" effect (10-15-1)
            kinds = ("do.when_destroyed",) if event == "when_destroyed" else ()
            out.append(Work(kind="effects", source=holder, controller=ctrl, effects=effects,
                            label=f"{name_of(state, holder)}: {derive.timing_label(event)}",
                            cites=ctx.cites("effect.triggered", "effect.trigger_once", *kinds), timing=event,
                            last=lasts.get(holder), param=hits, subject=subject_selector(cond),
                            subject_facts={c: lasts[c] for c in hits}, ability=idx))
    for waiting, more in LEFT_WAITING:      # triggers an effect left for a duration (delayed_when.py)
        if waiting(state):
            out = out + more(ctx, event, lasts)
    return out


#: Triggers effects leave waiting for a duration: (whether any waits on this board, their watchers),
#: registered by events/delayed_when.py.
LEFT_WAITING: list[tuple[Any, Any]] = []


def narrowed(state: State, cond: ast.Condition, hits: list[str], lasts: dict[str, dict]) -> list[str]:
    """The cards an event happened to that meet what the condition adds: "… ends with your NERV spirit
    still on the field" (it is on the field when the event is over), "when only your opponent's
    spirit is destroyed" (no other card met the event with it: none, when another did)."""
    if "still_on_field" in cond.qualifiers:
        hits = [c for c in hits if state.field_card(c) is not None]
    if "only" in cond.qualifiers and len(hits) < len(lasts):
        return []
    return hits


qualifiers.reads(__name__, "first_each_turn", "still_on_field", "only")


def first_this_turn(ctx: Ctx, holder: str, idx: int, cond: ast.Condition) -> bool:
    """"The first time … each turn": the ability answers to that event once per turn (each card its own)."""
    if "first_each_turn" not in cond.qualifiers:
        return True
    if record.happened(ctx.state, "first_each_turn", holder, idx):
        ctx.log(f"{name_of(ctx.state, holder)}: not the first time this turn; its effect does not activate",
                "effect.triggered")
        return False
    record.note(ctx, "first_each_turn", holder, idx)
    return True


def watch(ctx: Ctx, event: str, ids: list[str] | tuple[str, ...]) -> None:
    """An event happened to these field cards: queue the effects watching it."""

    push(ctx, watching(ctx, event, ids))


def watching(ctx: Ctx, event: str, ids: list[str] | tuple[str, ...], only: Any = None) -> list[Work]:
    """The effects an event happening to these cards activates (not queued yet)."""
    if not _anyone_watches(ctx.state, event, list(ids)):
        return []
    lasts = {cid: facts(ctx.state, cid) for cid in ids if ctx.state.card_def(cid) is not None}
    items = watchers(ctx, event, lasts, only) if lasts else []
    if items:
        ctx.log(f"Effects watching this ({derive.timing_label(event).lower()}) activate", "effect.triggered")
    return items


#: Events the engine raises, so abilities watching them can be carried out (coverage reads this).
EVENTS = frozenset({"battle_end", "when_destroyed", "when_attacks", "when_blocks", "when_blocked", "when_life_reduced",
                    "when_summoned", "when_exhausted", "when_refreshed", "when_destroys", "when_uses",
                    "when_core_placed", "when_draws", "when_linked", "when_discarded", "when_returned"})


def by_effect(ctx: Ctx, event: str, ids: list[str] | tuple[str, ...]) -> None:
    """An event happened to these field cards, performed by the effect being resolved (if any): queue the
    effects watching it."""
    from judge.engine.bs import derive

    if not _anyone_watches(ctx.state, event, list(ids)):
        return
    lasts = stamp(ctx, {cid: facts(ctx.state, cid) for cid in ids if ctx.state.card_def(cid) is not None})
    items = watchers(ctx, event, lasts) if lasts else []
    if items:
        ctx.log(f"Effects watching this ({derive.timing_label(event).lower()}) activate", "effect.triggered")
        push(ctx, items)


def placed(ctx: Ctx, who: str, area: str, n: int, source: str | None = None) -> None:
    """`n` cores were placed into `who`'s `area` (reserve, life, or a field card's id), taken by an effect
    from `source` (None: not an effect's move): queue the effects watching that (or hold it until the
    management event placing them is over)."""
    if n <= 0 or (area not in AREAS and ctx.state.field_card(area) is None):
        return
    performer = ctx.acting.controller if source is not None and ctx.acting is not None else None
    arrival = Arrival(who, area, source if performer else None, performer)
    held = ctx.cores_placed
    if held is not None:
        held.add(arrival)
        return
    _fire(ctx, {arrival})


@contextmanager
def together(ctx: Ctx) -> Iterator[None]:
    """Cores placed inside this block are one event (cards leaving the field at the same time)."""
    if ctx.cores_placed is not None:
        yield
        return
    ctx.cores_placed = set()
    try:
        yield
        arrivals = ctx.cores_placed
    finally:
        ctx.cores_placed = None
    _fire(ctx, arrivals)


def _fire(ctx: Ctx, arrivals: set[Arrival]) -> None:
    from judge.engine.bs.events.facts import restricted

    state = ctx.state
    items: list[Work] = []
    for p in state.players.values():
        for fc in p.field:
            ctrl = p.name
            for idx, ab, cond, effects in _watching(state, fc.id, None, EVENT, ctrl):
                if not any(_meets(state, fc.id, ctrl, cond, a) for a in arrivals):
                    continue
                if restricted(ctx, fc.id, idx, ab):
                    continue
                items.append(Work(kind="effects", source=fc.id, controller=ctrl, effects=effects,
                                  label=f"{name_of(state, fc.id)}: When A Core Is Placed",
                                  cites=ctx.cites("effect.triggered"), timing=EVENT, ability=idx))
    if items:
        ctx.log("Cores were placed: effects watching that activate", "effect.triggered")
    push(ctx, items)


__all__ = ["EVENTS", "LEFT_WAITING", "by_effect", "is_event", "placed", "together", "watch", "watchers", "watching"]
