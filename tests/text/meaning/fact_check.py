"""FFTCG meaning facts, checked on the AST with the source text ignored (the Battle Spirits tables use
meaning_check.py; the two fact languages are to be made one).

A fact is `(kind, {path: value})`: some node of that kind in the ability (its AST walked, the ability
itself included as kind "ability") has every one of those values. A path is dotted ("target.owner");
an enum is compared by its value, a tuple as a tuple; `Has(x)` means a tuple field contains x;
`Absent(kind)` says no node of that kind is there at all. Paths into text (`text`, `timing_text`,
`span`) are refused: the facts are about meaning, never about the words.
"""

from __future__ import annotations

from dataclasses import dataclass, is_dataclass
from enum import Enum
from typing import Any

from judge.text.ast import Ability, kind_of, walk

_TEXT_FIELDS = frozenset({"text", "timing_text", "span"})


@dataclass(frozen=True)
class Has:
    """The field is a tuple that contains this value."""

    value: Any


@dataclass(frozen=True)
class Absent:
    """No node of this kind anywhere in the ability."""

    kind: str


def _get(node: Any, path: str) -> Any:
    value = node
    for part in path.split("."):
        if part in _TEXT_FIELDS:
            raise AssertionError(f"a fact may not read the text ({path})")
        if value is None:
            return None
        value = getattr(value, part)
    return value


def _norm(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return tuple(_norm(v) for v in value)
    return value


def _matches(node: Any, fields: dict[str, Any]) -> bool:
    for path, want in fields.items():
        try:
            got = _norm(_get(node, path))
        except AttributeError:
            return False
        if isinstance(want, Has):
            if not isinstance(got, tuple) or _norm(want.value) not in got:
                return False
        elif got != _norm(want):
            return False
    return True


def nodes_of(ability: Ability, kind: str) -> list[Any]:
    if kind == "ability":
        return [ability]
    return [n for n in walk(ability) if is_dataclass(n) and kind_of(n) == kind]


def missing(ability: Ability, facts: list[Any]) -> list[str]:
    """The facts the ability's AST does not show (empty when it shows them all)."""
    out = []
    for fact in facts:
        if isinstance(fact, Absent):
            if nodes_of(ability, fact.kind):
                out.append(f"no {fact.kind} expected")
            continue
        kind, fields = fact
        if not any(_matches(n, fields) for n in nodes_of(ability, kind)):
            out.append(f"{kind} {fields}")
    return out


__all__ = ["Absent", "Has", "missing", "nodes_of"]
