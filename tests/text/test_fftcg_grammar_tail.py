"""FFTCG card text → AST for the less common constructs: one invented sentence each, the clause named.

Every sentence here is written for these tests in the official templating; none is a real card.
"""

from __future__ import annotations

import pytest
from text_helpers import fftcg_one as one

from judge.text.ast import Ability, Conditional, Damage, ModifyStat, Player, Restriction, Selector, walk
from judge.text.parse import parse_text


def damage_of(ab: Ability) -> Damage:
    return next(e for e in ab.effects if isinstance(e, Damage))




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
    assert isinstance(r, Restriction) and r.mode == "can" and r.action == "play" and r.player is Player.YOU
    assert r.target.colors == ("dark",) and r.target.card_types == ("character",)
    assert [(t.stat, t.op, t.value) for t in r.target.thresholds] == [("count", ">=", 2)]


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
    assert cond.condition.kind == "removed" and cond.condition.selector.zone == "removed"
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


def test_fftcg_5_2_6_its_power_compared_with_the_cards_own_power() -> None:
    ab = one("When Gorbo Lightfoot enters the field, choose 1 Forward opponent controls. "
             "If its power is less than Gorbo Lightfoot's power, dull it.")
    cond = next(e for e in ab.effects if isinstance(e, Conditional))
    assert cond.condition.threshold.op == "<" and cond.condition.threshold.ref.self_ref


def test_fftcg_5_2_6_its_power_has_become_0_or_less() -> None:
    ab = one("Choose 1 Forward. It loses 4000 power until the end of the turn. "
             "If its power has become 0 or less by the previous effect, draw 1 card.")
    cond = ab.effects[-1].condition
    assert (cond.threshold.stat, cond.threshold.op, cond.threshold.value) == ("power", "<=", 0)


def test_fftcg_15_1_1_4_opponent_has_discarded_this_turn() -> None:
    ab = one("At the end of each of your turns, if your opponent has discarded a card from their hand "
             "due to your Summons or abilities this turn, draw 1 card.")
    assert ab.effects[0].condition.kind == "event"


def test_fftcg_11_10_when_your_opponent_uses_an_ex_burst() -> None:
    ab = one("When your opponent uses an EX Burst, draw 1 card.")
    assert ab.timing == "opponent_uses_ability"


def test_fftcg_11_6_1_when_a_forward_you_control_uses_an_action_ability() -> None:
    ab = one("When a Forward you control uses an action ability, draw 1 card.")
    assert ab.timing == "uses_ability" and ab.trigger_on.owner is Player.YOU


def test_fftcg_7_10_put_from_the_deck_into_the_break_zone() -> None:
    ab = one("When Gorbo Lightfoot is put from the deck into the Break Zone, draw 1 card.")
    assert ab.timing == "put_from_deck_into_break_zone" and ab.trigger_on.self_ref


def test_fftcg_5_2_6_power_of_forwards_cannot_be_increased() -> None:
    ab = one("The power of Forwards opponent controls cannot be increased by your opponent's abilities.")
    (r,) = ab.effects
    assert isinstance(r, Restriction) and r.action == "power_increased"
    assert r.target.owner is Player.OPPONENT


def test_fftcg_11_4_4_cost_reduced_per_card_in_opponents_hand_with_a_floor() -> None:
    ab = one("The cost required to cast Gorbo Lightfoot is reduced by 1 for each card in your "
             "opponent's hand (it cannot become 1 or less).")
    (change,) = ab.effects
    assert change.amount == -1 and change.per.owner is Player.OPPONENT and change.per.zone == "hand"


def test_fftcg_5_2_4_1_the_cards_own_name_given_instead_of_guessed() -> None:
    text = "When Break Knight attacks, draw 1 card."
    result = parse_text(text, "fftcg", name="Break Knight")
    assert result.ok, result.unparsed
    (ab,) = result.abilities
    assert ab.timing == "attacks" and ab.trigger_on.self_ref


def test_fftcg_5_2_4_1_a_given_name_stops_a_wrong_guess() -> None:
    text = "Choose 1 Forward. Deal it 1000 damage for each Fire Backup you control."
    result = parse_text(text, "fftcg", name="Ember Volley")   # the text never names the card
    assert result.ok, result.unparsed
    assert damage_of(result.abilities[0]).per.colors == ("fire",)


def test_card_parse_passes_its_own_name() -> None:
    from judge.cards.model import Card
    from judge.text.cache import parse_card

    card = Card(game="fftcg", number="99-001X", name="Break Knight", type="Forward",
                text="When Break Knight attacks, draw 1 card.")
    assert parse_card(card).ok


def test_fftcg_5_2_1_1_a_list_of_three_elements() -> None:
    ab = one("Choose 1 Ice, Wind or Water Forward. Dull it.", name="Hailstorm")
    assert ab.effects[0].target.colors == ("ice", "wind", "water")


def test_fftcg_6_6_2_a_list_of_three_jobs() -> None:
    ab = one("When Gorbo Lightfoot enters the field, you may search for 1 Job Baker, Job Miller or "
             "Job Brewer and add it to your hand.")
    found = [e for e in ab.effects if not isinstance(e, Conditional)]
    assert found, ab.effects
    text = repr(ab.effects)
    assert "baker" in text.lower() and "brewer" in text.lower()


def test_fftcg_11_6_5_deal_it_and_the_card_itself_damage() -> None:
    ab = one("Choose 1 Forward. Deal it and Gorbo Lightfoot 2000 damage.")
    dmg = damage_of(ab)
    assert dmg.amount == 2000 and dmg.target.also and dmg.target.also[0].self_ref


def test_fftcg_11_6_2_3_putting_itself_and_a_monster_into_the_break_zone_as_a_cost() -> None:
    ab = one("《ダル》, put Gorbo Lightfoot and 1 Monster into the Break Zone: Choose 1 Forward. Break it.")
    assert ab.kind.value == "action"
    assert ab.cost is not None


def test_fftcg_5_2_1_one_of_several_costs() -> None:
    ab = one("Choose 1 Forward of cost 1, 4 or 6. Break it.")
    assert ab.effects[0].target.costs == (1, 4, 6)


def test_fftcg_5_2_1_one_of_two_costs() -> None:
    ab = one("Choose 1 Forward of cost 2 or 8. Break it.")
    assert ab.effects[0].target.costs == (2, 8)


def test_fftcg_11_6_5_one_forward_and_up_to_one_other() -> None:
    ab = one("Choose 1 Forward and up to 1 other Forward. Dull the former and Freeze the latter.")
    text = repr(ab.effects)
    assert "up_to=True" in text and "other=True" in text


def test_fftcg_4_1_a_total_of_n_or_more_cards() -> None:
    ab = one("If you have a total of 6 or more Fire cards in your Break Zone, draw 1 card.", name="Gorbo")
    th = ab.effects[0].condition.selector.thresholds
    assert any(t.stat == "count" and t.op == ">=" and t.value == 6 for t in th)


def test_fftcg_5_2_1_1_a_character_of_an_element_other_than() -> None:
    ab = one("If you control a Character of an Element other than Water, draw 1 card.", name="Gorbo")
    assert ab.effects[0].condition.selector.colors == ("not_water",)


def test_fftcg_15_1_1_5_cards_removed_by_its_own_ability() -> None:
    ab = one("Gorbo Lightfoot gains +1000 power for each card removed by Gorbo Lightfoot's ability.",
             name="Gorbo Lightfoot")
    assert ab.effects[0].per.zone == "removed"


def test_fftcg_9_3_enters_or_at_the_beginning_of_your_main_phase_during_each_of_your_turns() -> None:
    ab = one("When Gorbo Lightfoot enters the field or at the beginning of your Main Phase 1 during "
             "each of your turns, draw 1 card.", name="Gorbo Lightfoot")
    assert ab.kind.value == "auto"


def test_fftcg_11_12_4_1_until_the_beginning_of_your_next_turn() -> None:
    ab = one("Choose 1 Forward. It cannot attack until the beginning of your next turn.")
    r = next(e for e in ab.effects if isinstance(e, Restriction))
    assert r.duration.value == "next_turn_begin"


def test_fftcg_6_2_a_forward_of_your_opponent() -> None:
    ab = one("Choose 1 Forward of your opponent. Dull it.")
    assert ab.effects[0].target.owner is Player.OPPONENT


def test_fftcg_7_11_your_opponent_has_no_cards_in_their_hand() -> None:
    ab = one("If your opponent has no cards in their hand, draw 1 card.", name="Gorbo")
    cond = ab.effects[0].condition
    assert cond.kind == "hand" and cond.threshold.value == 0 and cond.selector.owner is Player.OPPONENT


def test_fftcg_11_8_2_a_clause_opening_with_all_the_is_not_a_second_selection() -> None:
    ab = one("When you cast a Summon, all the Backups you control gain +1000 power until the end of the turn.",
             name="Gorbo")
    (mod,) = ab.effects
    assert isinstance(mod, ModifyStat) and mod.target.card_types == ("backup",) and mod.target.count is None


def test_fftcg_6_6_2_a_job_of_two_words_joined_by_of() -> None:
    ab = one("Choose 1 Job Keeper of Lanterns Forward. Activate it.", name="Gorbo")
    assert ab.effects[0].target.families and "lanterns" in ab.effects[0].target.families[0].lower()


def test_fftcg_6_6_2_job_of_cost_is_still_a_cost_filter() -> None:
    ab = one("Choose 1 Job Baker of cost 3 or less. Activate it.", name="Gorbo")
    assert ab.effects[0].target.thresholds[0].value == 3


def test_fftcg_15_1_1_3_break_it_and_the_card_itself() -> None:
    ab = one("Choose 1 Forward opponent controls. Break it and Gorbo Lightfoot.", name="Gorbo Lightfoot")
    brk = ab.effects[0]
    assert brk.target.also[0].self_ref


def test_fftcg_11_2_if_you_do_not_pay() -> None:
    ab = one("When Gorbo attacks, if you don't pay 《1》, dull Gorbo.", name="Gorbo")
    assert ab.effects[0].condition.kind == "not_pay"


def test_fftcg_11_2_an_optional_extra_cost_then_its_payoff() -> None:
    ab = one("If you cast Gorbo, you may remove 8 Ice cards in your Break Zone from the game as an extra cost.",
             name="Gorbo")
    opt = ab.effects[0].effects[0]
    assert opt.effects == () and opt.cost.effects and opt.cost.effects[0].dest == "removed"


def test_fftcg_11_2_damage_for_each_cp_required_to_cast() -> None:
    ab = one("Choose 1 Forward. Deal it 1000 damage for each CP required to cast Gorbo.", name="Gorbo")
    per = damage_of(ab).per
    assert per.zone == "cp_required" and per.self_ref


def test_fftcg_11_2_pay_only_with_cp_of_listed_elements() -> None:
    ab = one("You can only pay with Fire CP, Earth CP or Water CP to play Gorbo onto the field.", name="Gorbo")
    (r,) = ab.effects
    assert r.action == "pay_with_fire_earth_water_cp" and r.target.self_ref


def test_fftcg_11_2_pay_only_with_cp_from_backups_to_play() -> None:
    ab = one("You can only pay with CP produced by Ice Backups to play Gorbo from your hand onto the field.",
             name="Gorbo")
    assert ab.effects[0].action == "pay_with_cp_from_backups"


def test_fftcg_7_10_use_only_if_there_are_n_wind_cards_in_your_break_zone() -> None:
    ab = one("《ダル》: Draw 1 card. You can only use this ability if there are 12 or more Wind cards in "
             "your Break Zone.", name="Gorbo")
    assert ab.kind.value == "action"
    text = repr(ab)
    assert "'wind'" in text and "value=12" in text


def test_fftcg_7_8_2_each_player_has_received_damage() -> None:
    ab = one("If each player has received 4 points of damage or more, draw 1 card.", name="Gorbo")
    th = ab.effects[0].condition.threshold
    assert (th.op, th.value) == (">=", 4)


def test_fftcg_11_12_4_cannot_be_played_from_hand_by_effects() -> None:
    ab = one("You cannot play Gorbo from your hand due to Summons or abilities.", name="Gorbo")
    (r,) = ab.effects
    assert r.mode == "cannot" and r.action == "play" and r.target.self_ref and r.player is Player.YOU
    assert set(r.by.card_types) == {"summon", "ability"} and r.by.owner is None  # anyone's Summons or abilities


def test_fftcg_11_12_4_1_until_the_end_of_your_turn() -> None:
    ab = one("Choose 1 Forward. Until the end of your turn, it gains +1000 power.", name="Gorbo")
    mod = next(e for e in ab.effects if isinstance(e, ModifyStat))
    assert mod.amount == 1000


def test_fftcg_6_5_damage_per_backup_you_dulled_due_to_this_ability() -> None:
    ab = one("Choose 1 Forward. Deal it 2000 damage for each Backup you dulled due to this ability.",
             name="Gorbo")
    per = damage_of(ab).per
    assert per.zone == "dulled" and per.card_types == ("backup",)


def test_fftcg_6_5_damage_equal_to_this_forwards_power() -> None:
    ab = one("Gorbo gains \"When this Forward attacks, choose 1 Forward. Deal it damage equal to "
             "this Forward's power.\"", name="Gorbo")
    inner = ab.effects[0].ability
    assert damage_of(inner).amount_from == "power_of_self"


def test_fftcg_7_9_place_cards_at_the_bottom_of_your_deck_in_any_order() -> None:
    ab = one("Place up to 2 cards from your hand at the bottom of your deck in any order. Draw 2 cards.",
             name="Gorbo")
    assert ab.effects[0].dest == "deck_bottom"


def test_fftcg_11_12_4_must_attack_at_least_once_per_turn() -> None:
    ab = one("Gorbo must attack at least once per turn if possible.", name="Gorbo")
    (r,) = ab.effects
    assert r.mode == "must" and r.action == "attack_at_least_once_per_turn"


def test_fftcg_5_2_3_a_card_other_than_a_backup() -> None:
    ab = one("Your opponent reveals their hand. Select 1 card in their hand other than a Backup.", name="Gorbo")
    assert ab.effects[-1].target.card_types == ("card", "not_backup")


def test_fftcg_5_2_1_1_a_forward_other_than_multi_element() -> None:
    ab = one("Choose 1 Forward other than Multi-Element. Break it.", name="Gorbo")
    assert ab.effects[0].target.colors == ("not_multi",)


def test_fftcg_11_6_5_summons_or_abilities_of_your_opponent_must_choose() -> None:
    ab = one("Summons or abilities of your opponent must choose Gorbo if possible.", name="Gorbo")
    assert ab.effects[0].target.self_ref


def test_fftcg_5_2_2_1_a_character_without_the_generic_icon() -> None:
    ab = one("Choose 1 Character without 《一般》 you control. Return it to its owner's hand.", name="Gorbo")
    assert ab.effects[0].target.with_keyword == "not_generic"


def test_fftcg_11_4_cast_a_summon_without_paying_is_not_an_icon_filter() -> None:
    ab = one("Cast 1 Summon of cost 3 or less from your hand without paying the cost.", name="Gorbo")
    assert ab.effects[0].target.with_keyword is None


def test_fftcg_9_2_cost_reduced_per_card_drawn_this_turn() -> None:
    ab = one("The cost required to cast Gorbo is reduced by 1 for each card you have drawn this turn.", name="Gorbo")
    assert ab.effects[0].per.zone == "drawn_this_turn"


def test_fftcg_5_2_2_1_search_for_a_forward_with_the_same_name() -> None:
    ab = one("Choose 1 Forward you control. Search for 1 Forward with the same name and add it to your hand.",
             name="Gorbo")
    assert "same_as_it" in repr(ab.effects)


def test_fftcg_5_2_1_a_forward_of_the_same_cost_as_the_discarded_card() -> None:
    ab = one("Search for 1 Forward of the same cost as the discarded card and add it to your hand.", name="Gorbo")
    th = ab.effects[0].target.thresholds[0]
    assert th.stat == "cost" and th.op == "==" and th.ref is not None


@pytest.mark.parametrize("text", [
    "When Gorbo enters the field, choose 1 Job Baker other than Card Name Gorbo in your Break Zone. Add it to your hand.",
    "Choose 1 Forward other than Card Name Gorbo. Break it.",
    "Search for 1 Job Baker other than Card Name Gorbo and add it to your hand.",
])
def test_fftcg_6_2_5_other_than_card_name_leaves_out_every_card_of_that_name(text: str) -> None:
    """"other than Card Name X" is no card named X (not only this one): an exclusion by name."""
    ab = one(text, name="Gorbo")
    sel = next(n for n in walk(ab) if isinstance(n, Selector) and n.excluding is not None)
    assert sel.excluding.name == "Gorbo" and not sel.other


def test_fftcg_11_2_1_cp_paid_was_only_produced_by_backups() -> None:
    ab = one("Choose 1 Forward. Dull it. If the CP paid to cast Gorbo was only produced by Backups, "
             "also draw 1 card.", name="Gorbo")
    cond = ab.effects[-1].condition
    assert cond.kind == "paid_by" and cond.selector.card_types == ("backup",)


def test_fftcg_5_2_1_1_backups_you_control_are_all_of_different_elements() -> None:
    ab = one("If the Backups you control are all of different Elements, Gorbo gains +3000 power.", name="Gorbo")
    cond = ab.effects[0].condition
    assert cond.kind == "different_elements" and cond.selector.card_types == ("backup",)
    both = one("If you control 3 or more Backups and if the Backups you control are all of different Elements, "
               "Gorbo gains +3000 power.", name="Gorbo")
    assert both.effects[0].condition.kind == "all"


def test_fftcg_5_2_1_1_all_the_cards_put_into_the_break_zone_are_of_one_element() -> None:
    ab = one("Choose 1 Forward. If all the cards put into the Break Zone are of Water Element, dull it.",
             name="Gorbo")
    cond = ab.effects[-1].condition
    assert cond.kind == "all_of_element" and cond.selector.colors == ("water",)
    assert cond.selector.zone == "put_into_break"


def test_fftcg_5_2_3_both_cards_are_of_the_same_type() -> None:
    ab = one("Your opponent puts the top 2 cards of their deck into the Break Zone. If both cards are of the "
             "same type, draw 1 card.", name="Gorbo")
    assert ab.effects[-1].condition.kind == "same_card_type"


def test_fftcg_6_5_a_forward_damaged_by_the_card_itself() -> None:
    ab = one("When a Forward damaged by Gorbo is put from the field into the Break Zone, draw 1 card.",
             name="Gorbo")
    assert ab.trigger_on.state == "damaged_by_it"


def test_fftcg_11_6_5_choose_up_to_as_many_as_another_count() -> None:
    ab = one("When Gorbo enters the field, choose up to the same number of Forwards opponent controls as the "
             "Category XII Characters you control. Dull them.", name="Gorbo")
    target = ab.effects[0].target
    assert target.up_to and target.count is None and target.owner is Player.OPPONENT
    (th,) = target.thresholds
    assert th.stat == "count" and th.op == "<=" and th.ref.categories and th.ref.owner is Player.YOU


def test_fftcg_6_2_that_forwards_controller_discards() -> None:
    ab = one("Choose 1 Forward. Break it. That Forward's controller discards 1 card from their hand.", name="Gorbo")
    from judge.text.ast import Discard

    dis = next(e for e in ab.effects if isinstance(e, Discard))
    assert dis.count == 1 and dis.controller_of.card_types == ("forward",)


def test_fftcg_7_10_if_that_forward_is_put_into_the_break_zone() -> None:
    ab = one("Choose 1 Forward. Break it. If that Forward is put into the Break Zone, draw 1 card.", name="Gorbo")
    assert ab.effects[-1].condition.kind == "event"


def test_fftcg_11_8_16_put_into_the_break_zone_on_the_same_turn() -> None:
    ab = one("If a Forward damaged by Gorbo is put from the field into the Break Zone on the same turn, "
             "remove it from the game instead.", name="Gorbo")
    assert ab.effects[0].instead


def test_fftcg_11_6_5_a_summon_or_ability_that_is_choosing_only_your_forward() -> None:
    ab = one("Choose 1 Summon or ability that is choosing only 1 Forward you control. Cancel its effect.",
             name="Gorbo")
    target = ab.effects[0].target
    assert target.card_types == ("summon", "ability")
    assert target.about.card_types == ("forward",) and target.about.owner is Player.YOU


def test_fftcg_11_8_an_auto_ability_triggered_from_a_forward() -> None:
    ab = one("Choose 1 auto-ability triggered from a Forward. Cancel its effect.", name="Gorbo")
    target = ab.effects[0].target
    assert target.card_types == ("auto_ability",) and target.about.card_types == ("forward",)


def test_fftcg_11_6_5_select_as_many_as_possible() -> None:
    ab = one("Each player selects up to 2 Forwards he/she controls (select as many as possible). "
             "Put them into the Break Zone.", name="Gorbo")
    target = ab.effects[0].target
    assert target.count == 2 and not target.up_to and target.owner is Player.EACH


def test_fftcg_6_5_deal_it_the_same_amount_of_damage() -> None:
    ab = one("When Gorbo is dealt damage, choose up to 1 Forward opponent controls. "
             "Deal it the same amount of damage.", name="Gorbo")
    assert damage_of(ab).amount_from == "same_amount"


def test_fftcg_15_1_1_5_choose_a_card_removed_from_the_game() -> None:
    ab = one("Choose 1 card removed from the game. Add it to your hand.", name="Gorbo")
    assert ab.effects[0].target.zone == "removed"


def test_fftcg_11_8_16_a_forward_that_entered_the_field_this_turn() -> None:
    ab = one("Choose 1 Forward that entered the field this turn. Deal it 5000 damage.", name="Gorbo")
    assert damage_of(ab).target.state == "entered_this_turn"


def test_fftcg_6_6_2_a_card_name_with_a_job() -> None:
    ab = one("Search for 1 Card Name Gorbo with Job Baker and add it to your hand.", name="Zed")
    target = ab.effects[0].target
    assert target.name and target.families


def test_fftcg_6_5_damage_equal_to_the_power_of_the_revealed_forward() -> None:
    ab = one("Choose 1 Forward. Deal it damage equal to the power of the Forward you revealed.", name="Gorbo")
    dmg = damage_of(ab)
    assert dmg.amount_from == "power_of_source" and dmg.source.zone == "revealed"


def test_fftcg_11_8_14_your_opponent_may_play_a_forward() -> None:
    from judge.text.ast import Optional

    ab = one("When Gorbo enters the field, your opponent may play 1 Forward from their hand onto the field.",
             name="Gorbo")
    (opt,) = ab.effects
    assert isinstance(opt, Optional) and opt.player is Player.OPPONENT
    assert opt.effects[0].target.zone == "hand"
