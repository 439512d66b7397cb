"""When a player may act (Saga 6-6 / 8-1-3-1; Standard 12-2-1-5-1): main-step actions in the turn
player's main step with no battle, flash effects in that main step or a flash window of a battle.
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.bs.ctx import Ctx
from judge.engine.bs.state import Step


def in_main(ctx: Ctx, player: str, what: str) -> None:
    """Main-step actions: the turn player, in a main step, with nothing else being resolved (6-6-1-2-1)."""
    s = ctx.state
    if s.battle is not None:
        raise ctx.refuse(f"{what} is a main-step action; a battle is in progress", "turn.main")
    if player != s.turn_player or s.step not in (Step.MAIN, Step.SECOND_MAIN):
        raise ctx.refuse(f"{what}: only the turn player ({s.turn_player}) in the main step may do this "
                         f"(now: {player}, {s.step.value} step)", "turn.main")


def in_flash(ctx: Ctx, player: str, what: str) -> None:
    """Flash timing: your main step, or a flash window of a battle (8-1-3-1 / 12-2-1-5-1)."""
    s = ctx.state
    if s.battle is not None and s.battle.window in ("flash_pre", "flash_post"):
        take_priority(ctx, player)
        return
    if s.battle is None and player == s.turn_player and s.step in (Step.MAIN, Step.SECOND_MAIN):
        return
    raise ctx.refuse(f"{what}: flash effects are used in the main step of your turn or in a flash window",
                     "effect.magic_timing", "battle.flash_pre")


def take_priority(ctx: Ctx, player: str) -> None:
    """Before `player` uses a flash effect: the player holding priority passes if it is not theirs."""
    b = ctx.state.battle
    assert b is not None
    if b.priority == player:
        return
    passes = b.passes + 1
    concept = WINDOW_CONCEPT[b.window]
    if passes >= 2:
        raise ctx.refuse(f"the flash window has ended: {b.priority} passed right after {player} passed",
                         concept)
    ctx.log(f"{b.priority} passes (does not use a flash effect)", concept)
    ctx.set(battle=replace(b, priority=player, passes=passes))


WINDOW_CONCEPT = {"flash_pre": "battle.flash_pre", "flash_post": "battle.flash_post"}


__all__ = ["WINDOW_CONCEPT", "in_flash", "in_main", "take_priority"]
