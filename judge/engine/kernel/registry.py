"""Registries: one entry per effect node kind, keyword, condition kind or action, never a chain of
isinstance checks. An entry says what it does (its handler), what event triggers it (if any) and
the concepts whose clauses it cites, so `explain`, coverage and the engine read one place.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True)
class Entry:
    """What one registered thing does: its handler, the event that triggers it, its clause concepts."""

    key: Hashable
    handler: Callable[..., Any]
    concepts: tuple[str, ...] = ()
    event: str | None = None
    meaning: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


class Registry(Generic[K]):
    """A named table of entries; `register(key, …)` decorates the handler that implements it."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._entries: dict[K, Entry] = {}

    def register(self, key: K, *, concepts: tuple[str, ...] = (), event: str | None = None,
                 meaning: str = "", **extra: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        def deco(fn: Callable[..., Any]) -> Callable[..., Any]:
            if key in self._entries:
                raise ValueError(f"{self.name}: {key!r} is registered twice")
            self._entries[key] = Entry(key=key, handler=fn, concepts=concepts, event=event, meaning=meaning,
                                       extra=dict(extra))
            return fn
        return deco

    def get(self, key: K) -> Entry | None:
        return self._entries.get(key)

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def __iter__(self) -> Iterator[K]:
        return iter(self._entries)

    def entries(self) -> tuple[Entry, ...]:
        return tuple(self._entries.values())

    def by_event(self, event: str) -> tuple[Entry, ...]:
        """The entries an event triggers (keywords that trigger when a spirit attacks, …)."""
        return tuple(e for e in self._entries.values() if e.event == event)


__all__ = ["Entry", "Registry"]
