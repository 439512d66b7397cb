""""At the start of the step" effects activate as the step begins (BSS 6-7-3-1 attack, 6-6-1-1 main)."""

from __future__ import annotations

from bs_helpers import make, play, spirit

from judge.engine.bs import step_start
from judge.text.ast import Ability, AbilityKind, Condition, Draw, Player

START = Condition(kind="event", text="", event="step_start")


def _watcher(timing: str) -> Ability:
    return Ability(kind=AbilityKind.TRIGGERED, timing=timing, condition=START, effects=(Draw(count=1, player=Player.YOU),))


def _board(timing: str, turn_player: str = "B"):
    return make("bss", {"x": spirit("X")}, {
        "A": {"deck": 5, "field": [{"id": "a1", "card": "x", "cores": 1}]},
        "B": {"deck": 5}}, step="main", player=turn_player, number=5, abilities={"x": (_watcher(timing),)})


def test_bss_6_7_3_1_an_effect_for_the_start_of_the_opponents_attack_step_activates_as_it_begins() -> None:
    final, rulings = play(_board("during_opponents_attack_step"), {"player": "B", "end_step": True})
    assert len(final.players["A"].hand) == 1
    assert any("6-7-3-1" in s.cites for r in rulings for s in r.steps)


def test_bss_6_7_3_1_it_does_not_activate_in_a_window_that_does_not_hold() -> None:
    final, _ = play(_board("during_your_attack_step"), {"player": "B", "end_step": True})
    assert len(final.players["A"].hand) == 0


def test_bss_start_of_step_in_a_step_that_runs_on_by_itself_is_not_modelled() -> None:
    assert step_start.handles(_watcher("during_your_main_step"))
    assert not step_start.handles(_watcher("during_your_start_step"))
