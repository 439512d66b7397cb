""""When a card is put into your Damage Zone" (7.8): the card going there by damage (one point, one card, one
occurrence: 11.8.6) or by an effect is the event; whose Damage Zone the trigger names is read from the typed
event (`to_player`), and an ability used only as an EX Burst is not triggered by it (11.10.2). Invented
sample cards only."""

from __future__ import annotations

from typing import Any

import pytest

from judge.engine.scenario import run_scenario, scenario_from_data
from judge.text.ast import Player
from judge.text.parse import parse_text

EMBER = {"name": "Sample Ember", "type": "summon", "element": ["fire"], "cost": 2, "text": "Draw 1 card."}
HURT = {"name": "Sample Hurt", "type": "summon", "element": ["fire"], "cost": 2,
        "text": "Your opponent receives 2 points of damage."}


@pytest.mark.parametrize(("text", "whose"), [
    ("When a card is put into your Damage Zone, draw 1 card.", Player.YOU),
    ("When a card is put into your opponent's Damage Zone, draw 1 card.", Player.OPPONENT),
    ("When a Forward is put into the Damage Zone, draw 1 card.", None),
])
def test_7_8_whose_damage_zone_is_read(text: str, whose: Player | None) -> None:
    result = parse_text(text, "fftcg")
    assert not result.unparsed
    event = result.abilities[0].trigger.events[0]
    assert (event.kind, event.to_player) == ("put_into_damage_zone", whose)


def run(text: str, side: str, expect: list[dict]) -> Any:
    watcher = {"name": "Sample Tally", "type": "backup", "element": ["water"], "cost": 2, "job": "Scout",
               "text": text}
    data = {"game": "fftcg", "title": "t", "cards": {"ember": EMBER, "hurt": HURT, "tally": watcher},
            "turn": {"number": 3, "player": "A", "phase": "main1"},
            "players": {"A": {"hand": [{"id": "h1", "card": "hurt"}, {"id": "f1", "card": "ember"}], "deck": 10},
                        "B": {"deck": [{"id": "d1", "card": "ember"}, {"id": "d2", "card": "ember"}, "ember", "ember"]}},
            "actions": [{"player": "A", "cast": "h1", "pay": {"discard": ["f1"]}},
                        {"player": "A", "pass": True}, {"player": "B", "pass": True}],
            "expect": expect}
    data["players"][side]["field"] = [{"id": "w1", "card": "tally"}]
    return run_scenario(scenario_from_data(data, "test"))


@pytest.mark.parametrize(("text", "side", "fires"), [
    ("When a card is put into your Damage Zone, draw 1 card.", "B", 2),
    ("When a card is put into your Damage Zone, draw 1 card.", "A", 0),
    ("When a card is put into your opponent's Damage Zone, draw 1 card.", "A", 2),
])
def test_11_8_6_each_card_put_into_the_damage_zone_is_one_occurrence(text: str, side: str, fires: int) -> None:
    result = run(text, side, [{"fired": "w1", "times": fires}, {"card": "d1", "zone": "damage"}])
    assert all(c.met for c in result.checks), [(c.expect, c.actual) for c in result.checks]


def test_11_10_2_an_ex_burst_only_ability_is_not_triggered_as_an_auto_ability() -> None:
    """Declining the EX Burst of the card put into the Damage Zone: its "When … is put into the Damage
    Zone" ability is used only as that EX Burst, so nothing else makes it trigger."""
    burst = {"name": "Sample Burst", "type": "forward", "element": ["fire"], "cost": 2, "power": 5000, "job": "S",
             "ex_burst": True, "text": "[[ex]]EX BURST[[/]] When Sample Burst is put into the Damage Zone, draw 1 card."}
    data = {"game": "fftcg", "title": "t", "cards": {"ember": EMBER, "hurt": HURT, "burst": burst},
            "turn": {"number": 3, "player": "A", "phase": "main1"},
            "players": {"A": {"hand": [{"id": "h1", "card": "hurt"}, {"id": "f1", "card": "ember"}], "deck": 10},
                        "B": {"deck": [{"id": "d1", "card": "burst"}, "ember", "ember"]}},
            "actions": [{"player": "A", "cast": "h1", "pay": {"discard": ["f1"]}},
                        {"player": "A", "pass": True}, {"player": "B", "pass": True},
                        {"player": "B", "choose": "no"}],
            "expect": [{"fired": "d1", "times": 0}, {"card": "d1", "zone": "damage"}, {"player": "B", "hand": 0}]}
    result = run_scenario(scenario_from_data(data, "test"))
    assert all(c.met for c in result.checks), [(c.expect, c.actual) for c in result.checks]
