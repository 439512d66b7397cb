"""Ordering simultaneous effects (Saga 8-5-2-4, Standard 9-1-5-7 / 9-1-5-8) when two of them are
effects of one card: the decision is asked even then, its options name each effect as `id:N` (the
card's Nth printed ability, as `judge card` numbers them), and an answer in that form is followed.
The cards are invented for the test (TST02-…), written to a card file for one run."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from judge.engine.scenario import Result, load_scenario, run_scenario

TWIN = {"number": "TST02-001", "name": "Test Twinhorn", "type": "spirit", "colors": ["red"], "cost": 3,
        "reduction": ["red"], "symbols": ["red"], "families": ["Testling"], "levels": {1: [1, 3000]},
        "text": "[LV1] When This Spirit Attacks: Place three cores from the void into your reserve.\n"
                "[LV1] When This Spirit Attacks: Draw three cards."}
MOURNER = {"number": "TST02-002", "name": "Test Mourner", "type": "spirit", "colors": ["purple"], "cost": 2,
           "reduction": ["purple"], "symbols": ["purple"], "families": ["Testling"], "levels": {1: [1, 1000]},
           "text": "[LV1] When Destroyed: Draw three cards.\n"
                   "[LV1] When Destroyed: Place three cores from the void into your reserve."}
WEIGHER = {"number": "TST02-004", "name": "Test Weigher", "type": "spirit", "colors": ["red"], "cost": 3,
           "reduction": ["red"], "symbols": ["red"], "families": ["Testling"], "levels": {1: [1, 3000]},
           "text": "[LV1] When This Spirit Attacks: Place three cores from the void into your reserve.\n"
                   "[LV1] When This Spirit Attacks: Send one core from your reserve to your trash."}
BRUTE = {"number": "TST02-003", "name": "Test Brute", "type": "spirit", "colors": ["red"], "cost": 4,
         "reduction": ["red"], "symbols": ["red"], "families": ["Testling"], "levels": {1: [1, 6000]}, "text": ""}


@pytest.fixture
def card_file(tmp_path: Path) -> Path:
    path = tmp_path / "order-cards.yaml"
    path.write_text(yaml.safe_dump({"game": "bss", "cards": [TWIN, MOURNER, BRUTE, WEIGHER]}), encoding="utf-8")
    return path


def run(tmp_path: Path, card_file: Path, actions: list, expect: list, game: str = "bss",
        card: str = "TST02-001") -> Result:
    body = {"game": game, "title": "t", "turn": {"number": 4, "player": "A", "step": "attack"},
            "players": {"A": {"life": 5, "reserve": 0, "deck": 10, "field": [{"id": "tw", "card": card,
                                                                           "cores": 1}]},
                        "B": {"life": 5, "reserve": 0, "deck": 10, "field": [{"id": "b1", "card": "TST02-003",
                                                                           "cores": 1}]}},
            "actions": actions, "expect": expect}
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(body), encoding="utf-8")
    return run_scenario(load_scenario(path, cards=[card_file]))


def trace(result: Result) -> list[str]:
    return [t.step.text for t in result.steps]


def first(lines: list[str], part: str) -> int:
    return next(i for i, line in enumerate(lines) if part in line)


def test_8_5_2_4_two_effects_of_one_card_wait_for_the_turn_players_order(tmp_path: Path, card_file: Path) -> None:
    """Placing three cores before or after sending one away leaves 3 or 2 in the reserve: the order
    matters, so the turn player is asked."""
    result = run(tmp_path, card_file, [{"player": "A", "attack": "tw"}],
                 [{"decision": 0, "player": "A", "kind": "order", "options": ["tw:1", "tw:2"]},
                  {"request": "orders the simultaneous effects", "cites": ["8-5-2-4"]}], card="TST02-004")
    assert result.ok, result.why


def test_8_5_2_4_an_order_that_cannot_change_the_outcome_is_taken_unasked(tmp_path: Path, card_file: Path) -> None:
    """Drawing three and placing three cores end alike in either order: the turn player's order is
    no decision, it is logged as taken and nothing waits for it."""
    result = run(tmp_path, card_file, [{"player": "A", "attack": "tw"}],
                 [{"decision": 0, "player": "A", "kind": "order", "options": ["tw:1", "tw:2"]},
                  {"player": "A", "hand": 3, "reserve": 3}, {"cites": ["8-5-2-4"]}])
    assert result.ok and result.request is None, result.why
    assert any("the order cannot change the outcome" in line for line in trace(result))


def test_8_5_2_4_a_later_order_for_effects_that_end_alike_changes_nothing(tmp_path: Path, card_file: Path) -> None:
    result = run(tmp_path, card_file, [{"player": "A", "attack": "tw"},
                                       {"player": "A", "choose": ["tw:2", "tw:1"], "decision": "order"}],
                 [{"player": "A", "hand": 3, "reserve": 3}])
    assert result.ok, result.why
    assert any("every answer ends on the same board, so nothing changes" in line for line in trace(result))


@pytest.mark.parametrize(("answer", "draws_first"), [(["tw:2", "tw:1"], True), (["tw:1", "tw:2"], False),
                                                     (["tw:2"], True)])
def test_8_5_2_4_an_ability_reference_says_which_effect_of_the_card_resolves_first(
        tmp_path: Path, card_file: Path, answer: list[str], draws_first: bool) -> None:
    result = run(tmp_path, card_file, [{"player": "A", "attack": "tw", "order": answer}],
                 [{"player": "A", "hand": 3, "reserve": 3}])
    assert result.ok, result.why
    lines = trace(result)
    assert (first(lines, "A draws 3") < first(lines, "from A's void")) is draws_first


def test_8_5_2_4_a_bare_card_id_takes_that_cards_first_waiting_effect(tmp_path: Path, card_file: Path) -> None:
    result = run(tmp_path, card_file, [{"player": "A", "attack": "tw"}, {"player": "A", "choose": ["tw", "tw"],
                                                                         "decision": "order"},
                                       {"player": "A", "choose": "core"}],
                 [{"player": "A", "reserve": 2, "trash_cores": 1}], card="TST02-004")
    assert result.ok, result.why


@pytest.mark.parametrize("answer", [["tw:3"], ["tw:1", "tw:1"], ["b1"]])
def test_8_5_2_4_an_order_naming_an_effect_that_is_not_waiting_is_refused(
        tmp_path: Path, card_file: Path, answer: list[str]) -> None:
    result = run(tmp_path, card_file, [{"player": "A", "attack": "tw", "order": answer}],
                 [{"refused": 0, "cites": ["8-5-2-4"]}])
    assert result.ok, result.why
    assert "tw:1, tw:2" in result.refusals[0].reason


def test_an_order_given_where_nothing_waits_together_is_said_to_be_unused(tmp_path: Path, card_file: Path) -> None:
    result = run(tmp_path, card_file, [{"player": "A", "attack": "tw", "order": ["tw:2", "tw:1"]},
                                       {"player": "B", "no_block": True, "order": ["b1"]}],
                 [{"player": "A", "hand": 3}])
    assert result.ok, result.why
    assert any("The order given (b1) is not needed" in line for line in trace(result))


def _mourner_blocks(tmp_path: Path, card_file: Path, game: str, answer: dict) -> Result:
    body = {"game": game, "title": "t", "turn": {"number": 4, "player": "A", "step": "attack"},
            "players": {"A": {"life": 5, "reserve": 0, "deck": 10,
                              "field": [{"id": "a1", "card": "TST02-003", "cores": 1}]},
                        "B": {"life": 5, "reserve": 0, "deck": 10,
                              "field": [{"id": "mo", "card": "TST02-002", "cores": 1}]}},
            "actions": [{"player": "A", "attack": "a1"}, {"player": "B", "block": "mo"}, answer],
            "expect": [{"card": "mo", "zone": "trash"}, {"player": "B", "hand": 3, "reserve": 4}]}
    path = tmp_path / f"{game}.yaml"
    path.write_text(yaml.safe_dump(body), encoding="utf-8")
    return run_scenario(load_scenario(path, cards=[card_file]))


def test_8_5_2_4_in_saga_the_turn_player_orders_even_the_opponents_effects(tmp_path: Path, card_file: Path) -> None:
    result = _mourner_blocks(tmp_path, card_file, "bss",
                             {"player": "A", "choose": ["mo:2", "mo:1"], "decision": "order"})
    assert result.ok, result.why
    asked = [t.step.decision for t in result.steps if t.step.decision is not None and t.step.decision.kind == "order"]
    assert asked[0].player == "A" and asked[0].options == ("mo:1", "mo:2")


def test_standard_9_1_5_7_a_player_orders_their_own_simultaneous_effects(tmp_path: Path, card_file: Path) -> None:
    result = _mourner_blocks(tmp_path, card_file, "bs",
                             {"player": "B", "choose": ["mo:2", "mo:1"], "decision": "order"})
    assert result.ok, result.why
    asked = [t.step.decision for t in result.steps if t.step.decision is not None and t.step.decision.kind == "order"]
    assert asked[0].player == "B" and "9-1-5-7" in asked[0].cites
