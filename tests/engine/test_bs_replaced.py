"""8-9-1: an effect's own "…, <directive> instead" replaces the directive written before it when its
condition holds (the original never happens, 8-9-1-1), and the original is performed when it does not.
Real Battle Spirits Saga cards (training sets of ../shared/corpus, by number); skipped when the corpus
is absent."""

from __future__ import annotations

from bs_corpus import CORPUS_MISSING, run

from judge.engine.bs import derive

pytestmark = CORPUS_MISSING


def _boost(soul: bool) -> object:
    """A uses Power Boost (BSS03-121) in the main step on Fairy Flautist (BSS01-096, 2000 BP): 2000 BP
    this turn, 5000 instead when the soul core was spent on its cost."""
    return run({"A": {"reserve": 4, "soul_core": "reserve", "deck": 10, "hand": ["BSS03-121"],
                      "field": [{"id": "a1", "card": "BSS01-096", "cores": 1}]}, "B": {"reserve": 0, "deck": 10}},
               [{"player": "A", "magic": "BSS03-121", "effect": "main", "pay_soul_core": soul, "targets": ["a1"]}], [])


def test_bss_8_9_1_the_replacement_is_performed_when_its_condition_holds() -> None:
    result = _boost(True)
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    assert derive.bp(result.state, "a1").value == 7000
    assert "8-9-1" in result.cites


def test_bss_8_9_1_the_original_is_performed_when_it_does_not() -> None:
    result = _boost(False)
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    assert derive.bp(result.state, "a1").value == 4000


def test_bss_8_9_1_the_replacement_keeps_the_originals_duration() -> None:
    """The 5000 BP lasts this turn as the 2000 would have: gone once the turn ends."""
    result = run({"A": {"reserve": 4, "soul_core": "reserve", "deck": 10, "hand": ["BSS03-121"],
                        "field": [{"id": "a1", "card": "BSS01-096", "cores": 1}]}, "B": {"reserve": 0, "deck": 10}},
                 [{"player": "A", "magic": "BSS03-121", "effect": "main", "pay_soul_core": True, "targets": ["a1"]},
                  {"player": "A", "end_step": True}, {"player": "A", "end_step": True}],
                 [])
    assert not result.refusals, result.refusals
    assert result.state.turn == 5 and derive.bp(result.state, "a1").value == 2000, (result.state.turn,)


def _marigold(soul: bool, bottom: list[str]) -> object:
    """A summons Divine Flower Queen Marigold (BSS01-094) and reveals the top cards: three, or five when the
    soul core was spent on its summoning cost; a magic card among them (Power Boost, BSS03-121, fifth
    from the top) may be added to the hand."""
    deck = ["BSS02-048", "BSS01-096", "BSS04-005", "BSS01-001", "BSS03-121", "BSS03-114"]
    return run({"A": {"reserve": 4, "soul_core": "reserve", "deck": deck, "hand": ["BSS01-094"]},
                "B": {"reserve": 0, "deck": 10}},
               [{"player": "A", "summon": "BSS01-094", "pay_soul_core": soul, "choose": "yes"},
                {"player": "A", "choose": bottom, "decision": "order"}], [])


def test_bss_8_9_1_1_five_cards_are_revealed_instead_of_three() -> None:
    result = _marigold(True, ["BSS02-048", "BSS01-096", "BSS04-005", "BSS01-001"])
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    assert result.state.zone_of("BSS03-121") == "hand"
    assert result.state.players["A"].deck[0] == "BSS03-114"


def test_bss_8_9_1_without_the_soul_core_three_are_revealed() -> None:
    result = _marigold(False, ["BSS02-048", "BSS01-096", "BSS04-005"])
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    assert result.state.zone_of("BSS03-121") == "deck" and result.state.players["A"].deck[0] == "BSS01-001"
