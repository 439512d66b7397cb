""""At the start of the step" effects activate as the step begins (BSS 6-7-3-1 attack, 6-6-1-1 main;
6-2-1 … 6-5-1 in the steps that run by themselves, resolved at once)."""

from __future__ import annotations

from bs_helpers import make, play, spirit

from judge.engine.bs.flow import step_start
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


def test_bss_6_4_1_start_of_step_in_a_step_that_runs_on_by_itself_is_resolved_at_once() -> None:
    """A's "during your draw step, at the start of the step: draw a card" as A's turn begins: drawn before
    the draw step's own card (6-4-1, 6-4-2), so A ends with two."""
    assert step_start.handles(_watcher("during_your_main_step"))
    assert step_start.handles(_watcher("during_your_draw_step"))
    final, rulings = play(_board("during_your_draw_step"), {"player": "B", "end_step": True},
                          {"player": "B", "end_step": True})
    assert final.turn_player == "A" and len(final.players["A"].hand) == 2
    assert any("6-4-1" in s.cites for r in rulings for s in r.steps)
