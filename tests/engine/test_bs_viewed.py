"""8-5-3-5: a card selected from cards its controller only viewed (a private area) — "view the top three
cards of your deck, reveal one <card> from the cards you viewed and add it to your hand". The player
may ignore matching cards, so the selection is always theirs to make, none included; the card selected
is revealed and the next directive acts on it. Real Battle Spirits Saga cards (training sets of
../shared/corpus, by number); skipped when the corpus is absent."""

from __future__ import annotations

from bs_corpus import CORPUS_MISSING, held, run

pytestmark = CORPUS_MISSING


def _pilgrim(deck: list[str], answers: list[dict]) -> object:
    """A summons Ant Pilgrim (BSS03-078): When Summoned, view the top three cards, reveal one Emerald
    Sanctuary (BSS03-114) from them and add it to the hand, the rest to the bottom in any order."""
    return run({"A": {"reserve": 4, "deck": deck, "hand": ["BSS03-078"]}, "B": {"reserve": 0, "deck": 10}},
               [{"player": "A", "summon": "BSS03-078"}, *answers], [])


DECK = ["BSS03-114", "BSS02-048", "BSS01-096", "ST05-015"]


def test_bss_8_5_3_5_the_player_may_reveal_a_matching_viewed_card() -> None:
    result = _pilgrim(DECK, [{"player": "A", "choose": ["BSS03-114"], "decision": "target"},
                             {"player": "A", "choose": ["BSS02-048", "BSS01-096"], "decision": "order"}])
    assert not held(result) and not result.refusals and result.request is None, (result.refusals, result.request)
    assert result.state.zone_of("BSS03-114") == "hand"
    assert result.state.players["A"].deck[0] == "ST05-015"
    assert "8-5-3-5" in result.cites


def test_bss_8_5_3_5_the_player_may_ignore_a_matching_viewed_card() -> None:
    """A answers none: the Sanctuary stays among the viewed cards and goes to the bottom with them."""
    result = _pilgrim(DECK, [{"player": "A", "choose": [], "decision": "target"},
                             {"player": "A", "choose": ["BSS03-114", "BSS02-048", "BSS01-096"], "decision": "order"}])
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    assert result.state.zone_of("BSS03-114") == "deck"
    assert result.state.players["A"].deck[0] == "ST05-015"


def test_bss_8_5_3_5_the_selection_is_asked_even_with_one_matching_card() -> None:
    """Without an answer the run stops at A's pending decision, offering the one matching card."""
    result = _pilgrim(DECK, [])
    assert result.request is not None and result.request.player == "A"
    assert list(result.request.options) == ["BSS03-114"]


def test_bss_8_5_3_4_no_viewed_card_matches_so_nothing_is_revealed() -> None:
    result = _pilgrim(["BSS02-048", "BSS01-096", "ST05-015", "BSS03-114"],
                      [{"player": "A", "choose": ["BSS02-048", "BSS01-096", "ST05-015"], "decision": "order"}])
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    assert result.state.players["A"].deck[0] == "BSS03-114"
    assert result.state.zone_of("BSS03-114") == "deck"
