"""A modal EX Burst (11.10.2, 11.10.3): the player who applies it selects its options as it is applied
(11.11.5.1: a choice not declared before is made on resolution), a decision listing the options by number; then
only the options selected apply. Real cards by number, loaded from ../shared/corpus at test time."""

from __future__ import annotations

from typing import Any

from judge.engine.scenario import run_scenario, scenario_from_data
from tests.rulings.support import corpus_file

PLAIN = {"bf": {"name": "Plain Water Forward", "type": "forward", "element": ["water"], "cost": 2, "power": 10000,
                "generic": True}}


def _burst(answers: list[dict[str, Any]]) -> Any:
    # 4-073C: a Summon with EX Burst; of its two options, the first breaks a dull Forward, the second deals a
    # Forward 8000 damage. B attacks with a 10000-power Forward, dulled as it attacks (10.1.2.2); A takes the damage, the Summon
    # on top of A's deck
    cards = corpus_file("fftcg-cards.json")
    data = {"game": "fftcg", "title": "t", "cards": PLAIN, "turn": {"number": 4, "player": "B", "phase": "attack"},
            "players": {"A": {"deck": {"top": [{"id": "me", "card": "4-073C"}], "count": 5}},
                        "B": {"deck": 5, "field": [{"id": "b1", "card": "bf"}]}},
            "actions": [{"player": "B", "attack": "b1"}, {"player": "A", "no_block": True},
                        {"player": "A", "choose": "yes", "decision": "may"}, *answers],
            "expect": [{"card": "me", "zone": "damage"}]}
    return run_scenario(scenario_from_data(data, "test", cards=(cards,)))


def test_11_11_5_1_the_ex_burst_option_selected_as_it_is_applied_is_the_one_that_applies() -> None:
    res = _burst([{"player": "A", "choose": "2", "decision": "mode"}])
    assert res.ok, res.why
    assert res.state.char("b1") is not None and res.state.char("b1").damage == 8000, \
        "the second option only: 8000 damage does not break the 10000-power Forward"
    asked = [t.step.decision for t in res.steps if t.step.decision is not None and t.step.decision.detail == "mode"]
    assert asked and asked[0].options == ("1", "2") and asked[0].player == "A"


def test_11_10_3_the_other_option_selected_breaks_the_dull_attacker() -> None:
    res = _burst([{"player": "A", "choose": "1", "decision": "mode"}])
    assert res.ok, res.why
    assert res.state.char("b1") is None, "the first option breaks a dull Forward: the attacker, dulled"


def test_11_10_2_an_ex_burst_target_left_open_takes_each_slots_first_legal_target() -> None:
    # 4-143R: an EX Burst choosing 1 Forward its player controls and 1 the opponent controls, returning both to
    # their owners' hands. Each player has two Forwards, so A is asked; `any` takes the first legal one of each slot
    cards = corpus_file("fftcg-cards.json")
    plain = {**PLAIN, "af": {"name": "Plain Fire Forward", "type": "forward", "element": ["fire"], "cost": 2,
                             "power": 5000, "generic": True}}
    data = {"game": "fftcg", "title": "t", "cards": plain, "turn": {"number": 4, "player": "B", "phase": "attack"},
            "players": {"A": {"deck": {"top": [{"id": "me", "card": "4-143R"}], "count": 5},
                              "field": [{"id": "a1", "card": "af"}, {"id": "a2", "card": "af"}]},
                        "B": {"deck": 5, "field": [{"id": "b1", "card": "bf"}, {"id": "b2", "card": "bf"}]}},
            "actions": [{"player": "B", "attack": "b1"}, {"player": "A", "no_block": True},
                        {"player": "A", "choose": "yes", "decision": "may"},
                        {"player": "A", "choose": "any", "decision": "target"}],
            "expect": [{"card": "a1", "zone": "hand"}, {"card": "a2", "zone": "field"}, {"card": "b1", "zone": "hand"},
                       {"card": "b2", "zone": "field"}]}
    res = run_scenario(scenario_from_data(data, "test", cards=(cards,)))
    assert res.ok, res.why
