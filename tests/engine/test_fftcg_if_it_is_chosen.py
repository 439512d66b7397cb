""""If it is a … " about a card the effect chose is read of that card as the effect resolves (11.11.5): true of a
card that fits, false of one that does not, with nothing revealed. Real cards by number, loaded from ../shared/corpus at test time."""

from __future__ import annotations

from typing import Any

import pytest

from judge.engine.scenario import run_scenario, scenario_from_data
from tests.rulings.support import corpus_file


def _plain(category: str) -> dict[str, Any]:
    return {"fw": {"name": "Plain Forward", "type": "forward", "element": ["fire"], "cost": 3, "power": 5000,
                   "category": category, "generic": True},
            "fb": {"name": "Plain Fire Backup", "type": "backup", "element": ["fire"], "cost": 1, "generic": True}}


def _said(res: Any) -> list[str]:
    return [t.step.text for t in res.steps if t.step.text.endswith(("holds", "does not hold"))]


@pytest.mark.parametrize(("category", "holds"), [("VI", True), ("VII", False)])
def test_11_11_5_if_it_is_reads_the_card_the_effect_chose(category: str, holds: bool) -> None:
    # 15-004C: entering, it chooses 1 Forward its controller controls, which gains power, and more if it is of a
    # named Category; A's only Forward is of Category VI (the condition holds) or VII (it does not)
    cards = corpus_file("fftcg-cards.json")
    data = {"game": "fftcg", "title": "t", "cards": _plain(category),
            "turn": {"number": 4, "player": "A", "phase": "main1"},
            "players": {"A": {"deck": 5, "hand": [{"id": "me", "card": "15-004C"}],
                              "field": [{"id": "f1", "card": "fw"}, {"id": "p0", "card": "fb"},
                                        {"id": "p1", "card": "fb"}]},
                        "B": {"deck": 5}},
            "actions": [{"player": "A", "cast": "me", "pay": {"dull": ["p0", "p1"]}}],
            "expect": [{"card": "me", "zone": "field"}]}
    res = run_scenario(scenario_from_data(data, "test", cards=(cards,)))
    assert res.ok, res.why
    said = _said(res)
    assert said and said[-1].endswith("holds") == holds


@pytest.mark.parametrize(("element", "zone"), [("fire", "field"), ("water", "hand")])
def test_11_11_5_if_it_is_instead_reads_the_card_the_effect_chose(element: str, zone: str) -> None:
    # 17-009C: an action ability choosing 1 Forward of a named Job in its controller's Break Zone, which goes to the
    # hand, or onto the field instead if it is of a named Element and cost; the Forward chosen is of that Element
    # and cost (it is played) or of another Element (it is added to the hand)
    cards = corpus_file("fftcg-cards.json")
    plain = {"fw": {"name": "Plain Unit", "type": "forward", "element": [element], "cost": 2, "power": 5000,
                    "job": "Standard Unit", "generic": True},
             "fb": {"name": "Plain Fire Backup", "type": "backup", "element": ["fire"], "cost": 1, "generic": True}}
    data = {"game": "fftcg", "title": "t", "cards": plain, "turn": {"number": 4, "player": "A", "phase": "main1"},
            "players": {"A": {"deck": 5, "field": [{"id": "me", "card": "17-009C"}, {"id": "p0", "card": "fb"}],
                              "break": [{"id": "u1", "card": "fw"}]},
                        "B": {"deck": 5}},
            "actions": [{"player": "A", "use": "me", "ability": 0, "pay": {"dull": ["p0"]}, "targets": ["u1"]}],
            "expect": [{"card": "u1", "zone": zone}]}
    res = run_scenario(scenario_from_data(data, "test", cards=(cards,)))
    assert res.ok, res.why
