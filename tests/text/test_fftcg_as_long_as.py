"""FFTCG "As long as X, …" lasts while X holds (11.12.4.4); "If X, …" is one check (11.8.13)."""

from __future__ import annotations

import pytest

from judge.engine.fftcg.support import unexecuted
from judge.text import ast
from judge.text.parse import parse_text
from judge.text.render import round_trip

NAME = "Mira Knight"
LASTING = [
    "When Mira Knight enters the field, choose 1 Forward. As long as Mira Knight is on the field, it cannot attack.",
    "As long as you control 3 or more Backups, Mira Knight gains +2000 power.",
    "When Mira Knight attacks, choose 1 Forward. As long as Mira Knight is on the field, it cannot block.",
]
ONCE = [
    "When Mira Knight enters the field, choose 1 Forward. If Mira Knight is on the field, it cannot block this turn.",
    "If you control 3 or more Backups, Mira Knight gains +2000 power.",
    "When Mira Knight attacks, if you have 5 or more cards in your hand, draw 1 card.",
]


def _conditional(text: str) -> ast.Conditional:
    result = parse_text(text, "fftcg", name=NAME)
    assert not result.unparsed, result.unparsed
    return next(e for a in result.abilities for e in a.effects if isinstance(e, ast.Conditional))


@pytest.mark.parametrize("text", LASTING)
def test_11_12_4_4_as_long_as_is_a_lasting_condition(text: str) -> None:
    assert _conditional(text).lasting


@pytest.mark.parametrize("text", ONCE)
def test_11_8_13_if_is_a_check_made_once(text: str) -> None:
    assert not _conditional(text).lasting


@pytest.mark.parametrize("text", LASTING + ONCE)
def test_the_rendering_says_which_and_reads_back_the_same(text: str) -> None:
    ability = parse_text(text, "fftcg", name=NAME).abilities[0]
    trip = round_trip(ability, "fftcg", name=NAME)
    assert trip.same_ast, trip


def test_11_12_4_1_a_resolved_effect_lasting_while_its_card_stays_is_carried_out() -> None:
    """"As long as {Name} is on the field" in a resolved ability lasts until that card leaves (11.12.4.1: the
    engine's Mods "while_source"); lasting while any other condition holds is not modelled yet."""
    resolved = parse_text(LASTING[0], "fftcg", name=NAME).abilities[0]
    field = parse_text(LASTING[1], "fftcg", name=NAME).abilities[0]
    other = parse_text("When Mira Knight enters the field, choose 1 Forward. As long as you control 3 or more "
                       "Backups, it cannot attack.", "fftcg", name=NAME).abilities[0]
    assert unexecuted(resolved) == ()
    assert unexecuted(field) == ()
    assert any("lasting" in gap for gap in unexecuted(other))
