"""One result of a deck check, shared by the deck-construction rules (judge.cards.deck) and the
limited / banned lists (judge.cards.banlists), which the deck check applies: its own module so
that neither imports the other for it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Finding:
    """One result of the check: `error` breaks the rules, `warning` cannot be verified, `ok` holds."""

    level: str
    message: str
    cites: tuple[str, ...] = ()
    line: int | None = None


__all__ = ["Finding"]
