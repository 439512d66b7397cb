"""No input to rule, search or term raises anything but a JudgeError (a clean one-line message)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.errors import JudgeError
from judge.rules.kb import KB

_text = st.text(alphabet=st.characters(codec="utf-8"), max_size=30)
_numberish = st.from_regex(r"§?\d{1,3}([-.]\d{1,3}){0,5}\.?(#\d)?", fullmatch=True)
_games = st.sampled_from(["bss", "bs", "fftcg", "BSS", "", "x"])
_langs = st.sampled_from([None, "en", "ja", "de"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=_games, number=st.one_of(_numberish, _text), lang=_langs)
def test_rule_lookup_never_raises_unexpected(kb: KB, game: str, number: str, lang: str | None) -> None:
    try:
        c = kb.clause(game, number, lang=lang)
        assert c.number
    except JudgeError as exc:
        assert str(exc)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(query=_text, game=st.sampled_from([None, "bss", "bs", "fftcg", "q"]), lang=_langs)
def test_search_never_raises_unexpected(kb: KB, query: str, game: str | None, lang: str | None) -> None:
    try:
        for h in kb.search(query, game=game, lang=lang, limit=5):
            assert h.number is not None
    except JudgeError as exc:
        assert str(exc)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(word=_text, game=st.sampled_from([None, "bss", "bs", "fftcg", "q"]))
def test_term_never_raises_unexpected(kb: KB, word: str, game: str | None) -> None:
    try:
        kb.term(word, game=game)
    except JudgeError as exc:
        assert str(exc)
