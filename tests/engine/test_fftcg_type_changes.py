"""Type and name changes (11.12.4.6, kind 3): "X also becomes a Forward with N power" (while a condition holds, or
until the end of the turn from an ability), "X is also a Monster / Card Name Y in all situations". The card keeps
what it printed and also has the new type or name. Invented sample cards only."""

from __future__ import annotations

from typing import Any

from judge.engine.scenario import run_scenario, scenario_from_data

CARDS = {
    "gel": {"name": "Sample Gel", "type": "monster", "element": ["water"], "cost": 3, "job": "Gel",
            "text": "During your turn, Sample Gel also becomes a Forward with 6000 power."},
    "golem": {"name": "Sample Golem", "type": "monster", "element": ["earth"], "cost": 3, "job": "Golem",
              "text": "《土》: Sample Golem also becomes a Forward with 8000 power until the end of the turn."},
    "twin": {"name": "Sample Twin", "type": "forward", "element": ["dark"], "cost": 3, "power": 7000, "job": "T",
             "text": "Sample Twin is also Card Name Sample Sibling in all situations."},
    "sibling": {"name": "Sample Sibling", "type": "forward", "element": ["dark"], "cost": 3, "power": 5000, "job": "T"},
    "seeker": {"name": "Sample Seeker", "type": "summon", "element": ["fire"], "cost": 2,
               "text": "Choose 1 Forward. Deal it 7000 damage."},
    "namer": {"name": "Sample Namer", "type": "summon", "element": ["fire"], "cost": 2,
              "text": "Choose 1 Card Name Sample Sibling. Break it."},
    "ember": {"name": "Sample Ember", "type": "summon", "element": ["fire"], "cost": 2, "text": "Draw 1 card."},
    "clod": {"name": "Sample Clod", "type": "summon", "element": ["earth"], "cost": 2, "text": "Draw 1 card."},
}


def run(turn_player: str, a: dict, b: dict, actions: list[dict], expect: list[dict]) -> Any:
    data = {"game": "fftcg", "title": "t", "cards": CARDS,
            "turn": {"number": 3, "player": turn_player, "phase": "main1"},
            "players": {"A": a, "B": b}, "actions": actions, "expect": expect}
    result = run_scenario(scenario_from_data(data, "test"))
    assert all(c.met for c in result.checks), [(c.expect, c.actual) for c in result.checks]
    return result


def test_11_12_4_6_during_the_opponents_turn_it_is_not_a_forward() -> None:
    run("B", {"field": [{"id": "m1", "card": "gel"}]}, {"hand": ["seeker", "ember"]},
        [{"player": "B", "cast": "seeker", "pay": {"discard": ["ember"]}, "targets": ["m1"]}],
        [{"refused": 0, "cites": ["11.3.3"]}])


def test_11_12_4_6_during_its_controllers_turn_it_can_be_chosen_as_a_forward() -> None:
    run("B", {"hand": ["seeker", "ember"]}, {"field": [{"id": "m1", "card": "gel"}]},
        [{"player": "A", "cast": "seeker", "pay": {"discard": ["ember"]}, "targets": ["m1"]},
         {"player": "A", "pass": True}, {"player": "B", "pass": True}],
        [{"card": "m1", "zone": "break"}])


def test_11_12_4_6_an_ability_makes_it_a_forward_until_the_end_of_the_turn() -> None:
    run("A", {"field": [{"id": "m1", "card": "golem"}], "hand": ["clod"]}, {},
        [{"player": "A", "use": "m1", "pay": {"discard": ["clod"]}}, {"player": "A", "pass": True},
         {"player": "B", "pass": True}],
        [{"card": "m1", "power": 8000}, {"cites": ["11.12.4.6"]}])


def test_11_12_4_6_a_card_also_named_is_chosen_by_that_name() -> None:
    run("A", {"hand": ["namer", "ember"]}, {"field": [{"id": "b1", "card": "twin"}]},
        [{"player": "A", "cast": "namer", "pay": {"discard": ["ember"]}, "targets": ["b1"]},
         {"player": "A", "pass": True}, {"player": "B", "pass": True}],
        [{"card": "b1", "zone": "break"}])
