"""Quick paths for the AST's frozen dataclasses (judge.text.ast), giving the very same nodes.

The transformers build and replace tens of thousands of nodes per corpus, and a frozen dataclass
sets each field through `object.__setattr__` (a Selector has 35): `quick_init` gives a node class an
`__init__` that sets them in one dict update, and `replace` copies a node's fields instead of calling
its `__init__`, wherever the node has nothing else to do (no init-only field, no computed field);
`__post_init__` checks still run. tests/text/test_ast_speed.py checks the nodes are the same.
"""

from __future__ import annotations

import dataclasses
from dataclasses import fields, is_dataclass
from typing import Any


def replace(node: Any, /, **changes: Any) -> Any:
    """`dataclasses.replace`, the same node, made without the dataclass's `__init__` when that has
    nothing to do but set the fields (no `__post_init__`, no init-only or non-init field): the old
    node's fields with `changes` over them. A frozen node of 35 fields (Selector) costs twenty
    microseconds through `__init__` and a tenth of that here, and the transformers replace nodes
    tens of thousands of times over a corpus. Anything else goes to `dataclasses.replace`, which
    also reports an unknown field."""
    cls = node.__class__
    names = _PLAIN.get(cls)
    if names is None:
        names = _PLAIN[cls] = _plain_fields(cls)
    if not names or not changes.keys() <= names:
        return dataclasses.replace(node, **changes)
    new = object.__new__(cls)
    state = new.__dict__
    state.update(node.__dict__)
    state.update(changes)
    return new


def _plain_fields(cls: type) -> frozenset[str]:
    """The field names of a dataclass `replace` may copy directly; empty when it may not."""
    if not is_dataclass(cls) or hasattr(cls, "__post_init__") or hasattr(cls, "__slots__"):
        return frozenset()
    found = fields(cls)
    if len(found) != len(cls.__dataclass_fields__) or not all(f.init for f in found):
        return frozenset()                # an InitVar or a field __init__ computes
    return frozenset(f.name for f in found)


_PLAIN: dict[type, frozenset[str]] = {}


def quick_init(cls: type) -> None:
    """Give a frozen node class an `__init__` that sets its fields in one dict update, with the
    signature (names, order, positional or keyword-only, defaults) and the `__post_init__` check of
    the one `dataclass` wrote: that one sets each of a Selector's 35 fields through
    `object.__setattr__`, ten microseconds a node, and the parse builds tens of thousands of nodes.
    The node made is the same (fields, equality, hash, repr); only classes whose fields are all plain
    init fields with plain defaults are given one."""
    found = fields(cls)
    if len(found) != len(cls.__dataclass_fields__) or hasattr(cls, "__slots__") \
            or any(not f.init or f.default_factory is not dataclasses.MISSING for f in found):
        return
    positional = [f for f in found if not f.kw_only]
    keyword = [f for f in found if f.kw_only]
    params = [f.name if f.default is dataclasses.MISSING else f"{f.name}=_d_{f.name}" for f in positional]
    if keyword:
        params.append("*")
        params += [f.name if f.default is dataclasses.MISSING else f"{f.name}=_d_{f.name}" for f in keyword]
    body = "    self.__dict__.update({" + ", ".join(f"{f.name!r}: {f.name}" for f in found) + "})\n"
    if hasattr(cls, "__post_init__"):
        body += "    self.__post_init__()\n"
    namespace = {f"_d_{f.name}": f.default for f in found if f.default is not dataclasses.MISSING}
    exec(f"def __init__(self, {', '.join(params)}):\n{body}", namespace)   # the source holds field names only
    init, old = namespace["__init__"], cls.__init__
    init.__qualname__, init.__module__ = old.__qualname__, old.__module__
    init.__annotations__ = dict(getattr(old, "__annotations__", {}))
    cls.__init__ = init


__all__ = ["quick_init", "replace"]
