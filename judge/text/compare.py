"""Whether two readings of an ability mean the same: the comparison at the heart of the round trip
(issue 11.4). Its own module, below every game's renderer: a game's round trip (e.g.
`judge.text.fftcg.render.round_trip`) compares with it, and `judge.text.render` dispatches to
those round trips by game, so neither imports the other for it."""

from __future__ import annotations

from dataclasses import dataclass, fields, is_dataclass, replace
from typing import Any

from judge.text.ast import Span


def comparable(node: Any) -> Any:
    """A node with what the printed words decide but the meaning does not (spans, the printed
    words, the printed label) blanked: two readings mean the same when these are equal."""
    if isinstance(node, tuple | list):
        return tuple(comparable(x) for x in node)
    if is_dataclass(node) and not isinstance(node, type) and not isinstance(node, Span):
        changes = {}
        for f in fields(node):
            value = getattr(node, f.name)
            if f.name in ("span", "timing_text") or (f.name == "text" and isinstance(value, str)):
                changes[f.name] = None if f.name != "text" else ""
            elif isinstance(value, tuple | list) or is_dataclass(value):
                changes[f.name] = comparable(value)
        return replace(node, **changes)
    return node


@dataclass(frozen=True)
class RoundTrip:
    """One ability through the round trip: its rendering, whether reading it back gives the same
    AST, and the printed words the rendering dropped and the words it wrote that were not printed."""

    printed: str
    rendered: str
    same_ast: bool
    dropped: tuple[str, ...]
    mistyped: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return self.same_ast and not self.dropped and not self.mistyped


def compared(ability: Any, rendered: str, again: Any, printed: list[str], said: list[str]) -> RoundTrip:
    """The round trip of `ability` rendered as `rendered` and read back as `again` (a ParseResult):
    `printed` and `said` are the words of its text and of the rendering, as its game compares them."""
    from collections import Counter

    same = not again.unparsed and len(again.abilities) == 1 and \
        comparable(again.abilities[0]) == comparable(ability)
    kept, wrote = Counter(printed), Counter(said)
    return RoundTrip(ability.text, rendered, same, tuple(sorted((kept - wrote).elements())),
                     tuple(sorted((wrote - kept).elements())))


__all__ = ["RoundTrip", "comparable", "compared"]
