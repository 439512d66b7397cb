"""The registry of effect node families: node class → the function that carries it out, its clause concepts,
the fields it reads and the shapes it refuses (the kernel's `Registry`). The family modules register into it
with `effect(...)`; the interpreter (`effects.run.one`) dispatches on it without importing them, so no effect
module depends on another through dispatch.

Each registration says what its handler reads (`reads`: every field carrying a value must be one of them, or
the node is not run, since that field's meaning would be lost), what it reads for some values only
(`values`), the shapes it has no procedure for (`check(node)`, in words) and the fields that only say where
words stand in the text (`layout`: the handler runs every value of them alike). `refused(node)` is the one
answer: `effects.run.one` says "not modelled" for exactly those nodes, and `judge card`, coverage and the TUI
ask the same function (`judge.engine.fftcg.support`), so what they call executed is what runs (issue 21.4).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import fields
from typing import Any

from judge.engine.fftcg import stackref
from judge.engine.fftcg.conditions import countable
from judge.engine.fftcg.events import acted
from judge.engine.fftcg.query import SELECTOR_READS, selector_reads
from judge.engine.kernel import Registry
from judge.text import ast

#: effect node kind → what it does (the kernel's registry: handler, clause concepts, meaning, and the node's
#: fields the handler reads as `reads`; a node using any other field is "not modelled", never half applied)
EFFECTS: Registry[type] = Registry("FFTCG effects")
#: Fields no handler reads: where the node came from in the text.
UNREAD_FIELDS = frozenset({"span"})


def effect(kind: type, *, concepts: tuple[str, ...] = (), reads: Iterable[str] = (), layout: Iterable[str] = (),
           values: Mapping[str, Collection[Any]] | None = None, check: Callable[[Any], Iterable[str]] | None = None,
           target_reads: Iterable[str] = (), meaning: str = "",
           per_cost: bool = False) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register the handler of an effect node kind (see the module's docstring). `target_reads`: fields of its
    `target` selector the handler reads beyond what `query.matches` reads ("search for 2 … with different
    names"); `per_cost`: its "for each …" may count the CP a card requires (effects.cpcost)."""
    names = {f.name for f in fields(kind)}
    unknown = (set(reads) | set(layout) | set(values or {})) - names
    if unknown:
        raise ValueError(f"{kind.__name__}: no field {', '.join(sorted(unknown))}")
    return EFFECTS.register(kind, concepts=concepts, meaning=meaning, reads=frozenset(reads),
                            layout=frozenset(layout), values={k: frozenset(v) for k, v in (values or {}).items()},
                            check=check, target_reads=frozenset(target_reads), per_cost=per_cost)


def unread(node: Any, reads: frozenset[str], target_reads: frozenset[str] = frozenset()) -> list[str]:
    """The fields of an effect node (and of the selectors it holds) that carry a value nobody reads here."""
    out = []
    for f in fields(node):
        if f.name in UNREAD_FIELDS:
            continue
        value = getattr(node, f.name)
        if f.name not in reads:
            if value != f.default and value not in ((), None, False):
                out.append(f.name)
        elif isinstance(value, ast.Selector):
            reads_here = SELECTOR_READS | {"about"} if stackref.is_stack_selector(value) else selector_reads(value)
            reads_here = reads_here | {"also"} | (target_reads if f.name == "target" else frozenset())
            if counted_per(value):             # "select 1 Forward for each …": run.targets counts it (11.12.4.3)
                reads_here = reads_here | {"count_per"}
            if value.ref == "nth":             # "the second Forward" of those chosen (effects/ordinal.py)
                reads_here = reads_here | {"nth"}
            out.extend(f"{f.name}.{x}" for x in unread(value, reads_here))
    return out


def counted_per(sel: ast.Selector) -> bool:
    """Whether `run.targets` reads a selector's "N for each …" (`count_per`): a selection made as the effect
    resolves (a target chosen as it is cast would need the count then, 11.3.3) of what is counted now."""
    per = sel.count_per
    return per is not None and sel.choose != "choose" and (countable(per) or acted.is_acted(per))


def refused(node: Any) -> tuple[str, ...]:
    """What of one effect node (not its children) `effects.run.one` does not run, in words (empty: all of it)."""
    kind = ast.kind_of(node)
    entry = EFFECTS.get(type(node))
    if entry is None:
        return (kind,)
    x = entry.extra
    missing = unread(node, x["reads"] | x["layout"], x["target_reads"])
    out = [f"{kind} ({', '.join(missing)})"] if missing else []
    out += [f"{kind} {name} {getattr(node, name)}" for name, allowed in x["values"].items()
            if getattr(node, name) not in allowed]
    per = getattr(node, "per", None) if "per" in x["reads"] else None
    if isinstance(per, ast.Selector) and not countable(per) and not acted.is_acted(per) and \
            not (x["per_cost"] and per.zone == "cp_required"):         # effects.cpcost counts it
        out.append(f"for each … {per.zone}")
    if x["check"] is not None and not out:
        out += x["check"](node)
    return tuple(dict.fromkeys(out))


def executable(node: Any) -> bool:
    """Whether `effects.run.one` runs all of an effect node (coverage asks this)."""
    return not refused(node)


__all__ = ["EFFECTS", "UNREAD_FIELDS", "effect", "executable", "refused", "unread"]
