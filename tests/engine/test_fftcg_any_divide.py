"""Damage divided among the cards chosen (11.6.8: the player assigns the amounts as the ability goes on the stack,
at least one unit each) left open (`choose: any`, issue 21.7) is divided by a fixed rule: one unit to each card
but the first listed, the rest to the first. Real cards by number, loaded from ../shared/corpus at test time."""

from __future__ import annotations

from judge.engine.scenario import run_scenario, scenario_from_data
from tests.rulings.support import corpus_file

PLAIN = {"big": {"name": "Plain Forward 4000", "type": "forward", "element": ["water"], "cost": 2, "power": 4000,
                 "generic": True},
         "small": {"name": "Plain Forward 2000", "type": "forward", "element": ["water"], "cost": 1, "power": 2000,
                   "generic": True}}


def test_11_6_8_any_divides_one_unit_to_each_but_the_first_and_the_rest_to_the_first() -> None:
    # 1-085R: its special ability (《S》, dull) chooses up to 3 Forwards and divides 6000 damage among them
    cards = corpus_file("fftcg-cards.json")
    data = {"game": "fftcg", "title": "t", "cards": PLAIN, "turn": {"number": 4, "player": "A", "phase": "main1"},
            "players": {"A": {"deck": 5, "hand": [{"id": "same", "card": "1-085R"}],
                              "field": [{"id": "me", "card": "1-085R"}]},
                        "B": {"deck": 5, "field": [{"id": "b1", "card": "big"}, {"id": "b2", "card": "small"},
                                                   {"id": "b3", "card": "small"}]}},
            "actions": [{"player": "A", "use": "me", "ability": 0, "pay": {"special": "same"},
                         "targets": ["b1", "b2", "b3"], "answers": ["any"]}],
            "expect": [{"card": "b1", "zone": "break"}, {"card": "b2", "zone": "field"},
                       {"card": "b3", "zone": "field"}]}
    res = run_scenario(scenario_from_data(data, "test", cards=(cards,)))
    assert res.ok, res.why
    assert res.state.char("b2").damage == 1000 and res.state.char("b3").damage == 1000
