"""The values the card-text pipeline hands around below the driver: a part of the text the grammar
could not read (`Unparsed`), and one ability's text as the grammar reads it (`Prepared`). Their own
module, below the driver (`judge.text.parse`), the failure report (`judge.text.localise`) and the
partial reader (`judge.text.partial`), so none of those imports another for them."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class Unparsed:
    """A part of the text the grammar could not read: where, what, and what it expected."""

    start: int
    end: int
    text: str
    expected: tuple[str, ...] = ()


@dataclass(frozen=True)
class Prepared:
    """One ability's text as the grammar reads it (`view`) and the printed text (`source`): view
    character `i` stands for the printed characters `starts[i]:ends[i]` (an inserted character
    for none: it starts where the next printed character starts and ends where the previous ends)."""

    view: str
    source: str
    starts: tuple[int, ...]
    ends: tuple[int, ...]

    @classmethod
    def of(cls, text: str) -> Prepared:
        """A text as printed: every character stands for itself."""
        return cls(text, text, tuple(range(len(text))), tuple(range(1, len(text) + 1)))

    @classmethod
    def in_place(cls, view: str, source: str) -> Prepared:
        """A view as long as the printed text (characters masked or lower-cased in place): each
        character stands for itself."""
        starts, ends = _identity(len(source))
        return cls(view, source, starts, ends)

    def to_source(self, i: int) -> int:
        """The printed position where a span starting at view position `i` starts."""
        return self.starts[i] if 0 <= i < len(self.starts) else (len(self.source) if i > 0 else 0)

    def to_source_end(self, i: int) -> int:
        """The printed position where a span ending at view position `i` (exclusive) ends."""
        return self.ends[i - 1] if 0 < i <= len(self.ends) else (0 if i <= 0 else len(self.source))


@lru_cache(maxsize=1024)
def _identity(n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return tuple(range(n)), tuple(range(1, n + 1))


__all__ = ["Prepared", "Unparsed"]
