"""FFTCG trigger events, battle selectors and turn-scoped effects: one invented sentence each.

Every sentence here is written for these tests in the official templating; none is a real card.
"""

from __future__ import annotations

from text_helpers import fftcg_one as one

from judge.text.ast import AbilityKind, Conditional, Duration, Move, Optional, Player


def test_fftcg_11_8_2_whenever_reads_as_when() -> None:
    ab = one("Whenever a Backup you control is chosen by your opponent's Summon, you may draw 1 card.")
    assert ab.kind is AbilityKind.AUTO and ab.timing == "is_chosen"
    assert ab.trigger_on.card_types == ("backup",)


def test_fftcg_11_8_9_attacks_or_is_chosen() -> None:
    ab = one("When Marrow attacks or is chosen by your opponent's Summons or abilities, "
             "choose up to 1 Forward opponent controls.", name="Marrow")
    assert ab.timing == "attacks|is_chosen"


def test_fftcg_11_8_9_chosen_by_an_ability_of_a_character_your_opponent_controls() -> None:
    ab = one("When Marrow is chosen by an ability of a Character your opponent controls, break that Character.",
             name="Marrow")
    assert ab.timing == "is_chosen" and ab.trigger_on.self_ref


def test_fftcg_7_8_2_the_nth_point_of_damage() -> None:
    ab = one("When you receive a sixth point of damage, you may pay 《水》.")
    assert ab.timing == "you_receive_sixth_damage"


def test_fftcg_11_8_1_an_opponents_auto_ability_triggers() -> None:
    ab = one("When your opponent's auto-ability triggers, put Marrow into the Break Zone.", name="Marrow")
    assert ab.timing == "ability_triggers" and ab.trigger_on.owner is Player.OPPONENT


def test_fftcg_11_12_5_2_leaves_the_field_for_any_reason_removed_instead() -> None:
    ab = one("If it leaves the field, remove it from the game instead.")
    (cond,) = ab.effects
    assert isinstance(cond, Conditional) and cond.instead
    assert isinstance(cond.effects[0], Move) and cond.effects[0].dest == "removed"


def test_fftcg_10_1_3_choose_the_forward_blocking_self() -> None:
    ab = one("Dull 1 active Forward: Choose 1 Forward blocking Marrow. Deal it 4000 damage.", name="Marrow")
    target = ab.effects[0].target
    assert target.state == "blocking" and target.about.self_ref          # 10.1.3 its blocker, not its attacker


def test_fftcg_10_1_3_break_the_forward_that_blocks_or_is_blocked_by_self() -> None:
    ab = one("When Marrow blocks or is blocked, break the Forward that blocks or is blocked by Marrow.",
             name="Marrow")
    assert ab.effects[0].target.about.self_ref


def test_fftcg_5_2_3_a_monster_that_is_also_a_forward() -> None:
    ab = one("When Marrow enters the field, choose 1 Monster that is also a Forward. Break it.", name="Marrow")
    target = ab.effects[0].target
    assert target.card_types == ("monster",) and target.state == "also_forward"


def test_fftcg_6_3_dull_active_self_is_optional() -> None:
    ab = one("When you cast a Summon, you may dull active Marrow.", name="Marrow")
    (opt,) = ab.effects
    assert isinstance(opt, Optional) and opt.effects[0].target.state == "active"


def test_fftcg_11_12_4_4_cannot_be_chosen_during_your_opponents_turn() -> None:
    ab = one("Marrow cannot be chosen by your opponent's Summons or abilities during your opponent's turn.",
             name="Marrow")
    assert ab.effects[0].duration is Duration.OPPONENT_TURNS


def test_fftcg_11_12_4_4_gains_first_strike_during_your_turn() -> None:
    ab = one("The [[i]]Card Name Tolloc[[/]] you control gains First Strike during your turn.")
    assert ab.effects[0].duration is Duration.YOUR_TURNS


def test_fftcg_11_8_17_at_the_beginning_of_the_next_main_phase() -> None:
    ab = one("Choose 1 Forward in your Break Zone. Play it onto the field. "
             "At the beginning of the next Main Phase 1, put it into the Break Zone.")
    assert ab.effects[-1].timing.startswith("beginning_of")
