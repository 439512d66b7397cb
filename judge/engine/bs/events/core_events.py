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

from typing import NamedTuple

from judge.engine.bs.state import State
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








def _meets(state: State, holder: str, ctrl: str, cond: ast.Condition, a: Arrival) -> bool:
    """Whether cores arriving in `who`'s `area` (or on the card `area`) are the watched placement."""
    from judge.engine.bs.events.facts import facts, matches_facts
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
    from judge.engine.bs.events.facts import facts, matches_facts
    from judge.engine.bs.select import whose

    where, owner = _part(part) or ("", None)
    if where == "card":
        fc = state.field_card(a.area)
        if fc is None or state.defs[fc.card].type != part:
            return False
        return cond.selector is None or matches_facts(cond.selector, holder, ctrl, a.area, facts(state, a.area), state)
    return a.area == where and a.who in whose(ctrl, owner or cond.player, state)


__all__ = ["AREAS", "EVENT", "Arrival", "handles"]
