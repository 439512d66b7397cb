"""FFTCG conditions and quantities (11.8.13 "If …, …"; 4 numerical values): one invented sentence each.

Every sentence here is written for these tests in the official templating; none is a real card.
"""

from __future__ import annotations

import pytest

from judge.text.ast import Ability, Conditional, Damage, Player, Restriction
from judge.text.parse import parse_text


def one(text: str, name: str = "Gorbo") -> Ability:
    result = parse_text(text, "fftcg", name=name)
    assert result.ok, result.unparsed
    assert len(result.abilities) == 1
    return result.abilities[0]


def condition_of(text: str, name: str = "Gorbo"):
    ab = one(text, name)
    cond = next(e for e in ab.effects if isinstance(e, Conditional))
    return cond.condition


def test_fftcg_11_4_a_total_in_the_break_zone_checked_before_paying_the_cost() -> None:
    cond = condition_of("If you have a total of 4 or more [[i]]Card Name Gorbo[[/]] and/or [[i]]Card Name "
                        "Zed[[/]] in your Break Zone (before paying the cost for Gorbo), draw 2 cards.")
    assert cond.checked == "before_paying_cost"
    assert cond.selector.zone == "break"


def test_fftcg_7_8_2_more_points_of_damage_than_your_opponent() -> None:
    cond = condition_of("If you have received more points of damage than your opponent, draw 1 card.")
    assert cond.kind == "damage_vs_opponent"
    assert (cond.threshold.op, cond.threshold.value) == (">=", 1)


def test_fftcg_7_8_2_at_least_n_points_of_damage_more_than_your_opponent() -> None:
    cond = condition_of("When Gorbo enters the field, if you have at least 3 points of damage more than your "
                        "opponent, draw 1 card.")
    assert cond.threshold.value == 3


def test_fftcg_4_1_the_number_of_forwards_compared() -> None:
    cond = condition_of("If the number of Forwards your opponent controls is greater than the number of "
                        "Forwards you control, draw 1 card.")
    assert cond.kind == "count_compare" and cond.threshold.op == ">"
    assert cond.selector.owner is Player.OPPONENT and cond.threshold.ref.owner is Player.YOU


def test_fftcg_11_3_cards_cast_this_turn_other_than_itself() -> None:
    cond = condition_of("If you have cast 3 or more cards other than Gorbo this turn, draw 1 card.")
    assert cond.kind == "cast" and cond.selector.other
    assert (cond.threshold.op, cond.threshold.value) == (">=", 3)


def test_fftcg_10_1_forwards_that_were_attacking_this_turn() -> None:
    cond = condition_of("If 2 or more [[i]]Category XX[[/]] Forwards were attacking this turn, draw 1 card.")
    assert cond.kind == "attacking_this_turn" and cond.selector.categories == ("XX",)


def test_fftcg_5_2_1_1_exactly_n_different_elements() -> None:
    cond = condition_of("When Gorbo enters the field, if there are exactly 2 different Elements among "
                        "Characters you control, draw 1 card.")
    assert cond.kind == "elements" and (cond.threshold.op, cond.threshold.value) == ("==", 2)


def test_fftcg_5_2_1_1_all_the_characters_you_control_have_an_element() -> None:
    cond = condition_of("If all the Characters you control have Water Element, Gorbo gains +1000 power.")
    assert cond.kind == "all_of_element" and "water" in cond.selector.colors


def test_fftcg_6_6_2_all_the_forwards_you_control_have_a_job() -> None:
    cond = condition_of("If all the Forwards you control have [Job (Baker)] or [Job (Cook)], they gain +1000 "
                        "power.")
    assert cond.kind == "all_have_job" and cond.selector.families == ("Baker", "Cook")


@pytest.mark.parametrize(("text", "owner", "op", "value"), [
    ("If either player has 1 card or less in their hands, Gorbo gains Haste.", Player.ANY, "<=", 1),
    ("If both you and your opponent have no cards in hand, Gorbo gains Brave.", Player.EACH, "<=", 0),
    ("If each player has no cards in their hands, Gorbo gains Brave.", Player.EACH, "<=", 0),
])
def test_fftcg_7_11_cards_in_the_players_hands(text: str, owner: Player, op: str, value: int) -> None:
    cond = condition_of(text)
    assert cond.kind == "hand_count" and cond.player is owner
    assert (cond.threshold.op, cond.threshold.value) == (op, value)


def test_fftcg_11_2_the_cost_was_only_paid_with_one_element() -> None:
    cond = condition_of("When Gorbo enters the field, if the cost to play Gorbo was only paid with Fire CP, "
                        "draw 1 card.")
    assert cond.kind == "paid_only_element" and cond.selector.colors == ("fire",)


def test_fftcg_11_2_the_cost_was_paid_with_exactly_n_elements() -> None:
    cond = condition_of("When Gorbo enters the field, if the cost to play Gorbo was paid with CP of exactly 2 "
                        "different Elements, draw 1 card.")
    assert cond.kind == "paid_elements" and (cond.threshold.op, cond.threshold.value) == ("==", 2)


@pytest.mark.parametrize("parity", ["even", "odd"])
def test_fftcg_5_2_1_the_revealed_card_s_cost_is_even_or_odd(parity: str) -> None:
    ab = one(f"Reveal the top card of your deck. If the revealed card's CP cost is an {parity} number, "
             "draw 1 card.")
    cond = next(e for e in ab.effects if isinstance(e, Conditional)).condition
    assert cond.kind == f"cost_{parity}"


def test_fftcg_15_1_1_9_a_forward_formed_a_party_this_turn() -> None:
    cond = condition_of("If a Forward you controlled formed a party this turn, the cost required to cast Gorbo "
                        "is reduced by 2.")
    assert cond.kind == "formed_party_this_turn" and cond.selector.owner is Player.YOU


def test_fftcg_11_8_16_a_character_was_returned_to_hand_this_turn() -> None:
    cond = condition_of("If a Character opponent controlled was returned from the field to its owner's hand "
                        "this turn, the cost required to cast Gorbo is reduced by 1.")
    assert cond.kind == "returned_to_hand_this_turn" and cond.selector.owner is Player.OPPONENT


def test_fftcg_11_6_you_can_only_use_this_ability_if_neither_player_controls_forwards() -> None:
    ab = one("《ダル》: Draw 1 card. You can only use this ability if neither player controls Forwards.")
    assert ab.condition.kind == "controls" and ab.condition.player is Player.ANY and ab.condition.none


def test_fftcg_11_6_you_can_only_use_this_ability_if_there_are_no_counters() -> None:
    ab = one("《ダル》: Draw 1 card. You can only use this ability if there are no Pie Counters on Gorbo.")
    assert ab.condition.kind == "counters" and ab.condition.selector.zone == "counters:Pie"


def test_fftcg_11_6_you_can_only_use_this_ability_if_you_control_only_one_forward() -> None:
    ab = one("《ダル》: Draw 1 card. You can only use this ability if you control only 1 Forward.")
    assert ab.condition.kind == "controls" and ab.condition.threshold.value == 1


def test_fftcg_11_6_a_use_limit_listed_with_commas() -> None:
    ab = one("《ダル》: Draw 1 card. You can only use this ability during your turn, if you control 2 or more "
             "Forwards and if Gorbo is in the Break Zone.")
    assert "your_turn_only" in ab.restrictions and ab.condition is not None


def test_fftcg_11_4_you_must_control_forwards_to_cast_it() -> None:
    ab = one("You must control 2 or more [[i]]Job Baker[[/]] Forwards to cast Gorbo.")
    (cond,) = ab.effects
    assert isinstance(cond, Conditional) and cond.condition.selector.families == ("Baker",)
    assert isinstance(cond.effects[0], Restriction) and cond.effects[0].action == "cast"
    assert cond.effects[0].target.self_ref


def test_fftcg_11_2_damage_for_each_cp_of_a_different_element_paid() -> None:
    ab = one("When Gorbo enters the field, choose 1 Forward. Deal it 2000 damage for each CP of a different "
             "Element you paid to cast Gorbo.")
    dmg = next(e for e in ab.effects if isinstance(e, Damage))
    assert dmg.per.zone == "paid_elements"


def test_fftcg_4_1_damage_for_each_card_you_revealed() -> None:
    ab = one("Reveal the top 3 cards of your deck. Choose 1 Forward. Deal it 1000 damage for each card you "
             "revealed.")
    dmg = next(e for e in ab.effects if isinstance(e, Damage))
    assert dmg.per.zone == "revealed"


def test_fftcg_5_2_1_the_highest_cost_forward_you_control() -> None:
    ab = one("The cost required to cast Gorbo is reduced by 1 for each CP required to cast the highest cost "
             "Forward you control.")
    (change,) = ab.effects
    assert change.per.state == "highest_cost"


def test_fftcg_11_6_6_1_the_number_of_actions_changes_with_a_condition_checked_before_paying() -> None:
    ab = one('Select 1 of the 2 following actions. If you have a total of 3 or more [[i]]Card Name Gorbo[[/]] '
             'in your Break Zone (before paying the cost for Gorbo), select up to 2 of the 2 following actions '
             'instead.\n"Draw 1 card."\n"Choose 1 Forward. Deal it 3000 damage."')
    assert ab.effects and ab.kind.value == "summon"


def test_fftcg_11_8_a_trigger_limited_by_two_conditions() -> None:
    ab = one("When Gorbo is removed from the game, draw 1 card. This effect will trigger only if Gorbo is removed "
             "from the game and if a Pie Counter is placed on Gorbo.")
    assert ab.condition.kind == "all_of" and "placed" in ab.condition.text


def test_fftcg_11_8_14_you_may_dull_it_if_it_is_active() -> None:
    from judge.text.ast import Optional

    ab = one("When you cast a Summon, you may dull Gorbo if it is active.")
    (cond,) = ab.effects
    assert isinstance(cond, Conditional) and cond.condition.kind == "state"
    assert isinstance(cond.effects[0], Optional)


def test_fftcg_5_2_3_these_cards_are_of_the_same_card_type() -> None:
    cond = condition_of("If these cards are of the same card type, also draw 1 card.")
    assert cond.kind == "same_card_type"


def test_fftcg_11_8_13_if_it_s_a_forward() -> None:
    cond = condition_of("If it's a Forward, deal 3000 damage to all the Forwards opponent controls.")
    assert cond.kind == "card_is" and not cond.negated and cond.selector.card_types == ("forward",)


def test_fftcg_11_8_13_if_then() -> None:
    cond = condition_of("If you control a [Job (Baker)] other than Gorbo, then Gorbo gains +1000 power.")
    assert cond.kind == "controls" and cond.selector.families == ("Baker",)


def test_fftcg_4_2_half_of_its_power_rounded_up() -> None:
    ab = one("When Gorbo enters the field, deal each Forward opponent controls damage equal to half of its "
             "power (round up to the nearest 1000).")
    dmg = next(e for e in ab.effects if isinstance(e, Damage))
    assert dmg.amount_from and "half" in dmg.amount_from


@pytest.mark.parametrize(("text", "op"), [
    ("Dull all the Forwards with a cost equal to the number of [Job (Baker)] you control.", "=="),
    ("Choose 1 Forward opponent controls with a cost inferior or equal to the number of Water Backups you "
     "control. Break it.", "<="),
])
def test_fftcg_5_2_1_a_cost_compared_with_a_count(text: str, op: str) -> None:
    ab = one(text)
    target = ab.effects[0].target
    (th,) = [t for t in target.thresholds if t.stat == "cost_vs_count"]
    assert th.op == op and th.ref.owner is Player.YOU


def test_fftcg_11_6_5_choose_as_many_forwards_as_you_control_jobs() -> None:
    ab = one("《ダル》: Choose as many Forwards as [Job (Baker)] you control. Dull them.")
    target = ab.effects[0].target
    assert target.up_to and target.thresholds[0].ref.families == ("Baker",)


def test_fftcg_7_8_2_a_cost_compared_with_the_damage_received() -> None:
    cond = condition_of("Choose 1 Forward. If its cost is equal to or less than the damage you have received, "
                        "break it.")
    assert cond.kind == "cost_vs_damage" and cond.threshold.op == "<="


def test_fftcg_15_2_8_face_up_cards_in_the_lb_deck() -> None:
    cond = condition_of("If there are 5 or more face-up cards in your LB deck, Gorbo gains Haste.")
    assert cond.kind == "lb_face_up" and cond.threshold.value == 5


def test_fftcg_15_1_1_5_cards_of_yours_removed_from_the_game() -> None:
    cond = condition_of("When Gorbo enters the field, if 1 or more of your cards have been removed from the game, "
                        "draw 1 card.")
    assert cond.kind == "removed" and cond.selector.owner is Player.YOU


def test_fftcg_5_2_6_1_also_lose_power_and_also_deal_damage() -> None:
    cond = condition_of("If the cost to cast Gorbo was paid with CP of 3 or more different Elements, all the "
                        "Forwards opponent controls also lose 1000 power until the end of the turn.")
    assert cond.kind == "paid_elements"


def test_fftcg_15_1_1_5_characters_removed_from_the_game_by_this_effect() -> None:
    cond = condition_of("Remove all the Characters opponent controls from the game. If 2 Characters are removed "
                        "from the game by this effect, draw 1 card.")
    assert cond.kind == "removed_by_this_effect" and cond.threshold.value == 2


def test_fftcg_11_8_16_forwards_that_have_left_the_field() -> None:
    cond = condition_of("During this turn, if 3 or more Forwards have left the field, the cost required to cast "
                        "Gorbo is reduced by 2.")
    assert cond.kind == "left_field_this_turn" and cond.selector.card_types == ("forward",)


def test_fftcg_5_2_6_its_power_has_been_changed() -> None:
    cond = condition_of("Choose 1 Forward. If its power has been increased or decreased, break it.")
    assert cond.kind == "power_changed"


def test_fftcg_7_8_2_damage_received_while_it_is_active() -> None:
    cond = condition_of("If you receive damage while Gorbo is active, dull Gorbo.")
    assert cond.kind == "damaged_while_active" and cond.selector.self_ref


def test_fftcg_11_2_the_extra_cost_paid_and_another_condition() -> None:
    cond = condition_of("If you paid the extra cost and that Forward is on the field, return that Forward to its "
                        "owner's hand.")
    assert cond.kind == "all_of" and "extra cost" in cond.text


def test_fftcg_6_7_power_lost_for_each_counter_on_them() -> None:
    ab = one("The Forwards opponent controls lose 1000 power for each Pie Counter on them.")
    assert ab.effects[0].per.zone == "counters:Pie"


def test_fftcg_11_11_5_then_until_the_end_of_the_turn() -> None:
    ab = one("Choose 1 Forward. Deal it 1000 damage. Then, until the end of the turn, it loses 1000 power for each "
             "card in your hand.")
    assert ab.effects[0].connector == "then"


def test_fftcg_5_2_1_a_cost_lower_than_that_of_the_removed_forward() -> None:
    ab = one("Choose 1 Forward in your Break Zone with a cost inferior to that of the removed Forward. Add it to "
             "your hand.")
    (th,) = ab.effects[0].target.thresholds
    assert th.stat == "cost" and th.op == "<" and th.ref.ref == "them"


def test_fftcg_4_1_cards_in_the_break_zone_and_or_removed_from_the_game() -> None:
    ab = one("Choose 1 Forward. Deal it 1000 damage for each [[i]]Job Baker[[/]] in your Break Zone and/or "
             "[[i]]Job Baker[[/]] you own removed from the game.")
    per = next(e for e in ab.effects if isinstance(e, Damage)).per
    assert per.zone == "break" and per.either[0].zone == "removed"


def test_fftcg_5_2_1_1_the_card_elements_note() -> None:
    ab = one("[[i]](Card Elements: Fire/Water)[[/]]", name="Gorbo")
    assert ab.effects[0].keyword.params == ("fire", "water")


def test_fftcg_11_4_while_paying_the_cost_to_cast_a_category_card() -> None:
    cond = condition_of("While paying the cost to cast a [[i]]Category XX[[/]] card, if Gorbo is on the field, "
                        "Gorbo can produce CP of any Element.")
    assert cond.kind == "while_paying_cost" and cond.selector.categories == ("XX",)


def test_fftcg_5_2_6_gains_a_keyword_and_power_for_each_point_of_damage() -> None:
    from judge.text.ast import Duration, Gain, ModifyStat

    ab = one("Choose 1 Forward. Until the end of the turn, it gains Brave and +1000 power for each point of damage "
             "you have received.")
    gain = next(e for e in ab.effects if isinstance(e, Gain))
    power = next(e for e in ab.effects if isinstance(e, ModifyStat))
    assert gain.keyword.name == "Brave" and gain.duration is Duration.TURN
    assert power.amount == 1000 and power.per.zone == "damage" and power.duration is Duration.TURN


def test_fftcg_11_8_17_a_delayed_ability_inside_if_you_do_so() -> None:
    from judge.text.ast import Delayed, walk

    ab = one("At the end of each of your turns, you may remove Gorbo from the game. If you do so, at the end of "
             "your next turn, play Gorbo onto the field.")
    delayed = [n for n in walk(ab) if isinstance(n, Delayed)]
    assert delayed and delayed[0].effects  # the nested delayed ability is an AST node, not a parser helper
    assert all(type(n).__module__ == "judge.text.ast" for n in walk(ab))


def test_fftcg_11_8_13_and_if_a_further_conditional_effect() -> None:
    from judge.text.ast import ModifyStat

    ab = one("All the Forwards other than Gorbo you control gain +1000 power, and if they are dealt damage by a "
             "Summon, the damage becomes 0 instead.")
    power, cond = ab.effects
    assert isinstance(power, ModifyStat) and power.amount == 1000
    assert isinstance(cond, Conditional) and cond.instead and cond.condition.selector.ref == "them"


def test_fftcg_4_1_and_if_you_have_more_of_what_was_just_counted() -> None:
    from judge.text.ast import walk

    ab = one("If you have 2 or more different Elements among cards in your Break Zone, Gorbo gains +1000 power, and "
             "if you have 5 or more, Gorbo also gains Brave.")
    counts = [n for n in walk(ab) if getattr(n, "kind", None) == "count_as_before"]
    assert counts and counts[0].threshold.value == 5 and counts[0].threshold.op == ">="
