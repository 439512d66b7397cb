""""If your opponent used an effect they control to draw a card this turn": the typed kind "happened" with
window "this_turn" and event "draws", decided from a record the engine keeps of the turn's draws by
effects, never asked.

A draw by an effect is one made while that effect resolves (draws.py); the draw step's own draw, and
the extra cards an effect adds to it, are gameplay management (6-4-2), not a draw by an effect. The
record keeps, for the current turn, who drew and whose effect made them draw; a board set up during a
turn starts with an empty record (nothing before it is known to have happened), as history.py's does.
"""

from __future__ import annotations

from judge.engine.bs import select
from judge.engine.bs.ctx import Ctx
from judge.engine.bs.events.happened import HAPPENED
from judge.engine.bs.state import Work
from judge.text import ast


def _key(turn: int) -> str:
    return f"{turn}:drew_by_effect:"


def remember(ctx: Ctx, who: str, by: str | None) -> None:
    """`who` drew cards by an effect of `by` now."""
    if by is not None:
        ctx.set(used=ctx.state.used | {f"{_key(ctx.state.turn)}{who}:{by}"})


@HAPPENED.register(("this_turn", "draws"), concepts=("effect.if",),
                   meaning="that player drew a card by an effect (of the player it names) this turn")
def _drew(ctx: Ctx, cond: ast.Condition, item: Work) -> bool | None:
    by = cond.by
    if by is not None and (by.unit != "effect" or by.about is not None or by.effect is not None):
        return None
    drawers = select.whose(item.controller, cond.player or ast.Player.YOU, ctx.state)
    makers = select.whose(item.controller, by.owner, ctx.state) if by is not None else None
    prefix = _key(ctx.state.turn)
    for k in ctx.state.used:
        if k.startswith(prefix):
            who, maker = k[len(prefix):].split(":", 1)
            if who in drawers and (makers is None or maker in makers):
                return True
    return False


__all__ = ["remember"]
