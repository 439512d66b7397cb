"""A step's one-time directives (BSS 6-2-1, 6-3-1, 6-8-1-1, 8-1-4): "During Your Start Step: <a directive
performed once>" written without "at the start of the step" is performed as that step begins, the
way the effects worded so are; a continuous directive in such a window stays a constant effect."""

from __future__ import annotations

import pytest

from judge.text import ast
from judge.text.bs.meaning import STEP_START, meaning
from judge.text.parse import parse_text


def _read(text: str) -> ast.Ability:
    result = parse_text(text, "bss")
    assert not result.unparsed, result.unparsed
    (ability,) = result.abilities
    return meaning(ability)


@pytest.mark.parametrize("text", [
    "[LV1] During Your Start Step: Destroy one of your opponent's spirits with 3000 or less BP.",
    "[LV1] During Your Core Step: Draw a card.",
    "[LV2] During Your End Step: Select one of your opponent's spirits and reduce its BP by 1000 during this turn.",
])
def test_bss_6_2_1_a_one_time_directive_of_a_step_activates_as_the_step_begins(text: str) -> None:
    ability = _read(text)
    assert ability.kind == ast.AbilityKind.TRIGGERED
    assert ability.condition == STEP_START


@pytest.mark.parametrize("text", [
    "[LV1] During Your Core Step If you have 3 or more life, draw a card.",
    "[LV1] During Your Start Step If all of your spirits cost the same amount, select one of your opponent's "
    "spirits and return it to its owner's hand.",
    "[LV2] During Your End Step If all the spirits on your field cost the same amount, refresh one of your spirits.",
])
def test_bss_6_2_1_a_condition_on_the_board_is_decided_as_the_step_begins(text: str) -> None:
    ability = _read(text)
    assert ability.kind == ast.AbilityKind.CONSTANT
    (guard,) = ability.effects
    assert isinstance(guard, ast.Conditional) and guard.condition.kind != "event"
    (start,) = guard.effects
    assert isinstance(start, ast.Conditional) and start.condition == STEP_START


@pytest.mark.parametrize("text", [
    "[LV1] During Your Draw Step: Draw one additional card.",
    "[LV1] During Your Start Step: All of your spirits gain 1000 BP.",
    "[LV1] During Your Core Step If you have 3 or more life, gain two cores during your core step instead of one.",
])
def test_bss_8_1_4_a_continuous_directive_in_a_step_window_stays_constant(text: str) -> None:
    ability = _read(text)
    assert ability.kind == ast.AbilityKind.CONSTANT
    assert ability.condition is None
    assert not any(isinstance(e, ast.Conditional) and any(
        isinstance(i, ast.Conditional) and i.condition == STEP_START for i in e.effects) for e in ability.effects)
