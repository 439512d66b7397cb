"""Effects whose duration is over end (Saga 6-8-1-2 / Standard 7-9-1-1; a battle's: 7-1-6-2).
"""

from __future__ import annotations

from judge.engine.bs.ctx import Ctx
from judge.text.ast import Duration


def expire(ctx: Ctx, durations: tuple[Duration, ...]) -> None:
    """End effects whose duration is over (6-8-1-2 / 7-9-1-1; battle: 7-1-6-2)."""
    turn = ctx.state.turn
    keep, gone = [], []
    for m in ctx.state.mods:
        over = m.duration in durations and not (m.duration == Duration.NEXT_TURN_END and m.turn >= turn)
        (gone if over else keep).append(m)
    if gone:
        ctx.set(mods=tuple(keep))
        ctx.log(f"{len(gone)} effect(s) lasting '{gone[0].duration.value}' end",
                "battle.end" if durations == (Duration.BATTLE,) else "turn.end_expire")

__all__ = ["expire"]
