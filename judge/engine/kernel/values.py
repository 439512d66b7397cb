"""Small value helpers every engine shares: the one `evolve`, and the one reader of answers."""

from __future__ import annotations

from typing import Any

YES = frozenset({"yes", "true", "y", "use", "1", "on"})
NO = frozenset({"no", "false", "n", "decline", "none", "0", "off"})


def evolve(obj: Any, **changes: Any) -> Any:
    """A copy of a frozen engine value with some fields changed (a fast `dataclasses.replace`).

    Engines build thousands of these per scenario; skipping `__init__` keeps resolution cheap.
    Values are validated when first built, and engine code only changes fields to values of the
    same kind, so no check is skipped that could fail."""
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    new.__dict__.update(changes)
    return new


def yes_no(value: Any) -> bool | None:
    """A yes/no answer as a bool: True, False, or None when it is neither (the one reader)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, list | tuple) and len(value) == 1:
        value = value[0]
    text = str(value).strip().lower()
    if text in YES:
        return True
    if text in NO:
        return False
    return None


def as_list(answer: Any) -> list[Any]:
    """An answer as a list (a scalar is a list of one; None is empty)."""
    if answer is None:
        return []
    if isinstance(answer, list | tuple):
        return list(answer)
    return [answer]


def exchange(value: Any, names: dict[str, str], skip: frozenset[str] = frozenset()) -> Any:
    """`value` with every id of `names` replaced by its partner, all through it (frozen engine
    values, tuples, lists, sets, dict keys and values; fields named in `skip` kept as they are).
    Copies of one card that nothing tells apart may be named either way: the board is the same."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, tuple):
        return tuple(exchange(v, names, skip) for v in value)
    if isinstance(value, list):
        return [exchange(v, names, skip) for v in value]
    if isinstance(value, frozenset | set):
        return type(value)(exchange(v, names, skip) for v in value)
    if isinstance(value, dict):
        return {exchange(k, names, skip): exchange(v, names, skip) for k, v in value.items()}
    fields = getattr(value, "__dataclass_fields__", None)
    if fields is None:
        return value
    return evolve(value, **{f: exchange(getattr(value, f), names, skip) for f in fields if f not in skip})


#: a scenario's answer to a decision its ruling does not turn on (issue 21.7): the first legal option
ANY = "any"


def is_any(answer: Any) -> bool:
    """Whether an answer is `any` (the scenario leaves this decision open: any legal option will do)."""
    return isinstance(answer, str) and answer.strip().lower() == ANY


def any_note(options: Any) -> str:
    """How the trace tells that `any` took the first legal option."""
    return f"any: the ruling does not turn on this decision, so the first legal option is taken ({options[0]})"


__all__ = ["ANY", "NO", "YES", "any_note", "as_list", "evolve", "exchange", "is_any", "yes_no"]
