"""Plain-text rendering of effect ASTs (for `judge parse` / `judge card`): one node a line,
indented by depth, each with its clause citations, so a judge can read it at a glance."""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from enum import Enum
from typing import Any

from judge.text.ast import Span, kind_of
from judge.text.links import cites

_SKIP = {"span", "text", "kind"}


def _scalar(value: Any) -> str | None:
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, bool):
        return "yes" if value else None
    if isinstance(value, str | int):
        return str(value)
    if isinstance(value, tuple) and value and all(isinstance(v, str | int | Enum) for v in value):
        return "/".join(str(v.value if isinstance(v, Enum) else v) for v in value)
    return None


def _is_default(node: Any, name: str, value: Any) -> bool:
    f = next(f for f in fields(node) if f.name == name)
    return value is None or value == () or value is False or (f.default is not f.default_factory and value == f.default and name not in ("count",))


def node_lines(node: Any, game: str, depth: int = 0, label: str = "") -> list[str]:
    """The node and its children as indented lines: `kind key=value … [clauses]`."""
    pad = "  " * depth
    if not is_dataclass(node) or isinstance(node, Span):
        return [f"{pad}{label}{node}"]
    kind = getattr(node, "kind", None)
    head = kind.value if isinstance(kind, Enum) and kind_of(node) == "ability" else kind_of(node)
    attrs, children = [], []
    for f in fields(node):
        if f.name == "span" or (f.name in _SKIP and kind_of(node) == "ability"):
            continue
        value = getattr(node, f.name)
        if _is_default(node, f.name, value) and f.name != "count":
            continue
        s = _scalar(value)
        if s is not None:
            attrs.append(f"{f.name}={s}")
        elif value is None:
            attrs.append(f"{f.name}=all") if f.name == "count" else None
        elif is_dataclass(value):
            children.append((f.name, value))
        elif isinstance(value, tuple):
            children.extend((f.name, v) for v in value)
    refs = cites(node, game)
    out = [f"{pad}{label}{head}" + (" " + " ".join(attrs) if attrs else "") + (f"  [{', '.join(refs)}]" if refs else "")]
    for name, child in children:
        out.extend(node_lines(child, game, depth + 1, f"{name}: "))
    return out


__all__ = ["node_lines"]
