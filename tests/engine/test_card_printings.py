"""Each game names its own printed cards: which printings a board reads is a profile value
(`Rules.printings`), not one game's cards standing in for another's. Standard reads its own
printings and then Saga's; Saga reads only its own. The cards are the project's invented samples
(cards/bs-samples.yaml: JDG01-… are Saga, JDS01-… Standard), in the database by default."""

from __future__ import annotations

import pytest

from judge.engine.core import rules_for
from judge.engine.scenario import run_scenario, scenario_from_data
from judge.errors import ScenarioError


def board(game: str, card: str, **facts: int) -> dict:
    return {"game": game, "title": "t", "turn": {"number": 3, "player": "A", "step": "main"},
            "players": {"A": {"field": [{"id": "a1", "card": card, "cores": 1}]}, "B": {}},
            "expect": [{"card": "a1", "zone": "field", "level": 1, **facts}]}


def test_a_standard_board_names_a_standard_only_card_by_its_number() -> None:
    result = run_scenario(scenario_from_data(board("bs", "JDS01-001", bp=3000), "test"))   # its Standard LV1 BP
    assert result.ok, result.why


def test_a_standard_board_still_reads_saga_printings_after_its_own() -> None:
    result = run_scenario(scenario_from_data(board("bs", "JDG01-001", bp=2000), "test"))
    assert result.ok, result.why


def test_a_saga_board_does_not_read_standard_printings() -> None:
    with pytest.raises(ScenarioError) as err:
        scenario_from_data(board("bss", "JDS01-001"), "test")
    assert "no bss card numbered 'JDS01-001'" in err.value.message


def test_the_printings_are_each_games_profile_value() -> None:
    assert rules_for("bss").printings == ("bss",)
    assert rules_for("bs").printings == ("bs", "bss")
    assert rules_for("fftcg").printings == ("fftcg",)
