""""Cannot be destroyed in battle / via comparing BP" (7-1-5-2-1): the spirit that loses the BP comparison
stays on the field; "by your opponent's effects or in battle" bars both ways, the "by" binding the effects
only; a ban on effects alone does not stop a battle. Invented sample cards only."""

from __future__ import annotations

import pytest

from judge.engine.scenario import run_scenario, scenario_from_data


def spirit(name: str, bp: int, text: str = "") -> dict:
    return {"name": name, "type": "spirit", "colors": ["red"], "cost": 1, "symbols": ["red"],
            "families": ["Beast"], "levels": {1: {"cores": 1, "bp": bp}}, "text": text}


@pytest.mark.parametrize(("text", "zone"), [
    ("[LV1] This spirit cannot be destroyed in battle.", "field"),
    ("[LV1] This spirit cannot be destroyed via comparing BP.", "field"),
    ("[LV1] This spirit cannot be destroyed by your opponent's effects or in battle.", "field"),
    ("[LV1] This spirit cannot be destroyed by your opponent's effects.", "trash"),
    ("", "trash"),
])
def test_7_1_5_2_1_a_spirit_barred_from_battle_destruction_loses_but_stays(text: str, zone: str) -> None:
    data = {"game": "bss", "title": "t",
            "cards": {"small": spirit("Sample Stubborn Pup", 1000, text), "big": spirit("Sample Great Boar", 5000)},
            "turn": {"number": 4, "player": "A", "step": "attack"},
            "players": {"A": {"life": 5, "reserve": 0, "deck": 10, "field": [{"id": "a1", "card": "small", "cores": 1}]},
                        "B": {"life": 5, "reserve": 0, "deck": 10, "field": [{"id": "b1", "card": "big", "cores": 1}]}},
            "actions": [{"player": "A", "attack": "a1"}, {"player": "B", "block": "b1"}],
            "expect": [{"card": "a1", "zone": zone}, {"card": "b1", "zone": "field"}, {"player": "B", "life": 5}]}
    result = run_scenario(scenario_from_data(data, "test"))
    assert result.ok, result.why
