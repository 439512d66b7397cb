"""FFTCG rulings on revealing cards from a hand (7.6.1): the controller selects them on resolution
(11.11.5.1); with fewer such cards they reveal what they can (2.3) and "If you do so" does not hold."""

from __future__ import annotations

from typing import Any

import pytest

from judge.engine.scenario import load_scenario, run_scenario

OMEN = {"name": "Sample Omen", "type": "summon", "element": ["wind"], "cost": 2,
        "text": "Reveal 2 Forwards from your hand. If you do so, draw 2 cards."}
GUST = {"name": "Sample Gust", "type": "summon", "element": ["wind"], "cost": 2, "text": "Draw 1 card."}
SCOUT = {"name": "Sample Scout", "type": "forward", "element": ["wind"], "cost": 2, "power": 5000, "job": "Ranger",
         "category": "SAMPLE", "text": ""}


def run(hand: list[Any], answers: list[dict[str, Any]]):
    data = {"game": "fftcg", "title": "inline", "cards": {"omen": OMEN, "gust": GUST, "scout": SCOUT},
            "turn": {"number": 3, "player": "A", "phase": "main1"},
            "players": {"A": {"deck": 5, "hand": ["omen", {"id": "g0", "card": "gust"}, *hand]}},
            "actions": [{"player": "A", "cast": "omen", "pay": {"discard": ["g0"]}},
                        *({"player": "A", **a} for a in answers)], "expect": []}
    return run_scenario(load_scenario("inline.yaml", data))


def test_fftcg_7_6_1_reveal_two_forwards_then_if_you_do_so_draws() -> None:
    result = run([{"id": "f1", "card": "scout"}, {"id": "f2", "card": "scout"}], [])
    assert len(result.state.zones["A"].deck) == 3
    assert {"f1", "f2"} <= set(result.state.zones["A"].hand)


def test_fftcg_2_3_fewer_forwards_than_asked_then_if_you_do_so_does_not_hold() -> None:
    result = run([{"id": "f1", "card": "scout"}, "gust"], [])
    assert len(result.state.zones["A"].deck) == 5
    assert any("2.3" in t.step.cites for t in result.steps)


@pytest.mark.parametrize(("pick", "ok"), [(["f1", "f3"], True), (["f1"], False), (["f1", "gust"], False),
                                          (["f1", "f1"], False)])
def test_fftcg_11_11_5_1_the_controller_selects_which_forwards_to_reveal(pick: list[str], ok: bool) -> None:
    hand = [{"id": f"f{i}", "card": "scout"} for i in (1, 2, 3)] + ["gust"]
    result = run(hand, [{"choose": pick}])
    assert (1 not in result.refusals) is ok
    if ok:
        assert len(result.state.zones["A"].deck) == 3
