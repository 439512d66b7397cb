"""Generic passes over AST nodes: a node's kind name, a walk through every node under one, its
field names, and the JSON form (the contract: `{"kind": snake_case_class_name, …fields, "cites": [...]}`).
Part of `judge.text.ast`, which re-exports every name."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import fields, is_dataclass
from enum import Enum
from operator import attrgetter
from typing import Any

from judge.text.ast.base import Span


def kind_of(node: object) -> str:
    """The snake_case kind of a node ("ModifyStat" → "modify_stat")."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", type(node).__name__).lower()


def walk(node: Any) -> Iterator[Any]:
    """Every node under `node` (itself first), through fields, tuples and lists: one traversal for all.

    Depth first with a stack of its own (the parse pipeline walks every ability; nested generators
    and `dataclasses.fields` per node were a third of its AST-building time)."""
    stack = [node]
    pop, push, push_all = stack.pop, stack.append, stack.extend
    while stack:
        node = pop()
        if type(node) in _SCALARS:
            continue
        if isinstance(node, tuple | list):
            push_all(reversed(node))
        elif not isinstance(node, type) and hasattr(type(node), "__dataclass_fields__"):  # is_dataclass
            yield node
            count, values = _fields_reversed(type(node))
            if count == 1:
                push(values(node))
            elif count:
                push_all(values(node))


def _fields_reversed(cls: type) -> tuple[int, Any]:
    """How many fields a dataclass has, and a getter of their values last field first (cached)."""
    found = _FIELD_GETTERS.get(cls)
    if found is None:
        names = [f.name for f in reversed(fields(cls))]
        found = _FIELD_GETTERS[cls] = (len(names), attrgetter(*names) if names else None)
    return found


def field_names(cls: type) -> tuple[str, ...]:
    """The field names of a dataclass, in order: `dataclasses.fields` cached per class (the AST
    passes walk every node of every ability)."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(cls))
    return names


_FIELD_GETTERS: dict[type, tuple[int, Any]] = {}
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


_SCALARS = frozenset((type(None), str, int, bool, float))   # field values that hold no node


def to_json(node: Any, cites: Any = None) -> Any:
    """The JSON form of a node; `cites(node) -> list[str]` adds each node's clause numbers."""
    if isinstance(node, Enum):
        return node.value
    if isinstance(node, tuple | list):
        return [to_json(n, cites) for n in node]
    if is_dataclass(node) and not isinstance(node, type):
        out: dict[str, Any] = {"kind": kind_of(node)}
        for f in fields(node):
            out[f.name] = to_json(getattr(node, f.name), cites)
        if cites is not None and not isinstance(node, Span):
            out["cites"] = list(cites(node))
        return out
    return node


__all__ = ["field_names", "kind_of", "to_json", "walk"]
