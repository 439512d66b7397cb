"""Which effect of a magic card is used (10-8-1, 8-1-6-1): `magic:` takes `ability: N` (0 = first
line, as `activate:` does) to name one effect, and `effect: main|flash` names them by label, an effect
labelled both main and flash carrying both labels (8-1-6-1: in a flash window it is a flash effect).
The magic card is invented for the test (TST03-001), written to a card file for one run."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from judge.engine.scenario import Result, load_scenario, run_scenario
from judge.errors import ScenarioError

SPELL = {"number": "TST03-001", "name": "Test Twofold Spell", "type": "magic", "colors": ["red"], "cost": 3,
         "reduction": ["red"], "text": "[Main] Draw three cards.\n"
                                       "[Main][Flash] Select one spirit. It gains 4000 BP during this turn."}
HOUND = {"number": "TST03-002", "name": "Test Ember Hound", "type": "spirit", "colors": ["red"], "cost": 2,
         "reduction": ["red"], "symbols": ["red"], "families": ["Testling"], "levels": {1: [1, 3000]}, "text": ""}


@pytest.fixture
def card_file(tmp_path: Path) -> Path:
    path = tmp_path / "magic-cards.yaml"
    path.write_text(yaml.safe_dump({"game": "bss", "cards": [SPELL, HOUND]}), encoding="utf-8")
    return path


def write(tmp_path: Path, step: str, actions: list, expect: list) -> Path:
    body = {"game": "bss", "title": "t", "turn": {"number": 4, "player": "A", "step": step},
            "players": {"A": {"life": 5, "reserve": 5, "deck": 10, "hand": ["TST03-001"],
                              "field": [{"id": "a1", "card": "TST03-002", "cores": 1}]},
                        "B": {"life": 5, "reserve": 0, "deck": 10,
                              "field": [{"id": "b1", "card": "TST03-002", "cores": 1}]}},
            "actions": actions, "expect": expect}
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(body), encoding="utf-8")
    return path


def run(tmp_path: Path, card_file: Path, step: str, actions: list, expect: list) -> Result:
    return run_scenario(load_scenario(write(tmp_path, step, actions, expect), cards=[card_file]))


IN_BATTLE = [{"player": "A", "attack": "a1"}, {"player": "B", "pass": True}]


@pytest.mark.parametrize(("ability", "expect"), [
    (0, [{"player": "A", "hand": 3}, {"card": "a1", "bp": 3000}]),
    (1, [{"player": "A", "hand": 0}, {"card": "a1", "bp": 7000}]),
])
def test_10_8_1_ability_names_which_effect_of_the_magic_is_used(
        tmp_path: Path, card_file: Path, ability: int, expect: list) -> None:
    result = run(tmp_path, card_file, "main",
                 [{"player": "A", "magic": "TST03-001", "ability": ability, "targets": ["a1"]}], expect)
    assert result.ok, result.why


def test_8_1_6_1_in_the_main_step_both_effects_are_labelled_main_so_the_user_is_asked(
        tmp_path: Path, card_file: Path) -> None:
    result = run(tmp_path, card_file, "main", [{"player": "A", "magic": "TST03-001"}],
                 [{"decision": 0, "player": "A", "kind": "mode"}, {"request": "which effect"}])
    assert result.ok, result.why


@pytest.mark.parametrize(("answer", "expect"), [
    ("main", [{"player": "A", "hand": 3}]), ("main_flash", [{"player": "A", "hand": 0}, {"card": "a1", "bp": 7000}]),
])
def test_8_1_6_1_the_user_answers_which_effect_by_its_label(
        tmp_path: Path, card_file: Path, answer: str, expect: list) -> None:
    result = run(tmp_path, card_file, "main",
                 [{"player": "A", "magic": "TST03-001", "choose": answer, "targets": ["a1"]}], expect)
    assert result.ok, result.why


@pytest.mark.parametrize("how", [{"effect": "flash"}, {"ability": 1}, {"effect": "flash", "ability": 1}])
def test_8_1_6_1_an_effect_labelled_main_and_flash_is_used_as_flash_in_a_flash_window(
        tmp_path: Path, card_file: Path, how: dict) -> None:
    result = run(tmp_path, card_file, "attack",
                 [*IN_BATTLE, {"player": "A", "magic": "TST03-001", "targets": ["a1"], **how}],
                 [{"card": "a1", "bp": 7000}, {"player": "A", "hand": 0}, {"cites": ["8-1-6-1"]}])
    assert result.ok, result.why


@pytest.mark.parametrize("how", [{"effect": "main"}, {"ability": 0}, {"effect": "flash", "ability": 0}])
def test_8_1_6_1_an_effect_labelled_main_only_is_refused_in_a_flash_window(
        tmp_path: Path, card_file: Path, how: dict) -> None:
    result = run(tmp_path, card_file, "attack", [*IN_BATTLE, {"player": "A", "magic": "TST03-001", **how}],
                 [{"refused": 2, "cites": ["8-1-6-1"]}, {"player": "A", "hand": 1}])
    assert result.ok, result.why


@pytest.mark.parametrize("ability", [2, 7])
def test_an_ability_index_that_is_no_magic_effect_is_refused(tmp_path: Path, card_file: Path, ability: int) -> None:
    result = run(tmp_path, card_file, "main", [{"player": "A", "magic": "TST03-001", "ability": ability}],
                 [{"refused": 0}])
    assert result.ok, result.why
    assert f"ability {ability}" in result.refusals[0].reason


@pytest.mark.parametrize("bad", [-1, "first", True])
def test_a_malformed_ability_index_is_an_error_naming_the_field(tmp_path: Path, card_file: Path, bad: object) -> None:
    path = write(tmp_path, "main", [{"player": "A", "magic": "TST03-001", "ability": bad}], [{"winner": None}])
    with pytest.raises(ScenarioError) as err:
        load_scenario(path, cards=[card_file])
    assert "actions[0].ability" in err.value.message
