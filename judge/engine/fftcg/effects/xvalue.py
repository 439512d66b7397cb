"""The value chosen for X (4.5): "if a value in a card text or a cost is defined with letters of the
alphabet (e.g. X), this connotes a variable number … the controller of the card can choose the value".

The grammar keeps "cost X or less" as a Threshold whose value is the mark -1 (no card has a negative
cost, 4.3). When the player pays 《X》 they name X (`x: 3` on the action or on the `choose` answer); the
value is then written into every "X" of the same ability, so the stack item and the delayed "When you do
so" ability carry the number chosen, not the letter.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass, replace
from typing import Any

from judge.text.ast import Threshold

X_MARK = -1


def bind_x(node: Any, x: int) -> Any:
    """The node with every "X" threshold and "X" amount (`amount_var`) given the value chosen
    (unchanged nodes are returned as they are)."""
    if isinstance(node, Threshold):
        return replace(node, value=x) if node.value == X_MARK and node.ref is None else node
    if isinstance(node, tuple):
        out = tuple(bind_x(n, x) for n in node)
        return node if all(a is b for a, b in zip(out, node, strict=True)) else out
    if is_dataclass(node) and not isinstance(node, type):
        changed = {}
        for f in fields(node):
            value = getattr(node, f.name)
            if isinstance(value, tuple | Threshold) or is_dataclass(value):
                new = bind_x(value, x)
                if new is not value:
                    changed[f.name] = new
        if getattr(node, "amount_var", None) == "x":  # "Draw X cards", "X000 damage": printed multiple × X
            field = "amount" if hasattr(node, "amount") else "count"
            changed.update({field: (getattr(node, field) or 1) * x, "amount_var": None})
        return replace(node, **changed) if changed else node
    return node


def x_cost(cp: tuple[str, ...], x: int | None) -> tuple[str, ...]:
    """The CP icons of a cost with 《X》 paid as X generic CP (4.5)."""
    return (*cp, str(x)) if x else cp


__all__ = ["X_MARK", "bind_x", "x_cost"]
