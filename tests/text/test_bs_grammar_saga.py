"""Battle Spirits Saga card text → AST, the Saga constructs added for coverage: one invented
sentence, one expected tree, each test named after the clause that defines the construct."""

from __future__ import annotations

from judge.text.ast import (
    AbilityKind,
    Attack,
    Conditional,
    Duration,
    Gain,
    LoseEffects,
    ModifyStat,
    Move,
    MoveCores,
    Optional,
    Player,
    Restriction,
    SetStat,
)
from judge.text.links import cites
from judge.text.parse import parse_text


def one(text: str, game: str = "bss"):
    result = parse_text(text, game)
    assert result.unparsed == (), result.unparsed
    assert len(result.abilities) == 1
    return result.abilities[0]


def effect(text: str, game: str = "bss"):
    ability = one(text, game)
    assert len(ability.effects) == 1, ability.effects
    return ability.effects[0]


# ── labels and keywords printed bare ──
def test_bss_11_14_2_keyword_after_a_label_without_colon_or_brackets() -> None:
    a = one("[LV2][LV3] While This Spirit Attacks Curse")
    assert (a.kind, a.timing, a.keyword.name, a.levels) == (AbilityKind.KEYWORD, "while_attacks", "Curse", (2, 3))


def test_bss_8_1_5_1_a_timing_label_on_its_own_line() -> None:
    a = one("During Your Main Step")
    assert (a.timing, a.effects) == ("during_your_main_step", ())


def test_bss_11_8_2_ascend_condition_printed_after_the_effect_text() -> None:
    a = one("When Summoned: Draw a card. Ascend: Costs 5 or More")
    assert a.kind is AbilityKind.TRIGGERED and a.timing == "when_summoned"
    assert (a.keyword.name, a.keyword.params) == ("Ascend", ("cost>=5",))


def test_bss_10_13_1_quoted_keyword_with_parameters_is_gained() -> None:
    e = effect('Your spirits with "Swift" gain "Armor: Green, Blue"')
    assert isinstance(e, Gain) and e.target.with_keyword == "Swift"
    assert (e.keyword.name, e.keyword.params) == ("Armor", ("green", "blue"))


# ── soul cores (4-11) ──
def test_bss_4_11_1_a_core_that_is_not_a_soul_core_icon() -> None:
    e = effect("Select one of your opponent's spirits. Remove a core that is not a {CORE} from it and place it into the void.")
    assert isinstance(e, MoveCores) and (e.count, e.dest, e.core_type) == (1, "void", "core")
    assert e.source_target.owner is not None


def test_bss_8_5_6_cores_from_the_trash_that_are_not_a_soul_core() -> None:
    e = effect('Place three cores from your trash that are not a "Soul Core" onto this spirit.')
    assert (e.count, e.source, e.dest, e.core_type) == (3, "trash", "spirit", "core")


def test_bss_11_13_1_soul_core_condition_with_the_icon_dropped_by_the_source() -> None:
    a = one("When This Spirit Attacks: If this spirit has a on it, draw a card.")
    e = a.effects[0]
    assert isinstance(e, Conditional) and e.condition.kind == "soul_core"


def test_bss_8_4_2_paying_a_soul_core_as_an_effect_cost() -> None:
    e = effect('You may pay a "Soul Core" to draw two cards.')
    assert isinstance(e, Optional)
    paid = e.cost.effects[0]
    assert isinstance(paid, MoveCores) and (paid.dest, paid.core_type) == ("trash", "soul")


# ── lost effects (8-2-2-2) ──
def test_bss_8_2_2_2_nexuses_lose_their_level_effects_and_cannot_regain_them() -> None:
    e = effect("All of your opponent's nexuses lose their LV2 effects and cannot regain them during this turn.")
    assert isinstance(e, LoseEffects)
    assert (e.target.owner, e.target.card_types, e.levels, e.no_regain, e.duration) == \
        (Player.OPPONENT, ("nexus",), (2,), True, Duration.TURN)
    assert "8-2-2-2" in cites(e, "bss")


def test_bss_8_2_2_2_losing_all_effects_without_a_level() -> None:
    e = effect("During this turn, all spirits lose their effects.")
    assert isinstance(e, LoseEffects) and (e.levels, e.no_regain, e.duration) == ((), False, Duration.TURN)


# ── granted effects with their own timing (8-1-5-1) ──
def test_bss_8_1_5_1_gain_the_following_effect_takes_the_rest_of_the_line() -> None:
    e = effect("[Main] During this turn, all of your Wyvern spirits gain the following effect: "
               "When This Spirit Attacks Select one of your opponent's refreshed spirits. Exhaust that spirit.")
    assert isinstance(e, Gain) and e.duration is Duration.TURN and e.target.families == ("Wyvern",)
    gained = e.ability
    assert (gained.kind, gained.timing) == (AbilityKind.TRIGGERED, "when_attacks")
    (exhaust,) = gained.effects
    assert exhaust.state == "exhausted" and exhaust.target.state == "refreshed"


# ── stats compared with other cards (2-5, 2-6, 2-11) ──
def test_bss_2_6_qualifier_after_the_destination_costs_the_same_as_that_spirit() -> None:
    e = effect("Select one of your spirits. Return all green magic cards from your trash to your hand that cost "
               "the same as that spirit.")
    assert isinstance(e, Move) and e.dest == "hand"
    assert (e.target.colors, e.target.zone) == (("green",), "trash")
    (th,) = e.target.thresholds
    assert (th.stat, th.op) == ("cost", "==") and th.ref is not None


def test_bss_2_6_cost_equal_to_your_life_total() -> None:
    e = effect("All of your spirits that cost the same as your life total gain 2000 BP.")
    assert isinstance(e, ModifyStat)
    (th,) = e.target.thresholds
    assert (th.stat, th.op, th.ref.zone, th.ref.owner) == ("cost", "==", "life", Player.YOU)


def test_bss_2_11_higher_bp_than_the_opponents_highest_bp_spirit() -> None:
    e = effect("Select one of your spirits with higher BP than your opponent's highest BP spirit and refresh it.")
    (th,) = e.target.thresholds
    assert (th.stat, th.op) == ("bp", ">")
    assert [(t.stat, t.op) for t in th.ref.thresholds] == [("bp", ">=")] and th.ref.owner is Player.OPPONENT


def test_bss_2_5_3_spirits_sharing_a_spirit_type_with_that_spirit() -> None:
    e = effect("Select one of your spirits. During this turn, all of your spirits with one or more of the same "
               "spirit type as that spirit gain 1000 BP.")
    (th,) = e.target.thresholds
    assert (th.stat, th.op, th.value) == ("shared_families", ">=", 1)


def test_bss_2_5_3_for_each_spirit_you_control_with_the_same_spirit_type() -> None:
    e = effect("Select one of your spirits. Reduce the BP of all of your opponent's spirits by 1000 for each "
               "spirit you control with the same spirit type as the selected spirit.")
    assert isinstance(e, ModifyStat) and e.amount == -1000
    assert [t.stat for t in e.per.thresholds] == ["shared_families"]


def test_bss_8_8_1_3_3_level_bp_redefined() -> None:
    e = effect("Treat the LV2 BP as 6000 for all of your spirits that cost 4 or fewer.")
    assert isinstance(e, SetStat) and (e.stat, e.value) == ("level_bp:2", 6000)
    assert [(t.stat, t.op, t.value) for t in e.target.thresholds] == [("cost", "<=", 4)]


# ── attacks (7-1-1, 10-10-1) ──
def test_bss_7_1_1_while_your_spirits_are_attacking_condition() -> None:
    e = effect("While your Wyvern spirits are attacking, they cannot be blocked by spirits with less BP than them.")
    assert isinstance(e, Conditional) and e.condition.kind == "is"
    (r,) = e.effects
    assert isinstance(r, Restriction) and r.action == "be_blocked"


def test_bss_10_10_1_named_attacker_attacks_the_selected_spirit() -> None:
    a = one("When one of your Wyvern spirits attacks, you may select one of your opponent's exhausted spirits. "
            "Your Wyvern spirit attacks it.")
    attack = a.effects[-1]
    assert isinstance(attack, Attack) and attack.attacker.families == ("Wyvern",)
    assert attack.target.state == "exhausted"
