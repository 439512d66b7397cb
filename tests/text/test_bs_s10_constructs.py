"""Constructs of the Battle Spirits Saga templating language generalised in session 10 (issue 20.2):
each read wherever the language puts it, with three or more invented phrasings per construct (known
parts recombined; no card prints them), asserting the typed meaning read. Real cards are named by
number only and read from the corpus at test time (skipped, saying why, when it is absent)."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest
from text_helpers import bs_effect, bs_lexicon

from judge.text.ast import Duration, Player, Selector, TreatAlso, walk
from judge.text.lexicon import Lexicon
from judge.text.parse import parse_text

CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus" / "bss-cards.json"


@functools.cache
def _corpus() -> tuple[dict, Lexicon]:
    from judge.cards.importers import read_cards

    cards = read_cards(CORPUS, "bss")
    return {c.number: c for c in cards}, Lexicon.from_cards(cards)


def _card(number: str):
    """The parse of a real card of the corpus (its text never copied here)."""
    if not CORPUS.exists():
        pytest.skip(f"the card corpus is not at {CORPUS}")
    cards, lexicon = _corpus()
    card = cards[number]
    return parse_text(card.text, "bss", name=card.name, lexicon=lexicon)


# ── BSS 2-3-2, 2-5, 8-8-1-2, 8-8-1-3-4: "treat X as if it is also <a kind of card> (with N BP)" ──
@pytest.mark.parametrize(("text", "types", "families", "colors", "bp", "duration"), [
    ("Treat this nexus as if it is also a Golem spirit with 3000 BP during this turn.",
     ("spirit",), ("Golem",), (), 3000, Duration.TURN),
    ("Treat all of your nexuses as if they are also Angel spirits.", ("spirit",), ("Angel",), (), None,
     Duration.PERMANENT),
    ("Treat one of your spirits as though it is also a blue Serpent spirit during this battle.",
     ("spirit",), ("Serpent",), ("blue",), None, Duration.BATTLE),
    ("Treat it as if it is also a purple nexus during this turn.", ("nexus",), (), ("purple",), None,
     Duration.TURN),
])
def test_bss_8_8_1_2_a_card_treated_as_also_another_kind(text, types, families, colors, bp, duration) -> None:
    e = bs_effect(text)
    assert isinstance(e, TreatAlso) and isinstance(e.target, Selector)
    assert (e.card_types, e.families, e.colors, e.bp, e.duration) == (types, families, colors, bp, duration)


@pytest.mark.parametrize("text", [
    "Treat this spirit as if it is also an exhausted spirit.",       # a state is no kind of card
    "Treat this nexus as if it is also a spirit with 3000 or more BP.",  # a BP assigned is one value
])
def test_bss_8_8_1_2_what_a_card_cannot_also_be_is_refused(text: str) -> None:
    result = parse_text(text, "bss", lexicon=bs_lexicon())
    assert result.unparsed and "not modelled" in result.unparsed[0].expected[0]


@pytest.mark.parametrize("number", ["BSS05-083", "BSS05-113"])
def test_real_cards_treated_as_also_a_spirit_are_typed(number: str) -> None:
    result = _card(number)
    assert not result.unparsed
    treated = [e for a in result.abilities for e in walk(a) if isinstance(e, TreatAlso)]
    assert treated and treated[0].card_types == ("spirit",) and treated[0].bp is not None
    assert treated[0].target.owner in (None, Player.YOU)
