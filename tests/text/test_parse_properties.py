"""Properties of the parse pipeline: no text crashes it, and every position stays inside the text."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.errors import GrammarError, UnknownGame
from judge.text.ast import Span, walk
from judge.text.grammar import load_parser
from judge.text.parse import parse_text

WORDS = ["Select", "one", "of", "your", "opponent's", "spirits", "and", "destroy", "it", ".", ",", "【Gale: 2】",
         "[LV1]", "When Summoned:", "Draw", "a", "card", "up to", "two", "3000", "BP", "\n", "Then,", "If",
         "【", "】", ":", "(", "\"Soul Core\"", "Chain Red:", "[Burst]", "you may", "to", "exhaust"]


def _check(text: str, game: str) -> None:
    result = parse_text(text, game)
    for u in result.unparsed:
        assert 0 <= u.start <= u.end <= len(text) and text[u.start:u.end] == u.text
    for span in (n for n in walk(result.abilities) if isinstance(n, Span)):
        assert 0 <= span.start <= span.end <= len(text)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=200))
@pytest.mark.parametrize("game", ["bss", "fftcg"])
def test_no_text_crashes_the_parser(game: str, text: str) -> None:
    _check(text, game)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(WORDS), max_size=30).map(" ".join))
def test_card_like_word_salad_keeps_positions_inside_the_text(text: str) -> None:
    _check(text, "bss")


def test_loader_is_lalr_cached_and_positions_on() -> None:
    p = load_parser("bss")
    assert p is load_parser("bs") and p is load_parser("bss")
    assert p.options.parser == "lalr" and p.options.propagate_positions


def test_unknown_game_is_a_clear_error() -> None:
    with pytest.raises(UnknownGame):
        parse_text("Draw a card.", "mtg")


def test_grammar_error_is_reported_plainly() -> None:
    with pytest.raises(GrammarError):
        load_parser("bss", "cyk")


def test_walk_reaches_every_node_and_span_of_an_ability() -> None:
    """The property checks above rely on walk() visiting nested effects and their spans."""
    from judge.text.ast import Ability, Draw

    (ability,) = parse_text("When Summoned: Draw one card.", "bss").abilities
    nodes = list(walk(ability))
    assert isinstance(nodes[0], Ability) and any(isinstance(n, Draw) for n in nodes)
    assert sum(isinstance(n, Span) for n in nodes) >= 2
