""""Multi-Element" in a selector fits a card of more than one Element (5.2.1.1), and no card of one Element.
Real cards by number, loaded from ../shared/corpus at test time."""

from __future__ import annotations

from typing import Any

from judge.engine.scenario import run_scenario, scenario_from_data
from tests.rulings.support import corpus_file

PLAIN = {"two": {"name": "Plain Two-Element Forward", "type": "forward", "element": ["fire", "ice"], "cost": 3,
                 "power": 7000, "generic": True},
         "one": {"name": "Plain Fire Forward", "type": "forward", "element": ["fire"], "cost": 3, "power": 7000,
                 "generic": True},
         "bk": {"name": "Plain Water Backup", "type": "backup", "element": ["water"], "cost": 1, "generic": True}}


def _use(target: str) -> Any:
    # 19-042C: an action ability (《1》, dull, put it into the Break Zone) choosing 1 Multi-Element Forward in its
    # controller's Break Zone and adding it to their hand
    cards = corpus_file("fftcg-cards.json")
    data = {"game": "fftcg", "title": "t", "cards": PLAIN, "turn": {"number": 4, "player": "A", "phase": "main1"},
            "players": {"A": {"deck": 5, "field": [{"id": "me", "card": "19-042C"}, {"id": "p0", "card": "bk"}],
                              "break": [{"id": "m2", "card": "two"}, {"id": "m1", "card": "one"}]},
                        "B": {"deck": 5}},
            "actions": [{"player": "A", "use": "me", "ability": 0, "pay": {"dull": ["p0"]}, "targets": [target]}],
            "expect": [{"card": "me", "zone": "break"}]}
    return run_scenario(scenario_from_data(data, "test", cards=(cards,)))


def test_5_2_1_1_a_card_of_two_elements_is_multi_element_and_can_be_chosen() -> None:
    res = _use("m2")
    assert res.ok, res.why
    assert "m2" in res.state.zones["A"].hand


def test_5_2_1_1_a_card_of_one_element_is_not_multi_element() -> None:
    res = _use("m1")
    assert res.refusals and "m1" in res.state.zones["A"].break_zone
