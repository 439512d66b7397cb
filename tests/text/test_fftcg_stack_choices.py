"""FFTCG Summons and abilities on the stack, their choices and casting: one invented sentence each.

Every sentence here is written for these tests in the official templating; none is a real card.
"""

from __future__ import annotations

from text_helpers import fftcg_one as one

from judge.text.ast import (
    AbilityKind,
    AlternativeCost,
    Cancel,
    Conditional,
    Damage,
    Declare,
    Deploy,
    Duration,
    Move,
    Optional,
    Player,
    Restriction,
    Reveal,
    Search,
    walk,
)


def test_fftcg_11_6_5_a_summon_choosing_a_forward_you_control() -> None:
    ab = one("《ダル》, put Pell into the Break Zone: Choose 1 Summon choosing a Forward you control. "
             "Cancel its effect.", name="Pell")
    cancel = next(e for e in ab.effects if isinstance(e, Cancel))
    assert cancel.target.card_types == ("summon",) and cancel.target.about.owner is Player.YOU


def test_fftcg_11_6_5_a_summon_targeting_a_character() -> None:
    ab = one("Choose 1 Summon targeting a Backup you control. Cancel its effect.")
    assert next(e for e in ab.effects if isinstance(e, Cancel)).target.about.card_types == ("backup",)


def test_fftcg_11_6_choose_an_action_ability() -> None:
    ab = one("《2》《ダル》: Choose 1 action ability. Cancel its effect.")
    assert next(e for e in ab.effects if isinstance(e, Cancel)).target.card_types == ("action_ability",)


def test_fftcg_11_11_2_cancel_all_effects_choosing_self() -> None:
    ab = one("Choose 1 Character. If it is a Backup, cancel all effects choosing Pell.", name="Pell")
    cond = next(e for e in ab.effects if isinstance(e, Conditional))
    assert isinstance(cond.effects[0], Cancel) and cond.effects[0].target.about.self_ref


def test_fftcg_11_8_9_chosen_for_the_first_time_each_turn() -> None:
    ab = one("During each turn, when Pell is chosen by your opponent's Summon or ability for the first time "
             "in that turn, cancel its effect.", name="Pell")
    assert ab.kind is AbilityKind.AUTO and ab.timing == "is_chosen"


def test_fftcg_11_8_2_each_time_a_forward_attacks() -> None:
    ab = one("Each time a Forward you control attacks, it gains +3000 power until the end of the turn.")
    assert ab.kind is AbilityKind.AUTO and ab.timing == "attacks"


def test_fftcg_11_7_cannot_use_special_or_action_abilities() -> None:
    ab = one("The Backups opponent controls cannot use special or action abilities.")
    (r,) = ab.effects
    assert isinstance(r, Restriction) and r.target.owner is Player.OPPONENT


def test_fftcg_6_4_cannot_be_chosen_by_forward_abilities() -> None:
    ab = one("The Forwards you control cannot be chosen by your opponent's Forward abilities.")
    (r,) = ab.effects
    assert r.mode == "cannot" and r.by.card_types == ("ability",) and r.by.about.card_types == ("forward",)
    assert r.by.owner is Player.OPPONENT


def test_fftcg_15_1_1_7_1_cast_a_summon_from_your_hand_paying_its_cost() -> None:
    ab = one("《ダル》, put Pell into the Break Zone: Cast a Summon from your hand.", name="Pell")
    (cast,) = ab.effects
    assert isinstance(cast, Deploy) and cast.verb == "cast" and not cast.free and cast.target.zone == "hand"


def test_fftcg_11_3_if_you_do_not_cast_it() -> None:
    ab = one("Reveal the top card of your deck. If it is a Summon, you may cast it without paying the cost. "
             "If you do not cast it, put the Summon into the Break Zone.")
    cond = [e for e in ab.effects if isinstance(e, Conditional)][-1]
    assert cond.condition.kind == "not_cast"


def test_fftcg_7_8_2_deal_a_point_of_damage_to_your_opponent() -> None:
    ab = one("When Pell is chosen by a Summon of your opponent, deal 1 point of damage to your opponent.",
             name="Pell")
    (dmg,) = ab.effects
    assert isinstance(dmg, Damage) and dmg.player is Player.OPPONENT and dmg.amount == 1


def test_fftcg_10_1_3_break_self_as_well_as_the_forward_it_blocks() -> None:
    ab = one("《風》《風》: Break Pell as well as the Forward that blocks or is blocked by Pell.", name="Pell")
    target = ab.effects[0].target
    assert target.self_ref and target.also[0].about.self_ref


def test_fftcg_11_11_10_summon_removed_after_use_instead_of_the_break_zone() -> None:
    ab = one("Choose 1 Summon in your opponent's Break Zone. You may cast it without paying the cost. "
             "If you cast it, remove that Summon from the game after use instead of putting it in the Break Zone.")
    cond = next(e for e in ab.effects if isinstance(e, Conditional))
    (mv,) = cond.effects
    assert isinstance(mv, Move) and mv.after_use and mv.dest == "removed"


def test_fftcg_7_10_your_opponent_puts_a_forward_they_control_into_the_break_zone() -> None:
    ab = one("Your opponent puts 1 blocking Forward he/she controls into the Break Zone.")
    (mv,) = ab.effects
    assert mv.dest == "break" and mv.target.owner is Player.OPPONENT and mv.target.state == "blocking"


def test_fftcg_7_11_your_opponent_randomly_reveals_cards_from_their_hand() -> None:
    ab = one("Your opponent randomly reveals 2 cards from their hand.")
    (rv,) = ab.effects
    assert isinstance(rv, Reveal) and rv.count == 2 and rv.zone == "opponent_hand_random"


def test_fftcg_7_9_your_opponent_reveals_the_top_card_of_their_deck() -> None:
    ab = one("Your opponent reveals the top card of their deck.")
    assert ab.effects[0].zone == "opponent_deck"


def test_fftcg_15_1_1_8_search_and_put_it_under_the_top_card() -> None:
    ab = one("《ダル》: Search for 1 Backup and put it under the top card of your deck.")
    (search,) = ab.effects
    assert isinstance(search, Search) and search.dest == "deck_under_top"


def test_fftcg_15_1_1_8_your_opponent_cannot_search_this_turn() -> None:
    ab = one("Put Pell into the Break Zone: During this turn, your opponent cannot search.", name="Pell")
    (r,) = ab.effects
    assert r.action == "search" and r.player is Player.OPPONENT and r.duration is Duration.TURN


def test_fftcg_15_1_1_7_cast_the_other_summon() -> None:
    ab = one("Choose 2 Summons in your Break Zone. You may cast the other Summon without paying the cost.")
    cast = next(e for e in ab.effects if isinstance(e, Optional)).effects[0]
    assert cast.free and cast.target.ref == "other"


def test_fftcg_11_7_use_this_special_ability_again_without_paying() -> None:
    ab = one("[[s]]Twin Flare[[/]] 《S》《火》: Choose 1 Forward. Deal it 5000 damage. You may pay 《火》. "
             "When you do so, use this special ability again without paying the cost.")
    again = [e for e in walk(ab) if isinstance(e, Deploy)][-1]
    assert again.verb == "use" and again.free and again.target.card_types == ("special_ability",)


def test_fftcg_5_2_1_select_a_number_then_forwards_of_that_cost() -> None:
    ab = one("《ダル》: Select 1 number. Dull all the Forwards of that cost.")
    declare, dull = ab.effects
    assert isinstance(declare, Declare) and declare.things == ("number",)
    assert dull.target.thresholds[0].ref.ref == "declared_number"


def test_fftcg_11_7_1_special_ability_paid_by_discarding_another_card() -> None:
    ab = one("You may use Pell's special ability by discarding a Summon instead of discarding a "
             "[[i]]Card Name Pell[[/]] as part of the cost.", name="Pell")
    (alt,) = ab.effects
    assert isinstance(alt, AlternativeCost) and alt.cost.effects[0].target.card_types == ("summon",)
