"""Short Japanese questions find their clause in the top three (issue 23.4): 「Xできる」 asks who or
whether one may X, which the Standard rules write 「Xを行えます」; a query no clause of one game
holds, but another game's does, says so."""

from __future__ import annotations

import pytest

from judge.cli.answers import search_answer


@pytest.mark.parametrize(("question", "clause"), [
    ("ブロックできるのは", "8-1-3-1"),          # who may block (8-1-3-1)
    ("アタックできるのは", "8-1-1-1"),          # who may attack (8-1-1-1)
    ("ブロックできるスピリット", "8-1-3-1"),
])
def test_a_short_japanese_question_finds_its_clause_in_the_top_three(kb, question: str, clause: str) -> None:
    hits = kb.search(question, game="bs", limit=3)
    assert clause in [h.number for h in hits], [(h.number, h.snippet[:40]) for h in hits]


def test_a_query_no_clause_of_the_game_holds_names_the_game_whose_rules_do(kb) -> None:
    got = search_answer(kb, "ソウルコア", "bss", None, 20)
    assert got.code == 1 and "bs (" in got.err[0] and "judge search bs ソウルコア" in got.err[0]


def test_a_query_nothing_holds_says_only_that(kb) -> None:
    got = search_answer(kb, "zzxqv", "bss", None, 20)
    assert got.code == 1 and got.err == ["judge: no clause of bss holds any word of 'zzxqv'"]
