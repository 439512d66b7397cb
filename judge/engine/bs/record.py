"""The record of what happened (kept in `State.used`, one key per fact): read by conditions, selectors
and watchers ("the first spirit that attacked this turn", "if a spirit was destroyed this turn"), and
written by the rule processes and effects that make it happen (events/).

A fact is `"<turn>:<what>:<parts…>"`; a board set up during a turn starts with an empty record
(nothing before it is known to have happened).
"""

from __future__ import annotations

from judge.engine.bs.state import State


def fact(turn: int, what: str, *parts: object) -> str:
    """The key of one recorded fact."""
    return ":".join((str(turn), what, *map(str, parts)))


def happened(state: State, what: str, *parts: object) -> bool:
    """Whether that fact is recorded for the current turn."""
    return fact(state.turn, what, *parts) in state.used


def this_turn(state: State, what: str) -> list[tuple[str, ...]]:
    """The parts of every `what` fact recorded this turn."""
    prefix = f"{state.turn}:{what}:"
    return [tuple(k[len(prefix):].split(":")) for k in state.used if k.startswith(prefix)]


def is_first_attacker(state: State, cid: str) -> bool:
    """Whether `cid` is the first spirit that attacked this turn (6-7-3-2)."""
    return happened(state, "first_attacker", cid)


__all__ = ["fact", "happened", "is_first_attacker", "this_turn"]
