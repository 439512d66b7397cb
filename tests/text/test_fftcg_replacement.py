"""FFTCG damage replacement and prevention (11.12.5): one invented sentence each, the clause named.

Every sentence here is written for these tests in the official templating; none is a real card.
"""

from __future__ import annotations

import pytest
from text_helpers import fftcg_one as one

from judge.text.ast import (
    AbilityKind,
    Conditional,
    Duration,
    ModifyStat,
    Player,
    RedirectDamage,
    Restriction,
)
from judge.text.parse import parse_text


def test_fftcg_11_12_5_1_next_damage_dealt_to_it_is_dealt_to_self_instead() -> None:
    ab = one("When Brannoc enters the field, choose 1 Forward you control. "
             "During this turn, the next damage dealt to it is dealt to Brannoc instead.", name="Brannoc")
    redirect = next(e for e in ab.effects if isinstance(e, RedirectDamage))
    assert redirect.to.self_ref and redirect.next_only
    assert redirect.duration is Duration.TURN


def test_fftcg_11_12_5_1_damage_to_a_named_forward_is_dealt_to_self_instead() -> None:
    ab = one("If a [[i]]Card Name Orla[[/]] Forward you control is dealt damage, "
             "the damage is dealt to Brannoc instead.", name="Brannoc")
    (cond,) = ab.effects
    assert isinstance(cond, Conditional)
    assert cond.condition.selector.name == "Orla" and cond.condition.selector.owner is Player.YOU
    (redirect,) = cond.effects
    assert isinstance(redirect, RedirectDamage) and redirect.to.self_ref and not redirect.next_only


def test_fftcg_11_12_5_1_the_former_is_received_by_the_latter() -> None:
    ab = one("Choose 1 Forward you control and 1 Forward opponent controls. "
             "Until the end of the turn, the next damage dealt to the former is received by the latter instead.")
    redirect = next(e for e in ab.effects if isinstance(e, RedirectDamage))
    assert redirect.target.owner is Player.YOU and redirect.to.owner is Player.OPPONENT


def test_fftcg_11_12_5_2_next_damage_dealt_to_you_becomes_0() -> None:
    ab = one("Put Brannoc into the Break Zone: During this turn, the next damage dealt to you becomes 0 instead.",
             name="Brannoc")
    assert ab.cost is not None
    (mod,) = ab.effects
    assert isinstance(mod, ModifyStat) and mod.stat == "damage_received_becomes" and mod.amount == 0


def test_fftcg_11_12_5_2_next_damage_by_a_summon_or_ability_comma_becomes_0() -> None:
    ab = one("《1》: During this turn, the next damage dealt to Brannoc by a Summon or an ability, becomes 0 instead.",
             name="Brannoc")
    (cond,) = ab.effects  # which damage it waits for is kept: the next one a Summon or an ability deals (6.4)
    assert isinstance(cond, Conditional) and cond.instead and cond.condition.event == "is_dealt_damage"
    assert set(cond.condition.occurs.by.card_types) == {"summon", "ability"}
    (mod,) = cond.effects
    assert mod.amount == 0 and mod.target.self_ref and mod.next_only


def test_fftcg_11_12_5_2_damage_by_a_forward_with_a_keyword_becomes_0() -> None:
    ab = one("If Brannoc is dealt damage by a Forward with Haste or First Strike, the damage becomes 0 instead.",
             name="Brannoc")
    (cond,) = ab.effects
    assert cond.condition.selector.self_ref
    assert "Haste or First Strike" in cond.condition.text
    assert cond.effects[0].amount == 0


def test_fftcg_11_12_5_2_damage_other_than_battle_damage_becomes_0() -> None:
    ab = one("If Brannoc is dealt damage other than battle damage, the damage becomes 0 instead.", name="Brannoc")
    (cond,) = ab.effects
    assert isinstance(cond, Conditional) and cond.effects[0].stat == "damage_received_becomes"


def test_fftcg_11_12_5_2_first_damage_each_turn_from_opponent_becomes_0() -> None:
    ab = one("During each turn, if Brannoc is dealt damage by your opponent's Summons or abilities "
             "for the first time in that turn, the damage becomes 0 instead.", name="Brannoc")
    (cond,) = ab.effects
    assert isinstance(cond, Conditional) and "first time" in cond.condition.text


def test_fftcg_11_12_5_damage_from_a_forward_of_cost_is_reduced() -> None:
    ab = one("If Brannoc receives damage from a Forward of cost 4 or more, reduce the damage by 3000 instead.",
             name="Brannoc")
    (cond,) = ab.effects
    assert cond.effects[0].stat == "damage_received" and cond.effects[0].amount == -3000


def test_fftcg_11_12_5_damage_while_dull_is_reduced() -> None:
    ab = one("If Brannoc receives damage while dull, the damage is reduced by 1000 instead.", name="Brannoc")
    (cond,) = ab.effects
    assert "while dull" in cond.condition.text and cond.effects[0].amount == -1000


def test_fftcg_11_12_5_damage_dealt_to_a_forward_or_opponent_is_doubled() -> None:
    ab = one("If Brannoc deals damage to a Forward or your opponent, double the damage instead.", name="Brannoc")
    (cond,) = ab.effects
    assert cond.effects[0].stat == "damage_multiplier" and cond.effects[0].amount == 2


def test_fftcg_11_12_5_damage_an_ability_deals_is_doubled_this_turn() -> None:
    ab = one("《火》: During this turn, if your ability deals damage to a Forward, double the damage instead.")
    (cond,) = ab.effects
    assert cond.condition.text.startswith("your ability deals damage")


def test_fftcg_11_12_5_2_party_member_damage_to_opponent_becomes_2() -> None:
    ab = one("If Brannoc forming a party deals damage to your opponent, the damage becomes 2 instead.",
             name="Brannoc")
    (cond,) = ab.effects
    assert cond.condition.selector.self_ref and cond.condition.selector.state == "in_party"


def test_fftcg_11_12_5_2_damage_from_abilities_of_the_named_element_becomes_0() -> None:
    ab = one("During this turn, if Brannoc is dealt damage by abilities of the named Element, "
             "the damage becomes 0 instead.", name="Brannoc")
    (cond,) = ab.effects
    assert "named Element" in cond.condition.text


def test_fftcg_11_12_5_2_the_next_damage_it_deals_becomes_0() -> None:
    ab = one("Choose 1 Forward. During this turn, the next damage it deals to a Monster becomes 0 instead.")
    mod = next(e for e in ab.effects if isinstance(e, ModifyStat))
    assert mod.stat == "damage_dealt_becomes" and mod.amount == 0 and mod.target.choose == "choose"


def test_fftcg_11_12_5_damage_dealt_by_your_summons_cannot_be_reduced() -> None:
    ab = one("The damage dealt by your Summons to Forwards opponent controls cannot be reduced.")
    (r,) = ab.effects
    assert isinstance(r, Restriction) and r.action == "be_reduced" and r.by.card_types == ("summon",)
    assert r.by.owner is Player.YOU and r.by_text is None
    assert r.target.owner is Player.OPPONENT


@pytest.mark.parametrize("text", [
    "If Gorbo is dealt damage by a Summon, the damage becomes 0 instead.",
    "If Gorbo is put from the field into the Break Zone, remove it from the game instead.",
])
def test_fftcg_11_12_5_a_replacement_on_a_character_is_a_field_ability(text: str) -> None:
    """'If X would …, Y instead' waits for the event (11.12.5): a field ability, not a one-shot effect."""
    result = parse_text(text, "fftcg", name="Gorbo")
    assert result.ok, result.unparsed
    assert result.abilities[0].kind is AbilityKind.FIELD
