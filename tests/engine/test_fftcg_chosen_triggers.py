""""When X is chosen by …" auto-abilities (11.8.3): choosing a card as a Summon or ability goes on the stack is the
event; who chose is read from the typed `by` of the event (whose Summon or ability, which kind), a group trigger
("1 or more … are chosen") triggers once per Summon or ability (11.8.6), and "cancel its effect" cancels the one
that chose. Invented sample cards only."""

from __future__ import annotations

from typing import Any

import pytest

from judge.engine.scenario import run_scenario, scenario_from_data

CARDS = {
    "pair": {"name": "Sample Pair Strike", "type": "summon", "element": ["fire"], "cost": 2,
             "text": "Choose up to 2 Forwards. Deal them 1000 damage."},
    "bolt": {"name": "Sample Bolt", "type": "summon", "element": ["fire"], "cost": 2,
             "text": "Choose 1 Forward. Deal it 1000 damage."},
    "ember": {"name": "Sample Ember", "type": "summon", "element": ["fire"], "cost": 2, "text": "Draw 1 card."},
    "lookout": {"name": "Sample Lookout", "type": "backup", "element": ["water"], "cost": 2, "job": "Scout",
                "text": "When 1 or more Forwards you control are chosen by your opponent's Summons, draw 1 card."},
    "keeper": {"name": "Sample Keeper", "type": "backup", "element": ["water"], "cost": 2, "job": "Scout",
               "text": "When a Forward you control is chosen by your opponent's abilities, draw 1 card."},
    "guard": {"name": "Sample Guard", "type": "forward", "element": ["water"], "cost": 2, "power": 8000, "job": "G"},
    "sentry": {"name": "Sample Sentry", "type": "forward", "element": ["water"], "cost": 2, "power": 8000,
               "job": "G"},
}


def run(actions: list[dict], backup: str, expect: list[dict]) -> Any:
    data = {"game": "fftcg", "title": "t", "cards": CARDS, "turn": {"number": 3, "player": "A", "phase": "main1"},
            "players": {"A": {"hand": ["pair", "bolt", "ember", {"id": "e2", "card": "ember"}]},
                        "B": {"deck": 5, "field": [{"id": "c1", "card": backup}, {"id": "b1", "card": "guard"},
                                                   {"id": "b2", "card": "sentry"}]}},
            "actions": actions, "expect": expect}
    return run_scenario(scenario_from_data(data, "test"))


def test_11_8_6_a_group_chosen_trigger_triggers_once_per_summon() -> None:
    result = run([{"player": "A", "cast": "pair", "pay": {"discard": ["ember"]}, "targets": ["b1", "b2"]},
                  {"player": "A", "pass": True}, {"player": "B", "pass": True},
                  {"player": "A", "pass": True}, {"player": "B", "pass": True}],
                 "lookout", [{"fired": "c1", "times": 1}, {"player": "B", "hand": 1}])
    assert all(c.met for c in result.checks), [(c.expect, c.actual) for c in result.checks]


@pytest.mark.parametrize(("backup", "fires"), [("lookout", 1), ("keeper", 0)])
def test_11_8_3_the_kind_of_what_chose_is_the_one_the_trigger_names(backup: str, fires: int) -> None:
    result = run([{"player": "A", "cast": "bolt", "pay": {"discard": ["ember"]}, "targets": ["b1"]},
                  {"player": "A", "pass": True}, {"player": "B", "pass": True}] +
                 ([{"player": "A", "pass": True}, {"player": "B", "pass": True}] if fires else []),
                 backup, [{"fired": "c1", "times": fires}, {"player": "B", "hand": fires}])
    assert all(c.met for c in result.checks), [(c.expect, c.actual) for c in result.checks]
