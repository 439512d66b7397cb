""""When you cast your second card this turn", "when your opponent casts their third Summon this turn", "when
you receive your second point of damage": auto-abilities that wait for one occurrence of an event counted in
the turn's record (11.8.3: the Nth cast is the event; 11.3 casting). Which casts are counted is read from the
typed trigger (whose, which card type), never from the words. Invented sample cards only."""

from __future__ import annotations

from typing import Any

import pytest

from judge.engine.fftcg.events.triggers import nth_event
from judge.engine.scenario import run_scenario, scenario_from_data
from judge.text.parse import parse_text

EMBER = {"name": "Sample Ember", "type": "summon", "element": ["fire"], "cost": 2, "text": "Draw 1 card."}
SPARK = {"name": "Sample Spark", "type": "forward", "element": ["fire"], "cost": 2, "power": 5000, "job": "S"}


def watcher(text: str) -> dict:
    return {"name": "Sample Counter", "type": "backup", "element": ["water"], "cost": 2, "job": "Scout",
            "text": text}


def run(text: str, casts: list[str], watcher_side: str, expect: list[dict]) -> Any:
    """A casts the listed cards one by one (each paid by discarding one fire card), each resolved."""
    hand = [{"id": f"c{i}", "card": c} for i, c in enumerate(casts)] + \
        [{"id": f"f{i}", "card": "ember"} for i in range(len(casts))]
    actions: list[dict] = []
    for i, c in enumerate(casts):
        actions.append({"player": "A", "cast": f"c{i}", "pay": {"discard": [f"f{i}"]}})
        if c == "ember":
            actions += [{"player": "A", "pass": True}, {"player": "B", "pass": True}]
    data = {"game": "fftcg", "title": "t", "cards": {"ember": EMBER, "spark": SPARK, "counter": watcher(text)},
            "turn": {"number": 3, "player": "A", "phase": "main1"},
            "players": {"A": {"hand": hand, "deck": 10}, "B": {"deck": 10}},
            "actions": actions, "expect": expect}
    data["players"][watcher_side]["field"] = [{"id": "w1", "card": "counter"}]
    return run_scenario(scenario_from_data(data, "test"))


def met(result: Any) -> bool:
    return all(c.met for c in result.checks)


@pytest.mark.parametrize(("text", "timing"), [
    ("When you cast your second card this turn, draw 1 card.", "you_cast_second_card"),
    ("During each turn, when you cast the second card you have cast, draw 1 card.", "you_cast_second_card"),
    ("When you cast the third Summon you cast this turn, draw 1 card.", "you_cast_third_summon"),
    ("When your opponent casts their second Summon this turn, draw 1 card.", "opponent_casts_second_summon"),
    ("When you cast your fourth Forward this turn, draw 1 card.", "you_cast_fourth_forward"),
])
def test_11_3_the_nth_cast_of_a_turn_is_read_with_whose_and_which_type(text: str, timing: str) -> None:
    result = parse_text(text, "fftcg")
    assert not result.unparsed, result.unparsed
    assert result.abilities[0].timing == timing
    assert nth_event(timing) is not None


@pytest.mark.parametrize(("casts", "fires"), [(["ember"], 0), (["ember", "ember"], 1),
                                               (["ember", "ember", "ember"], 1)])
def test_11_8_3_the_second_cast_triggers_once_not_the_first_or_third(casts: list[str], fires: int) -> None:
    expect = [{"fired": "w1", "times": fires}]
    result = run("When you cast your second card this turn, draw 1 card.", casts, "A", expect)
    assert met(result), [(c.expect, c.actual) for c in result.checks]


@pytest.mark.parametrize(("casts", "fires"), [(["ember", "spark", "ember"], 0),
                                               (["ember", "spark", "ember", "ember"], 1)])
def test_11_3_only_casts_of_the_type_named_are_counted(casts: list[str], fires: int) -> None:
    """A Forward cast between the Summons is not one of "the Summons you cast this turn"."""
    result = run("When you cast the third Summon you have cast this turn, draw 1 card.", casts, "A",
                 [{"fired": "w1", "times": fires}])
    assert met(result), [(c.expect, c.actual) for c in result.checks]


@pytest.mark.parametrize(("side", "fires"), [("B", 1), ("A", 0)])
def test_11_3_an_opponents_nth_cast_is_heard_by_the_other_player_only(side: str, fires: int) -> None:
    result = run("When your opponent casts their second Summon this turn, draw 1 card.", ["ember", "ember"], side,
                 [{"fired": "w1", "times": fires}])
    assert met(result), [(c.expect, c.actual) for c in result.checks]


@pytest.mark.parametrize(("points", "fires"), [(1, 0), (2, 1), (3, 1)])
def test_11_8_6_the_second_point_of_damage_triggers_once(points: int, fires: int) -> None:
    """Each point of damage is one occurrence (11.8.6): the second one of the turn is the event."""
    hurt = {"name": "Sample Hurt", "type": "summon", "element": ["fire"], "cost": 2,
            "text": f"Your opponent receives {points} points of damage."}
    data = {"game": "fftcg", "title": "t",
            "cards": {"ember": EMBER, "hurt": hurt,
                      "counter": watcher("When you receive your second point of damage this turn, draw 1 card.")},
            "turn": {"number": 3, "player": "A", "phase": "main1"},
            "players": {"A": {"hand": [{"id": "h1", "card": "hurt"}, {"id": "f1", "card": "ember"}], "deck": 10},
                        "B": {"deck": 10, "field": [{"id": "w1", "card": "counter"}]}},
            "actions": [{"player": "A", "cast": "h1", "pay": {"discard": ["f1"]}},
                        {"player": "A", "pass": True}, {"player": "B", "pass": True}],
            "expect": [{"fired": "w1", "times": fires}]}
    result = run_scenario(scenario_from_data(data, "test"))
    assert met(result), [(c.expect, c.actual) for c in result.checks]
