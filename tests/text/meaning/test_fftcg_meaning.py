"""Meaning kept (issue 11.3): for real training-split FFTCG abilities, the facts any correct reading shows.

The cards are read from ../shared/corpus at test time (skipped, saying so, when it is absent); the facts
(fftcg_facts.py, in the language of facts.py) are checked on the AST alone, never on the words.
"""

from __future__ import annotations

import pytest

from .facts import missing
from .fftcg_facts import ENTRIES
from .reading import card_set, corpus_file, read_fftcg, validation_sets

CORPUS = corpus_file("fftcg")


def test_fftcg_meaning_suite_covers_at_least_a_hundred_abilities() -> None:
    assert len({(n, i) for n, i, _ in ENTRIES}) >= 100


@pytest.mark.parametrize(("number", "index", "facts"), ENTRIES, ids=[f"{n}#{i}" for n, i, _ in ENTRIES])
def test_fftcg_the_reading_shows_what_the_ability_says(number: str, index: int, facts: list) -> None:
    if not CORPUS.is_file():
        pytest.skip(f"the FFTCG corpus is not at {CORPUS} (it is never part of the repository)")
    assert card_set("fftcg", number) not in validation_sets("fftcg"), f"{number} is a validation-split card"
    ability = read_fftcg(number, index).ability
    assert ability is not None, f"{number} ability {index} does not parse"
    assert missing(ability, facts) == []
