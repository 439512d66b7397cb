"""The round trip of Battle Spirits card text (issue 11.4): `render(ast)` writes canonical English,
parsing it gives the same AST, and it says the printed words up to the normalisations listed in
`judge.text.render.NORMALISATIONS`.

Over the training split of the real corpus (loaded from ../shared/corpus; skipped, saying so, when
absent): every parsed ability must read back to the same AST, and every rendering must keep the
printed words, but for the abilities of `round_trip_bss_known.json` (the failures left, each with
the words it drops or writes; `python bench/bench_round_trip.py --game bss --write-known …` rewrites
it). A new failure, or a known one that grows, fails; a known one that is fixed must leave the list.
The validation split is measured by bench/bench_round_trip.py as a number only.
"""

from __future__ import annotations

import json
import sys
from functools import cache
from pathlib import Path

import pytest
from text_helpers import bs_lexicon, bs_one

from judge.errors import UnknownGame
from judge.text.render import NORMALISATIONS, render, round_trip, words

ROOT = Path(__file__).resolve().parents[2]
KNOWN = Path(__file__).with_name("round_trip_bss_known.json")


@cache
def _training() -> list:
    sys.path.insert(0, str(ROOT))
    from bench.bench_round_trip import corpus, run

    training, _ = corpus("bss")            # the validation split is measured by the bench, never read
    if not training:
        pytest.skip("the real corpus is absent (bench/validation.toml names it)")
    return run(training, "bss")


def test_every_training_ability_reads_back_to_the_same_ast() -> None:
    failed = [f"{key}: {trip!r}" for key, trip in _training() if isinstance(trip, Exception)]
    assert failed == [], "\n".join(failed[:20])
    wrong = [f"{key}: {trip.rendered}" for key, trip in _training() if not trip.same_ast]
    assert wrong == [], "\n".join(wrong[:20])


def test_renderings_keep_the_printed_words_but_the_known_failures() -> None:
    from bench.bench_round_trip import ratchet

    found = ratchet(_training(), json.loads(KNOWN.read_text(encoding="utf-8")))
    assert found.new == (), "new word failures:\n" + "\n".join(found.new[:20])
    assert found.grown == (), "known failures that grew:\n" + "\n".join(found.grown[:20])
    assert found.fixed == (), f"fixed, remove from {KNOWN.name}: {list(found.fixed)}"


# ── invented sentences: the canonical form is a fixed point of parse ∘ render ──
CANONICAL = [
    "[LV1][LV2] When Summoned: Destroy one of your opponent's spirits with 3000 or fewer BP.",
    "[LV2] When This Spirit Attacks: Draw two cards. Then, discard one card.",
    "[LV1][LV2][LV3] During Your Attack Step: All of your Dragon spirits gains 2000 BP.",
    "[Main] Return up to two of your opponent's nexuses to their hand.",
    "[Flash] Exhaust one of your opponent's spirits. If you have three or fewer life, draw one card.",
    "[LV2] When one of your spirits is destroyed by your opponent's effects, place one core from the void "
    "into your reserve.",
    "[LV1] This spirit cannot be blocked by all of your opponent's spirits with cost 4 or more.",
    "[LV3] When This Spirit Attacks: You may pay one core from this spirit to refresh it.",
    "[Main] Your opponent selects one of your opponent's spirits. Destroy it.",
    "[LV2] When Destroyed: Reveal the top six cards of your deck. Add one nexus card to your hand. "
    "Discard the remaining cards and draw one card.",
    "[LV1][LV2] Neither player's life can be reduced by an attack from all spirits with 2000 or fewer BP.",
    "[Flash] Select one of your spirits and one of your opponent's spirits and exhaust them.",
]


@pytest.mark.parametrize("text", CANONICAL)
def test_canonical_text_is_a_fixed_point(text: str) -> None:
    ability = bs_one(text)
    again = bs_one(render(ability, "bss"))
    assert render(again, "bss") == render(ability, "bss")


def test_rendering_is_read_back_by_the_grammar() -> None:
    for text in CANONICAL:
        trip = round_trip(bs_one(text), "bss", lexicon=bs_lexicon())
        assert trip.same_ast, (text, trip.rendered)


def test_words_follow_the_normalisations() -> None:
    # number words, plurals, possessives of a player, contractions: one list of what may differ
    assert words("Draw a card.") == words("draw one cards")
    assert words("Now return it to your opponent's hand.") == words("now return it to their hand")
    assert words("if your opponent doesn't control any") == words("if your opponent does not have any")
    assert words("as part of this spirit's summoning cost") == words("as part of this spirit's cost")
    assert {"number words", "whose", "select", "repaired slips"} <= set(NORMALISATIONS)


def test_a_game_without_a_renderer_is_an_error() -> None:
    with pytest.raises(UnknownGame):
        render(bs_one("[Main] Draw one card."), "no-such-game")
