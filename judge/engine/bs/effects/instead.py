"""An effect's own "instead": "Draw a card. If one of your spirits has been destroyed this turn, draw two
cards instead." — "It gains 2000 BP during this turn. If you spend a "Soul Core" as part of this card's
cost, it gains 5000 BP instead."

The sentence with "instead" is a substitution of a directive written before it in the same effect: when
its condition holds as that directive would be performed, the replacement is performed and the original
never is (8-9-1, 8-9-1-1); otherwise the original is. So the effect is read as the original directive
wrapped in that condition — "if C, the replacement; otherwise the original" — at the original's place,
the condition decided by the board then. The directive replaced is the latest one written before of the
same kind ("draw two cards instead" replaces a draw), else the latest acting on the same cards ("remove
all of its cores … instead" replaces "destroy it"). The replacement repeats only what changes: a
duration it does not state is the original's ("gains 5000 BP instead" lasts the turn, as the 2000 did).

Substitutions of an event outside the effect ("when this spirit would be destroyed, … instead") are
not these (substitute.py, selections.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields, replace
from typing import Any

from judge.text import ast


def local(e: object) -> bool:
    """"If C, <one directive> instead." of the effect it is written in."""
    if not (isinstance(e, ast.Conditional) and e.instead and len(e.effects) == 1 and not e.otherwise):
        return False
    if e.condition.kind in ("substitution", "would"):
        return False
    from judge.engine.bs.effects.selections import passing

    return passing(e) is None


def _target(e: Any) -> ast.Selector | None:
    return getattr(e, "target", None) or getattr(e, "source_target", None)


def _same_cards(a: Any, b: Any) -> bool:
    ta, tb = _target(a), _target(b)
    return ta is not None and tb is not None and replace(ta, span=None) == replace(tb, span=None)


def _merged(orig: Any, sub: Any) -> Any:
    """The replacement, with the original's duration where it states none."""
    if type(orig) is type(sub) and any(f.name == "duration" for f in fields(sub)) and \
            sub.duration == ast.Duration.PERMANENT and orig.duration != ast.Duration.PERMANENT:
        return replace(sub, duration=orig.duration)
    return sub


def _swap(effects: tuple, match: Callable[[Any], bool], make: Callable[[Any], Any]) -> tuple | None:
    """The effects with the latest directive `match` accepts (searched backwards, inside "you may" and
    "then" too) rebuilt by `make`; None when there is none."""
    for i in range(len(effects) - 1, -1, -1):
        e = effects[i]
        if isinstance(e, ast.Optional | ast.Sequence):
            inner = _swap(e.effects, match, make)
            if inner is not None:
                return (*effects[:i], replace(e, effects=inner), *effects[i + 1:])
            continue
        if match(e):
            return (*effects[:i], make(e), *effects[i + 1:])
    return None


def _fold_one(before: tuple, c: ast.Conditional) -> tuple | None:
    sub = c.effects[0]

    def make(orig: Any) -> ast.Conditional:
        return ast.Conditional(condition=c.condition, effects=(_merged(orig, sub),), otherwise=(orig,),
                               span=c.span)

    return (_swap(before, lambda e: type(e) is type(sub) and not isinstance(e, ast.Conditional), make)
            or _swap(before, lambda e: _same_cards(e, sub), make))


def fold(effects: tuple) -> tuple:
    """The effects with each of their own "…, <directive> instead" read at the directive it replaces
    (unchanged when there is none, or when the directive replaced is not found: then the "instead" stays
    and is said not modelled)."""
    if not any(local(e) for e in effects):
        return effects
    out: tuple = ()
    for e in effects:
        if local(e):
            folded = _fold_one(out, e)
            if folded is None:
                return effects
            out = folded
        else:
            out = (*out, e)
    return out


__all__ = ["fold", "local"]
