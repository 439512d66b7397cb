"""Dispatch: effect node kind → the handler that performs it, and the named rule forms.

`EFFECTS` has one entry per effect node class the engine performs (its handler, the concepts it
cites, the fields it reads and the shapes it cannot run), registered by the effect modules
(`effects/`, one per node family); `apply` looks a node up and runs it. A node with no entry, one
carrying a field its handler does not read, or one of a shape its handler declares it cannot run is
logged "not modelled: … — resolve by hand", never guessed (its meaning would otherwise be dropped
in silence). `gaps` answers the same question without a board: coverage and `judge card` ask it,
so what they report as executed is what `apply` runs (issue 21.4).

`FORMS` holds the few procedures a lower layer needs from a higher one, by the rule's own name (the
effects of a waiting item in written order, 1-3-7; a selection passed to another player, 8-9-1):
the module that defines the procedure registers it, the one that needs it looks it up, so the
layers import one way (events and zones never import effects).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import MISSING, fields
from typing import Any

from judge.engine.bs.ctx import Ctx
from judge.engine.bs.state import Work
from judge.engine.kernel.registry import Registry
from judge.text import ast

EFFECTS: Registry[type] = Registry("Battle Spirits effects")
#: Fields no handler needs to read: where the node came from in the text.
UNREAD_FIELDS = frozenset({"span"})


def effect(kind: type, *, concepts: tuple[str, ...] = (), reads: Iterable[str] = (),
           values: Mapping[str, Collection[Any]] | None = None,
           check: Callable[[Any], Iterable[str]] | None = None,
           beyond: Callable[[Any], Iterable[str]] | None = None, meaning: str = "") -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register the handler of an effect node kind.

    `reads`: the fields of the node the handler reads (every field without a default must be among
    them); a node carrying a value in any other field is not run, since that field's meaning would be
    lost. `values`: for a field read only for some of its values, those values. `check(node)`: the
    shapes of the node the handler has no procedure for, in words (a destination, a zone).
    `beyond(node)`: what the handler runs only with more than the card data holds (a token's figures
    a scenario supplies): reported by `gaps`, run by `apply`."""
    names = {f.name for f in fields(kind)}
    unknown = set(reads) - names or set(values or {}) - names
    if unknown:
        raise ValueError(f"{kind.__name__}: no field {', '.join(sorted(unknown))}")
    return EFFECTS.register(kind, concepts=concepts, meaning=meaning, reads=frozenset(reads),
                            values={k: frozenset(v) for k, v in (values or {}).items()}, check=check,
                            beyond=beyond)


def carried(node: object) -> tuple[str, ...]:
    """The fields of a node that carry something: those without a default, and those whose value is
    not the default (the text said something there)."""
    out = []
    for f in fields(node):  # type: ignore[arg-type]
        if f.name in UNREAD_FIELDS:
            continue
        default = f.default if f.default is not MISSING else (
            f.default_factory() if f.default_factory is not MISSING else MISSING)  # type: ignore[misc]
        if default is MISSING or getattr(node, f.name) != default:
            out.append(f.name)
    return tuple(out)


def gaps(node: object) -> tuple[str, ...]:
    """What of an effect node the engine does not run on the card data, in words (empty: all of it)."""
    out = list(refused(node))
    entry = EFFECTS.get(type(node))
    if not out and entry is not None and entry.extra["beyond"] is not None:
        out += entry.extra["beyond"](node)
    return tuple(out)


def refused(node: object) -> tuple[str, ...]:
    """What of an effect node `apply` does not run, in words (empty: it runs all of it)."""
    kind = ast.kind_of(node)
    entry = EFFECTS.get(type(node))
    if entry is None:
        return (kind,)
    reads, values, check = entry.extra["reads"], entry.extra["values"], entry.extra["check"]
    out = [f"{kind} {name}" for name in carried(node) if name not in reads]
    out += [f"{kind} {name} {getattr(node, name)}" for name, allowed in values.items()
            if getattr(node, name) not in allowed]
    if check is not None and not out:
        out += check(node)
    return tuple(dict.fromkeys(out))


FORMS: Registry[str] = Registry("Battle Spirits rule forms")
form = FORMS.register


def apply(ctx: Ctx, eff: ast.Effect, item: Work) -> None:
    """Perform one effect node (its registered handler), or say it is not modelled."""
    entry = EFFECTS.get(type(eff))
    if entry is None:
        ctx.unmodelled(f"{item.label}: a {ast.kind_of(eff).replace('_', ' ')} effect")
        return
    missing = refused(eff)
    if missing:
        ctx.unmodelled(f"{item.label}: {'; '.join(m.replace('_', ' ') for m in missing)}")
        return
    entry.handler(ctx, eff, item)


def executable(node: object) -> bool:
    """Whether `apply` runs all of an effect node (coverage asks this)."""
    return not gaps(node)


def use(name: str, *args: Any) -> Any:
    """Run the rule form registered under `name` (None when no module registered it)."""
    entry = FORMS.get(name)
    return None if entry is None else entry.handler(*args)


def run(ctx: Ctx, item: Work) -> None:
    """Resolve the effects of one waiting item in written order (1-3-7: `effects/resolve.py`)."""
    use("effects_in_order", ctx, item)


__all__ = ["EFFECTS", "FORMS", "UNREAD_FIELDS", "apply", "carried", "effect", "executable", "form", "gaps", "refused", "run", "use"]
