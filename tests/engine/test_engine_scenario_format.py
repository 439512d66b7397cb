"""The scenario format's additions (docs/scenarios.md): real card numbers in every zone, card files
for one run, decision answers and their kinds, the `fired` / `decision` / `legal` expectations, and
when a run is ok. The cards here are the project's invented samples (JDG01-…, in the database by
default) and an invented card file written for the test (TST01-…)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from judge.engine.core import Step, not_modelled
from judge.engine.scenario import Result, TracedStep, load_scenario, run_scenario
from judge.errors import ScenarioError, UnknownCard

CARD_FILE = {"game": "bss", "cards": [
    {"number": "TST01-001", "name": "Test Pebble Imp", "type": "spirit", "colors": ["red"], "cost": 1,
     "reduction": ["red"], "symbols": ["red"], "families": ["Testling"], "levels": {1: [1, 1000]}, "text": ""},
    {"number": "TST01-002", "name": "Test Ridge Hound", "type": "spirit", "colors": ["blue"], "cost": 2,
     "reduction": ["blue"], "symbols": ["blue"], "families": ["Testling"], "levels": {1: [1, 2000]},
     "text": ""},
]}


@pytest.fixture
def card_file(tmp_path: Path) -> Path:
    path = tmp_path / "test-cards.yaml"
    path.write_text(yaml.safe_dump(CARD_FILE), encoding="utf-8")
    return path


def scenario(tmp_path: Path, body: dict, name: str = "s.yaml") -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump({"game": "bss", "title": "t", **body}), encoding="utf-8")
    return path


def test_real_card_numbers_name_cards_in_every_zone(tmp_path: Path, card_file: Path) -> None:
    path = scenario(tmp_path, {
        "turn": {"number": 3, "player": "A", "step": "main"},
        "players": {"A": {"hand": ["TST01-001", {"id": "h2", "card": "JDG01-001"}],
                          "deck": {"top": ["TST01-002"], "count": 4}, "trash": ["JDG01-017"],
                          "removed": ["TST01-001"], "burst": "JDG01-021",
                          "field": [{"id": "a1", "card": "TST01-002", "cores": 1}]},
                    "B": {"field": [{"id": "b1", "card": "JDG01-001", "cores": 1}]}},
        "expect": [{"card": "a1", "zone": "field", "bp": 2000}, {"card": "h2", "zone": "hand"},
                   {"card": "TST01-002", "zone": "deck"}, {"card": "JDG01-017", "zone": "trash"},
                   {"card": "JDG01-021", "zone": "burst"}, {"player": "A", "hand": 2, "deck": 5, "removed": 1}]})
    result = run_scenario(load_scenario(path, cards=[card_file]))
    assert result.ok, result.why


def test_an_unknown_number_is_an_error_naming_it_and_the_nearest(tmp_path: Path, card_file: Path) -> None:
    path = scenario(tmp_path, {"players": {"A": {"hand": ["TST01-003"]}}, "expect": [{"winner": None}]})
    with pytest.raises(ScenarioError) as err:
        load_scenario(path, cards=[card_file])
    assert "TST01-003" in err.value.message and "players.A.hand[0]" in err.value.message
    assert "TST01-001" in err.value.hints or "TST01-002" in err.value.hints


def test_card_files_are_read_for_the_run_only(tmp_path: Path, card_file: Path) -> None:
    from judge.cards.db import find_card

    path = scenario(tmp_path, {"players": {"A": {"hand": ["TST01-001"]}}, "expect": [{"player": "A", "hand": 1}]})
    assert run_scenario(load_scenario(path, cards=[card_file])).ok
    try:
        found = find_card("TST01-001", game="bss")
    except UnknownCard:
        return
    assert found.number != "TST01-001", "the card file was imported into the database"


def test_judge_step_takes_card_files(tmp_path: Path, card_file: Path, invoke) -> None:
    path = scenario(tmp_path, {"players": {"A": {"hand": ["TST01-001"]}}, "expect": [{"player": "A", "hand": 1}]})
    code, out, _ = invoke("step", str(path), "--cards", str(card_file), "--json")
    data = json.loads(out)
    assert code == 0 and data["ok"] is True and data["why"] == [] and data["expectations"][0]["met"] is True
    code, _, err = invoke("step", str(path))
    assert code != 0 and "TST01-001" in err


def attack_with_drake(extra_actions: list, expect: list) -> dict:
    """JDG01-002's attack selects one of the opponent's spirits with 5000 BP or fewer to destroy."""
    return {"turn": {"number": 3, "player": "A", "step": "attack"},
            "players": {"A": {"field": [{"id": "a1", "card": "JDG01-002", "cores": 1}]},
                        "B": {"field": [{"id": "b1", "card": "JDG01-001", "cores": 1},
                                        {"id": "b2", "card": "TST01-002", "cores": 1}]}},
            "actions": [{"player": "A", "attack": "a1"}, *extra_actions], "expect": expect}


def test_8_5_3_a_decision_is_data_and_answered_in_order(tmp_path: Path, card_file: Path) -> None:
    path = scenario(tmp_path, attack_with_drake(
        [{"player": "A", "choose": "b2", "decision": "target"}],
        [{"card": "b2", "zone": "trash"}, {"decision": 0, "player": "A", "kind": "target", "options": ["b1", "b2"]},
         {"fired": "a1", "times": 1, "timing": "when_attacks"}, {"fired": "b1", "times": 0}]))
    result = run_scenario(load_scenario(path, cards=[card_file]))
    assert result.ok, (result.why, [c.actual for c in result.checks if not c.met])


def test_a_decision_answered_as_another_kind_fails_the_run(tmp_path: Path, card_file: Path) -> None:
    path = scenario(tmp_path, attack_with_drake([{"player": "A", "choose": "b2", "decision": "may"}],
                                                [{"card": "b2", "zone": "trash"}]))
    result = run_scenario(load_scenario(path, cards=[card_file]))
    assert not result.ok and any("target decision" in w for w in result.why)


def test_an_unanswered_decision_is_not_ok_unless_expected(tmp_path: Path, card_file: Path) -> None:
    waiting = run_scenario(load_scenario(scenario(tmp_path, attack_with_drake([], [{"card": "b1", "zone": "field"}])),
                                         cards=[card_file]))
    assert not waiting.ok and any("unanswered" in w for w in waiting.why)
    expected = run_scenario(load_scenario(scenario(tmp_path, attack_with_drake([], [{"request": "selects"}]), "e.yaml"),
                                          cards=[card_file]))
    assert expected.ok, expected.why


def test_legal_asks_whether_an_action_is_accepted_on_the_final_board(tmp_path: Path, card_file: Path) -> None:
    path = scenario(tmp_path, attack_with_drake(
        [{"player": "A", "choose": "b2"}],
        [{"legal": {"player": "A", "attack": "a1"}, "is": False}, {"legal": {"player": "B", "no_block": True}, "is": True}]))
    result = run_scenario(load_scenario(path, cards=[card_file]))
    assert result.ok, (result.why, [c.actual for c in result.checks if not c.met])


def test_a_file_without_expectations_is_never_ok(tmp_path: Path, card_file: Path) -> None:
    result = run_scenario(load_scenario(scenario(tmp_path, {"players": {"A": {"hand": ["TST01-001"]}}}),
                                        cards=[card_file]))
    assert not result.ok and result.why == ("no expectations",)


def test_a_not_modelled_step_cites_nothing_and_is_never_ok(tmp_path: Path, card_file: Path) -> None:
    step = not_modelled("revealing cards")
    assert step.cites == () and "resolve by hand" in step.text
    sc = load_scenario(scenario(tmp_path, {"players": {"A": {"hand": ["TST01-001"]}},
                                           "expect": [{"player": "A", "hand": 1}]}), cards=[card_file])
    base = run_scenario(sc)
    assert base.ok
    bad = Result(scenario=sc, steps=(*base.steps, TracedStep(step=step, action=None)), state=base.state,
                 checks=base.checks)
    assert not bad.ok and bad.why == ("not modelled (after the last action): revealing cards",)
    assert Result(scenario=sc, steps=(TracedStep(step=Step("x"), action=None),), state=base.state,
                  checks=base.checks).ok


def test_malformed_additions_name_the_field(tmp_path: Path, card_file: Path) -> None:
    cases = [({"actions": [{"player": "A", "choose": "b1", "decision": "guess"}]}, "decision"),
             ({"expect": [{"fired": "a1", "times": -1}]}, "times"),
             ({"expect": [{"decision": 0, "kind": "pick"}]}, "kind"),
             ({"expect": [{"legal": "attack", "is": True}]}, "legal"),
             ({"players": {"A": {"deck": {"top": ["TST01-001"], "bottom": 2}}}}, "bottom")]
    for body, word in cases:
        with pytest.raises(ScenarioError) as err:
            load_scenario(scenario(tmp_path, body), cards=[card_file])
        assert word in str(err.value)
