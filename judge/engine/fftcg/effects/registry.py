"""The registry of effect node families: node class → the function that carries it out, its clause concepts and
the fields it reads (the kernel's `Registry`). The family modules register into it; the interpreter
(`effects.run.one`) dispatches on it without importing them, so no effect module depends on another
through dispatch.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from judge.engine.fftcg import stackref
from judge.engine.fftcg.query import SELECTOR_READS, selector_reads
from judge.engine.kernel import Registry
from judge.text import ast

#: effect node kind → what it does (the kernel's registry: handler, clause concepts, meaning, and the node's
#: fields the handler reads as `reads`; a node using any other field is "not modelled", never half applied)
EFFECTS: Registry[type] = Registry("FFTCG effects")


#: selector fields one node kind's handler reads on one of its selectors ("search for 2 … with different names")
_TARGET_READS: dict[tuple[type, str], frozenset[str]] = {(ast.Search, "target"): frozenset({"distinct"})}


def unread(node: Any, reads: frozenset[str]) -> list[str]:
    """The fields of an effect node (and of the selectors it holds) that carry a value nobody reads here."""
    out = []
    for f in fields(node):
        if f.name == "span":
            continue
        value = getattr(node, f.name)
        if f.name not in reads:
            if value != f.default and value not in ((), None, False):
                out.append(f.name)
        elif isinstance(value, ast.Selector):
            reads_here = SELECTOR_READS | {"about"} if stackref.is_stack_selector(value) else selector_reads(value)
            reads_here = reads_here | {"also"} | _TARGET_READS.get((type(node), f.name), frozenset())
            out.extend(f"{f.name}.{x}" for x in unread(value, reads_here))
    return out




__all__ = ["EFFECTS", "unread"]
