"""Clause numbers: parsing, normalising what a judge types, and sequence arithmetic.

Numbers are kept as printed (`7-1-5-2-1`, `10.1.4.2.1`); the helpers here turn them into tuples
to reason about order and nesting, which the ingester uses to spot repeats, gaps and run-together
clauses, and the knowledge base uses to tolerate `7.1.5.2`, `§7-1-5-2` and trailing dots.
"""

from __future__ import annotations

import re

_SPLIT = re.compile(r"[-.．・]")
_VALID = re.compile(r"^\d+(?:[-.]\d+)*$")


def sep_for(numbering: str) -> str:
    """The separator a document prints between components ("-" or ".")."""
    return "." if numbering == "dot" else "-"


def parts(number: str) -> tuple[int, ...]:
    """`7-1-5-2` -> (7, 1, 5, 2); an empty or malformed number gives ()."""
    core = number.split("#")[0].strip().rstrip(".")
    if not core or not _VALID.match(core):
        return ()
    return tuple(int(p) for p in _SPLIT.split(core))


def join(p: tuple[int, ...], numbering: str) -> str:
    """(7, 1, 5) -> `7-1-5` in the document's own style."""
    return sep_for(numbering).join(str(x) for x in p)


def normalize(raw: str, numbering: str) -> str | None:
    """What a judge typed -> the number as the document prints it, or None if not a number.

    Accepts `7.1.5.2`, `§7-1-5-2`, `7-1-5-2.`, full-width digits and separators, spaces.
    """
    s = (raw or "").strip().translate(_FULLWIDTH)
    s = s.lstrip("§").strip().rstrip(".").strip()
    s = re.sub(r"\s*([-.])\s*", r"\1", s)
    if not s or not re.fullmatch(r"\d+(?:[-.]\d+)*", s):
        return None
    return join(tuple(int(x) for x in re.split(r"[-.]", s)), numbering)


_FULLWIDTH = str.maketrans("０１２３４５６７８９－．＿", "0123456789-._")


def parent_of(p: tuple[int, ...]) -> tuple[int, ...]:
    """The number one level up ((7, 1, 5) -> (7, 1)); () at the top."""
    return p[:-1]


def successors(p: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Numbers that may legitimately follow `p`: its first child, then the next sibling of it
    and of each ancestor (7-1-5 -> 7-1-5-1, 7-1-6, 7-2, 8)."""
    out = [(*p, 1)]
    for depth in range(len(p), 0, -1):
        out.append((*p[: depth - 1], p[depth - 1] + 1))
    return out


def predecessor(p: tuple[int, ...]) -> tuple[int, ...] | None:
    """The number just before `p` at the same level (7-1-5 -> 7-1-4); None for a first child."""
    if not p or p[-1] <= 1:
        return None
    return (*p[:-1], p[-1] - 1)


def sort_key(number: str) -> tuple[int, ...]:
    """Order clause numbers numerically (10-1 after 9-4)."""
    return parts(number)
