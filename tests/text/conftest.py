"""The card database the invented FFTCG sentences of these tests assume.

A Job, Category or card name written without markup ("Job Baker", "Card Name Gorbo") is read only
when the lexicon the parse is given has it (judge/text/fftcg/names.py). A test that passes no
lexicon gets the default one (judge.text.lexicon.default_lexicon): here, that default with the
invented cards' names, Jobs and Categories, under a key of its own in the AST cache.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

import pytest

from judge.text import cache as ast_cache
from judge.text import lexicon as lexicons

_DEFAULT = lexicons.default_lexicon


@cache
def _with_test_words() -> lexicons.Lexicon:
    return _DEFAULT().with_words(
        jobs=("Baker", "Miller", "Brewer", "Ranger", "Tidecaller", "Sky Knight", "Sky Baker", "Sentinel",
              "Royal Pastry Chef", "Keeper of Lanterns", "Knight", "Warden"),
        categories=("XX", "XXI", "XII"),
        names=("Gorbo", "Pell", "Zed", "Tolloc", "Orla", "Baker", "Tarrow", "Tarrow Vell", "Ixmeril",
               "Ixmeril (XVI)"),
    )


@pytest.fixture(autouse=True)
def _invented_card_database(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(lexicons, "default_lexicon", _with_test_words)
    digest = ast_cache._default_lexicon_digest
    monkeypatch.setattr(ast_cache, "_default_lexicon_digest", lambda: "tests/text invented words:" + digest())
    yield
