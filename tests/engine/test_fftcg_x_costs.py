"""FFTCG rulings on 《X》 (4.5): the controller chooses X as the cost is paid, and every X of the
ability reads that number; without a value (or with one where there is no X) the action is refused."""

from __future__ import annotations

from typing import Any

import pytest

from judge.engine.scenario import load_scenario, run_scenario
from judge.errors import ScenarioError

SAGE = {"name": "Sample Sage", "type": "backup", "element": ["lightning"], "cost": 3, "job": "Sage",
        "category": "SAMPLE",
        "text": "《X》《ダル》, put Sample Sage into the Break Zone: Choose 1 Forward of cost X or less. Break it."}
ORACLE = {"name": "Sample Oracle", "type": "forward", "element": ["lightning"], "cost": 2, "power": 5000,
          "job": "Seer", "category": "SAMPLE",
          "text": "When Sample Oracle enters the field, you may pay 《X》. When you do so, choose 1 Forward of cost "
                  "X or less. Break it."}
CLERK = {"name": "Sample Clerk", "type": "backup", "element": ["lightning"], "cost": 2, "job": "Clerk",
         "category": "SAMPLE", "text": "", "generic": True}
SPARK = {"name": "Sample Spark", "type": "summon", "element": ["lightning"], "cost": 2, "text": "Draw 1 card."}
SCOUT = {"name": "Sample Scout", "type": "forward", "element": ["wind"], "cost": 2, "power": 5000, "job": "Ranger",
         "category": "SAMPLE", "text": ""}


def run(actions: list[dict[str, Any]]):
    data = {"game": "fftcg", "title": "inline",
            "cards": {"sage": SAGE, "oracle": ORACLE, "clerk": CLERK, "spark": SPARK, "scout": SCOUT},
            "turn": {"number": 3, "player": "A", "phase": "main1"},
            "players": {"A": {"hand": ["oracle", "spark"],
                              "field": [{"id": "s1", "card": "sage"}, {"id": "c1", "card": "clerk"},
                                        {"id": "c2", "card": "clerk"}]},
                        "B": {"field": [{"id": "b1", "card": "scout"}]}},
            "actions": actions, "expect": []}
    return run_scenario(load_scenario("inline.yaml", data))


@pytest.mark.parametrize(("action", "why"), [
    ({"use": "s1", "pay": {"dull": ["c1", "c2"]}, "targets": ["b1"]}, "chooses the value of X"),
    ({"use": "s1", "x": 2, "pay": {"dull": ["c1"]}, "targets": ["b1"]}, "does not pay"),
    ({"use": "s1", "x": 1, "pay": {"dull": ["c1"]}, "targets": ["b1"]}, "none to choose"),
])
def test_fftcg_4_5_x_cost_refused_without_the_value_or_its_payment(action: dict[str, Any], why: str) -> None:
    result = run([{"player": "A", **action}])
    assert why in result.refusals[0].reason
    assert result.state.char("s1") is not None and result.state.char("b1") is not None


def test_fftcg_4_5_x_chosen_on_an_ability_without_x_is_refused() -> None:
    result = run([{"player": "A", "use": "c1", "x": 2}])
    assert 0 in result.refusals
    cast = run([{"player": "A", "cast": "oracle", "pay": {"discard": ["spark"]}, "x": 2}])
    assert "cost is not X" in cast.refusals[0].reason
    with pytest.raises(ScenarioError, match=r"actions\[0\]\.x: X is chosen with cast:"):
        run([{"player": "A", "attack": "c1", "x": 2}])


def test_fftcg_4_5_x_paid_then_the_ability_reads_it() -> None:
    result = run([{"player": "A", "use": "s1", "x": 2, "pay": {"dull": ["c1", "c2"]}, "targets": ["b1"]}])
    assert not result.refusals and result.state.char("b1") is None
    assert any("4.5" in t.step.cites for t in result.steps)


@pytest.mark.parametrize(("answer", "broken"), [
    ({"choose": "yes", "x": 2, "pay": {"dull": ["c1", "c2"]}}, True),
    ({"choose": "yes", "x": 1, "pay": {"dull": ["c1"]}}, False),      # cost 1 or less: nothing to choose
    ({"choose": "no"}, False),
])
def test_fftcg_4_5_you_may_pay_x_when_you_do_so(answer: dict[str, Any], broken: bool) -> None:
    result = run([{"player": "A", "cast": "oracle", "pay": {"discard": ["spark"]}}, {"player": "A", **answer}])
    assert not result.refusals
    assert (result.state.char("b1") is None) is broken


def test_fftcg_4_5_paying_x_needs_its_value() -> None:
    result = run([{"player": "A", "cast": "oracle", "pay": {"discard": ["spark"]}},
                  {"player": "A", "choose": "yes", "pay": {"dull": ["c1"]}}])
    assert "value chosen for X" in result.refusals[1].reason and "4.5" in result.refusals[1].cites


def test_fftcg_4_5_x_is_zero_or_more() -> None:
    with pytest.raises(ScenarioError, match=r"actions\[0\]\.x"):
        run([{"player": "A", "use": "s1", "x": -1}])
