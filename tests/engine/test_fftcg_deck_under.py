"""FFTCG "put it under the top N cards of your deck" (Move / Search `under`): the card goes into its owner's main
deck (7.3, 7.9.3) with exactly N cards above it, as its text says (2.1); a shorter deck takes it at the bottom."""

from __future__ import annotations

import pytest

from judge.engine.scenario import load_scenario, run_scenario

FILLER = {"name": "Sample Filler", "type": "summon", "element": ["fire"], "cost": 2, "text": "Draw 1 card."}
KNIGHT = {"name": "Sample Knight", "type": "forward", "element": ["earth"], "cost": 3, "power": 6000, "job": "Knight",
          "category": "SAMPLE", "text": ""}


def run(text: str, deck: int, *, field: bool = True, in_deck: bool = False, then: tuple = ()):
    spell = {"name": "Sample Burial", "type": "summon", "element": ["fire"], "cost": 2, "text": text}
    cards = [{"id": f"d{i}", "card": "filler"} for i in range(deck)]
    if in_deck:
        cards.insert(deck // 2, {"id": "k1", "card": "knight"})
    a: dict = {"hand": ["spell", "filler"], "deck": cards}
    if field:
        a["field"] = [{"id": "k1", "card": "knight"}]
    data = {"game": "fftcg", "title": "inline", "cards": {"spell": spell, "filler": FILLER, "knight": KNIGHT},
            "turn": {"number": 3, "player": "A", "phase": "main1"}, "players": {"A": a},
            "actions": [{"player": "A", "cast": "spell", "pay": {"discard": ["filler"]},
                         **({"targets": ["k1"]} if field else {})},
                        {"player": "A", "pass": True}, {"player": "B", "pass": True}, *then],
            "expect": []}
    return run_scenario(load_scenario("inline.yaml", data))


@pytest.mark.parametrize(("text", "n"), [
    ("Choose 1 Forward you control. Put it under the top 2 cards of its owner's deck.", 2),
    ("Choose 1 Forward you control. Put it under the top 3 cards of your deck.", 3),
    ("Choose 1 Forward you control. Place it under the top 1 card of your deck.", 1),
])
def test_fftcg_7_9_3_put_under_the_top_n_cards_of_the_deck(text: str, n: int) -> None:
    result = run(text, 5)
    deck = result.state.zones["A"].deck
    assert not result.refusals and result.request is None
    assert deck.index("k1") == n and len(deck) == 6
    assert any("7.9.3" in st.step.cites for st in result.steps)


def test_fftcg_7_9_3_a_deck_shorter_than_n_takes_it_at_the_bottom() -> None:
    result = run("Choose 1 Forward you control. Put it under the top 3 cards of your deck.", 1)
    assert tuple(result.state.zones["A"].deck) == ("d0", "k1")


def test_fftcg_15_1_1_8_searched_card_put_under_the_top_n() -> None:
    result = run("Search for 1 Forward and put it under the top 2 cards of your deck.", 4, field=False, in_deck=True,
                 then=({"player": "A", "choose": ["k1"]},))
    assert not result.refusals and result.request is None
    assert result.state.zones["A"].deck.index("k1") == 2


@pytest.mark.parametrize(("text", "zone"), [
    ("Search for 1 Forward and put it into the Break Zone.", "break_zone"),
    ("Search for 1 Forward and remove it from the game.", "removed"),
])
def test_fftcg_15_1_1_8_searched_card_goes_where_the_text_says(text: str, zone: str) -> None:
    result = run(text, 4, field=False, in_deck=True, then=({"player": "A", "choose": ["k1"]},))
    z = result.state.zones["A"]
    assert not result.refusals and result.request is None
    assert "k1" not in z.hand and "k1" not in z.deck
    assert "k1" in {e[0] if isinstance(e, tuple) else e for e in getattr(z, zone)}
