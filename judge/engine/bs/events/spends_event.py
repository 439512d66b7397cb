""""When you spend a "Soul Core" as part of a magic card's cost": the use of a magic card (the event
"when_uses", raised once its cost is paid, 10-8-6) whose cost the soul core was among (soul_paid.py's
record on the card), so an effect watching it activates then (8-6-1) and not for a use paid without it.
"""

from __future__ import annotations

from judge.engine.bs.events.soul_paid import KIND
from judge.engine.bs.state import State
from judge.text import ast


def handles(cond: ast.Condition) -> bool:
    """The event form this module decides: the soul core spent on a magic card's cost."""
    return cond.kind == "event" and cond.event == "spends" and cond.object is not None and \
        cond.object.unit == "soul_core" and cond.selector is not None and \
        tuple(cond.selector.card_types) == ("magic",)


def holds(cond: ast.Condition, card: str, state: State) -> bool:
    """Whether the use of `card` is the watched one (True for every other event)."""
    if not handles(cond):
        return True
    return any(m.kind == KIND and m.target == card for m in state.mods)


__all__ = ["handles", "holds"]
