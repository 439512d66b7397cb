"""The field abilities the board applies, by AST node family: one registry the readers fill in (11.9, 11.12.4).

A field ability is not resolved: it applies an ongoing effect for as long as its card is in the zone where it
is active (11.9.1, 11.12.4.4), to cards that arrive later too (11.12.4.5), from the moment a card is deployed
(11.9.2). So nothing "runs" a field ability: each part of the engine that asks a question of the board (may
this Forward attack? is this damage reduced? what does this cost?) reads the field abilities that answer it.
Each such reader registers here, beside the code that reads, what it reads: the node family (`Restriction`,
`ModifyStat`, `CostChange`, …) and, for a restriction, its mode and action; for a stat change, its stat.
`applied(node)` answers from this registry whether the board reads a field ability's effect, so what
`judge card` and coverage call executed (`support`) is what the readers declared, never a second table.

The order the readers apply what they read is the CR's (11.12.4.6): text changes (`ongoing`), then card
types (`cardtypes`), then power (`query.power`), self first (11.12.4.7), timestamps (11.12.4.8–11).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from judge.engine.kernel import Registry
from judge.engine.kernel.registry import Entry
from judge.text.ast import ModifyStat, Restriction

#: (node family, mode, action or stat) → the reader that applies it (`reader`: its module; `matches`: which
#: actions of that mode it reads, when more than one spelling of the action is read the same way)
FIELD: Registry[tuple[str, str, str]] = Registry("FFTCG field abilities")


def field_read(family: type, mode: str = "", action: str = "", *, concepts: tuple[str, ...], reader: str,
               meaning: str = "", matches: Callable[[str], bool] | None = None, own_only: bool = False,
               shape: Callable[[Any], bool] | None = None) -> None:
    """Declare that `reader` applies field abilities of this family (and mode and action, for a restriction;
    stat, for a stat change), citing the clauses of `concepts` (`clauses.py`). `own_only`: it reads the
    restriction only on the card's own text about itself (how the card itself may be cast, 2.1); `shape`: the
    only nodes of that key it reads (others of the same words are not modelled)."""
    FIELD.register((family.__name__, mode, action), concepts=concepts, meaning=meaning, reader=reader,
                   matches=matches, own_only=own_only, shape=shape)(_declared)


def _declared(*_: Any) -> None:
    """Field abilities are read where the board asks its question, not called from here."""


def key_of(e: Any) -> tuple[str, str, str]:
    """The registry key of one field ability's effect: its node family, and its mode and action or its stat."""
    if isinstance(e, Restriction):
        return type(e).__name__, e.mode, e.action
    if isinstance(e, ModifyStat):
        return type(e).__name__, "", e.stat
    return type(e).__name__, "", ""


def reader_of(e: Any) -> Entry | None:
    """The registered reader of this family, mode and action (or stat), whatever the effect names."""
    family, mode, action = key = key_of(e)
    hit = FIELD.get(key)
    if hit is not None:
        return hit
    for entry in FIELD.entries():
        f, m, _ = entry.key
        test = entry.extra["matches"]
        if f == family and m == mode and test is not None and test(action):
            return entry
    return None


def _own(e: Any) -> bool:
    target = getattr(e, "target", None)
    return target is not None and target.self_ref


def applied(e: Any) -> Entry | None:
    """The reader that applies this field ability's effect on the board, or None (not modelled)."""
    entry = reader_of(e)
    if entry is None or (entry.extra["own_only"] and not _own(e)):
        return None
    if entry.extra["shape"] is not None and not entry.extra["shape"](e):
        return None
    return entry


def own_cast_only(e: Any) -> bool:
    """Whether this is a restriction read only as the card itself is cast ("you can only pay with …")."""
    entry = reader_of(e)
    return entry is not None and entry.extra["own_only"] and _own(e)


__all__ = ["FIELD", "applied", "field_read", "key_of", "own_cast_only", "reader_of"]
