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
from collections import Counter
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

    root = Path(__file__).resolve().parents[2]
    sys.path.insert(0, str(root))
    from bench.bench_coverage import split_of
    from bench.bench_round_trip_fftcg import corpus, run

    if not split_of("fftcg")[0].is_file():
        pytest.skip(f"the real corpus is absent ({split_of('fftcg')[0]})")
    training, _ = corpus()                 # the validation split is measured by the bench, never read
    return run(training)


def test_renderings_read_back_and_keep_the_printed_words_but_the_known_failures() -> None:
    """A new failure (another AST back, a printed word dropped, a word the print does not say), or a
    known one that grows, fails; a known one that is fixed must leave the list
    (`python bench/bench_round_trip_fftcg.py --write-known tests/text/round_trip_fftcg_known.json`)."""
    known = json.loads(KNOWN.read_text(encoding="utf-8"))
    new, grown, fixed = [], [], []
    for key, trip in _training():
        assert not isinstance(trip, Exception), f"{key}: the renderer failed: {trip!r}"
        entry = known.get(key)
        said = f"\n    printed:  {trip.printed}\n    rendered: {trip.rendered}"
        if entry is None:
            if not trip.ok:
                new.append(f"{key}: same AST {trip.same_ast} dropped {list(trip.dropped)} "
                           f"mistyped {list(trip.mistyped)}{said}")
        elif trip.ok:
            fixed.append(key)
        elif (entry["same_ast"] and not trip.same_ast) or Counter(trip.dropped) - Counter(entry["dropped"]) \
                or Counter(trip.mistyped) - Counter(entry["mistyped"]):
            grown.append(f"{key}: same AST {trip.same_ast} dropped {list(trip.dropped)} "
                         f"mistyped {list(trip.mistyped)} (known: {entry}){said}")
    assert new == [], f"{len(new)} new round-trip failures:\n" + "\n".join(new[:20])
    assert grown == [], "known failures that grew:\n" + "\n".join(grown[:20])
    assert fixed == [], f"fixed, remove from {KNOWN.name}: {fixed}"


def test_a_dropped_or_mistyped_word_is_seen() -> None:
    from judge.text.fftcg.render import round_trip

    ability = _one("Choose 1 Forward of cost 4 or less opponent controls. Break it.")
    assert round_trip(ability, NAME).ok
    printed = replace(ability, text="Choose 1 dull Forward of cost 4 or less opponent controls. Break it.")
    assert round_trip(printed, NAME).dropped == ("dull",)
    printed = replace(ability, text="Choose 1 Forward opponent controls. Break it.")
    assert set(round_trip(printed, NAME).mistyped) == {"of", "cost", "4", "or", "less"}
