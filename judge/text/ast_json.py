"""A parse result as JSON and back, exactly: the form the AST cache stores (judge.text.cache).

This is not the public JSON contract of the AST (`judge.text.ast.to_json`, with `kind` and
`cites`): that one is for readers and cannot be read back (a `Condition` or `Ability` has a field
named `kind` of its own). Here every node is `{"@": ClassName, field: value, …}` holding only the
fields that differ from their defaults, an enum member is `{"$": EnumName, "v": value}`, a tuple is
an array, and decoding gives the same frozen dataclasses again (`decode(encode(r)) == r`, with the
same types: a `False` never comes back as `0`, a tuple never as a list).

Only classes of `judge.text.ast` (and the pipeline's own `ParseResult` / `Unparsed`) are known
here, so decoding never imports a grammar or Lark. Anything else in a result (a list, a dict, a
node class from elsewhere) cannot be stored: `encode` raises `NotStorable` and the caller simply
does not cache that result.
"""

from __future__ import annotations

import json
from dataclasses import MISSING, fields, is_dataclass
from enum import Enum
from functools import cache
from typing import Any

#: Bump when the stored form changes (it is also part of the grammar version, through this file).
FORMAT = 1

_SCALARS = (type(None), bool, int, float, str)


class NotStorable(ValueError):
    """A parse result holding something this codec cannot give back exactly."""


@cache
def _registry() -> tuple[dict[str, type], dict[str, type]]:
    """Node classes and enums by name: every dataclass and Enum of judge.text.ast, and the
    pipeline's result types."""
    from judge.text import ast
    from judge.text.parse import ParseResult, Unparsed

    nodes: dict[str, type] = {"ParseResult": ParseResult, "Unparsed": Unparsed}
    enums: dict[str, type] = {}
    for value in vars(ast).values():
        if not isinstance(value, type) or value.__module__ != ast.__name__:
            continue
        if issubclass(value, Enum):
            enums[value.__name__] = value
        elif is_dataclass(value):
            nodes[value.__name__] = value
    return nodes, enums


@cache
def _layout(cls: type) -> tuple[tuple[str, Any], ...]:
    """(field name, default or MISSING) of a node class, in order; NotStorable when a field cannot
    be given to the constructor (it would not come back)."""
    out = []
    for f in fields(cls):
        if not f.init:
            raise NotStorable(f"{cls.__name__}.{f.name} is not set by the constructor")
        default = f.default if f.default is not MISSING else (
            f.default_factory() if f.default_factory is not MISSING else MISSING)
        out.append((f.name, default))
    return tuple(out)


def _plain(value: Any) -> Any:
    """A value as JSON-ready data."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is tuple:
        return [_plain(v) for v in value]
    if isinstance(value, Enum):
        enums = _registry()[1]
        name = kind.__name__
        if enums.get(name) is not kind:
            raise NotStorable(f"enum {name} is not an AST enum")
        return {"$": name, "v": value.value}
    if is_dataclass(value) and not isinstance(value, type):
        name = kind.__name__
        if _registry()[0].get(name) is not kind:
            raise NotStorable(f"{kind.__module__}.{name} is not an AST node")
        out: dict[str, Any] = {"@": name}
        for field_name, default in _layout(kind):
            v = getattr(value, field_name)
            if default is not MISSING and type(v) is type(default) and v == default:
                continue
            out[field_name] = _plain(v)
        return out
    raise NotStorable(f"a {kind.__name__} cannot be stored in an AST ({value!r:.60})")


def encode(result: Any) -> str:
    """A parse result (or any AST node) as compact JSON; NotStorable if it holds anything else."""
    return json.dumps(_plain(result), ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _tuples(value: Any) -> Any:
    """JSON arrays back to tuples, nested ones too (`Modal.options` is a tuple of tuples)."""
    return tuple(_tuples(v) if type(v) is list else v for v in value)


def _revive(obj: dict) -> Any:
    """One JSON object, children already revived (json calls this bottom-up)."""
    for key, value in obj.items():
        if type(value) is list:
            obj[key] = _tuples(value)
    name = obj.pop("@", None)
    nodes, enums = _registry()
    if name is not None:
        try:
            return nodes[name](**obj)
        except KeyError:
            raise NotStorable(f"unknown node {name!r}") from None
    if "$" in obj:
        try:
            return enums[obj["$"]](obj["v"])
        except KeyError:
            raise NotStorable(f"unknown enum {obj['$']!r}") from None
    raise NotStorable("an object that is neither a node nor an enum")


def decode(text: str | bytes) -> Any:
    """The value `encode` gave `text` for; NotStorable (or ValueError / TypeError from a node's
    own checks) when the text is not one `encode` wrote."""
    value = json.loads(text, object_hook=_revive)
    return _tuples(value) if type(value) is list else value


__all__ = ["FORMAT", "NotStorable", "decode", "encode"]
