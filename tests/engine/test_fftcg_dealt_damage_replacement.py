""""If X deals damage to a Forward, … instead" (11.12.5.1): a replacement on the damage a card deals, read from the
typed event (its dealer, whom it is dealt to, battle or not), from a field ability or created by a resolving
ability for the turn. Invented sample cards only."""

from __future__ import annotations

from typing import Any

from judge.engine.scenario import run_scenario, scenario_from_data

CARDS = {
    "brawler": {"name": "Sample Brawler", "type": "forward", "element": ["fire"], "cost": 3, "power": 4000,
                "job": "G", "text": "《火》: If Sample Brawler deals damage to a Forward this turn, double the damage "
                                    "instead."},
    "pyre": {"name": "Sample Pyre Keeper", "type": "backup", "element": ["fire"], "cost": 2, "job": "K",
             "text": "If your Fire Summon deals damage to a Forward, the damage increases by 1000 instead."},
    "drill": {"name": "Sample Drill", "type": "backup", "element": ["fire"], "cost": 2, "job": "K",
              "text": "If a Forward you control deals battle damage to a Forward, the damage increases by 3000 "
                      "instead."},
    "singe": {"name": "Sample Singe", "type": "summon", "element": ["fire"], "cost": 1,
              "text": "Choose 1 Forward. Deal it 4000 damage."},
    "ember": {"name": "Sample Ember", "type": "summon", "element": ["fire"], "cost": 1, "text": "Draw 1 card."},
    "ogre": {"name": "Sample Ogre", "type": "forward", "element": ["water"], "cost": 3, "power": 8000, "job": "M"},
}


def run(a_field: list, actions: list[dict], expect: list[dict], phase: str = "main1") -> Any:
    data = {"game": "fftcg", "title": "t", "cards": CARDS, "turn": {"number": 3, "player": "A", "phase": phase},
            "players": {"A": {"hand": ["singe", "ember"], "field": a_field},
                        "B": {"field": [{"id": "b1", "card": "ogre"}]}},
            "actions": actions, "expect": expect}
    result = run_scenario(scenario_from_data(data, "test"))
    assert all(c.met for c in result.checks), [(c.expect, c.actual) for c in result.checks]
    return result


def test_11_12_5_1_an_ability_doubles_the_damage_its_forward_deals_this_turn() -> None:
    run([{"id": "a1", "card": "brawler"}, {"id": "c1", "card": "pyre"}],
        [{"player": "A", "use": "a1", "pay": {"discard": ["ember"]}}, {"player": "A", "pass": True},
         {"player": "B", "pass": True}, {"player": "A", "end_phase": True}, {"player": "A", "attack": "a1"},
         {"player": "B", "block": "b1"}],
        [{"card": "b1", "zone": "break"}, {"card": "a1", "zone": "break"}])


def test_11_12_5_1_a_summon_of_the_named_element_deals_more() -> None:
    run([{"id": "c1", "card": "pyre"}],
        [{"player": "A", "cast": "singe", "pay": {"discard": ["ember"]}, "targets": ["b1"]},
         {"player": "A", "pass": True}, {"player": "B", "pass": True}],
        [{"card": "b1", "damage": 5000}, {"cites": ["11.12.5.1"]}])


def test_11_12_5_1_battle_damage_only_leaves_a_summons_damage_alone() -> None:
    run([{"id": "c1", "card": "drill"}],
        [{"player": "A", "cast": "singe", "pay": {"discard": ["ember"]}, "targets": ["b1"]},
         {"player": "A", "pass": True}, {"player": "B", "pass": True}],
        [{"card": "b1", "damage": 4000}])
