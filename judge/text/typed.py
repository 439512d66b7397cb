"""What "fully typed" means: no node of a parsed ability keeps text that someone must re-read.

A parse can succeed and still drop meaning into a string: a condition kept as its words, a "by …"
qualifier kept as printed, a delayed trigger kept as its label, an id that is really a phrase
("activate:When Destroyed"). The engine must never read such text, so coverage counts an ability
as *typed* only when `untyped_parts(ability)` is empty.

The checks, every one a way a node can still carry text:
- a registry keyed by node class (`CHECKS`) for the nodes whose shape says it: a condition of kind
  "text", a condition kind whose required fields (`judge.text.ast.CONDITION_KINDS`) are empty, an
  event outside the closed set of events (`judge.text.ast.EVENTS`) or a qualifier outside
  `judge.text.ast.EVENT_QUALIFIERS`, a "by …" kept as words, a
  timing kept as its label;
- for every node, every string field that is an id (not one of `NAME_FIELDS`, which hold words of
  the card database or display text) must be an identifier: lower-case words joined by "_" (and
  "/" for alternatives), nothing a reader must parse again.
A node class with no entry and no id-shaped violation holds no free text. Text kept only for
display beside a typed value (`Ability.text`, `Condition.text`, `Ability.timing_text` when
`timing` is set) does not count.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import fields
from typing import Any

from judge.text import ast

#: Condition kinds whose kind alone says everything ("if you do so", "during your turn"): no field
#: needs to be filled for the engine to decide them. Every other kind needs its typed fields.
SELF_CONTAINED_CONDITIONS: frozenset[str] = frozenset(
    {"do_so", "not_done"} | {k for k, need in ast.CONDITION_KINDS.items() if not need})

#: String fields that hold words rather than ids: display text, names and families from the card
#: database, keyword names and parameters as printed.
NAME_FIELDS: frozenset[str] = frozenset({
    "text", "timing_text", "name", "families", "categories", "not_families", "not_names", "job",
    "params", "family", "kind", "amount_var", "things", "cp", "qualifiers", "checked", "ref",
    "costs", "distinct", "colors", "not_colors", "levels", "restrictions", "with_keyword", "without",
    "keyword", "op", "by_text", "words",
})

#: Games whose conditions follow the Battle Spirits kind table (`judge.text.ast.CONDITION_KINDS`).
BS_GAMES: frozenset[str] = frozenset({"bss", "bs"})

_ID = re.compile(r"^[a-z0-9][a-z0-9_]*([/|][a-z0-9][a-z0-9_]*)*(:[A-Za-z0-9][\w.-]*)?$")


def _condition(node: ast.Condition, game: str | None = None) -> str | None:
    if node.kind == "text":
        return "a condition kept as text"
    if node.kind in SELF_CONTAINED_CONDITIONS:
        return None
    need = ast.CONDITION_KINDS.get(node.kind) if game in BS_GAMES else None
    if game in BS_GAMES and need is None:
        return f"a condition kind {node.kind!r} outside the closed set of kinds"
    if need is not None:
        missing = [f for f in need if not getattr(node, f)]
        if missing:
            return f"a {node.kind!r} condition without its {', '.join(missing)}"
        if node.kind in ("event", "would", "happened", "paying") and not ast.known_event(node.event):
            return f"an event {node.event!r} outside the closed set of events"
        if node.kind == "during" and node.event not in ast.STEPS:
            return f"a step {node.event!r} outside the closed set of steps"
        odd = [q for q in node.qualifiers if q not in ast.EVENT_QUALIFIERS]
        if odd:
            return f"event qualifiers {odd!r} outside the closed set"
        return None
    typed = (node.selector, node.threshold, node.event, node.occurs, node.cost, node.during)
    if all(v is None for v in typed) and not node.qualifiers and not node.parts:
        return f"a {node.kind!r} condition with no typed fields"
    return None


def _restriction(node: ast.Restriction, game: str | None = None) -> str | None:
    if getattr(node, "by_text", None) and getattr(node, "by", None) is None:
        return "a 'by …' qualifier kept as text"
    return None


def _ability(node: ast.Ability, game: str | None = None) -> str | None:
    if node.timing_text and not node.timing:
        return "a timing kept as its label"
    return None


def _delayed(node: ast.Delayed, game: str | None = None) -> str | None:
    if node.timing_text and not node.timing:
        return "a delayed trigger kept as its label"
    return None


def _unread(node: ast.Unread, game: str | None = None) -> str | None:
    return UNREAD                         # one reason for all: coverage counts them, the words are the node's


#: Why an `unread` node is not typed: its words were not read at all (issue 20.4).
UNREAD = "a part the grammar did not read (unread)"

CHECKS: dict[type, Callable[..., str | None]] = {
    ast.Condition: _condition,
    ast.Restriction: _restriction,
    ast.Ability: _ability,
    ast.Delayed: _delayed,
    ast.Unread: _unread,
}


def unread_nodes(node: Any) -> tuple[ast.Unread, ...]:
    """The `unread` nodes under `node` (an Ability, a tuple of them, any AST node), in text order:
    what the grammar could not read, kept in place. Empty when all of it was read."""
    return tuple(n for n in ast.walk(node) if type(n) is ast.Unread)

_ID_FIELDS: dict[type, tuple[str, ...]] = {}


def _id_fields(cls: type) -> tuple[str, ...]:
    """The fields of a node class that may hold an id string (cached per class)."""
    found = _ID_FIELDS.get(cls)
    if found is None:
        found = _ID_FIELDS[cls] = tuple(f.name for f in fields(cls) if f.name not in NAME_FIELDS)
    return found


def _ids(node: Any) -> Iterator[str]:
    """A reason for every id-shaped field of `node` that holds words instead of an id."""
    for name in _id_fields(type(node)):
        value = getattr(node, name)
        values = value if isinstance(value, tuple) else (value,)
        for v in values:
            if isinstance(v, str) and not isinstance(v, ast.Enum) and v and not _ID.match(v):
                yield f"{ast.kind_of(node)}.{name} kept as words ({v!r})"


def untyped_parts(node: Any, game: str | None = None) -> list[str]:
    """Why `node` (an Ability, or any AST node) is not fully typed; empty when it is. With `game`
    ("bss", "bs") a condition must also be of a kind of that game's table, with its fields."""
    return [reason for reason in _reasons(node, game) if reason]


def _reasons(node: Any, game: str | None) -> Iterator[str | None]:
    for n in ast.walk(node):
        check = CHECKS.get(type(n))
        if check is not None:
            yield check(n, game)
        if not isinstance(n, ast.Span):
            yield from _ids(n)


def fully_typed(node: Any, game: str | None = None) -> bool:
    """True when no part of the node keeps text to re-read."""
    return not untyped_parts(node, game)


__all__ = ["BS_GAMES", "CHECKS", "NAME_FIELDS", "SELF_CONTAINED_CONDITIONS", "UNREAD", "fully_typed", "unread_nodes",
           "untyped_parts"]
