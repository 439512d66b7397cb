"""Which qualifiers of an event condition the engine reads ("the first time … each turn", "via comparing
BP", "during this turn", "with your spirit still on the field", …), each declared by the module that
reads it, so the support status is the engine's own answer: a condition carrying a qualifier no module
reads is said not executed (support.py), never run as if the words were not there.
"""

from __future__ import annotations

from judge.text import ast

#: qualifier → the module that reads it
READ: dict[str, str] = {}


def reads(module: str, *names: str) -> None:
    """`module` reads these qualifiers of the conditions it handles."""
    for name in names:
        READ.setdefault(name, module)


def unread(cond: ast.Condition) -> list[str]:
    """The qualifiers of a condition that no module reads."""
    return [q for q in cond.qualifiers if q not in READ]


__all__ = ["READ", "reads", "unread"]
