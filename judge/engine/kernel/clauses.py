"""Concept → clause tables, one per game document, all of one shape.

Engine code never types a clause number: it names a concept ("battle.bp_compare") and the game's
table gives the numbers of the clauses that decide it. A concept the document does not have maps
to `()` on purpose (it is listed, so a typo is still an error): a step citing it cites nothing,
and what the engine explains about it says the document lacks it. A test checks every number
exists in the knowledge base.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from judge.errors import UnknownRule


@dataclass(frozen=True)
class ClauseTable:
    """One game document's concept → clause numbers (an empty tuple: the document lacks it)."""

    game: str
    table: Mapping[str, tuple[str, ...]]

    def cite(self, concept: str) -> tuple[str, ...]:
        try:
            return self.table[concept]
        except KeyError:
            raise UnknownRule(f"engine concept {concept!r} has no clause entry for {self.game}") from None

    def cites(self, concepts: Iterable[str]) -> tuple[str, ...]:
        """The clauses of several concepts, in order, without repeats."""
        seen: dict[str, None] = {}
        for c in concepts:
            for n in self.cite(c):
                seen.setdefault(n, None)
        return tuple(seen)

    def lacks(self, concept: str) -> bool:
        """True when the document has no clause for a concept the engine knows."""
        return not self.cite(concept)

    def numbers(self) -> tuple[str, ...]:
        """Every clause number the table can cite (what the knowledge-base test checks)."""
        return tuple(sorted({n for ns in self.table.values() for n in ns}))


__all__ = ["ClauseTable"]
