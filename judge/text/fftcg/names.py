"""The closed lists of Jobs, Categories and card names a reference without markup may use (6.6.2, 5.2.2).

Card text names a Job, a Category or another card inside markup ([[i]]Job Samurai[[/]],
[Card Name (Laguna)]) or, on older cards, plainly ("search for 1 Job Samurai or Card Name Samurai").
A plain name is read only when it is one the card database has: the masker (source.py) joins such a
span's words with \\x02 so the grammar reads it as one reference, and any other words after "Job"
stay words the grammar does not accept. The lists are what was registered: the cards a coverage run
or a board reads (`register_cards`), and the cards of the card database when one is found.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

_JOBS: set[str] = set()
_CATEGORIES: set[str] = set()
_NAMES: set[str] = set()
_VERSION = [0]
_DB_LOADED = [False]


@dataclass(frozen=True)
class Vocabulary:
    """The names a plain reference may use, lower case, longest first (so the longest one wins)."""

    jobs: tuple[str, ...]
    categories: tuple[str, ...]
    names: tuple[str, ...]


def register(jobs: Iterable[str] = (), categories: Iterable[str] = (), names: Iterable[str] = ()) -> None:
    """Add names to the closed lists (lower-cased)."""
    before = (len(_JOBS), len(_CATEGORIES), len(_NAMES))
    _JOBS.update(j.strip().lower() for j in jobs if j and j.strip())
    _CATEGORIES.update(c.strip().lower() for c in categories if c and c.strip())
    _NAMES.update(n.strip().lower() for n in names if n and n.strip())
    if (len(_JOBS), len(_CATEGORIES), len(_NAMES)) != before:
        _VERSION[0] += 1


def register_cards(cards: Iterable[Any]) -> None:
    """Add the Jobs, Categories and names of FFTCG cards (judge.cards.model.Card or corpus records)."""
    jobs: list[str] = []
    cats: list[str] = []
    names: list[str] = []
    for card in cards:
        get = card.get if isinstance(card, dict) else (lambda k, c=card: getattr(c, k, None))
        jobs.extend(_values(get("job")))
        cats.extend(_values(get("category")))
        if get("name"):
            names.append(str(get("name")))
    register(jobs, cats, names)


def _values(value: Any) -> list[str]:
    if not value:
        return []
    if isinstance(value, str):
        return [v for v in re.split(r"\s*/\s*", value) if v]
    return [str(v) for v in value]


def vocabulary() -> Vocabulary:
    """The closed lists as they stand (cached until something is registered)."""
    _load_db_once()
    return _vocab(_VERSION[0])


@lru_cache(maxsize=4)
def _vocab(version: int) -> Vocabulary:
    def order(names: set[str]) -> tuple[str, ...]:
        return tuple(sorted(names, key=lambda n: (-len(n), n)))
    return Vocabulary(order(_JOBS), order(_CATEGORIES), order(_NAMES))


def _load_db_once() -> None:
    """The FFTCG cards of the card database, once per process, when a database already exists."""
    if _DB_LOADED[0]:
        return
    _DB_LOADED[0] = True
    try:
        from judge.cards.db import fftcg_cards_if_built
    except ImportError:
        return
    try:
        register_cards(fftcg_cards_if_built())
    except Exception:          # a damaged or absent database leaves only what was registered
        return


@lru_cache(maxsize=64)
def plain_ref_pattern(version: int) -> re.Pattern[str] | None:
    """One regex for "job X" / "card name X" / "category X" with X a known name (None: no names)."""
    v = _vocab(version)
    parts = []
    for label, names in (("job", v.jobs), ("card name", v.names), ("category", v.categories)):
        if names:
            alts = "|".join(re.escape(n) for n in names)
            parts.append(rf"{label}\s+(?:{alts})")
    if not parts:
        return None
    return re.compile(r"(?<![\w\[(\]])(?:" + "|".join(parts) + r")(?![\w'])")


def plain_ref_spans(view: str) -> list[tuple[int, int]]:
    """Where `view` (lower case) names a known Job / Card Name / Category without markup."""
    if not any(w in view for w in ("job ", "card name ", "category ")):
        return []
    _load_db_once()
    pattern = plain_ref_pattern(_VERSION[0])
    return [(m.start(), m.end()) for m in pattern.finditer(view)] if pattern is not None else []


def join_plain_refs(view: str) -> str:
    """The grammar's view with each plain reference to a known name joined by \\x02 (same length)."""
    labelled = any(w in view for w in ("job ", "card name ", "category "))
    if not labelled and "primes" not in view:
        return view
    _load_db_once()
    pattern = plain_ref_pattern(_VERSION[0]) if labelled else None
    if pattern is None:
        return _join_primer(view) if "primes" in view else view
    marked = [(m.start(), m.end()) for m in _MARKED.finditer(view)]

    def join(m: re.Match[str]) -> str:
        if any(a <= m.start() < b for a, b in marked):
            return m.group()                      # inside [[i]]…[[/]] or [Job (…)]: the markup says it
        return re.sub(r"\s", "\x02", m.group())
    view = pattern.sub(join, view)
    if "primes" in view:
        view = _join_primer(view)
    return view


def _join_primer(view: str) -> str:
    """"hugo primes into": a card the database names, before "primes into", joined with \x02."""
    v = _vocab(_VERSION[0])
    for m in re.finditer(r"\s+primes\s+into\b", view):
        before = view[:m.start()]
        name = next((n for n in v.names if before.endswith(n) and (len(before) == len(n)
                                                                    or not before[-len(n) - 1].isalnum())), None)
        if name is None:
            continue
        start = m.start() - len(name)
        joined = re.sub(r"\s", "\x02", view[start:m.start()]) + "\x02" + view[m.start() + 1:m.end()]
        view = view[:start] + joined + view[m.end():]
    return view


_MARKED = re.compile(r"\[\[i\]\].*?\[\[/\]\]|\[[a-z ]+\([^)\]]*\)\]", re.S)


__all__ = ["Vocabulary", "join_plain_refs", "plain_ref_spans", "register", "register_cards", "vocabulary"]
