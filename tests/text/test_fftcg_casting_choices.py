"""FFTCG casting permissions, re-targeting, costs and search variants: one invented sentence each.

Every sentence here is written for these tests in the official templating; none is a real card.
"""

from __future__ import annotations

from text_helpers import fftcg_one as one

from judge.text.ast import (
    AbilityKind,
    ChangeTarget,
    Discard,
    Duration,
    Move,
    Player,
    Restriction,
    Search,
)


def test_fftcg_6_2_1_cast_a_card_you_do_not_own_this_turn() -> None:
    ab = one("Choose 1 Summon in your opponent's Break Zone. You can cast it as though you owned it this turn.")
    r = next(e for e in ab.effects if isinstance(e, Restriction))
    assert r.mode == "can" and r.action == "cast_as_owner" and r.duration is Duration.TURN


def test_fftcg_15_1_1_7_1_cast_removed_summons_at_any_time() -> None:
    ab = one("You can cast Summons removed by Tessaly's abilities at any time you could normally cast them.",
             name="Tessaly")
    (r,) = ab.effects
    assert r.action == "cast_any_time" and r.duration is Duration.PERMANENT
    assert r.target.card_types == ("summon",)


def test_fftcg_15_1_1_7_1_once_per_turn_cast_at_any_time() -> None:
    ab = one("Once per turn, you can cast a card removed by Tessaly's abilities at any time you could "
             "normally cast it.", name="Tessaly")
    (r,) = ab.effects
    assert r.action == "cast_any_time_once_per_turn"


def test_fftcg_11_12_4_1_opponent_cannot_cast_copies_until_the_end_of_the_next_turn() -> None:
    ab = one("Choose 1 Summon in your opponent's Break Zone. Remove it from the game. "
             "Until the end of the next turn, your opponent cannot cast any copies of that card.")
    r = next(e for e in ab.effects if isinstance(e, Restriction))
    assert r.player is Player.OPPONENT and r.duration is Duration.NEXT_TURN_END
    assert r.target.ref == "copies"


def test_fftcg_11_6_5_the_summon_or_ability_is_now_choosing_self() -> None:
    ab = one("《ダル》: Choose 1 Summon or ability that is choosing a Backup you control. "
             "The Summon or ability is now choosing Tessaly instead, if possible.", name="Tessaly")
    ct = next(e for e in ab.effects if isinstance(e, ChangeTarget))
    assert ct.to.self_ref and ct.if_possible


def test_fftcg_15_1_1_8_search_and_cast_without_paying() -> None:
    ab = one("When Tessaly enters the field, you may search for 1 Ice Summon of cost 3 or less "
             "and cast it without paying the cost.", name="Tessaly")
    search = ab.effects[0].effects[0]
    assert isinstance(search, Search) and search.dest == "cast" and search.target.colors == ("ice",)


def test_fftcg_15_1_1_8_search_with_different_names() -> None:
    ab = one("When Tessaly enters the field, you may search for up to 3 [[i]]Job Tidecaller[[/]] "
             "with different names and add them to your hand.", name="Tessaly")
    search = ab.effects[0].effects[0]
    assert search.target.distinct == ("name",) and search.target.up_to


def test_fftcg_15_1_1_8_search_each_of_a_different_element() -> None:
    ab = one("When Tessaly enters the field, you may search for 2 [[i]]Job Tidecaller[[/]], "
             "each of a different Element, and add them to your hand.", name="Tessaly")
    assert ab.effects[0].effects[0].target.distinct == ("element",)


def test_fftcg_5_2_1_1_search_two_cards_that_dont_share_elements() -> None:
    ab = one("When Tessaly enters the field, you may search for up to 1 Forward and up to 1 Summon "
             "that don't share Elements, and add them to your hand.", name="Tessaly")
    target = ab.effects[0].effects[0].target
    assert "element" in target.distinct or any("element" in a.distinct for a in target.also)


def test_fftcg_6_2_1_cost_put_a_character_owned_by_your_opponent() -> None:
    ab = one("《ダル》, put 1 Character you control owned by your opponent into the Break Zone: "
             "Choose 1 Forward. Break it.")
    assert ab.kind is AbilityKind.ACTION
    (paid,) = ab.cost.effects
    assert isinstance(paid, Move) and paid.target.owner is Player.YOU
    assert paid.target.owned_by is Player.OPPONENT


def test_fftcg_15_1_1_4_cost_discard_cards_each_of_a_different_card_type() -> None:
    ab = one("《ダル》, discard 2 cards, each of a different card type, put Tessaly into the Break Zone: "
             "Draw 3 cards.", name="Tessaly")
    discard = ab.cost.effects[0]
    assert isinstance(discard, Discard) and discard.count == 2 and discard.target.distinct == ("card_type",)


def test_fftcg_7_11_cost_reveal_self_from_your_hand() -> None:
    ab = one("《2》, reveal Tessaly from your hand: Play Tessaly onto the field.", name="Tessaly")
    assert ab.kind is AbilityKind.ACTION and ab.cost.effects


def test_fftcg_10_1_choose_an_attacking_or_blocking_forward() -> None:
    ab = one("When Tessaly blocks or is blocked, choose 1 attacking or blocking Forward opponent controls. "
             "Deal it 3000 damage.", name="Tessaly")
    assert ab.effects[0].target.state == "attacking_or_blocking"


def test_fftcg_15_2_9_2_priming_cost_paid_with_cp_of_any_element() -> None:
    ab = one("The Priming cost of the Forwards you control can be paid with CP of any Element.")
    (r,) = ab.effects
    assert r.mode == "can" and r.action == "pay_priming_with_any_element" and r.target.owner is Player.YOU


def test_fftcg_11_4_4_cost_reduced_and_paid_with_any_element() -> None:
    ab = one("The cost required to play your [[i]]Job Sentinel[[/]] onto the field is reduced by 2 "
             "and can be paid with CP of any Element.")
    change, any_cp = ab.effects
    assert change.amount == -2 and any_cp.action == "pay_with_any_element"


def test_fftcg_11_8_11_x_paid_only_with_one_element() -> None:
    ab = one("You can only use Wind CP to pay 《X》.")
    (r,) = ab.effects
    assert r.mode == "must" and r.action == "pay_x_with_wind_cp"
