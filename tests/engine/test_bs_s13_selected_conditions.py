"""A condition about the card an effect selected (8-5-3): "Select a spirit. It gains … If it is a red spirit,
…", "… and exhaust it. If it has Armor, return it … instead" (the selection is made first, 8-9-1), and "for
each card discarded" counting what this effect discarded; an "any number" discard from an empty hand asks
nothing. Invented sample cards only."""

from __future__ import annotations

from typing import Any

import pytest

from judge.engine.scenario import run_scenario, scenario_from_data

RED = {"name": "Sample Ember Wolf", "type": "spirit", "colors": ["red"], "cost": 1, "symbols": ["red"],
       "families": ["Beast"], "levels": {1: {"cores": 1, "bp": 1000}}, "text": ""}
BLUE = {"name": "Sample Tide Crab", "type": "spirit", "colors": ["blue"], "cost": 1, "symbols": ["blue"],
        "families": ["Beast"], "levels": {1: {"cores": 1, "bp": 1000}}, "text": ""}


def magic(text: str) -> dict:
    return {"name": "Sample Spell", "type": "magic", "colors": ["red"], "cost": 0, "symbols": [], "text": text}


def run(text: str, target: str, expect: list[dict], hand: list[str] | None = None) -> Any:
    data = {"game": "bss", "title": "t", "cards": {"red": RED, "blue": BLUE, "spell": magic(text)},
            "turn": {"number": 4, "player": "A", "step": "main"},
            "players": {"A": {"life": 5, "reserve": 5, "deck": 10, "hand": ["spell", *(hand or [])]},
                        "B": {"life": 5, "reserve": 0, "deck": 10,
                              "field": [{"id": "b1", "card": "red", "cores": 1},
                                        {"id": "b2", "card": "blue", "cores": 1}]}},
            "actions": [{"player": "A", "magic": "spell", "targets": [target]}], "expect": expect}
    return run_scenario(scenario_from_data(data, "test"))


def ok(result: Any) -> None:
    assert result.ok, result.why


@pytest.mark.parametrize(("text", "target", "bp"), [
    ("[Main] Select a spirit. It gains 1000 BP during this turn. If it is a red spirit, it gains 2000 BP "
     "during this turn.", "b1", 4000),
    ("[Main] Select a spirit. It gains 1000 BP during this turn. If it is a red spirit, it gains 2000 BP "
     "during this turn.", "b2", 2000),
    ("[Main] Select one of your opponent's spirits. It gains 3000 BP during this turn. If it is a blue spirit, "
     "it gains 1000 BP during this turn.", "b2", 5000),
])
def test_8_5_3_a_condition_on_it_reads_the_spirit_selected(text: str, target: str, bp: int) -> None:
    ok(run(text, target, [{"card": target, "bp": bp}]))


@pytest.mark.parametrize(("target", "zone", "state"), [("b1", "hand", None), ("b2", "field", "exhausted")])
def test_8_9_1_an_instead_about_the_selected_spirit_selects_it_first(target: str, zone: str,
                                                                       state: str | None) -> None:
    text = ("[Main] Select one of your opponent's spirits and exhaust it. If it is a red spirit, return it to "
            "their hand instead.")
    expect: list[dict] = [{"card": target, "zone": zone}]
    if state:
        expect.append({"card": target, "state": state})
    ok(run(text, target, expect))


def test_1_3_2_any_number_from_an_empty_hand_discards_none_without_asking() -> None:
    text = "[Main] Select one of your opponent's spirits. Then, discard any number of cards and draw one card."
    ok(run(text, "b1", [{"player": "A", "hand": 1}, {"player": "A", "trash": 1}]))
