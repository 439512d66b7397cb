"""FFTCG card text → AST for the less common constructs: one invented sentence each, the clause named.

Every sentence here is written for these tests in the official templating; none is a real card.
"""

from __future__ import annotations

from judge.text.ast import Ability, Conditional, Damage, ModifyStat, Player, Restriction
from judge.text.parse import parse_text


def damage_of(ab: Ability) -> Damage:
    return next(e for e in ab.effects if isinstance(e, Damage))


def one(text: str) -> Ability:
    result = parse_text(text, "fftcg")
    assert result.ok, result.unparsed
    assert len(result.abilities) == 1
    return result.abilities[0]


def test_fftcg_6_5_each_forward_deals_damage_equal_to_its_power_to_the_other() -> None:
    ab = one("Choose 1 Forward you control and 1 Forward opponent controls. "
             "Each Forward deals damage equal to its power to the other.")
    dmg = damage_of(ab)
    assert dmg.amount_from == "power_of_source"
    assert dmg.target.ref == "other"
    assert dmg.source.card_types == ("forward",) and dmg.source.count is None


def test_fftcg_6_5_self_and_the_chosen_forward_deal_their_respective_power() -> None:
    ab = one("When Gorbo Lightfoot enters the field, choose 1 Forward opponent controls. "
             "Gorbo Lightfoot and the chosen Forward deal damage equal to their respective power to the other.")
    dmg = damage_of(ab)
    assert dmg.target.ref == "other" and dmg.amount_from == "power_of_source"
    assert dmg.source.self_ref and dmg.source.also  # both deal damage


def test_fftcg_6_5_the_former_deals_damage_equal_to_its_power_to_the_latter() -> None:
    ab = one("Choose 1 Forward you control and 1 Forward opponent controls. "
             "The former deals damage equal to its power to the latter.")
    dmg = damage_of(ab)  # the former / the latter resolve to the two chosen Forwards
    assert dmg.source.owner is Player.YOU and dmg.target.owner is Player.OPPONENT


def test_fftcg_7_7_5_playing_more_than_one_dark_character_is_allowed() -> None:
    ab = one("You can play 2 or more Dark Characters onto the field.")
    (r,) = ab.effects
    assert isinstance(r, Restriction) and r.mode == "can" and r.action == "exceed_light_dark_limit"
    assert r.target.colors == ("dark",) and r.target.card_types == ("character",)


def test_fftcg_6_5_damage_less_than_its_power_becomes_0() -> None:
    ab = one("If a Backup you control is dealt damage less than its power, the damage becomes 0 instead.")
    (cond,) = ab.effects
    assert isinstance(cond, Conditional)
    assert cond.condition.selector.card_types == ("backup",)
    assert cond.condition.selector.owner is Player.YOU
    assert isinstance(cond.effects[0], ModifyStat) and cond.effects[0].amount == 0


def test_fftcg_15_1_1_5_count_of_cards_removed_from_the_game() -> None:
    ab = one("If there are 12 or more cards removed from the game, Gorbo Lightfoot gains +3000 power.")
    cond = ab.effects[0]
    assert cond.condition.kind == "removed_count"
    assert (cond.condition.threshold.op, cond.condition.threshold.value) == (">=", 12)


def test_fftcg_11_2_paid_the_extra_cost() -> None:
    ab = one("Choose 1 Forward. Dull it. If you paid the extra cost, Freeze it.")
    assert ab.effects[-1].condition.kind == "paid_extra"


def test_fftcg_6_2_a_forward_you_controlled_has_been_put_into_the_break_zone() -> None:
    ab = one("When Gorbo Lightfoot enters the field, if a Forward you controlled has been put "
             "from the field into the Break Zone this turn, draw 2 cards.")
    cond = ab.effects[0]
    assert cond.condition.selector.owner is Player.YOU
    assert cond.condition.selector.card_types == ("forward",)


def test_fftcg_10_1_2_a_forward_you_controlled_attacked_this_turn() -> None:
    ab = one("At the end of each of your turns, if a Forward you controlled attacked this turn, draw 1 card.")
    assert ab.effects[0].condition.selector.owner is Player.YOU


def test_fftcg_11_3_power_per_card_cast_this_turn() -> None:
    ab = one("Gorbo Lightfoot gains +2000 power for each card you have cast this turn.")
    (mod,) = ab.effects
    assert mod.amount == 2000 and mod.per.zone == "cast_this_turn"


def test_fftcg_5_2_1_1_damage_per_different_element() -> None:
    ab = one("Choose 1 Forward. Deal it 1000 damage for each different Element among Backups you control.")
    dmg = ab.effects[-1]
    assert dmg.per.zone == "elements_among" and dmg.per.card_types == ("backup",)


def test_fftcg_6_8_power_per_crystal() -> None:
    ab = one("Choose 1 Forward. It loses 2000 power for each 《C》 you have.")
    assert ab.effects[-1].per.zone == "crystals"


def test_fftcg_7_11_select_a_card_from_their_hand() -> None:
    ab = one("Your opponent reveals their hand. Select 1 Summon from their hand.")
    assert ab.effects[-1].target.zone == "hand"
