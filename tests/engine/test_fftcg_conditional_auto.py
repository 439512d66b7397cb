"""Conditional auto-abilities (11.8.13): only an ability written "(trigger event), if (condition), (effect)" checks
its condition as it triggers. One that chooses first ("choose … . If …, deal them …") triggers whatever the
condition: its targets are chosen as it goes on the stack, and the "if" is read only as its effect resolves.
Real cards by number, loaded from ../shared/corpus (skipped, saying so, when it is absent); the Backups that
pay and the Forwards around them are invented plain cards."""

from __future__ import annotations

from typing import Any

from judge.engine.scenario import run_scenario, scenario_from_data

PLAIN = {
    **{f"{e}{i}": {"name": f"Plain {e.title()} Backup {i}", "type": "backup", "element": [e], "cost": 1,
                   "generic": True} for e in ("fire", "lightning") for i in range(4)},
    "guard": {"name": "Plain Guard", "type": "forward", "element": ["water"], "cost": 2, "power": 9000},
    "cadet": {"name": "Plain Cadet", "type": "forward", "element": ["lightning"], "cost": 2, "power": 5000,
              "job": "Class Zero Cadet"},
}


def _run(card: str, element: str, actions: list[dict], expect: list[dict], mine: tuple = ()) -> Any:
    from tests.rulings.support import corpus_file

    cards = corpus_file("fftcg-cards.json")
    data = {"game": "fftcg", "title": "t", "cards": PLAIN, "turn": {"number": 3, "player": "A", "phase": "main1"},
            "players": {"A": {"deck": 5, "hand": [{"id": "me", "card": card}],
                              "field": [{"id": f"p{i}", "card": f"{element}{i}"} for i in range(4)] + list(mine)},
                        "B": {"deck": 5, "field": [{"id": "b1", "card": "guard"}]}},
            "actions": [{"player": "A", "cast": "me", "pay": {"dull": ["p0", "p1", "p2", "p3"]}}, *actions],
            "expect": expect}
    return run_scenario(scenario_from_data(data, "test", cards=(cards,)))


def test_11_8_13_an_ability_that_chooses_before_its_if_triggers_and_the_if_fails_on_resolution() -> None:
    # 21-011H: on entering, choose up to 2 Forwards; only with 2 Category SOPFFO Forwards are they dealt damage.
    # A has none: the ability still triggers, B's Forward is chosen, and on resolution nothing is dealt.
    result = _run("21-011H", "fire", [{"player": "A", "choose": ["b1"]}],
                  [{"fired": "me", "times": 1, "timing": "enters_field"}, {"card": "b1", "zone": "field", "damage": 0}])
    assert result.ok, result.why
    assert not any("does not trigger" in t.step.text for t in result.steps)


def test_11_8_13_an_ability_written_trigger_if_condition_effect_does_not_trigger_while_it_fails() -> None:
    # 21-083H: on entering, if A controls 2 or more Job Class Zero Cadet, draw 1 card. Alone, it is 1.
    result = _run("21-083H", "lightning", [], [{"fired": "me", "times": 0}, {"player": "A", "hand": 0}])
    assert result.ok, result.why
    assert any("11.8.13" in t.step.cites and "does not trigger" in t.step.text for t in result.steps)


def test_11_8_13_the_same_ability_triggers_when_its_condition_holds() -> None:
    result = _run("21-083H", "lightning", [], [{"fired": "me", "times": 1}, {"player": "A", "hand": 1}],
                  mine=({"id": "c1", "card": "cadet"},))
    assert result.ok, result.why
