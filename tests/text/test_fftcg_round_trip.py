"""The round trip of FINAL FANTASY TCG card text (issue 11.4): `render(ast)` writes the templating's
canonical English, parsing it gives the same AST, and it says the printed words up to
`judge.text.fftcg.render.NORMALISATIONS`.

The invented sentences (in the official templating; none is a printed card's sentence) are fixed
points. Over the training split of the real corpus (loaded from ../shared/corpus; skipped, saying so,
when absent) every parsed ability must read back and keep its words, but for those of
`round_trip_fftcg_known.json` (the failures left; a ratchet: they may only shrink).
"""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from judge.text.fftcg.render import normalised, render
from judge.text.parse import parse_text
from judge.text.render import comparable

NAME = "Zorn"


def _one(text: str) -> Any:
    result = parse_text(text, "fftcg", name=NAME)
    assert not result.unparsed and len(result.abilities) == 1, (text, result.unparsed)
    return result.abilities[0]


CANONICAL = [
    "Choose 1 Forward of cost 4 or less opponent controls. Break it.",
    "When Zorn enters the field, draw 2 cards. Then, discard 1 card.",
    "《2》《Fire》《Dull》: Choose 1 Forward. Deal it 6000 damage.",
    "When Zorn attacks, choose 1 dull Forward opponent controls. It cannot block until the end of the turn.",
    "If you control 3 or more Backups, Zorn gains +2000 power.",
    "Choose up to 2 Backups opponent controls. Dull them and Freeze them.",
    "When a Forward you control is put from the field into the Break Zone, you may pay 《1》. If you do so, "
    "draw 1 card.",
    "Your opponent selects 1 Forward they control. Put it into the Break Zone.",
    "Choose 1 Forward. It loses 3000 power until the end of the turn.",
    # 5.2.3: a Backup that also becomes a Forward, for a time, with what it gains (three phrasings)
    "Choose 1 Backup you control. It also becomes a Forward with 7000 power until the end of the turn.",
    "When Zorn enters the field, choose 1 Backup you control. It also becomes a Forward with 8000 power and "
    "Brave until the end of the turn.",
    "Zorn also becomes a Forward with 9000 power and Haste until the end of the turn.",
]


@pytest.mark.parametrize("text", CANONICAL)
def test_canonical_text_is_a_fixed_point(text: str) -> None:
    ability = _one(text)
    rendered = render(ability, NAME)
    assert comparable(_one(rendered)) == comparable(ability), rendered
    assert normalised(rendered, NAME) == normalised(text, NAME)


@pytest.mark.parametrize("text", [
    "Choose 1 dull Backup. Until the end of the turn, it also becomes a Forward with 5000 power and gains Haste.",
    "Choose 1 Backup opponent controls. It also becomes a Forward with 3000 power and Haste until the end of the turn.",
    "Until the end of the turn, Zorn also becomes a Forward with 4000 power.",
])
def test_5_2_3_becoming_a_forward_lasts_as_long_as_it_says(text: str) -> None:
    ability = _one(text)
    becomes = [e for e in ability.effects if getattr(getattr(e, "keyword", None), "name", "") == "Becomes Forward"]
    assert becomes and becomes[0].duration.name == "TURN"
    assert comparable(_one(render(ability, NAME))) == comparable(ability)


def test_the_renderer_says_a_sentence_after_a_lead_in_lower_case() -> None:
    rendered = render(_one("When Zorn attacks, draw 1 card. Then, discard 1 card."), NAME)
    assert rendered == "When Zorn attacks, draw 1 card. Then, discard 1 card."


# ── the real corpus: every training ability, against the ratchet list of known failures ──
KNOWN = Path(__file__).with_name("round_trip_fftcg_known.json")


@cache
def _training() -> list:
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from bench.bench_round_trip import corpus, run

    training, _ = corpus("fftcg")          # the validation split is measured by the bench, never read
    if not training:
        pytest.skip("the real corpus is absent (bench/validation.toml names it)")
    return run(training, "fftcg")


def test_renderings_read_back_and_keep_the_printed_words_but_the_known_failures() -> None:
    """A new failure (a renderer fault, another AST back, a printed word dropped, a word the print
    does not say), or a known one that grows, fails; a known one that is fixed must leave the list
    (`python bench/bench_round_trip.py --game fftcg --write-known tests/text/round_trip_fftcg_known.json`)."""
    from bench.bench_round_trip import ratchet

    found = ratchet(_training(), json.loads(KNOWN.read_text(encoding="utf-8")))
    assert found.new == (), f"{len(found.new)} new round-trip failures:\n" + "\n".join(found.new[:20])
    assert found.grown == (), "known failures that grew:\n" + "\n".join(found.grown[:20])
    assert found.fixed == (), f"fixed, remove from {KNOWN.name}: {list(found.fixed)}"


def test_a_dropped_or_mistyped_word_is_seen() -> None:
    from judge.text.fftcg.render import round_trip

    ability = _one("Choose 1 Forward of cost 4 or less opponent controls. Break it.")
    assert round_trip(ability, NAME).ok
    printed = replace(ability, text="Choose 1 dull Forward of cost 4 or less opponent controls. Break it.")
    assert round_trip(printed, NAME).dropped == ("dull",)
    printed = replace(ability, text="Choose 1 Forward opponent controls. Break it.")
    assert set(round_trip(printed, NAME).mistyped) == {"of", "cost", "4", "or", "less"}
