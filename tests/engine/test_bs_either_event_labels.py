"""A timing label naming two events joined by "or" (Saga 8-1-5-1): the effect activates on either
event, whatever the order of the events and whether the label names its subject. The cards are
invented for the test (TST12-…), written to a card file for one run."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from judge.engine.bs.events.facts import events_of_timing
from judge.engine.scenario import Result, load_scenario, run_scenario

BRUTE = {"number": "TST12-009", "name": "Test Wall", "type": "spirit", "colors": ["red"], "cost": 4,
         "reduction": ["red"], "symbols": ["red"], "families": ["Testling"], "levels": {1: [1, 6000]}, "text": ""}


def _card(text: str) -> dict:
    return {"number": "TST12-001", "name": "Test Either", "type": "spirit", "colors": ["red"], "cost": 3,
            "reduction": ["red"], "symbols": ["red"], "families": ["Testling"], "levels": {1: [1, 3000]},
            "text": text}


def _run(tmp_path: Path, text: str) -> Result:
    cards = tmp_path / "cards.yaml"
    cards.write_text(yaml.safe_dump({"game": "bss", "cards": [_card(text), BRUTE]}), encoding="utf-8")
    body = {"game": "bss", "title": "t", "turn": {"number": 4, "player": "A", "step": "attack"},
            "players": {"A": {"life": 5, "reserve": 0, "deck": 10,
                              "field": [{"id": "e", "card": "TST12-001", "cores": 1}]},
                        "B": {"life": 5, "reserve": 0, "deck": 10,
                              "field": [{"id": "w", "card": "TST12-009", "cores": 1}]}},
            "actions": [{"player": "A", "attack": "e"}], "expect": [{"player": "A", "hand": 1}]}
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(body), encoding="utf-8")
    return run_scenario(load_scenario(path, cards=[cards]))


@pytest.mark.parametrize("text", [
    "[LV1] When Destroyed or Attacks: Draw one card.",                  # no subject: the card itself
    "[LV1] When This Spirit Is Blocked or Attacks: Draw one card.",      # a passive, then an act
    "[LV1] When This Spirit Links or Attacks: Draw one card.",           # two acts
])
def test_8_1_5_1_an_either_event_label_activates_on_the_attack(tmp_path: Path, text: str) -> None:
    result = _run(tmp_path, text)
    assert result.ok, result.why


@pytest.mark.parametrize(("timing", "events"), [
    ("when_placed_or_destroyed", {"deployed", "destroyed"}),
    ("when_blocks_or_destroyed", {"blocks", "destroyed"}),
    ("when_summoned_or_attacks_or_blocks", {"summoned", "attacks", "blocks"}),
])
def test_8_1_5_1_a_joined_timing_answers_to_each_parts_events(timing: str, events: set[str]) -> None:
    assert events_of_timing(timing) == events


def test_8_1_5_1_a_joined_timing_with_a_part_the_engine_does_not_know_answers_to_none() -> None:
    # never half a timing: an unknown part makes the whole label one the engine says it cannot run
    assert events_of_timing("when_attacks_or_sings") == frozenset()
