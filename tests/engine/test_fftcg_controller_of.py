"""FFTCG "That Forward's controller discards 1 card from their hand" (7.2.1, 11.11.4): the player is whoever
controlled the chosen card — last, when it has just been broken. Three phrasings; the cards are the project's
own (inline)."""

from __future__ import annotations

import pytest

from judge.engine.scenario import load_scenario, run_scenario

FILLER = {"name": "Sample Filler", "type": "backup", "element": ["ice"], "cost": 2, "text": ""}


def fwd(name: str, power: int) -> dict:
    return {"name": name, "type": "forward", "element": ["fire"], "cost": 3, "power": power, "job": "Knight",
            "category": "SAMPLE", "text": ""}


def run(text: str, target: str) -> object:
    spell = {"name": "Sample Decree", "type": "summon", "element": ["ice"], "cost": 2, "text": text}
    data = {"game": "fftcg", "title": "inline",
            "cards": {"spell": spell, "filler": FILLER, "mine": fwd("Sample Squire", 4000),
                      "theirs": fwd("Sample Guard", 4000)},
            "turn": {"number": 3, "player": "A", "phase": "main1"},
            "players": {"A": {"hand": ["spell", "filler", {"id": "a2", "card": "filler"}],
                              "field": [{"id": "a1", "card": "mine", "state": "dull"}], "deck": ["filler"] * 5},
                        "B": {"hand": [{"id": f"h{i}", "card": "filler"} for i in range(2)], "deck": ["filler"] * 5,
                              "field": [{"id": "b1", "card": "theirs", "state": "dull"}]}},
            "actions": [{"player": "A", "cast": "spell", "pay": {"discard": ["filler"]}, "targets": [target]},
                        {"player": "A", "pass": True}, {"player": "B", "pass": True}],
            "expect": []}
    return run_scenario(load_scenario("inline.yaml", data))


@pytest.mark.parametrize("text", [
    "Choose 1 dull Forward. Break it. That Forward's controller discards 1 card from their hand.",
    "Choose 1 Forward. Deal it 5000 damage. That Forward's controller discards 1 card from their hand.",
    "Choose 1 dull Forward. Freeze it. That Forward's controller discards 1 card from their hand.",
])
@pytest.mark.parametrize("target,discards", [("b1", "B"), ("a1", "A")])
def test_fftcg_7_2_1_the_chosen_forwards_controller_discards(text: str, target: str, discards: str) -> None:
    result = run(text, target)
    assert not result.refusals, result.refusals
    if discards == "B":                        # two cards: B picks which (the engine asks B)
        assert result.request is not None and result.request.player == "B", result.request
    else:                                      # A's one card left after paying is the only choice
        assert result.request is None and "a2" in result.state.zones["A"].break_zone
