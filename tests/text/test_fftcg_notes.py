"""FFTCG reminder texts and notes in parentheses: each read as what it is, never skipped.

Every sentence here is written for these tests in the official templating; none is a real card.
"""

from __future__ import annotations

import pytest
from text_helpers import fftcg_one as one

from judge.text.ast import AbilityKind, Damage, Duration, Gain
from judge.text.parse import parse_text


@pytest.mark.parametrize(("text", "keyword"), [
    ("Haste (This Character can attack or use abilities containing 《ダル》 in the cost the turn it enters "
     "the field.)", "Haste"),
    ("First Strike (If this Forward blocks or is blocked by a Forward without First Strike, this Forward "
     "deals damage first.)", "First Strike"),
    ("First Strike (If this Forward blocks or is blocked by a Forward that doesn't have First Strike, "
     "this Forward deals damage first.)", "First Strike"),
    ("Back Attack (Like Summons and abilities, this card can be played during either player's Attack "
     "Phase or Main Phase.)", "Back Attack"),
])
def test_fftcg_15_2_a_keyword_with_its_reminder_text(text: str, keyword: str) -> None:
    ab = one(text, name="Gorbo")
    assert ab.kind is AbilityKind.KEYWORD and ab.keyword.name == keyword


def test_fftcg_15_2_a_reminder_that_is_not_the_keyword_s_own_is_not_read() -> None:
    result = parse_text("Haste (Like Summons and abilities, this card can be played during either "
                        "player's Attack Phase or Main Phase.)", "fftcg", name="Gorbo")
    assert not result.ok


def test_fftcg_6_5_damage_divided_in_units_of_1000() -> None:
    ab = one("Choose up to 3 Forwards. Divide 9000 damage among them as you like. (Units must be 1000.) "
             "This damage cannot be reduced.", name="Gorbo")
    dmg = next(e for e in ab.effects if isinstance(e, Damage))
    assert dmg.amount == 9000 and dmg.amount_from == "divided" and dmg.unit == 1000
    assert len(ab.effects) == 2  # the note ends the sentence; the next one is read on


def test_fftcg_15_2_6_1_the_reminder_of_a_damage_ability_is_its_condition() -> None:
    ab = one("[[i]]Damage 4 --[[/]] 《ダル》: Choose 1 Forward. Deal it 5000 damage. (If you have received "
             "4 points of damage or more, this Character has this ability.)", name="Gorbo")
    assert ab.kind is AbilityKind.ACTION
    assert ab.condition.kind == "damage_count" and ab.condition.threshold.value == 4
    assert ab.condition.threshold.op == ">="


def test_fftcg_11_8_13_an_ability_that_will_not_trigger_if_a_condition_holds() -> None:
    ab = one("When a Forward opponent controls is broken, if Gorbo is not a Forward, Gorbo also becomes a "
             "Forward with 6000 power. (This effect does not end at the end of the turn. This ability will "
             "not trigger if Gorbo is a Forward.)", name="Gorbo")
    assert "not_trigger_if" in ab.restrictions
    assert ab.condition is not None and ab.condition.selector.card_types == ("forward",)
    (cond,) = ab.effects
    (becomes,) = cond.effects
    assert isinstance(becomes, Gain) and becomes.duration is Duration.PERMANENT  # the lasting note


def test_fftcg_11_12_4_1_these_effects_don_t_end_at_the_end_of_the_turn() -> None:
    result = parse_text("《C》: Gorbo gains Haste until the end of the turn.\n"
                        "(These effects don't end at the end of the turn.)", "fftcg", name="Gorbo")
    assert result.ok, result.unparsed
