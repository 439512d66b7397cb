"""Typed field readers for card and ruling records: every field is checked for its type.

A record from a file is untrusted: `number: [1, 2]` or `name: {x: 1}` must be refused with the
record and the field named, never turned into the text "[1, 2]". Each reader raises `BadField`
(field name, why); the importers add the file and the record's identity.
"""

from __future__ import annotations

import math

# typing is not imported at run time: this module is on the quick lookup path
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class BadField(Exception):
    """One field of one record is wrong."""

    def __init__(self, field: str, why: str) -> None:
        super().__init__(f"field {field!r}: {why}")
        self.field = field
        self.why = why


def _kind(value: Any) -> str:
    return {dict: "a mapping", list: "a list", bool: "true/false", float: "a decimal number",
            type(None): "empty"}.get(type(value), type(value).__name__)


def text(rec: dict, field: str, *, required: bool = False, default: str = "", numbers_ok: bool = True) -> str:
    """A text field: a string (or, where `numbers_ok`, a whole number written without quotes)."""
    value = rec.get(field)
    if value is None or value == "":
        if required:
            raise BadField(field, "is missing")
        return default
    if isinstance(value, bool) or not isinstance(value, str | int) or (isinstance(value, int) and not numbers_ok):
        raise BadField(field, f"must be text, not {_kind(value)} ({_short(value)})")
    out = str(value).strip()
    if required and not out:
        raise BadField(field, "is missing")
    return out


def whole(rec: dict, field: str, *, minimum: int | None = 0, maximum: int = 10**9) -> int | None:
    """A whole number (or its digits as text); empty is None."""
    value = rec.get(field)
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise BadField(field, f"must be a whole number, not {value!r}")
    if isinstance(value, float):
        if not math.isfinite(value) or value != int(value):
            raise BadField(field, f"must be a whole number, not {value!r}")
        value = int(value)
    if isinstance(value, str):
        digits = value.strip()
        if not digits.lstrip("-").isdigit() or len(digits) > 12:
            raise BadField(field, f"must be a whole number, not {value!r}")
        value = int(digits)
    if not isinstance(value, int):
        raise BadField(field, f"must be a whole number, not {_kind(value)} ({_short(value)})")
    if (minimum is not None and value < minimum) or value > maximum:
        raise BadField(field, f"{value} is out of range")
    return value


def names(rec: dict, field: str, *, lower: bool = False, seps: str = ",/") -> tuple[str, ...]:
    """A list of names: a list of strings, or one string with `seps` between names."""
    value = rec.get(field)
    if value is None or value == "":
        return ()
    if isinstance(value, str):
        for sep in seps[1:]:
            value = value.replace(sep, seps[0])
        items: list[Any] = value.split(seps[0]) if seps else [value]
    elif isinstance(value, list | tuple):
        items = list(value)
    else:
        raise BadField(field, f"must be a list of names, not {_kind(value)} ({_short(value)})")
    out = []
    for item in items:
        if isinstance(item, bool) or not isinstance(item, str | int):
            raise BadField(field, f"each entry must be a name, not {_kind(item)} ({_short(item)})")
        s = str(item).strip()
        if s:
            out.append(s.lower() if lower else s)
    return tuple(out)


def mapping(rec: dict, field: str) -> dict:
    value = rec.get(field)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise BadField(field, f"must be a mapping, not {_kind(value)}")
    return value


def listing(rec: dict, field: str) -> list:
    value = rec.get(field)
    if value is None:
        return []
    if not isinstance(value, list):
        raise BadField(field, f"must be a list, not {_kind(value)}")
    return value


def _short(value: Any) -> str:
    s = repr(value)
    return s if len(s) <= 40 else s[:39] + "…"


__all__ = ["BadField", "listing", "mapping", "names", "text", "whole"]
