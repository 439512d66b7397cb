"""What docs/scenarios.md documents holds on an FFTCG board too (issue 22.5): a deck given as
`{top: [...], count: N}`, a `cards:` entry that is a local name for a real card, an action's `order:`
and order answers written as effect references (`z1`, `z1:2`), effects an answer leaves out following
in the order they activated, and an order nobody needed set aside with a note.

The cards are invented for the test (TST-…), written to a card file for one run, beside the project's
own samples (JDG-…)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from judge.engine.scenario import Result, load_scenario, run_scenario
from judge.errors import ScenarioError

TWIN = {"number": "TST-001", "name": "Test Twin", "type": "forward", "colors": ["water"], "cost": 2,
        "power": 5000, "job": ["Dancer"], "category": ["TST"], "rarity": "C", "set": "Test", "flags": [],
        "text": "When Test Twin enters the field, draw 1 card.\nWhen Test Twin enters the field, discard 1 card."}
FILLER = {"number": "TST-002", "name": "Test Pebble", "type": "backup", "colors": ["water"], "cost": 2,
          "job": ["Clerk"], "category": ["TST"], "rarity": "C", "set": "Test", "flags": ["generic"], "text": ""}
DRAWER = {"number": "TST-003", "name": "Test Scribe", "type": "forward", "colors": ["water"], "cost": 2,
          "power": 3000, "job": ["Scholar"], "category": ["TST"], "rarity": "C", "set": "Test", "flags": [],
          "text": "When Test Scribe enters the field, draw 1 card."}


@pytest.fixture
def card_file(tmp_path: Path) -> Path:
    path = tmp_path / "fftcg-test-cards.yaml"
    path.write_text(yaml.safe_dump({"game": "fftcg", "cards": [TWIN, FILLER, DRAWER]}), encoding="utf-8")
    return path


def run(tmp_path: Path, card_file: Path, body: dict) -> Result:
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump({"game": "fftcg", "title": "t", "turn": {"number": 3, "player": "A",
                                                                           "phase": "main1"}, **body}),
                    encoding="utf-8")
    return run_scenario(load_scenario(path, cards=[card_file]))


def board(hand: list, deck: object = 10) -> dict:
    return {"A": {"deck": deck, "hand": hand, "field": [{"id": "t1", "card": "TST-002"},
                                                        {"id": "t2", "card": "TST-002"}]}, "B": {}}


def trace(result: Result) -> str:
    return "\n".join(t.step.text for t in result.steps)


def test_a_deck_with_named_cards_on_top_then_unknown_ones(tmp_path: Path, card_file: Path) -> None:
    """`{top: [...], count: N}`: those cards on top, top first, then N unknown cards (7.1)."""
    result = run(tmp_path, card_file, {
        "players": board([{"id": "z1", "card": "TST-003"}], {"top": [{"id": "d1", "card": "TST-002"}, "JDG-001"],
                                                             "count": 3}),
        "actions": [{"player": "A", "cast": "z1", "pay": {"dull": ["t1", "t2"]}}],
        "expect": [{"card": "d1", "zone": "hand"}, {"card": "JDG-001", "zone": "deck"},
                   {"player": "A", "deck": 4, "hand": 1}]})
    assert result.ok, result.why


def test_a_deck_mapping_with_an_unknown_field_names_it(tmp_path: Path, card_file: Path) -> None:
    with pytest.raises(ScenarioError) as err:
        run(tmp_path, card_file, {"players": board([], {"top": ["TST-002"], "size": 3}),
                                  "expect": [{"winner": None}]})
    assert "players.A.deck" in err.value.message and "'size'" in err.value.message


def test_a_local_name_for_a_real_card(tmp_path: Path, card_file: Path) -> None:
    """A `cards:` entry may be a number (`scribe: TST-003`) or `{number: TST-003}`."""
    result = run(tmp_path, card_file, {
        "cards": {"scribe": "TST-003", "pebble": {"number": "TST-002"}},
        "players": {"A": {"deck": 5, "hand": [{"id": "z1", "card": "scribe"}],
                          "field": [{"id": "t1", "card": "pebble"}, {"id": "t2", "card": "pebble"}]}, "B": {}},
        "actions": [{"player": "A", "cast": "z1", "pay": {"dull": ["t1", "t2"]}}],
        "expect": [{"card": "z1", "zone": "field", "power": 3000}, {"player": "A", "hand": 1, "deck": 4}]})
    assert result.ok, result.why


def test_11_8_7_an_order_answer_names_one_ability_of_a_card_as_id_colon_n(tmp_path: Path, card_file: Path) -> None:
    """Two auto-abilities of one card trigger together: the options name them `z1:1`, `z1:2`; with the draw
    put on the stack first, the discard resolves first from an empty hand (7.12.3) and A keeps the card."""
    result = run(tmp_path, card_file, {
        "players": board([{"id": "z1", "card": "TST-001"}]),
        "actions": [{"player": "A", "cast": "z1", "pay": {"dull": ["t1", "t2"]}},
                    {"player": "A", "choose": ["z1:1", "z1:2"], "decision": "order"}],
        "expect": [{"decision": 0, "player": "A", "kind": "order", "options": ["z1:1", "z1:2"]},
                   {"player": "A", "hand": 1, "deck": 9}, {"cites": ["11.8.7", "7.12.3"]}]})
    assert result.ok, result.why


def test_11_8_7_the_other_order_discards_the_card_drawn(tmp_path: Path, card_file: Path) -> None:
    result = run(tmp_path, card_file, {
        "players": board([{"id": "z1", "card": "TST-001"}]),
        "actions": [{"player": "A", "cast": "z1", "pay": {"dull": ["t1", "t2"]}},
                    {"player": "A", "choose": ["z1:2"], "decision": "order"}],
        "expect": [{"player": "A", "hand": 0, "deck": 9, "break": 1}]})
    assert result.ok, result.why


def test_an_order_given_with_the_action_is_followed_without_asking(tmp_path: Path, card_file: Path) -> None:
    """`order: [z1:2]` on the cast: the 2nd ability goes on first; the one left out follows."""
    result = run(tmp_path, card_file, {
        "players": board([{"id": "z1", "card": "TST-001"}]),
        "actions": [{"player": "A", "cast": "z1", "pay": {"dull": ["t1", "t2"]}, "order": ["z1:2"]}],
        "expect": [{"player": "A", "hand": 0, "deck": 9, "break": 1}]})
    assert result.ok, result.why
    assert not [d for d, _ in result.decisions], "the order was given: nothing is asked"


def test_an_order_naming_an_effect_that_is_not_waiting_is_refused(tmp_path: Path, card_file: Path) -> None:
    result = run(tmp_path, card_file, {
        "players": board([{"id": "z1", "card": "TST-001"}]),
        "actions": [{"player": "A", "cast": "z1", "pay": {"dull": ["t1", "t2"]}},
                    {"player": "A", "choose": ["z1:3"]}],
        "expect": [{"refused": 1, "cites": ["11.8.7"]}, {"request": "orders their 2 auto-abilities"}]})
    assert result.ok, result.why


def test_an_order_naming_one_effect_twice_is_refused(tmp_path: Path, card_file: Path) -> None:
    result = run(tmp_path, card_file, {
        "players": board([{"id": "z1", "card": "TST-001"}]),
        "actions": [{"player": "A", "cast": "z1", "pay": {"dull": ["t1", "t2"]}},
                    {"player": "A", "choose": ["z1:1", "z1:1"]}],
        "expect": [{"refused": 1}, {"request": "orders their 2 auto-abilities"}]})
    assert result.ok, result.why


def test_an_order_nobody_needed_is_set_aside_with_a_note(tmp_path: Path, card_file: Path) -> None:
    result = run(tmp_path, card_file, {
        "players": board([{"id": "z1", "card": "TST-003"}]),
        "actions": [{"player": "A", "cast": "z1", "pay": {"dull": ["t1", "t2"]}, "order": ["z1"]}],
        "expect": [{"player": "A", "hand": 1, "deck": 9}]})
    assert result.ok, result.why
    assert "was not needed" in trace(result)


def test_an_order_reference_written_with_a_space_is_refused_saying_how(tmp_path: Path, card_file: Path) -> None:
    with pytest.raises(ScenarioError) as err:
        run(tmp_path, card_file, {"players": board([{"id": "z1", "card": "TST-001"}]),
                                  "actions": [{"player": "A", "cast": "z1", "pay": {"dull": ["t1", "t2"]},
                                               "order": [{"z1": 2}]}],
                                  "expect": [{"winner": None}]})
    assert "actions[0].order[0]" in err.value.message and "no space" in err.value.message
