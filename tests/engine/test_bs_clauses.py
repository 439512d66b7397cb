"""Every clause number the Battle Spirits engine can cite exists in the knowledge base."""

from __future__ import annotations

import pytest

from judge.engine.bs.clauses import SAGA, STANDARD, all_numbers, cite
from judge.errors import UnknownRule


@pytest.fixture(scope="module")
def kb():
    from judge.rules.kb import open_kb

    return open_kb()


@pytest.mark.parametrize(("game", "lang"), [("bss", "en"), ("bs", "ja"), ("bs", "en")])
def test_every_engine_citation_exists_in_the_kb(kb, game: str, lang: str) -> None:
    missing = [n for n in all_numbers(game) if not kb.exists(game, n, lang=lang)]
    assert not missing, f"{game}/{lang}: clauses cited by the engine but absent from the rules: {missing}"


def test_both_documents_list_the_same_concepts() -> None:
    assert set(SAGA) == set(STANDARD)


def test_a_concept_missing_from_a_document_cites_nothing() -> None:
    assert cite("area.burst_one", "bs") == ()
    assert cite("manage.bp_zero", "bs") == ()
    assert cite("effect.then", "bss") == ()


def test_no_stand_in_citations() -> None:
    """Standard has no clause ordering BP changes; 1-4-6 (negative values) is not one."""
    for concept in ("bp.order", "bp.set", "bp.add", "bp.redefine"):
        assert cite(concept, "bs") == ()
    assert "1-3-7" not in cite("effect.if", "bss") + cite("effect.then", "bss")


def test_unknown_concept_is_an_error() -> None:
    with pytest.raises(UnknownRule):
        cite("battle.no_such_thing", "bss")
