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


# ── 1-3-3: a limit lasting the turn on discards from a player's deck by the opponent's effects ──
def _golem_after(use_limit: bool) -> object:
    """A attacks with Fairy Flautist (BSS01-096); B may use BSS03-130 in that battle, then takes the hit.
    A then attacks with Block Golem (BSS03-090) at LV2, whose 【Crush】 discards two cards from B's deck —
    one only while B's limit lasts."""
    used = [{"player": "B", "magic": "BSS03-130"}] if use_limit else []
    return run({"A": {"reserve": 0, "deck": 10, "field": [{"id": "a1", "card": "BSS01-096", "cores": 1},
                                                          {"id": "g", "card": "BSS03-090", "cores": 3}]},
                "B": {"reserve": 6, "life": 5, "deck": 10, "hand": ["BSS03-130"]}},
               [{"player": "A", "attack": "a1"}, *used, {"player": "B", "no_block": True},
                {"player": "A", "attack": "g"}], [], step="attack")


def test_bss_1_3_3_no_more_than_one_card_is_discarded_from_the_protected_deck() -> None:
    result = _golem_after(True)
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    assert len(result.state.players["B"].deck) == 9


def test_bss_11_11_1_without_the_limit_crush_discards_its_level() -> None:
    result = _golem_after(False)
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    assert len(result.state.players["B"].deck) == 8
