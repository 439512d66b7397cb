"""FFTCG 11.10.1: a card marked with the EX Burst icon has an EX Burst; an ad-hoc card of a scenario is
marked as its text shows it (the EX BURST marker), as the importer marks a real card — unless its
`ex_burst` field says otherwise. Invented sample cards only."""

from __future__ import annotations

from judge.engine.scenario import Result, run_scenario, scenario_from_data


def attack_into(top: dict, hand: int) -> Result:
    cards = {"striker": {"name": "Sample Striker", "type": "forward", "element": "fire", "cost": 2, "power": 7000},
             "top": top}
    data = {"game": "fftcg", "title": "t", "cards": cards, "turn": {"number": 3, "player": "A", "phase": "attack"},
            "players": {"A": {"field": [{"id": "a1", "card": "striker"}]}, "B": {"deck": ["top", 9]}},
            "actions": [{"player": "A", "attack": "a1"}, {"player": "B", "no_block": True},
                        {"player": "B", "choose": "yes"}],
            "expect": [{"card": "top", "zone": "damage"}, {"player": "B", "hand": hand}]}
    return run_scenario(scenario_from_data(data, "test"))


SCOUT = {"name": "Sample Ember Scout", "type": "forward", "element": "fire", "cost": 2, "power": 3000,
         "text": "[[ex]]EX BURST[[/]] Draw 1 card."}


def test_11_10_1_an_adhoc_card_whose_text_carries_the_ex_burst_marker_has_an_ex_burst() -> None:
    result = attack_into(SCOUT, hand=1)
    assert all(c.met for c in result.checks), result.checks


def test_11_10_1_an_adhoc_cards_ex_burst_field_outranks_its_text() -> None:
    result = attack_into({**SCOUT, "ex_burst": False}, hand=0)
    assert all(c.met for c in result.checks), result.checks


def test_11_10_1_an_adhoc_card_without_the_marker_has_no_ex_burst() -> None:
    result = attack_into({**SCOUT, "text": "When Sample Ember Scout enters the field, draw 1 card."}, hand=0)
    assert all(c.met for c in result.checks), result.checks
