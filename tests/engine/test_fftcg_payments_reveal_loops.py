"""FFTCG rulings on payments asked for during play, revealed cards and loops: what is refused, and why.

Each case is a small board (own invented cards, official templating) and one contested action; the
engine must refuse it with the clause named, and change nothing (14.1).
"""

from __future__ import annotations

from typing import Any

import pytest

from judge.engine.scenario import load_scenario, run_scenario

CLERK = {"name": "Sample Clerk", "type": "backup", "element": ["wind"], "cost": 2, "job": "Clerk",
         "category": "SAMPLE", "text": "", "generic": True}
JUGGLER = {"name": "Sample Juggler", "type": "forward", "element": ["wind"], "cost": 3, "power": 5000,
           "job": "Dancer", "category": "SAMPLE",
           "text": "When Sample Juggler is dulled, you may activate Sample Juggler.\n"
                   "When Sample Juggler is activated, draw 1 card. Then, dull Sample Juggler."}
TRIP = {"name": "Sample Trip", "type": "summon", "element": ["ice"], "cost": 2, "text": "Choose 1 Forward. Dull it."}
DUELIST = {"name": "Sample Duelist", "type": "forward", "element": ["wind"], "cost": 2, "power": 5000,
           "job": "Warrior", "category": "SAMPLE",
           "text": "When Sample Duelist enters the field, you may pay 《1》. When you do so, draw 1 card."}
SCRY = {"name": "Sample Scry", "type": "summon", "element": ["wind"], "cost": 1,
        "text": "Look at the top 3 cards of your deck. Return them to the top of your deck in any order."}
GUST = {"name": "Sample Gust", "type": "summon", "element": ["wind"], "cost": 2, "text": "Draw 1 card."}


def run(data: dict[str, Any]):
    return run_scenario(load_scenario("inline.yaml", {"game": "fftcg", "title": "inline", **data}))


CASES = {
    "13_2_only_the_player_with_the_repeating_choice_declares_the_loop": {
        "cards": {"juggler": JUGGLER, "trip": TRIP, "gust": GUST},
        "turn": {"number": 3, "player": "A", "phase": "main1"},
        "players": {"A": {"deck": 10, "field": [{"id": "a1", "card": "juggler"}]}, "B": {"hand": ["trip", "gust"]}},
        "actions": [{"player": "B", "cast": "trip", "pay": {"discard": ["gust"]}, "targets": ["a1"]},
                    {"player": "B", "loop": 2}],
        "expect": [{"refused": 1, "cites": ["13.2"]}],
    },
    "10_1_2_3_nothing_is_paid_for_an_attack_without_a_cost": {
        "cards": {"juggler": JUGGLER, "clerk": CLERK},
        "turn": {"number": 3, "player": "A", "phase": "attack"},
        "players": {"A": {"field": [{"id": "a1", "card": "juggler"}, {"id": "c1", "card": "clerk"}]}},
        "actions": [{"player": "A", "attack": "a1", "pay": {"dull": ["c1"]}}],
        "expect": [{"refused": 0, "cites": ["10.1.2.3"]}, {"card": "c1", "state": "active"}],
    },
    "11_8_14_paying_needs_the_cp_sources_named": {
        "cards": {"duelist": DUELIST, "clerk": CLERK},
        "turn": {"number": 3, "player": "A", "phase": "main1"},
        "players": {"A": {"deck": 5, "hand": ["duelist"], "field": [{"id": f"c{i}", "card": "clerk"}
                                                                  for i in range(1, 4)]}},
        "actions": [{"player": "A", "cast": "duelist", "pay": {"dull": ["c1", "c2"]}},
                    {"player": "A", "choose": "yes"}],
        "expect": [{"refused": 1, "cites": ["11.2.1.1"]}, {"card": "c3", "state": "active"}, {"request": True}],
    },
    "7_9_2_each_card_looked_at_goes_back_once": {
        "cards": {"scry": SCRY, "gust": GUST, "clerk": CLERK},
        "turn": {"number": 3, "player": "A", "phase": "main1"},
        "players": {"A": {"hand": ["scry"], "deck": [{"id": "g1", "card": "gust"}, {"id": "g2", "card": "gust"},
                                                     {"id": "g3", "card": "gust"}, 3],
                          "field": [{"id": "c1", "card": "clerk"}]}},
        "actions": [{"player": "A", "cast": "scry", "pay": {"dull": ["c1"]}},
                    {"player": "A", "choose": ["g1", "g1", "g2"]}],
        "expect": [{"refused": 1, "cites": ["2.1"]}, {"request": True}],
    },
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_fftcg_refusals_name_their_clause(name: str) -> None:
    result = run(CASES[name])
    assert result.ok, [(c.expect, c.actual) for c in result.checks if not c.met]
