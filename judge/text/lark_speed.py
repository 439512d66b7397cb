"""Faster equivalents of two Lark hot spots, installed into a loaded LALR parser.

Profiling the card-text pipeline (bench/bench_parse.py) showed most of the parse time going to
bookkeeping around the LALR loop rather than to the grammar itself:

- `propagate_positions=True` (house style: every AST node carries its span) wraps each rule's
  callback in `lark.parse_tree_builder.PropagatePositions`, around a child filter, around the
  `?rule` inliner, around the tree constructor: four calls per reduction, and positions probed
  with `getattr(..., default)` (an AttributeError raised and swallowed per probe on a Token).
  `install` replaces each chain by one function (`_fused`) that builds the same tree with the
  same `Meta` attributes, read and written through the meta's dictionary.
- `UnexpectedToken.accepts` (what the grammar could read where a line failed) copies the whole
  interactive parser once per candidate terminal. `accepts` below replays only the LALR state
  stack, which is all that decides acceptance.

Both are drop-in: the trees, metas and expected-terminal sets are the ones Lark itself computes
(tests/text/test_parse_speed.py compares them over every shipped sample card).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from lark import Token, Tree
from lark.parse_tree_builder import ChildFilterLALR_NoPlaceholders, ExpandSingleChild, PropagatePositions
from lark.parsers.lalr_analysis import Shift
from lark.tree import Meta


def _edge(children: Any) -> Any:
    """The first child that occupies text: a non-empty tree's meta or a token (as Lark picks it)."""
    for c in children:
        if isinstance(c, Tree):
            meta = c.meta
            if not meta.empty:
                return meta
        elif isinstance(c, Token):
            return c
        elif hasattr(c, "__lark_meta__"):
            return c.__lark_meta__()
    return None


def _start(first: Any) -> tuple[Any, Any, Any]:
    """(line, column, start_pos) of the container of `first`, as PropagatePositions reads them."""
    if isinstance(first, Token):
        return first.line, first.column, first.start_pos
    d = getattr(first, "__dict__", None)
    if d is not None and "container_line" in d and "container_column" in d and "container_start_pos" in d:
        return d["container_line"], d["container_column"], d["container_start_pos"]
    return (getattr(first, "container_line", first.line), getattr(first, "container_column", first.column),
            getattr(first, "container_start_pos", first.start_pos))


def _end(last: Any) -> tuple[Any, Any, Any]:
    """(end_line, end_column, end_pos) of the container of `last`, as PropagatePositions reads them."""
    if isinstance(last, Token):
        return last.end_line, last.end_column, last.end_pos
    d = getattr(last, "__dict__", None)
    if d is not None and "container_end_line" in d and "container_end_column" in d and "container_end_pos" in d:
        return d["container_end_line"], d["container_end_column"], d["container_end_pos"]
    return (getattr(last, "container_end_line", last.end_line),
            getattr(last, "container_end_column", last.end_column),
            getattr(last, "container_end_pos", last.end_pos))


def _fresh_meta(children: list) -> Meta:
    """The meta of a new node over `children` (what PropagatePositions gives a new tree)."""
    meta = Meta()
    first = _edge(children)
    if first is None:
        return meta
    last = _edge(reversed(children))
    line, column, start = _start(first)
    if last is None:                      # only a `__lark_meta__` child could do this
        meta.__dict__.update(line=line, column=column, start_pos=start, empty=False, container_line=line,
                             container_column=column, container_start_pos=start)
        return meta
    end_line, end_column, end = _end(last)
    meta.__dict__ = {"empty": False, "line": line, "column": column, "start_pos": start,
                     "container_line": line, "container_column": column, "container_start_pos": start,
                     "end_line": end_line, "end_column": end_column, "end_pos": end,
                     "container_end_line": end_line, "container_end_column": end_column,
                     "container_end_pos": end}
    return meta


def _widen(res: Tree, children: list) -> Tree:
    """An existing node standing for a rule (`?rule` with one child): it keeps its own span and
    takes the rule's as its container span, as PropagatePositions does."""
    d = res.meta.__dict__
    first = _edge(children)
    if first is not None:
        line, column, start = _start(first)
        if "line" not in d:
            d["line"], d["column"], d["start_pos"], d["empty"] = line, column, start, False
        d["container_line"], d["container_column"], d["container_start_pos"] = line, column, start
    last = _edge(reversed(children))
    if last is not None:
        end_line, end_column, end = _end(last)
        if "end_line" not in d:
            d["end_line"], d["end_column"], d["end_pos"], d["empty"] = end_line, end_column, end, False
        d["container_end_line"], d["container_end_column"], d["container_end_pos"] = end_line, end_column, end
    return res


class Positions:
    """`PropagatePositions` with the same result: a node starts at its first child's container
    and ends at its last child's (containers include inlined and filtered-out symbols)."""

    __slots__ = ("node_builder",)

    def __init__(self, node_builder: Any) -> None:
        self.node_builder = node_builder

    def __call__(self, children: list) -> Any:
        res = self.node_builder(children)
        if not isinstance(res, Tree):
            return res
        if res._meta is None:
            res._meta = _fresh_meta(children)
            return res
        return _widen(res, children)


def _fused(name: str, to_include: list | None, expand1: bool) -> Any:
    """One rule's whole callback (child filter, `?rule` inlining, new tree, positions) as one
    function: Lark chains three wrapper objects for it."""
    if to_include is None:
        def callback(children: list) -> Any:
            if expand1 and len(children) == 1:
                res = children[0]
                return _widen(res, children) if isinstance(res, Tree) else res
            return Tree(name, children, _fresh_meta(children))
        return callback

    def filtered_callback(children: list) -> Any:
        kept: list = []
        for i, to_expand in to_include:   # ChildFilterLALR_NoPlaceholders, step for step
            if to_expand:
                if kept:
                    kept += children[i].children
                else:
                    kept = children[i].children
            else:
                kept.append(children[i])
        if expand1 and len(kept) == 1:
            res = kept[0]
            return _widen(res, children) if isinstance(res, Tree) else res
        return Tree(name, kept, _fresh_meta(children))
    return filtered_callback


def _fuse(callback: Any) -> Any:
    """The fused equivalent of a `PropagatePositions` callback chain, or `Positions` around its
    inner builder when the chain has a shape not fused here."""
    inner = callback.node_builder
    to_include = None
    if type(inner) is partial and inner.func is ChildFilterLALR_NoPlaceholders and len(inner.args) == 1:
        return Positions(inner)          # not applied yet (never seen here): keep Lark's
    if type(inner) is ChildFilterLALR_NoPlaceholders:
        to_include, inner = inner.to_include, inner.node_builder
    expand1 = type(inner) is ExpandSingleChild
    if expand1:
        inner = inner.node_builder
    if (type(inner) is partial and inner.func is Tree and len(inner.args) == 1 and not inner.keywords
            and isinstance(inner.args[0], str)):
        return _fused(inner.args[0], to_include, expand1)
    return Positions(callback.node_builder)


#: whether `install` fuses whole callback chains (True) or only swaps the position wrapper
FUSE = True


def install(lark: Any) -> int:
    """Swap the position-propagating callbacks of a loaded LALR parser for the equivalent ones
    here; how many were swapped. Callbacks of another shape are left as Lark made them."""
    try:
        callbacks = lark.parser.parser.parser.callbacks
    except AttributeError:
        return 0
    swapped = 0
    for rule, callback in list(callbacks.items()):
        if type(callback) is PropagatePositions and callback.node_filter is None:
            callbacks[rule] = _fuse(callback) if FUSE else Positions(callback.node_builder)
            swapped += 1
    return swapped


def accepts(exc: Any) -> set[str] | None:
    """The terminals that would advance the parser where `exc` (an UnexpectedToken) stopped: the
    set `exc.accepts` gives, computed on the state stack alone. None when it cannot be done here
    (the caller then asks Lark)."""
    interactive = getattr(exc, "interactive_parser", None)
    state = getattr(interactive, "parser_state", None)
    if state is None:
        return None
    conf = state.parse_conf
    states, end_state = conf.states, conf.end_state
    found: set[str] = set()
    for term in states[state.position]:
        if not term.isupper():           # a rule name, not a terminal
            continue
        is_end = term == "$END"
        stack = list(state.state_stack)
        while True:                      # LALR's feed_token, on the state stack only
            entry = states[stack[-1]].get(term)
            if entry is None:            # Lark: UnexpectedToken, so not accepted
                break
            action, arg = entry
            if arg == end_state or (action is Shift and is_end):
                return None              # Lark asserts here: let it say so itself
            if action is Shift:
                found.add(term)
                break
            size = len(arg.expansion)
            if size:
                del stack[-size:]
            goto = states[stack[-1]].get(arg.origin.name)
            if goto is None or goto[0] is not Shift:
                return None
            stack.append(goto[1])
            if is_end and stack[-1] == end_state:
                found.add(term)
                break
    return found


__all__ = ["Positions", "accepts", "install"]
