"""FFTCG rulings on loops a player stops (13.2, 13.3): a loop of payments names each payment, and the
player who brought a loop to an end cannot restart it at once while every card is where it was."""

from __future__ import annotations

from typing import Any

import pytest

from judge.engine.scenario import load_scenario, run_scenario

SPINNER = {"name": "Sample Spinner", "type": "forward", "element": ["wind"], "cost": 3, "power": 5000,
           "job": "Dancer", "category": "SAMPLE",
           "text": "When Sample Spinner is dulled, you may pay 《1》. When you do so, activate Sample Spinner.\n"
                   "When Sample Spinner is activated, dull Sample Spinner."}
WAKER = {"name": "Sample Waker", "type": "backup", "element": ["wind"], "cost": 2, "job": "Bard",
         "category": "SAMPLE", "text": "《ダル》: Choose 1 Forward. Activate it."}
CLERK = {"name": "Sample Clerk", "type": "backup", "element": ["wind"], "cost": 2, "job": "Clerk",
         "category": "SAMPLE", "text": "", "generic": True}
TRIP = {"name": "Sample Trip", "type": "summon", "element": ["ice"], "cost": 2, "text": "Choose 1 Forward. Dull it."}
FROST = {"name": "Sample Frost", "type": "summon", "element": ["ice"], "cost": 2, "text": "Draw 1 card."}


def run(after: list[dict[str, Any]]):
    data = {"game": "fftcg", "title": "inline",
            "cards": {"spinner": SPINNER, "waker": WAKER, "clerk": CLERK, "trip": TRIP, "frost": FROST},
            "turn": {"number": 3, "player": "B", "phase": "main1"},
            "players": {"A": {"field": [{"id": "a1", "card": "spinner"}, {"id": "w1", "card": "waker"},
                                        *({"id": f"c{i}", "card": "clerk"} for i in (1, 2, 3))]},
                        "B": {"hand": ["trip", "frost"]}},
            "actions": [{"player": "B", "cast": "trip", "pay": {"discard": ["frost"]}, "targets": ["a1"]},
                        *after], "expect": []}
    return run_scenario(load_scenario("inline.yaml", data))


def test_fftcg_13_2_loop_of_payments_needs_one_payment_per_repetition() -> None:
    result = run([{"player": "A", "loop": 2, "pay": [{"dull": ["c1"]}]}])
    assert "one payment per repetition" in result.refusals[1].reason and "13.2" in result.refusals[1].cites


def test_fftcg_13_2_loop_of_payments_pays_each_time_then_stops() -> None:
    result = run([{"player": "A", "loop": 2, "pay": [{"dull": ["c1"]}, {"dull": ["c2"]}]}])
    assert not result.refusals and result.request is None
    assert result.state.char("c2").dull and not result.state.char("c3").dull and result.state.char("a1").dull


@pytest.mark.parametrize(("answer", "refused"), [({"choose": "yes", "pay": {"dull": ["c3"]}}, True),
                                                 ({"choose": "no"}, False)])
def test_fftcg_13_2_stopped_loop_cannot_be_restarted_in_the_same_situation(answer: dict[str, Any],
                                                                          refused: bool) -> None:
    result = run([{"player": "A", "loop": 1, "pay": [{"dull": ["c1"]}]},
                  {"player": "A", "use": "w1", "targets": ["a1"]}, {"player": "A", **answer}])
    assert (3 in result.refusals) is refused
    if refused:
        assert "cannot restart" in result.refusals[3].reason and "13.2" in result.refusals[3].cites
