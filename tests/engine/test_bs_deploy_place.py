"""10-7: a nexus card placed by an effect ("you may place a nexus card from your hand without paying its
cost") goes through the placing procedure, its cost not paid; only nexus cards may be placed. Real Battle
Spirits Saga cards (training sets of ../shared/corpus, by number); skipped when the corpus is absent."""

from __future__ import annotations

from bs_corpus import CORPUS_MISSING, run

pytestmark = CORPUS_MISSING


def _lirica(answer: object) -> object:
    """A summons Mermaid Princess Lirica (BSS03-092, cost 5, 1 core for LV1) with 6 cores; A's hand also
    holds Emerald Sanctuary (BSS03-114, a nexus) and Fairy Flautist (BSS01-096, a spirit)."""
    return run({"A": {"reserve": 6, "deck": 10, "hand": ["BSS03-092", "BSS03-114", "BSS01-096"]},
                "B": {"reserve": 0, "deck": 10}},
               [{"player": "A", "summon": "BSS03-092"}, {"player": "A", "choose": answer}], [])


def test_bss_10_7_a_nexus_placed_by_the_effect_without_paying_its_cost() -> None:
    result = _lirica(["BSS03-114"])
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    assert result.state.zone_of("BSS03-114") == "field" and result.state.players["A"].reserve == 0
    assert "10-7-2" in result.cites


def test_bss_10_7_the_player_may_place_none() -> None:
    result = _lirica([])
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    assert result.state.zone_of("BSS03-114") == "hand" and result.state.zone_of("BSS01-096") == "hand"


def test_bss_10_7_only_nexus_cards_can_be_placed() -> None:
    """A says yes: the only nexus card in the hand is placed with no further choice (the spirit card is
    not a candidate), and the spirit stays in the hand."""
    result = _lirica("yes")
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    assert result.state.zone_of("BSS03-114") == "field" and result.state.zone_of("BSS01-096") == "hand"

