"""FFTCG "search for N … with different names" / "each of a different Element" (Selector.distinct): the searching
player picks the cards (15.1.1.8), and no two cards found may share what the text says must differ (2.1)."""

from __future__ import annotations

import pytest

from judge.engine.scenario import load_scenario, run_scenario


def fwd(name: str, element: str) -> dict:
    return {"name": name, "type": "forward", "element": [element], "cost": 3, "power": 6000, "job": "Knight",
            "category": "SAMPLE", "text": ""}


CARDS = {"knight": fwd("Sample Knight", "fire"), "knight2": fwd("Sample Knight", "water"), "lancer": fwd("Sample Lancer", "fire"),
         "archer": fwd("Sample Archer", "wind"),
         "filler": {"name": "Sample Filler", "type": "summon", "element": ["ice"], "cost": 2, "text": "Draw 1 card."}}


def run(text: str, *answers: list[str]):
    spell = {"name": "Sample Muster", "type": "summon", "element": ["ice"], "cost": 2, "text": text}
    deck = [{"id": "k1", "card": "knight"}, {"id": "k2", "card": "knight2"}, {"id": "l1", "card": "lancer"},
            {"id": "a1", "card": "archer"}, {"id": "f1", "card": "filler"}]
    data = {"game": "fftcg", "title": "inline", "cards": {"spell": spell, **CARDS},
            "turn": {"number": 3, "player": "A", "phase": "main1"},
            "players": {"A": {"hand": ["spell", "filler"], "deck": deck}},
            "actions": [{"player": "A", "cast": "spell", "pay": {"discard": ["filler"]}},
                        {"player": "A", "pass": True}, {"player": "B", "pass": True},
                        *({"player": "A", "choose": a} for a in answers)], "expect": []}
    return run_scenario(load_scenario("inline.yaml", data))


NAMES = "Search for up to 2 Forwards with different names and add them to your hand."
ELEMENTS = "Search for 2 Forwards, each of a different Element, and add them to your hand."


@pytest.mark.parametrize(("text", "bad", "good"), [
    (NAMES, ["k1", "k2"], ["k1", "l1"]),
    (ELEMENTS, ["k1", "l1"], ["k1", "a1"]),
])
def test_fftcg_15_1_1_8_cards_found_must_differ_as_the_text_says(text: str, bad: list[str], good: list[str]) -> None:
    result = run(text, bad, good)
    assert len(result.refusals) == 1 and "share" in next(iter(result.refusals.values())).reason
    hand = result.state.zones["A"].hand
    assert set(good) <= set(hand) and not (set(bad) - set(good)) & set(hand)


def test_fftcg_15_1_1_8_different_names_allow_one_copy() -> None:
    result = run(NAMES, ["k2"])
    assert not result.refusals and "k2" in result.state.zones["A"].hand
