"""A selector of "a Forward that entered the field this turn" fits the Forwards this turn's record shows entering
the field; one on the field since before this turn does not (a change of control is no entering either, 6.2.6.1,
so the record kept is of entering). Real cards by number, loaded from ../shared/corpus at test time."""

from __future__ import annotations

from typing import Any

from judge.engine.scenario import run_scenario, scenario_from_data
from tests.rulings.support import corpus_file

PLAIN = {"bf": {"name": "Plain Water Forward", "type": "forward", "element": ["water"], "cost": 2, "power": 5000,
                "generic": True},
         "lb": {"name": "Plain Lightning Backup", "type": "backup", "element": ["lightning"], "cost": 1,
                "generic": True}}


def _use(targets: list[str]) -> Any:
    # 16-085C: an action ability (Lightning CP, dull, put it into the Break Zone) choosing 1 Forward that entered
    # the field this turn and dealing it damage; B has one Forward that entered this turn and one that did not
    cards = corpus_file("fftcg-cards.json")
    data = {"game": "fftcg", "title": "t", "cards": PLAIN, "turn": {"number": 4, "player": "A", "phase": "main1"},
            "players": {"A": {"deck": 5, "field": [{"id": "me", "card": "16-085C"}, {"id": "p0", "card": "lb"}]},
                        "B": {"deck": 5, "field": [{"id": "new", "card": "bf", "entered_this_turn": True},
                                                   {"id": "old", "card": "bf"}]}},
            "actions": [{"player": "A", "use": "me", "ability": 0, "pay": {"dull": ["p0"]}, "targets": targets}],
            "expect": [{"card": "me", "zone": "break"}]}
    return run_scenario(scenario_from_data(data, "test", cards=(cards,)))


def test_a_forward_that_entered_the_field_this_turn_is_a_legal_target_and_is_dealt_the_damage() -> None:
    res = _use(["new"])
    assert res.ok, res.why
    assert res.state.char("new") is None and res.state.char("old") is not None


def test_a_forward_on_the_field_since_before_this_turn_is_not_a_legal_target() -> None:
    res = _use(["old"])
    assert res.refusals, "the Forward did not enter the field this turn: not a legal target"
