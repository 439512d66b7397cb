"""A card's effect that brings that very card onto the field from outside it (Saga 10-9-2, 3-5-3,
8-1-1, 8-10-1): a burst that places itself, a nexus placed from the trash by its own When Destroyed
effect, exhausted as it says, and a spirit whose start-of-step ability is written to summon it from
the trash. Real cards named by number, loaded from ../shared/corpus at test time (skipped without
it); the summaries are our own words. Coverage says the same as the runs: executed here, "not
modelled" for a card in a hand or trash watching some other event."""

from __future__ import annotations

import functools

import pytest

from judge.engine.support import unexecuted
from judge.text.lexicon import Lexicon
from judge.text.parse import parse_text
from tests.engine.bs_corpus import CORPUS, CORPUS_MISSING, held, run

pytestmark = CORPUS_MISSING

#: An invented magic of our own, to destroy a nexus by an effect.
RUIN = {"ruin": {"name": "Test Ruin", "type": "magic", "colors": ["purple"], "cost": 1, "reduction": ["purple"],
                 "symbols": [], "text": "[Main] Destroy one of your opponent's nexuses."}}


def test_bss_10_9_2_a_burst_that_places_itself_goes_to_the_field_not_the_trash() -> None:
    """Whirlpool Strait (BSS03-116), set as A's burst, places itself when B destroys A's spirit in
    battle: it leaves the burst area for the field, so it is not put in the trash once resolved (10-9-4)."""
    result = run({"A": {"reserve": 0, "deck": 10, "burst": "BSS03-116",
                        "field": [{"id": "a1", "card": "BSS01-011", "cores": 1}]},
                  "B": {"reserve": 0, "deck": 10, "field": [{"id": "b1", "card": "BSS02-087", "cores": 1}]}},
                 [{"player": "B", "attack": "b1"}, {"player": "A", "block": "a1"}, {"player": "A", "choose": "yes"}],
                 [{"card": "BSS03-116", "zone": "field", "cites": ["10-9-2"]}, {"card": "a1", "zone": "trash"},
                  {"player": "A", "burst": None}], step="attack", player="B", number=5)
    assert result.ok, (held(result), result.why)


def test_bss_3_5_3_a_nexus_placed_from_the_trash_exhausted_enters_exhausted() -> None:
    """Volcanic Island (BSS05-115) is destroyed by B's effect; its When Destroyed lets A pay one core to
    place it from the trash without paying its cost, exhausted: it enters exhausted, as the text says
    (3-5-3: refreshed unless specified otherwise)."""
    result = run({"A": {"reserve": 1, "deck": 10, "field": [{"id": "vi", "card": "BSS05-115", "cores": 0}]},
                  "B": {"reserve": 1, "deck": 10, "hand": ["ruin"]}},
                 [{"player": "B", "magic": "ruin"}, {"player": "A", "choose": "yes"}],
                 [{"card": "vi", "zone": "field", "state": "exhausted", "cites": ["3-5-3"]}, {"player": "A", "reserve": 0}],
                 player="B", cards=RUIN)
    assert result.ok, (held(result), result.why)


def test_bss_8_1_1_a_start_of_step_ability_written_for_the_trash_works_from_there() -> None:
    """Brutal Dino Tyrantosaurus (BSS05-012) in A's trash: as A's attack step begins, A may summon it
    from the trash (paying its cost), then destroys one of A's spirits."""
    result = run({"A": {"reserve": 8, "deck": 10, "trash": [{"id": "ty", "card": "BSS05-012"}],
                        "field": [{"id": "a1", "card": "BSS01-011", "cores": 1}]},
                  "B": {"reserve": 0, "deck": 10}},
                 [{"player": "A", "end_step": True}, {"player": "A", "choose": "yes"}, {"player": "A", "choose": ["a1"]}],
                 [{"card": "ty", "zone": "field", "cites": ["8-6-2", "10-6-2"]}, {"card": "a1", "zone": "trash"}])
    assert result.ok, (held(result), result.why)


def test_bss_8_1_1_not_in_its_window_the_trash_ability_does_not_activate() -> None:
    """The same card in B's trash during A's attack step: its window is its owner's attack step only."""
    result = run({"A": {"reserve": 0, "deck": 10, "field": [{"id": "a1", "card": "BSS01-011", "cores": 1}]},
                  "B": {"reserve": 8, "deck": 10, "trash": [{"id": "ty", "card": "BSS05-012"}]}},
                 [{"player": "A", "end_step": True}],
                 [{"card": "ty", "zone": "trash"}])
    assert result.ok and result.request is None, (held(result), result.why)


@functools.cache
def _corpus() -> tuple[list, Lexicon]:
    from judge.cards.importers import read_cards

    cards = read_cards(CORPUS, "bss")
    return cards, Lexicon.from_cards(cards)      # card names and families read as the corpus has them


def _gaps(number: str) -> list[tuple[str, ...]]:
    cards, lexicon = _corpus()
    card = next(c for c in cards if c.number == number)
    return [unexecuted("bss", ab) for ab in parse_text(card.text, "bss", name=card.name, lexicon=lexicon).abilities]


@pytest.mark.parametrize("number", ["BSS03-116", "BSS05-115", "BSS05-012"])
def test_coverage_counts_a_card_brought_from_where_its_effect_resolves_as_executed(number: str) -> None:
    assert not any("this card from outside the field" in g for gaps in _gaps(number) for g in gaps)


def test_coverage_says_a_card_outside_the_field_watching_another_event_is_not_modelled() -> None:
    """CB01-061 watches a summon from the hand or the trash, where nothing watches events."""
    assert any("place this card from outside the field" in g for gaps in _gaps("CB01-061") for g in gaps)
