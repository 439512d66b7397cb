"""Restrictions written "with this effect" (1-3-3): they bar only what the effect they are written in
does, so they are applied to that effect's own directives before it resolves, not kept as a lasting
modification of the board.

"Place three cores from your trash onto this spirit. You cannot place a Soul Core on this spirit with
this effect.": the placement is of regular cores only (4-11-1 a soul core is a core of the other type;
4-11-3 effects that move cores would move it unless barred), whenever the placement happens (now, or
at the end of the turn when a delayed part of the effect resolves).
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.bs.ctx import Ctx
from judge.engine.bs.state import Work
from judge.text import ast

#: Effect nodes holding further effects resolved as part of the same effect.
_NESTED = (ast.Conditional, ast.Sequence, ast.Optional)


def this_effect(eff: object) -> bool:
    """A restriction whose scope is the effect it is written in ("… with this effect")."""
    by = getattr(eff, "by", None)
    return isinstance(eff, ast.Restriction) and eff.mode == "cannot" and by is not None \
        and by.unit == "effect" and by.effect == "this"


def _soul_bar(eff: ast.Effect) -> bool:
    """"cannot place a Soul Core … with this effect"."""
    return this_effect(eff) and eff.action == "place_cores" and eff.object is not None \
        and eff.object.unit == "soul_core"


def _narrow(eff: ast.Effect) -> ast.Effect:
    if isinstance(eff, ast.MoveCores) and eff.core_type is None:
        return replace(eff, core_type="core")      # regular cores only (4-11-1)
    if isinstance(eff, _NESTED):
        return replace(eff, effects=tuple(_narrow(e) for e in eff.effects))
    return eff


def narrow(effects: tuple[ast.Effect, ...]) -> tuple[ast.Effect, ...]:
    """The effects with their "with this effect" bars applied to the directives they govern: a bar on
    placing the soul core makes every core placement of the effect one of regular cores."""
    if not any(_soul_bar(e) for e in effects):
        return effects
    return tuple(e if _soul_bar(e) else _narrow(e) for e in effects)


def applied(ctx: Ctx, eff: ast.Restriction, item: Work) -> bool:
    """A bar scoped to this effect met while resolving: already applied by `narrow` (logged here)."""
    if not _soul_bar(eff):
        return False
    ctx.log(f"{item.label}: the soul core cannot be placed by this effect; its placements move regular "
            f"cores only", "rules.cannot_wins")
    return True



def is_soul_bar(eff: object) -> bool:
    """Whether a restriction is a soul-core bar this module applies (coverage asks this)."""
    return isinstance(eff, ast.Restriction) and _soul_bar(eff)


__all__ = ["applied", "is_soul_bar", "narrow", "this_effect"]
