"""FFTCG triggers, EX Burst and ability changes: one invented sentence each, the clause named.

Every sentence here is written for these tests in the official templating; none is a real card.
"""

from __future__ import annotations

from text_helpers import fftcg_one as one

from judge.text.ast import (
    AbilityKind,
    Conditional,
    Delayed,
    Deploy,
    Duration,
    Gain,
    ModifyStat,
    Move,
    Optional,
    Player,
    Restriction,
)


def test_fftcg_15_2_9_3_1_when_another_card_primes_into_this_one() -> None:
    ab = one("When Tarrow primes into Ixmeril (XVI), choose up to 2 Forwards.", name="Ixmeril (XVI)")
    assert ab.kind is AbilityKind.AUTO and ab.timing == "primes_into"
    assert ab.trigger_on.self_ref


def test_fftcg_15_2_9_3_1_enters_the_field_or_primes_into_it() -> None:
    ab = one("When Ixmeril enters the field or when Tarrow Vell primes into Ixmeril, "
             "choose 1 Forward opponent controls.", name="Ixmeril")
    assert ab.timing == "enters_field|primes_into"


def test_fftcg_11_8_17_1_auto_ability_creates_a_delayed_one_at_the_end_of_the_turn() -> None:
    ab = one("When Quillon enters the field, at the end of your opponent's turn, "
             "break all the Forwards opponent controls with a Rot Counter on them.", name="Quillon")
    assert ab.kind is AbilityKind.AUTO and ab.timing == "enters_field"
    (delayed,) = ab.effects
    assert isinstance(delayed, Delayed) and delayed.timing.startswith("end_of")
    (brk,) = delayed.effects
    (th,) = brk.target.thresholds
    assert th.stat == "counters:Rot" and th.value == 1


def test_fftcg_11_8_2_at_the_end_of_your_next_turn() -> None:
    ab = one("[[s]]Long Wait[[/]] 《S》《5》: At the end of your next turn, if Quillon is on the field, draw 3 cards.",
             name="Quillon")
    assert ab.kind is AbilityKind.SPECIAL
    assert isinstance(ab.effects[0], Delayed)


def test_fftcg_15_1_1_10_warp_counter_removed_from_any_players_card() -> None:
    ab = one("When a Warp Counter is removed from any player's card, draw 1 card.")
    assert ab.timing == "counter_removed"


def test_fftcg_7_10_card_leaves_the_opponents_break_zone() -> None:
    ab = one("When a card in your opponent's Break Zone leaves the Break Zone, your opponent discards 2 cards.")
    assert ab.timing == "leaves_break"
    assert ab.trigger_on.zone == "break" and ab.trigger_on.owner is Player.OPPONENT


def test_fftcg_15_2_7_removed_from_the_game_from_the_hand_due_to_warp() -> None:
    ab = one("When Quillon in your hand is removed from the game due to Warp, choose 1 Forward.", name="Quillon")
    assert ab.timing == "removed_from_game" and ab.trigger_on.zone == "hand"


def test_fftcg_6_5_2_when_your_opponent_is_dealt_damage() -> None:
    ab = one("When your opponent is dealt damage, activate Quillon.", name="Quillon")
    assert ab.timing == "opp_damaged"


def test_fftcg_15_1_1_8_when_your_opponent_searches() -> None:
    ab = one("When your opponent searches for 1 or more cards, draw 1 card.")
    assert ab.timing == "searches"


def test_fftcg_7_10_forward_put_into_your_break_zone_from_the_field_this_turn() -> None:
    ab = one("At the end of each of your turns, choose 1 Forward put in your Break Zone from the field "
             "during this turn.")
    assert ab.effects[0].target.zone == "put_into_break_from_field_this_turn"


def test_fftcg_11_10_2_ex_bursts_of_cards_put_in_the_damage_zone_cannot_be_used() -> None:
    ab = one("Choose 1 Forward. Deal it 6000 damage. "
             "EX Bursts of cards put into the Damage Zone due to this damage cannot be used.", name="Quillon")
    r = next(e for e in ab.effects if isinstance(e, Restriction))
    assert r.action == "use_ex_burst" and r.target.zone == "damage"


def test_fftcg_11_10_2_card_put_in_the_damage_zone_by_self_cannot_use_its_ex_burst() -> None:
    ab = one("Any card of cost 3 or less put in the Damage Zone due to Quillon cannot use its EX Burst.",
             name="Quillon")
    (r,) = ab.effects
    assert r.action == "use_ex_burst" and r.target.thresholds[0].value == 3


def test_fftcg_7_8_put_a_card_from_hand_into_the_damage_zone_without_its_ex_burst() -> None:
    ab = one("Put 1 card from your hand into the Damage Zone (its EX Burst effect will not trigger).")
    (mv,) = ab.effects
    assert isinstance(mv, Move) and mv.dest == "damage" and mv.no_ex_burst and mv.target.zone == "hand"


def test_fftcg_11_10_2_you_may_trigger_its_ex_burst() -> None:
    ab = one("Reveal the top card of your deck. You may trigger its EX Burst effect.")
    opt = next(e for e in ab.effects if isinstance(e, Optional))
    assert isinstance(opt.effects[0], Deploy) and opt.effects[0].verb == "use_ex_burst"


def test_fftcg_11_8_its_auto_ability_will_not_trigger() -> None:
    ab = one("Choose 1 Backup. Dull it. Its auto-ability will not trigger.")
    r = next(e for e in ab.effects if isinstance(e, Restriction))
    assert r.action == "trigger_auto_abilities"


def test_fftcg_11_12_4_2_lose_all_abilities_and_power_until_end_of_turn() -> None:
    ab = one("Until the end of the turn, all the Forwards opponent controls lose all their abilities and 2000 power.")
    lose, power = ab.effects
    assert isinstance(lose, Restriction) and lose.action == "all_abilities" and lose.duration is Duration.TURN
    assert isinstance(power, ModifyStat) and power.amount == -2000 and power.target.owner is Player.OPPONENT


def test_fftcg_6_7_forwards_with_counters_gain_a_replacement_ability() -> None:
    ab = one('The Forwards with 2 or more Ward Counters on them you control gain '
             '"If this Forward is dealt damage, reduce the damage by 1000 instead."')
    (gain,) = ab.effects
    assert isinstance(gain, Gain) and gain.ability is not None
    assert gain.target.thresholds[0].stat == "counters:Ward" and gain.target.thresholds[0].value == 2
    (cond,) = gain.ability.effects
    assert isinstance(cond, Conditional) and cond.effects[0].amount == -1000


def test_fftcg_11_12_4_2_power_becomes_the_same_as_that_forwards() -> None:
    ab = one("When a Forward other than Hessa enters your field, Hessa's power becomes the same as "
             "that Forward's power until the end of the turn.", name="Hessa")
    (mod,) = ab.effects
    assert isinstance(mod, ModifyStat) and mod.stat == "power_set" and mod.target.self_ref
    assert mod.same_as is not None and mod.duration is Duration.TURN


def test_fftcg_5_2_3_loses_all_abilities_and_also_becomes_a_forward() -> None:
    ab = one("Choose 1 Monster. It loses all its abilities and also becomes a Forward with 6000 power.")
    lose = next(e for e in ab.effects if isinstance(e, Restriction))
    becomes = next(e for e in ab.effects if isinstance(e, Gain))
    assert lose.action == "all_abilities" and becomes.keyword.params == ("6000",)


def test_fftcg_11_12_5_2_and_if_they_are_dealt_damage_it_becomes_0() -> None:
    ab = one("All the Forwards other than Hessa you control gain +1000 power, and if they are dealt damage "
             "by a Summon or an ability, the damage becomes 0 instead.", name="Hessa")
    boost, cond = ab.effects
    assert isinstance(boost, ModifyStat) and boost.amount == 1000
    assert isinstance(cond, Conditional) and cond.instead and cond.effects[0].amount == 0
