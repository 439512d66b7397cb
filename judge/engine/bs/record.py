"""The one record of what happened this turn, kept in `State.used` (one fact per entry): every
"this turn", "each turn", "the first … each turn" and "[Once per turn]" reads it, and the rule
processes and effects that make something happen write it, through these four functions only.

A fact is its turn, what happened, and the parts that say to whom and by whom (strings):
`note(ctx, "destroyed", controller, type, card)`, `note(ctx, "drew_by_effect", player, by)`,
`note(ctx, "first_attacker", card)`, `note(ctx, "once_per_turn", card, ability)`, … A board set up
during a turn starts with an empty record (nothing before it is known to have happened), and a fact
of an earlier turn is never read as this turn's.
"""

from __future__ import annotations

from typing import Any

from judge.engine.bs.state import State

_SEP = "\x1f"       # parts may hold ':' (card ids do not, but names might); the separator never appears


def fact(turn: int, what: str, *parts: object) -> str:
    """The stored form of one fact."""
    return _SEP.join((str(turn), what, *map(str, parts)))


def note(ctx: Any, what: str, *parts: object) -> None:
    """Record that `what` happened now (to / by `parts`), in the current turn."""
    ctx.set(used=ctx.state.used | {fact(ctx.state.turn, what, *parts)})


def happened(state: State, what: str, *parts: object) -> bool:
    """Whether exactly that fact is recorded this turn."""
    return fact(state.turn, what, *parts) in state.used


def this_turn(state: State, what: str, *first: object) -> list[tuple[str, ...]]:
    """The parts of every `what` fact recorded this turn (those beginning with `first`, if given)."""
    prefix = fact(state.turn, what, *first) + _SEP if first else fact(state.turn, what) + _SEP
    cut = len(fact(state.turn, what)) + 1
    return [tuple(k[cut:].split(_SEP)) for k in state.used if k.startswith(prefix)]


def is_first_attacker(state: State, cid: str) -> bool:
    """Whether `cid` is the first spirit that attacked this turn (6-7-3-2)."""
    return happened(state, "first_attacker", cid)


__all__ = ["fact", "happened", "is_first_attacker", "note", "this_turn"]
