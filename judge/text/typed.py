"""What "fully typed" means: no node of a parsed ability keeps text that someone must re-read.

A parse can succeed and still drop meaning into a string: a condition kept as its words, a "by …"
qualifier kept as printed, a delayed trigger kept as its label. The engine must never read such
text, so coverage counts an ability as *typed* only when `untyped_parts(ability)` is empty.

The checks are a registry keyed by node class (one function per class that can hold text). A
node class with no entry holds no free text: its string fields are closed values (enums, ids).
Text kept only for display beside a typed value (`Ability.text`, `Ability.timing_text` when
`timing` is set) does not count.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from judge.text import ast

#: Condition kinds whose kind alone says everything ("if you do so", "during your turn"): no field
#: needs to be filled for the engine to decide them. Every other kind needs its typed fields.
SELF_CONTAINED_CONDITIONS: frozenset[str] = frozenset({
    "do_so", "did", "did_not", "not_done", "possible", "after_resolves",
})


def _condition(node: ast.Condition) -> str | None:
    if node.kind == "text":
        return "a condition kept as text"
    if node.kind in SELF_CONTAINED_CONDITIONS:
        return None
    typed = (node.selector, node.threshold, node.event, getattr(node, "occurs", None),
             getattr(node, "cost", None), getattr(node, "window", None))
    if all(v is None for v in typed) and not node.qualifiers and not getattr(node, "parts", ()):
        return f"a {node.kind!r} condition with no typed fields"
    return None


def _restriction(node: ast.Restriction) -> str | None:
    if getattr(node, "by_text", None) and getattr(node, "by", None) is None:
        return "a 'by …' qualifier kept as text"
    return None


def _ability(node: ast.Ability) -> str | None:
    if node.timing_text and not node.timing:
        return "a timing kept as its label"
    return None


def _delayed(node: ast.Delayed) -> str | None:
    if node.timing_text and not node.timing:
        return "a delayed trigger kept as its label"
    return None


CHECKS: dict[type, Callable[[Any], str | None]] = {
    ast.Condition: _condition,
    ast.Restriction: _restriction,
    ast.Ability: _ability,
    ast.Delayed: _delayed,
}


def untyped_parts(node: Any) -> list[str]:
    """Why `node` (an Ability, or any AST node) is not fully typed; empty when it is."""
    return [reason for reason in _reasons(node) if reason]


def _reasons(node: Any) -> Iterator[str | None]:
    for n in ast.walk(node):
        check = CHECKS.get(type(n))
        if check is not None:
            yield check(n)


def fully_typed(node: Any) -> bool:
    """True when no part of the node keeps text to re-read."""
    return not untyped_parts(node)


__all__ = ["CHECKS", "SELF_CONTAINED_CONDITIONS", "fully_typed", "untyped_parts"]
