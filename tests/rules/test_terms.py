"""Keywords and defined terms map to their defining clause, whatever bracket they are printed in."""

from __future__ import annotations

import pytest

from judge.errors import UnknownTerm
from judge.rules.kb import KB


@pytest.mark.parametrize(("word", "game", "number"), [
    ("Confront", "bss", "11-2-1"),
    ("【Armor】", "bss", "11-5-1"),
    ("[Armor]", "bss", "11-5-1"),
    ("(Armor)", "bss", "11-5-1"),
    ("**[Armor]**", "bss", "11-5-1"),
    ("A.T. Field", "bss", "11-13-1"),
    ("self-destruction", "bss", "10-1-1-1"),
    ("Depletion", "bs", "5-11-1"),
    ("枯渇", "bs", "5-11-1"),
    ("待機状態", "bs", "5-17-1"),
    ("Pending State", "bs", "5-17-1"),
    ("Super Unleash", "bs", "12-2-1-1-1"),
    ("Once per turn", "bs", "12-3-1-1"),
    ("Haste", "fftcg", "15.2.2.1"),
    ("Break", "fftcg", "15.1.1.3.1"),
    ("Warp", "fftcg", "15.2.7.1"),
    ("Priming", "fftcg", "15.2.9.1"),
    ("Limit Break", "fftcg", "15.2.8.1"),
    ("party", "fftcg", "15.1.1.9.1"),
])
def test_term_defining_clause(kb: KB, word: str, game: str, number: str) -> None:
    hits = kb.term(word, game=game)
    assert hits[0].number == number
    assert hits[0].text


def test_bs_term_answers_in_both_languages(kb: KB) -> None:
    hits = kb.term("Depletion", game="bs")
    assert {(h.lang, h.term) for h in hits} >= {("en", "Depletion"), ("ja", "消滅")}


def test_unknown_term_names_nearest(kb: KB) -> None:
    with pytest.raises(UnknownTerm) as exc:
        kb.term("Confrnt", game="bss")
    assert "Confront" in exc.value.hints


def test_bs_clash_named_only_as_an_example_points_to_keyword_effects_12_1_1(kb: KB) -> None:
    hits = kb.term("【激突】", game="bs")
    assert {(h.lang, h.number) for h in hits} >= {("ja", "12-1-1"), ("en", "12-1-1")}
    assert {h.term for h in hits if h.lang == "en"} == {"Clash"}


@pytest.mark.parametrize(("word", "game", "number"), [
    ("exhausted", "bss", "10-4-1"),
    ("auto-ability", "fftcg", "11.8.1"),
    ("When Summoned", "bs", "12-2-1-6-1"),
    ("『破壊時』", "bs", "12-2-1-12"),
    ("Depleted", "bs", "5-11-1"),
])
def test_term_plural_past_and_bracket_forms_fold_together(kb: KB, word: str, game: str, number: str) -> None:
    assert kb.term(word, game=game)[0].number == number
