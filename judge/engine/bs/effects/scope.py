"""Restrictions written "with this effect" (1-3-3): they bar only what the effect they are written in
does, not a lasting modification of the board.

"Place three cores from your trash onto this spirit. You cannot place a Soul Core on this spirit with
this effect.": the text layer reads the bar into the effect's own placements (they move regular cores
only, 4-11-1 / 4-11-3: judge.text.bs.meaning), so when the engine meets the restriction itself while
resolving, there is nothing left to do but say so.
"""

from __future__ import annotations

from judge.engine.bs.ctx import Ctx
from judge.engine.bs.state import Work
from judge.text import ast


def this_effect(eff: object) -> bool:
    """A restriction whose scope is the effect it is written in ("… with this effect")."""
    by = getattr(eff, "by", None)
    return isinstance(eff, ast.Restriction) and eff.mode == "cannot" and by is not None \
        and by.unit == "effect" and by.effect == "this"


def _soul_bar(eff: ast.Effect) -> bool:
    """"cannot place a Soul Core … with this effect"."""
    return this_effect(eff) and eff.action == "place_cores" and eff.object is not None \
        and eff.object.unit == "soul_core"


def applied(ctx: Ctx, eff: ast.Restriction, item: Work) -> bool:
    """A bar scoped to this effect met while resolving: the text layer applied it (logged here)."""
    if not _soul_bar(eff):
        return False
    ctx.log(f"{item.label}: the soul core cannot be placed by this effect; its placements move regular "
            f"cores only", "rules.cannot_wins")
    return True


def is_soul_bar(eff: object) -> bool:
    """Whether a restriction is a soul-core bar this module applies (coverage asks this)."""
    return isinstance(eff, ast.Restriction) and _soul_bar(eff)


__all__ = ["applied", "is_soul_bar", "this_effect"]
