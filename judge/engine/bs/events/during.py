"""The condition "if used during your main step" (typed kind "during": `event` a step id of
`judge.text.ast.STEPS`, `player` whose step): decided from the turn the board is in, never asked.

An effect resolves at the timing it was used (a magic card resolves as it is used, 10-8-7), so
the step it was used in is the step the board is in while it resolves.
"""

from __future__ import annotations

from judge.engine.bs.conditions import CONDITIONS
from judge.engine.bs.ctx import Ctx
from judge.engine.bs.state import Work
from judge.text import ast

#: Step ids of the grammar → the engine's steps (Standard's second main step is a main step too).
STEP_OF: dict[str, tuple[str, ...]] = {
    "start_step": ("start",), "core_step": ("core",), "draw_step": ("draw",), "refresh_step": ("refresh",),
    "main_step": ("main", "second_main"), "attack_step": ("attack",), "end_step": ("end",),
}


@CONDITIONS.register("during", concepts=("effect.if",), meaning="the effect is used during that player's step")
def _during(ctx: Ctx, cond: ast.Condition, item: Work) -> bool | None:
    state = ctx.state
    if cond.player is None:
        whose = True
    else:
        who = state.opponent(item.controller) if cond.player == ast.Player.OPPONENT else item.controller
        whose = state.turn_player == who
    if cond.event == "turn":
        return whose
    steps = STEP_OF.get(cond.event or "")
    if steps is None:
        return None
    return whose and str(state.step) in steps


__all__ = ["STEP_OF"]
