"""FFTCG rulings on "turn over one card at a time … until a (kind) card is revealed" (7.6.1, 7.9.2):
the first card that fits stops it; with none, the whole deck is shown and nothing is found (2.3)."""

from __future__ import annotations

import pytest

from judge.engine.scenario import load_scenario, run_scenario

SEER = {"name": "Sample Seer", "type": "forward", "element": ["water"], "cost": 2, "power": 5000, "job": "Seer",
        "category": "SAMPLE",
        "text": "When Sample Seer enters the field, turn over one card at a time from the top of your deck until a "
                "Wind card is revealed. Add it to your hand. Then, shuffle the other cards and return them to the "
                "bottom of your deck."}
CARDS = {e: {"name": f"Sample {e.title()} Card", "type": "summon", "element": [e], "cost": 2, "text": "Draw 1 card."}
         for e in ("fire", "wind", "earth")}
CLERK = {"name": "Sample Clerk", "type": "backup", "element": ["water"], "cost": 2, "job": "Clerk",
         "category": "SAMPLE", "text": "", "generic": True}


def run(deck: list[str]):
    data = {"game": "fftcg", "title": "inline", "cards": {"seer": SEER, "clerk": CLERK, **CARDS},
            "turn": {"number": 3, "player": "A", "phase": "main1"},
            "players": {"A": {"hand": ["seer"], "deck": [{"id": f"d{i}", "card": c} for i, c in enumerate(deck)],
                              "field": [{"id": "c1", "card": "clerk"}, {"id": "c2", "card": "clerk"}]}},
            "actions": [{"player": "A", "cast": "seer", "pay": {"dull": ["c1", "c2"]}}], "expect": []}
    return run_scenario(load_scenario("inline.yaml", data))


@pytest.mark.parametrize(("deck", "found", "order"), [
    (["wind", "fire"], "d0", ("d1",)),                          # the top card fits: only it is revealed
    (["fire", "earth", "wind", "wind"], "d2", ("d3", "d0", "d1")),
    (["fire", "earth"], None, ("d0", "d1")),                    # none fits: nothing is added (2.3)
])
def test_fftcg_7_6_1_reveal_until_the_first_card_that_fits(deck: list[str], found: str | None,
                                                            order: tuple[str, ...]) -> None:
    result = run(deck)
    z = result.state.zones["A"]
    assert result.request is None and not result.refusals
    assert tuple(z.deck) == order
    assert (found in z.hand) if found else len(z.hand) == 0
