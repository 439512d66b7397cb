"""FFTCG variable values (4.5): "Draw X cards", "Deal it X000 damage", "the top X cards", "choose X Forwards".

"If a value in a card text or a cost is defined with letters of the alphabet (e.g. X), this connotes
a variable number" (4.5). The AST keeps the printed multiple in the usual field and names the variable
in `amount_var`: `Draw(count=1, amount_var="x")` draws X cards, `Damage(amount=1000, amount_var="x")`
deals X × 1000 damage, `Selector(count=1, amount_var="x")` chooses X cards. "cost X or less" stays the
Threshold marked -1 that `judge.engine.fftcg.xvalue.bind_x` fills in.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, is_dataclass, replace
from typing import Any

from lark import Token

from judge.text.ast import Condition, Draw, Selector, Threshold

VAR = "x"
#: the threshold value standing for X (judge.engine.fftcg.xvalue.X_MARK; no card costs less than 0, 4.3)
X_MARK = -1


@dataclass(frozen=True)
class VarAmount:
    """An amount printed with a variable (4.5): `per` times the value chosen for `var`."""

    per: int
    var: str = VAR


def lift(c: list[Any]) -> tuple[list[Any], str | None]:
    """The children with a variable amount read as its printed multiple, and the variable's name."""
    var = next((x.var for x in c if isinstance(x, VarAmount)), None)
    return [x.per if isinstance(x, VarAmount) else x for x in c], var


def mark(node: Any, var: str | None) -> Any:
    """The node (or each node of a list) with its amount, or its target's count, made variable."""
    if var is None:
        return node
    if isinstance(node, list):
        return [mark(n, var) for n in node]
    if is_dataclass(node) and not isinstance(node, type):
        names = {f.name for f in fields(node)}
        if "amount_var" in names:
            return replace(node, amount_var=var)
        if isinstance(getattr(node, "target", None), Selector):
            return replace(node, target=replace(node.target, amount_var=var))
    return node


def _lifted(name: str) -> Any:
    """A rule method that reads a variable amount among its children and marks the node it builds."""

    def method(self: Any, meta: Any, c: list[Any]) -> Any:
        plain, var = lift(c)
        return mark(getattr(super(XValueRules, self), name)(meta, plain), var)

    method.__name__ = name
    method.__doc__ = f"`{name}` with a variable amount (4.5) kept in `amount_var`."
    return method


class XValueRules:
    """Transformer rules for the variable X (4.5); mixed in before the effect rules."""

    def amount_x(self, meta: Any, c: list[Any]) -> VarAmount:
        """ "X damage" is X; "X000 damage" is X thousands (4.5)."""
        tok = next((t for t in c if isinstance(t, Token) and t.type == "X_THOUSANDS"), None)
        return VarAmount(1000 if tok is not None else 1)

    def q_x(self, meta: Any, c: list[Any]) -> list[tuple[Any, ...]]:
        """ "Choose X dull Forwards": X cards, the number chosen (4.5)."""
        return [("count", 1, False, "=="), ("amount_var", VAR)]

    def draw_x(self, meta: Any, c: list[Any]) -> Draw:
        """ "Draw X cards" (4.5, 9.2)."""
        return Draw(count=1, amount_var=VAR, span=self._span(meta))  # type: ignore[attr-defined]

    def top_cards(self, meta: Any, c: list[Any]) -> int | VarAmount:
        """ "the top X cards of your deck" (4.5, 7.9)."""
        if not any(isinstance(t, Token) and t.type == "NUMBER" for t in c) and self._has(meta, VAR):  # type: ignore[attr-defined]
            return VarAmount(1)
        return super().top_cards(meta, c)  # type: ignore[misc]

    def cond_its_cost(self, meta: Any, c: list[Any]) -> Condition:
        """ "If its cost is X" compares with the X paid (4.5, marked like "cost X"); "its cost is 3"
        without "or more / or less" is an exact cost (5.2.1)."""
        cond = super().cond_its_cost(meta, c)  # type: ignore[misc]
        if self._has(meta, "more", "less"):  # type: ignore[attr-defined]
            return cond
        if cond.threshold is None and self._has(meta, VAR):  # type: ignore[attr-defined]
            return replace(cond, threshold=Threshold("cost", "==", X_MARK))
        if cond.threshold is not None:
            return replace(cond, threshold=replace(cond.threshold, op="=="))
        return cond

    for _name in ("deal", "deal_to", "look", "reveal", "mill", "remove_top", "player_reveal_top"):
        locals()[_name] = _lifted(_name)
    del _name


__all__ = ["VAR", "X_MARK", "VarAmount", "XValueRules", "lift", "mark"]
