"""Effects that watch cores arriving in a player's area: "when a core is placed into your reserve"
(cores coming off a destroyed or returned spirit, 10-1-3-4 / 3-5-5; cores leaving the life for the
reserve, 7-1-5-3-1; cores an effect moves there, 8-5-6), "when a core is added to your opponent's
life".

Cores placed by one management event (several cards leaving the field together) are one event: a
watching ability activates once for it (8-6-3), however many cores or cards it involved.

An event may name where the cores came from and whose effect placed them ("your opponent uses one of
their effects to place a core from the void onto a spirit or into their reserve"): an arrival carries
the area an effect took the cores from and the player whose effect was being resolved (effect_events.py),
and only a placement from that area by that player's effect meets it (8-6-1); cores the rules move (a
destroyed spirit's cores going to the reserve) come from no named area.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import NamedTuple

from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.state import State, Work
from judge.text import ast


class Arrival(NamedTuple):
    """Cores placed: into whose area (or onto which card), taken from where by whose effect."""

    who: str
    area: str
    source: str | None = None
    performer: str | None = None


#: The areas whose arrivals can be watched (the typed `Condition.zone` of a core_placed event).
AREAS = frozenset({"reserve", "life"})
EVENT = "when_core_placed"


def handles(cond: object) -> bool:
    """Whether a core-placement event is one this module raises: into a player's reserve or life,
    or onto a card a selector names ("onto this spirit")."""
    zone, sel = getattr(cond, "zone", None), getattr(cond, "selector", None)
    by = getattr(cond, "by", None)
    if by is not None and (by.unit != "effect" or by.about is not None or by.effect is not None):
        return False
    if zone is not None and "_or_" in zone:   # "onto a spirit or into their reserve"
        return all(_part(z) is not None for z in zone.split("_or_"))
    return zone in AREAS or (zone is None and sel is not None)


#: Where a part of an "onto X or into Y" destination is: a field card of a type, or an area of a player
#: (relative to the watcher; None: the player the event names).
_OWNERS = {"your": ast.Player.YOU, "opponent": ast.Player.OPPONENT}


def _part(zone: str) -> tuple[str, ast.Player | None] | None:
    if zone in ("spirit", "nexus"):
        return ("card", None)
    who, _, where = zone.rpartition("_")
    if where in AREAS and (not who or who in _OWNERS):
        return (where, _OWNERS.get(who))
    return None


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
    from judge.engine.bs.events.watch import _watching
    from judge.engine.bs.flow.triggers import push, restricted

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


def _meets(state: State, holder: str, ctrl: str, cond: ast.Condition, a: Arrival) -> bool:
    """Whether cores arriving in `who`'s `area` (or on the card `area`) are the watched placement."""
    from judge.engine.bs.events.watch import facts, matches_facts
    from judge.engine.bs.select import whose

    who, area = a.who, a.area
    src = cond.object.zone if cond.object is not None else None
    if src is not None and a.source != src:
        return False                   # "a core from the void": taken by an effect from there
    if cond.by is not None and (a.performer is None or a.performer not in whose(ctrl, cond.by.owner, state)):
        return False                   # "your opponent uses one of their effects to place …"
    if cond.zone is not None and "_or_" in cond.zone:
        return any(_meets_part(state, holder, ctrl, cond, part, a) for part in cond.zone.split("_or_"))
    if cond.zone in AREAS:
        return area == cond.zone and who in whose(ctrl, cond.player, state)
    if cond.zone is None and cond.selector is not None and state.field_card(area) is not None:
        return matches_facts(cond.selector, holder, ctrl, area, facts(state, area), state)
    return False


def _meets_part(state: State, holder: str, ctrl: str, cond: ast.Condition, part: str, a: Arrival) -> bool:
    """One destination of "onto a spirit or into their reserve" (a card the selector names; an area of
    the player the part or the event names)."""
    from judge.engine.bs.events.watch import facts, matches_facts
    from judge.engine.bs.select import whose

    where, owner = _part(part) or ("", None)
    if where == "card":
        fc = state.field_card(a.area)
        if fc is None or state.defs[fc.card].type != part:
            return False
        return cond.selector is None or matches_facts(cond.selector, holder, ctrl, a.area, facts(state, a.area), state)
    return a.area == where and a.who in whose(ctrl, owner or cond.player, state)


__all__ = ["AREAS", "EVENT", "Arrival", "handles", "placed", "together"]
