"""Dispatch: effect node kind → the handler that performs it, and the named rule forms.

`EFFECTS` has one entry per effect node class the engine performs (its handler and the concepts it
cites), registered by the effect modules (`effects/`, one per node family); `apply` looks a node up
and runs it, and a node with no entry is logged "not modelled: … — resolve by hand", never guessed.

`FORMS` holds the few procedures a lower layer needs from a higher one, by the rule's own name (the
effects of a waiting item in written order, 1-3-7; a selection passed to another player, 8-9-1):
the module that defines the procedure registers it, the one that needs it looks it up, so the
layers import one way (events and zones never import effects).
"""

from __future__ import annotations

from typing import Any

from judge.engine.bs.ctx import Ctx
from judge.engine.bs.state import Work
from judge.engine.kernel.registry import Registry
from judge.text import ast

EFFECTS: Registry[type] = Registry("Battle Spirits effects")
effect = EFFECTS.register
FORMS: Registry[str] = Registry("Battle Spirits rule forms")
form = FORMS.register


def apply(ctx: Ctx, eff: ast.Effect, item: Work) -> None:
    """Perform one effect node (its registered handler), or say it is not modelled."""
    entry = EFFECTS.get(type(eff))
    if entry is None:
        ctx.unmodelled(f"{item.label}: a {ast.kind_of(eff).replace('_', ' ')} effect")
        return
    entry.handler(ctx, eff, item)


def executable(node: object) -> bool:
    """Whether the engine has an entry for an effect node (coverage asks this)."""
    return type(node) in EFFECTS


def use(name: str, *args: Any) -> Any:
    """Run the rule form registered under `name` (None when no module registered it)."""
    entry = FORMS.get(name)
    return None if entry is None else entry.handler(*args)


def run(ctx: Ctx, item: Work) -> None:
    """Resolve the effects of one waiting item in written order (1-3-7: `effects/resolve.py`)."""
    use("effects_in_order", ctx, item)


__all__ = ["EFFECTS", "FORMS", "apply", "effect", "executable", "form", "run", "use"]
