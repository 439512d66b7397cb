"""1-3-3 with 1-3-2: "discard the top three cards of your opponent's deck for each nexus you control. You
can discard a maximum of twelve cards with this effect" — the count is three per nexus, and the effect's
own limit stops it at twelve. Real Battle Spirits Saga cards (training sets of ../shared/corpus, by
number); skipped when the corpus is absent."""

from __future__ import annotations

from bs_corpus import CORPUS_MISSING, run

pytestmark = CORPUS_MISSING


def _summon(nexuses: int) -> object:
    """A summons BSS03-081 with the soul core in its cost while controlling that many Emerald Sanctuaries
    (BSS03-114); B's deck holds 20 cards."""
    field = [{"id": f"n{i}", "card": "BSS03-114", "cores": 0} for i in range(nexuses)]
    return run({"A": {"reserve": 10, "soul_core": "reserve", "deck": 10, "hand": ["BSS03-081"], "field": field},
                "B": {"reserve": 0, "deck": 20}},
               [{"player": "A", "summon": "BSS03-081", "pay_soul_core": True}], [])


def test_bss_1_3_2_three_cards_are_discarded_for_each_nexus() -> None:
    result = _summon(2)
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    assert len(result.state.players["B"].deck) == 14


def test_bss_1_3_3_the_effects_own_limit_stops_the_discards_at_twelve() -> None:
    result = _summon(5)
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    assert len(result.state.players["B"].deck) == 8
    assert "1-3-3" in result.cites
