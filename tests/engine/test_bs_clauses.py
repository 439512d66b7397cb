"""Every clause number the Battle Spirits engine can cite exists in the knowledge base."""

from __future__ import annotations

import pytest

from judge.engine.bs.clauses import CLAUSES, all_numbers, cite
from judge.errors import UnknownRule


@pytest.fixture(scope="module")
def kb():
    from judge.rules.kb import open_kb

    return open_kb()


@pytest.mark.parametrize(("game", "lang"), [("bss", "en"), ("bs", "ja"), ("bs", "en")])
def test_every_engine_citation_exists_in_the_kb(kb, game: str, lang: str) -> None:
    missing = [n for n in all_numbers(game) if not kb.exists(game, n, lang=lang)]
    assert not missing, f"{game}/{lang}: clauses cited by the engine but absent from the rules: {missing}"


def test_every_concept_has_an_entry_per_game() -> None:
    assert all(set(v) == {"bss", "bs"} for v in CLAUSES.values())


def test_a_concept_missing_from_a_document_cites_nothing() -> None:
    assert cite("area.burst_one", "bs") == ()
    assert cite("manage.bp_zero", "bs") == ()


def test_unknown_concept_is_an_error() -> None:
    with pytest.raises(UnknownRule):
        cite("battle.no_such_thing", "bss")
