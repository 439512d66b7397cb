"""Meaning kept (issue 11.3): for real training-split FFTCG abilities, the facts any correct reading shows.

The cards are read from ../shared/corpus at test time (skipped, saying so, when it is absent); the facts
(fftcg_facts.py) are checked on the AST alone, never on the words.
"""

from __future__ import annotations

import json
import sys
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from fact_check import missing
from fftcg_facts import ENTRIES

from judge.text.ast import Ability
from judge.text.fftcg.source import split_abilities
from judge.text.parse import parse_text

ROOT = Path(__file__).resolve().parents[3]
CORPUS = ROOT.parent / "shared" / "corpus" / "fftcg-cards.json"


@cache
def _cards() -> dict[str, dict]:
    if not CORPUS.is_file():
        pytest.skip(f"the FFTCG corpus is not at {CORPUS} (it is never part of the repository)")
    records = json.loads(CORPUS.read_text(encoding="utf-8"))
    return {r["id"]: r for r in records}


@cache
def _lexicon() -> Any:
    """The card database's names, Jobs and Categories: what plain text may name (judge.text.lexicon)."""
    from judge.text.lexicon import Lexicon

    return Lexicon.from_cards(_cards().values())


@cache
def _validation_sets() -> frozenset[str]:
    conf = tomllib.loads((ROOT / "bench" / "validation.toml").read_text(encoding="utf-8"))
    return frozenset(conf["fftcg"]["sets"])


def _ability(number: str, index: int) -> Ability:
    card = _cards()[number]
    assert card["set"] not in _validation_sets(), f"{number} is a validation-split card: never used here"
    text, name = card["text"] or "", card["name"]
    segments = split_abilities(text, name)
    seg = segments[index]
    result = parse_text(text, "fftcg", name=name, lexicon=_lexicon())
    found = [a for a in result.abilities if a.span is not None and seg.start <= a.span.start < seg.end]
    assert found, f"{number} ability {index} does not parse: {[u.expected for u in result.unparsed]}"
    return found[0]


def test_fftcg_meaning_suite_covers_at_least_a_hundred_abilities() -> None:
    assert len({(n, i) for n, i, _ in ENTRIES}) >= 100


@pytest.mark.parametrize(("number", "index", "facts"), ENTRIES, ids=[f"{n}#{i}" for n, i, _ in ENTRIES])
def test_fftcg_the_reading_shows_what_the_ability_says(number: str, index: int, facts: list) -> None:
    ability = _ability(number, index)
    assert missing(ability, facts) == []
