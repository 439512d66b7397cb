"""FFTCG "the top N cards of a deck" (7.9.2): a main deck is hidden and its order cannot be changed, so an effect that
takes cards "from the top" takes those cards as they lie; no player selects among the deck.

The cards are the project's own (inline), each a Summon whose text is one phrasing of the construct."""

from __future__ import annotations

from judge.engine.scenario import load_scenario, run_scenario

FILLER = {"name": "Sample Filler", "type": "backup", "element": ["ice"], "cost": 2, "text": ""}


def run(text: str, a_deck: int = 3, b_deck: int = 3):
    spell = {"name": "Sample Decree", "type": "summon", "element": ["ice"], "cost": 2, "text": text}
    data = {"game": "fftcg", "title": "inline", "cards": {"spell": spell, "f": FILLER},
            "turn": {"number": 3, "player": "A", "phase": "main1"},
            "players": {"A": {"hand": ["spell", "f"], "deck": [{"id": f"a{i}", "card": "f"} for i in range(a_deck)]},
                        "B": {"deck": [{"id": f"b{i}", "card": "f"} for i in range(b_deck)]}},
            "actions": [{"player": "A", "cast": "spell", "pay": {"discard": ["f"]}},
                        {"player": "A", "pass": True}, {"player": "B", "pass": True}],
            "expect": []}
    return run_scenario(load_scenario("inline.yaml", data))


def test_fftcg_7_9_2_remove_the_top_card_takes_the_top_one_without_a_choice() -> None:
    result = run("Remove the top card of your deck from the game.")
    assert result.request is None and not result.refusals
    z = result.state.zones["A"]
    assert [u for u, *_ in z.removed] == ["a0"] and z.deck == ("a1", "a2")
    assert any("7.9.2" in t.step.cites for t in result.steps)


def test_fftcg_7_9_2_opponents_top_two_cards_into_the_break_zone() -> None:
    result = run("Your opponent puts the top 2 cards of their deck into the Break Zone.")
    assert result.request is None and not result.refusals
    z = result.state.zones["B"]
    assert {"b0", "b1"} <= set(z.break_zone) and z.deck == ("b2",)


def test_fftcg_2_3_a_deck_shorter_than_asked_gives_what_it_has() -> None:
    result = run("Put the top 3 cards of your deck into the Break Zone.", a_deck=1)
    assert result.request is None and not result.refusals
    z = result.state.zones["A"]
    assert "a0" in z.break_zone and z.deck == ()
