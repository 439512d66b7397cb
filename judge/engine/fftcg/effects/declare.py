"""Declarations: "Select 1 number", "Name 1 Element", "Name 1 Job" — a value a player names as the effect
resolves, which the following sentences read ("Forwards of that cost", "of the named Element", "with named Job").

The value is chosen once, as the effect resolves, and stays what it was for the rest of it (11.12.4.3: the
variables of an effect are set as it resolves; 11.11.5: its sentences are carried out in order). So the
interpreter asks the player (a decision as data, `take_answer`) and gives the effects after the declaration
the value in place of their "named" / "that number" marks, as it does for X (4.5). Who declares: the
effect's controller (6.2.3); the AST does not say "your opponent names …" yet, so such a text is not read.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import Any

from judge.engine.fftcg.log import Log, Refused, as_list, take_answer
from judge.engine.fftcg.state import ELEMENTS, State
from judge.engine.kernel.values import evolve as replace
from judge.text.ast import Declare, Selector, Threshold

#: what a declaration may name that the following effects read here
THINGS = frozenset({"number", "element", "job"})
#: the mark a selector's field carries where the named value goes: field → the thing named
_NAMED_FIELDS = {"colors": "element", "families": "job"}
#: a threshold compared with the declared number ("Forwards of that cost")
DECLARED_NUMBER = "declared_number"


def _options(e: Declare, thing: str) -> tuple[str, ...]:
    if thing == "element":
        return tuple(x for x in ELEMENTS if x not in {o.lower() for o in e.other_than})
    return ()


def _ask(s: State, e: Declare, thing: str, who: str, label: str) -> tuple[State, str]:
    """The value `who` names for one thing; an answer that is not such a value is refused, saying why."""
    options = _options(e, thing)
    s, answer = take_answer(s, who, "declare", f"{who} names 1 {thing.replace('_', ' ')} for {label}", options,
                            "resolve_as_written")
    value = str(as_list(answer)[0]).strip()
    if thing == "number" and not value.isdigit():
        raise Refused(f"{label}: a number is named (0, 1, 2 …), not {value!r}", "resolve_as_written")
    if thing == "element" and value.lower() not in options:
        raise Refused(f"{label}: the Element named is one of {', '.join(options)}, not {value!r}",
                      "resolve_as_written")
    if not value:
        raise Refused(f"{label}: name a {thing}", "resolve_as_written")
    return s, value.lower() if thing == "element" else value


def bind(node: Any, named: dict[str, str]) -> Any:
    """The node with every mark of a named value replaced by the value (nodes without one unchanged)."""
    if isinstance(node, Threshold) and isinstance(node.ref, Selector) and node.ref.ref == DECLARED_NUMBER and \
            "number" in named:
        return replace(node, value=int(named["number"]), ref=None)
    if isinstance(node, tuple):
        out = tuple(bind(n, named) for n in node)
        return node if all(a is b for a, b in zip(out, node, strict=True)) else out
    if not is_dataclass(node) or isinstance(node, type):
        return node
    changed: dict[str, Any] = {}
    if isinstance(node, Selector):
        for name, thing in _NAMED_FIELDS.items():
            value = getattr(node, name)
            if "named" in value and thing in named:
                changed[name] = tuple(named[thing] if v == "named" else v for v in value)
    for f in fields(node):
        if f.name in changed:
            continue
        value = getattr(node, f.name)
        if isinstance(value, tuple) or is_dataclass(value):
            new = bind(value, named)
            if new is not value:
                changed[f.name] = new
    return replace(node, **changed) if changed else node


def declare(s: State, e: Declare, who: str, label: str, rest: tuple, log: Log) -> tuple[State, tuple]:
    """Ask `who` for each thing the declaration names, and give the effects after it the values."""
    named: dict[str, str] = {}
    for thing in e.things:
        s, named[thing] = _ask(s, e, thing, who, label)
    log.add(f"{label}: {who} names {', '.join(f'{v} ({k})' for k, v in named.items())}; what follows reads it",
            "resolve_as_written", "ongoing_variables")
    return s, bind(rest, named)


def unread_things(e: Declare) -> tuple[str, ...]:
    """What a declaration names that the effects here do not read (a card name, a card type, a category)."""
    return tuple(t for t in e.things if t not in THINGS)


__all__ = ["DECLARED_NUMBER", "THINGS", "bind", "declare", "unread_things"]
