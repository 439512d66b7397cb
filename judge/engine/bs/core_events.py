"""Effects that watch cores arriving in a player's area: "when a core is placed into your reserve"
(cores coming off a destroyed or returned spirit, 10-1-3-4 / 3-5-5; cores leaving the life for the
reserve, 7-1-5-3-1; cores an effect moves there, 8-5-6), "when a core is added to your opponent's
life".

Cores placed by one management event (several cards leaving the field together) are one event: a
watching ability activates once for it (8-6-3), however many cores or cards it involved.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.state import State, Work
from judge.text import ast

#: The areas whose arrivals can be watched (the typed `Condition.zone` of a core_placed event).
AREAS = frozenset({"reserve", "life"})
EVENT = "when_core_placed"


def handles(cond: object) -> bool:
    """Whether a core-placement event is one this module raises: into a player's reserve or life,
    or onto a card a selector names ("onto this spirit")."""
    zone, sel = getattr(cond, "zone", None), getattr(cond, "selector", None)
    return zone in AREAS or (zone is None and sel is not None)


def placed(ctx: Ctx, who: str, area: str, n: int) -> None:
    """`n` cores were placed into `who`'s `area` (reserve, life, or a field card's id): queue the
    effects watching that (or hold it until the management event placing them is over)."""
    if n <= 0 or (area not in AREAS and ctx.state.field_card(area) is None):
        return
    held = ctx.cores_placed
    if held is not None:
        held.add((who, area))
        return
    _fire(ctx, {(who, area)})


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


def _fire(ctx: Ctx, arrivals: set[tuple[str, str]]) -> None:
    from judge.engine.bs.triggers import push, restricted
    from judge.engine.bs.watch import _watching

    state = ctx.state
    items: list[Work] = []
    for p in state.players.values():
        for fc in p.field:
            ctrl = p.name
            for idx, ab, cond, effects in _watching(state, fc.id, None, EVENT, ctrl):
                if not any(_meets(state, fc.id, ctrl, cond, who, area) for who, area in arrivals):
                    continue
                if restricted(ctx, fc.id, idx, ab):
                    continue
                items.append(Work(kind="effects", source=fc.id, controller=ctrl, effects=effects,
                                  label=f"{name_of(state, fc.id)}: When A Core Is Placed",
                                  cites=ctx.cites("effect.triggered"), timing=EVENT, ability=idx))
    if items:
        ctx.log("Cores were placed: effects watching that activate", "effect.triggered")
    push(ctx, items)


def _meets(state: State, holder: str, ctrl: str, cond: ast.Condition, who: str, area: str) -> bool:
    """Whether cores arriving in `who`'s `area` (or on the card `area`) are the watched placement."""
    from judge.engine.bs.select import whose
    from judge.engine.bs.watch import facts, matches_facts

    if cond.zone in AREAS:
        return area == cond.zone and who in whose(ctrl, cond.player, state)
    if cond.zone is None and cond.selector is not None and state.field_card(area) is not None:
        return matches_facts(cond.selector, holder, ctrl, area, facts(state, area), state)
    return False


__all__ = ["AREAS", "EVENT", "handles", "placed", "together"]
