""""A Monster that is also a Forward" fits a Monster that has also become a Forward now (11.12.4.6), and no
Monster that has not. Real cards by number, loaded from ../shared/corpus at test time."""

from __future__ import annotations

from typing import Any

from judge.engine.scenario import run_scenario, scenario_from_data
from tests.rulings.support import corpus_file


def _run(first: bool, target: str) -> Any:
    # 15-016C: a Monster whose 《0》 action ability makes it also a Forward until the end of the turn (used first,
    # or not); 26-069C: an action ability (dull, put it into the Break Zone) choosing 1 Monster that is also a Forward
    cards = corpus_file("fftcg-cards.json")
    acts = [{"player": "A", "use": "bomb", "ability": 0}, {"player": "A", "pass": True},
            {"player": "B", "pass": True}] if first else []      # it resolves first
    data = {"game": "fftcg", "title": "t", "turn": {"number": 4, "player": "A", "phase": "main1"},
            "players": {"A": {"deck": 5, "field": [{"id": "me", "card": "26-069C"}, {"id": "bomb", "card": "15-016C"}]},
                        "B": {"deck": 5}},
            "actions": [*acts, {"player": "A", "use": "me", "ability": 0, "targets": [target]}],
            "expect": [{"card": "me", "zone": "break"}]}
    return run_scenario(scenario_from_data(data, "test", cards=(cards,)))


def test_11_12_4_6_a_monster_that_became_also_a_forward_can_be_chosen() -> None:
    res = _run(True, "bomb")
    assert res.ok, res.why


def test_11_12_4_6_a_monster_that_is_not_also_a_forward_cannot_be_chosen() -> None:
    res = _run(False, "bomb")
    assert res.refusals
