""""If used during your main step": decided from the step and turn the board is in."""

from __future__ import annotations

import pytest
from bs_helpers import make, spirit

from judge.engine.bs import conditions
from judge.engine.bs.ctx import Ctx
from judge.engine.bs.state import Work
from judge.text.ast import Condition, Player

MAIN = Condition(kind="during", text="", event="main_step", player=Player.YOU)


def _holds(step: str, turn_player: str, cond: Condition = MAIN) -> bool | None:
    state = make("bss", {"x": spirit("X")}, {"A": {"deck": 5}, "B": {"deck": 5}}, step=step, player=turn_player)
    return conditions.holds(Ctx(state), cond, Work(kind="magic", source="m", controller="A", label="m"))


@pytest.mark.parametrize(("step", "turn_player", "expected"), [
    ("main", "A", True), ("attack", "A", False), ("attack", "B", False), ("main", "B", False)])
def test_bss_used_during_your_main_step_reads_the_step_and_the_turn(step: str, turn_player: str,
                                                                    expected: bool) -> None:
    assert _holds(step, turn_player) is expected


def test_bss_during_the_opponents_attack_step() -> None:
    cond = Condition(kind="during", text="", event="attack_step", player=Player.OPPONENT)
    assert _holds("attack", "B", cond) is True and _holds("attack", "A", cond) is False
