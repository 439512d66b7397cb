"""A cost that removes Counters from the card itself (15.1.1.10.1) is paid only with that many on it; a cost
that cannot be paid makes the use illegal and the game goes back to before it (11.6.3), never a crash. Real
cards by number, loaded from ../shared/corpus (skipped, saying so, when it is absent)."""

from __future__ import annotations

from typing import Any

import pytest

from judge.engine.scenario import run_scenario, scenario_from_data


def _run(counters: int, expect: list[dict]) -> Any:
    from tests.rulings.support import corpus_file

    cards = corpus_file("fftcg-cards.json")
    # 22-060H: its action ability's whole cost is removing 3 of its own Knowledge Counters; it draws 2 cards
    data = {"game": "fftcg", "title": "t", "turn": {"number": 3, "player": "A", "phase": "main1"},
            "players": {"A": {"deck": 5, "field": [{"id": "g", "card": "22-060H", "counters": {"Knowledge": counters}}]},
                        "B": {"deck": 5}},
            "actions": [{"player": "A", "use": "g"}], "expect": expect}
    return run_scenario(scenario_from_data(data, "test", cards=(cards,)))


@pytest.mark.parametrize("counters", [0, 2])
def test_11_6_3_too_few_counters_to_remove_make_the_use_illegal(counters: int) -> None:
    result = _run(counters, [{"refused": 0, "cites": ["11.6.3"]}, {"player": "A", "hand": 0},
                             {"card": "g", "counters": {"Knowledge": counters} if counters else {}}])
    assert all(c.met for c in result.checks), [(c.expect, c.actual) for c in result.checks]


def test_15_1_1_10_1_removing_the_counters_pays_the_cost() -> None:
    result = _run(3, [{"player": "A", "hand": 2}, {"card": "g", "counters": {}}])
    assert result.ok, result.why
