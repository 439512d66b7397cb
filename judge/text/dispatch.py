"""A Lark Transformer whose callbacks are looked up once per class, not once per tree node.

Why: Lark's `Transformer` finds each node's callback with `getattr(self, rule)`, and a callback
decorated with `v_args` is a descriptor that builds a new wrapper (`functools.update_wrapper`
included) on every such lookup. A Saga ability of about 25 nodes paid that 25 times, about a
seventh of the whole card-text pipeline (bench/bench_parse.py; issue 20 item 6). `Resolved` keeps,
per class, what each rule name resolves to (the plain function and its `v_args` calling
convention, or "none: `__default__`"), and calls it directly. What a callback receives, what
`__default__` receives, and the `VisitError` wrapping of a callback's exception are Lark's own
(tests/text/test_dispatch.py compares the ASTs with Lark's dispatch on every line it can read).

Only what the Saga transformer uses is resolved here: tokens are not visited (`visit_tokens`
False) and callbacks are plain methods, with or without `v_args(meta=True)`; anything else (a
static method, an attribute set on the instance) is dispatched by Lark's own code.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from lark import Transformer, Tree
from lark.exceptions import GrammarError, VisitError
from lark.visitors import Discard, _vargs_meta, _VArgsWrapper

#: How a rule name resolves: to the class's __default__, to a plain method called (self, children),
#: to a v_args(meta=True) method called (self, meta, children), or left to Lark.
_DEFAULT, _PLAIN, _META, _LARK = range(4)


class Resolved(Transformer):
    """Lark's Transformer, dispatching through a per-class table (tokens are not visited)."""

    def _entry(self, rule: str) -> tuple[int, Callable[..., Any] | None]:
        cls = type(self)
        table = cls.__dict__.get("_resolved_calls")
        if table is None:
            table = {}
            cls._resolved_calls = table
        entry = table.get(rule)
        if entry is None:
            entry = table[rule] = _resolve(cls, rule)
        return entry

    def _call_userfunc(self, tree: Tree, new_children: list | None = None) -> Any:
        children = new_children if new_children is not None else tree.children
        rule = tree.data
        if rule in self.__dict__:                    # an instance attribute shadows the class: Lark's way
            return super()._call_userfunc(tree, new_children)
        how, func = self._entry(rule)
        if how == _DEFAULT:                          # Lark calls __default__ outside its try, too
            return self.__default__(rule, children, tree.meta)
        if how == _LARK:
            return super()._call_userfunc(tree, new_children)
        try:
            if how == _META:
                return func(self, tree.meta, children)
            return func(self, children)
        except GrammarError:
            raise
        except Exception as exc:
            raise VisitError(rule, tree, exc) from exc

    def _transform_tree(self, tree: Tree) -> Any:
        if self.__visit_tokens__:
            return super()._transform_tree(tree)
        children = []
        for child in tree.children:
            if isinstance(child, Tree):
                child = self._transform_tree(child)
                if child is Discard:
                    continue
            children.append(child)
        return self._call_userfunc(tree, children)

    def transform(self, tree: Tree) -> Any:
        if self.__visit_tokens__ or not isinstance(tree, Tree):
            return super().transform(tree)
        result = self._transform_tree(tree)
        return None if result is Discard else result


def _resolve(cls: type, rule: str) -> tuple[int, Callable[..., Any] | None]:
    """What `getattr(instance, rule)` would call, found on the class once."""
    try:
        attr = inspect.getattr_static(cls, rule)
    except AttributeError:
        return _DEFAULT, None
    if isinstance(attr, _VArgsWrapper):
        base = attr.base_func
        if inspect.isfunction(base) and attr.visit_wrapper is _vargs_meta:
            return _META, base
        return _LARK, None
    if inspect.isfunction(attr):
        return _PLAIN, attr
    return _LARK, None


__all__ = ["Resolved"]
