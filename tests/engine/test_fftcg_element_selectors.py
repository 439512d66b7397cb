"""Element words of a selector read as the rules define the Elements (5.2.1.1): "of any Element except Fire" fits a
card of any other Element and no Fire card. Real cards by number, loaded from ../shared/corpus at test time."""

from __future__ import annotations

from typing import Any

from judge.engine.scenario import run_scenario, scenario_from_data
from tests.rulings.support import corpus_file

PLAIN = {"fb": {"name": "Plain Fire Backup", "type": "backup", "element": ["fire"], "cost": 1, "generic": True},
         "if": {"name": "Plain Ice Forward", "type": "forward", "element": ["ice"], "cost": 2, "power": 8000,
                "generic": True},
         "ff": {"name": "Plain Fire Forward", "type": "forward", "element": ["fire"], "cost": 2, "power": 8000,
                "generic": True}}


def _special(target: str) -> Any:
    # 7-014R: its special ability (《S》, two Fire CP, dull) chooses 1 Forward of any Element except Fire and deals
    # it 10000 damage; B has an Ice Forward and a Fire Forward
    cards = corpus_file("fftcg-cards.json")
    data = {"game": "fftcg", "title": "t", "cards": PLAIN, "turn": {"number": 4, "player": "A", "phase": "main1"},
            "players": {"A": {"deck": 5, "hand": [{"id": "same", "card": "7-014R"}],
                              "field": [{"id": "me", "card": "7-014R"}, {"id": "p0", "card": "fb"},
                                        {"id": "p1", "card": "fb"}]},
                        "B": {"deck": 5, "field": [{"id": "ice", "card": "if"}, {"id": "fire", "card": "ff"}]}},
            "actions": [{"player": "A", "use": "me", "ability": 0, "pay": {"dull": ["p0", "p1"], "special": "same"},
                         "targets": [target]}],
            "expect": [{"card": "ice", "zone": "break"}]}
    return run_scenario(scenario_from_data(data, "test", cards=(cards,)))


def test_5_2_1_1_any_element_except_fire_fits_an_ice_forward() -> None:
    res = _special("ice")
    assert res.ok, res.why


def test_5_2_1_1_any_element_except_fire_does_not_fit_a_fire_forward() -> None:
    res = _special("fire")
    assert res.refusals
