"""A limit an effect sets on its own discards: "discard the top three cards of your opponent's deck for
each nexus you control. You can discard a maximum of twelve cards with this effect."

The limit is part of the effect, so where the effect's directive would discard more, it discards as
many as the limit leaves (counting every card this effect has discarded so far), and the rest of the
directive is not performed (1-3-3: what an active effect prevents is prevented; 1-3-2: as much as
possible is). Nothing is left on the board: the limit ends with the effect. "For each …" counts as it
does for the other discards (cores.per_count).
"""

from __future__ import annotations

from judge.engine.bs.ctx import Ctx
from judge.engine.bs.state import Work
from judge.text import ast


def is_cap(eff: object) -> bool:
    """"You can discard a maximum of N cards with this effect"."""
    return isinstance(eff, ast.Restriction) and eff.mode == "at_most" and eff.action == "discard" and \
        eff.object is not None and isinstance(eff.object.count, int) and eff.by is not None and \
        eff.by.unit == "effect" and eff.by.effect == "this"


def limit(item: Work) -> int | None:
    """The most cards the resolving effect may discard (None: no limit)."""
    caps = [n.object.count for n in ast.walk(item.effects) if is_cap(n)]
    return min(caps) if caps else None


def allowed(ctx: Ctx, item: Work, want: int) -> int:
    """How many of `want` cards the effect may still discard, logging a cut."""
    cap = limit(item)
    if cap is None:
        return want
    left = max(0, cap - len(ctx.discarded))
    if want > left:
        ctx.log(f"{item.label}: at most {cap} card(s) may be discarded with this effect; {left} more can be",
                "rules.cannot_wins", "rules.impossible")
        return left
    return want


def applied(ctx: Ctx, eff: ast.Restriction, item: Work) -> bool:
    """The limit met in written order: already applied where the effect discards (logged here)."""
    if not is_cap(eff):
        return False
    ctx.log(f"{item.label}: its discards were limited to {eff.object.count} card(s)", "rules.cannot_wins")
    return True


__all__ = ["allowed", "applied", "is_cap", "limit"]
