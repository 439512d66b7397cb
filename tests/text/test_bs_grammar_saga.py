"""Battle Spirits Saga card text → AST, the Saga constructs added for coverage: one invented
sentence, one expected tree, each test named after the clause that defines the construct."""

from __future__ import annotations

from text_helpers import bs_effect as effect
from text_helpers import bs_one as one

from judge.text.ast import (
    AbilityKind,
    Activate,
    Attack,
    Conditional,
    CostReduction,
    Destroy,
    Duration,
    Gain,
    LinkTo,
    LoseEffects,
    Modal,
    ModifyStat,
    Move,
    MoveCores,
    Optional,
    Player,
    Restriction,
    Reveal,
    SetStat,
)
from judge.text.links import cites


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
    assert isinstance(e, Conditional) and e.condition.kind == "is" and e.condition.selector.self_ref
    assert [(t.stat, t.op, t.value) for t in e.condition.object.thresholds] == [("soul_cores", ">=", 1)]


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
    assert (th.stat, th.op, th.ref.unit, th.ref.owner) == ("cost", "==", "life", Player.YOU)


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
    assert isinstance(e, SetStat) and (e.stat, e.level, e.value) == ("bp", 2, 6000)
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
    (choice,) = a.effects             # the selection is optional, and so is the attack on it (BSS 8-5-3)
    attack = choice.effects[-1]
    assert isinstance(choice, Optional) and isinstance(attack, Attack) and attack.attacker.families == ("Wyvern",)
    assert attack.target.state == "exhausted"


# ── cost reduction while summoning (2-7-3, 10-6-5) ──
def test_bss_10_6_5_symbols_of_cards_in_the_trash_also_reduce_the_cost() -> None:
    a = one("When summoning this spirit card from your hand, you may use the symbols of any Wyvern cards in your "
            "trash in addition to the symbols on your field to reduce its cost.")
    assert (a.kind, a.timing, a.condition.kind) == (AbilityKind.CONSTANT, "while_paying_cost", "paying")
    assert (a.condition.event, a.condition.selector.self_ref) == ("summoned", True)
    (opt,) = a.effects
    (red,) = opt.effects
    assert isinstance(red, CostReduction) and red.mode == "also"
    assert (red.source.families, red.source.zone) == (("Wyvern",), "trash")
    assert "10-6-5" in cites(red, "bss")


def test_bss_2_7_3_only_some_symbols_count_for_cost_reduction() -> None:
    a = one("When summoning this card, you can only count symbols on your Wyvern spirits when calculating cost reduction.")
    (red,) = a.effects
    assert isinstance(red, CostReduction) and red.mode == "only" and red.source.families == ("Wyvern",)


def test_bss_2_7_3_reduction_symbols_treated_as_fulfilled_when_summoning() -> None:
    e = effect("If you have 2 or fewer life, you may treat all of this card's reduction symbols as fulfilled when "
               "summoning this card from your hand.")
    assert isinstance(e, Conditional) and e.condition.kind == "count" and e.condition.player is Player.YOU
    th = e.condition.threshold
    assert (th.stat, th.op, th.value) == ("life", "<=", 2)
    (when,) = e.effects
    assert isinstance(when, Conditional) and (when.condition.kind, when.condition.event) == ("paying", "summoned")
    (opt,) = when.effects
    assert isinstance(opt, Optional) and isinstance(opt.effects[0], CostReduction)
    assert opt.effects[0].mode == "fulfilled"


# ── other Saga constructs ──
def test_bss_8_1_7_summoned_spirits_do_not_have_their_effects_activated() -> None:
    a = one('Summon one spirit card from your trash without paying its cost. Spirits summoned with this effect do '
            'not have their "When Summoned" effects activated.')
    r = a.effects[-1]
    assert isinstance(r, Restriction) and r.action == "activate" and r.object.effect == "when_summoned"
    assert r.target.state == "summoned_by_this_effect"


def test_bss_12_2_1_reveal_a_named_card_from_the_viewed_cards() -> None:
    a = one("View the top four cards of your deck. Reveal one Crimson Keep from the cards you viewed and add it to "
            "your hand.")
    reveal, add = a.effects[1], a.effects[2]
    assert isinstance(reveal, Reveal) and reveal.zone == "selected"
    assert isinstance(add, Move) and (add.target.name, add.target.zone, add.dest) == ("Crimson Keep", "revealed", "hand")


def test_bss_4_6_select_up_to_as_many_as_your_symbols() -> None:
    e = effect("Select up to as many of your opponent's spirits as you have purple symbols and destroy them.")
    assert e.target.up_to and e.target.count is None
    (th,) = e.target.thresholds
    assert (th.stat, th.ref.unit, th.ref.colors) == ("count_per", "symbol", ("purple",))


def test_bss_2_5_3_treated_as_having_all_spirit_types() -> None:
    e = effect("Treat this spirit as having all spirit types.")
    assert isinstance(e, Gain) and e.family == "all" and e.target.self_ref


def test_bss_8_1_7_activate_this_spirits_when_summoned_effect() -> None:
    a = one('When you use a magic card from your hand, activate this spirit\'s "When Summoned" effect after its '
            'effect resolves.')
    e = a.effects[0]
    act = e.effects[0] if isinstance(e, Conditional) else e
    assert isinstance(act, Activate) and act.effect == "when_summoned" and act.target.self_ref


def test_bss_3_7_did_not_lose_life_this_turn() -> None:
    e = effect("If you did not lose life this turn, draw a card.")
    c = e.condition
    assert isinstance(e, Conditional) and (c.kind, c.event, c.window, c.negated) == ("happened", "loses_life",
                                                                                     "this_turn", True)


def test_bss_7_1_5_2_cannot_be_destroyed_by_effects_or_in_battle() -> None:
    e = effect("During this turn, this spirit cannot be destroyed by your opponent's effects or as the result of "
               "battle.")
    assert isinstance(e, Restriction) and (e.action, e.duration) == ("be_destroyed_or_in_battle", Duration.TURN)
    assert (e.by.unit, e.by.owner) == ("effect", Player.OPPONENT)


def test_bss_2_11_that_spirit_and_all_spirits_sharing_a_type_gain_bp() -> None:
    a = one("Select one of your spirits. During this turn, that spirit and all of your spirits with the same spirit "
            "type as that spirit gain 1000 BP.")
    assert [type(e).__name__ for e in a.effects] == ["ModifyStat", "ModifyStat"]
    assert all(e.duration is Duration.TURN and e.amount == 1000 for e in a.effects)


def test_bss_7_1_5_3_life_cannot_be_reduced_during_this_turn() -> None:
    e = effect("During this turn, your life cannot be reduced by that spirit's attacks.")
    assert isinstance(e, Restriction) and (e.action, e.duration) == ("reduce_life", Duration.TURN)


def test_bss_11_18_1_spirits_can_be_linked_when_blocking() -> None:
    e = effect("Your spirits can be linked with a spirit with Link when blocking.")
    assert isinstance(e, Restriction) and (e.mode, e.action) == ("can", "be_linked")


def test_bss_8_1_8_or_select_another_group_then_destroy_them() -> None:
    e = effect("Select two of your opponent's spirits with 2000 or fewer BP. Or, select one of your opponent's "
               "spirits and one of your opponent's nexuses. Destroy them.")
    assert isinstance(e, Modal) and e.count == 1
    first, second = e.options
    assert [x.target.count for x in first] == [2]
    assert [x.target.card_types for x in second] == [("spirit",), ("nexus",)]
    assert all(isinstance(x, Destroy) for x in first + second)


def test_bss_8_5_3_all_spirits_except_some() -> None:
    e = effect("Destroy all spirits except green Wyvern spirits.")
    assert isinstance(e, Destroy) and e.target.count is None
    assert (e.target.excluding.colors, e.target.excluding.families) == (("green",), ("Wyvern",))


def test_bss_2_1_1_all_different_card_names_condition_and_symbols_for_the_battle() -> None:
    a = one("When This Spirit Attacks: Discard the top three cards of your deck. If they all have different card "
            "names, treat this spirit's symbol as two red symbols during this battle.")
    cond = a.effects[-1]
    assert isinstance(cond, Conditional) and cond.condition.kind == "is"
    assert cond.condition.object.distinct == ("card_name",)
    (sym,) = cond.effects
    assert isinstance(sym, SetStat) and (sym.stat, sym.colors, sym.value, sym.duration) == (
        "symbols", ("red",), 2, Duration.BATTLE)


def test_bss_6_7_3_2_when_an_effect_ends_the_attack_step() -> None:
    a = one("During Your Attack Step: When your opponent's effect ends the attack step, draw a card.")
    assert a.condition is not None and a.condition.event == "attack_step_ends"
    assert (a.condition.by.unit, a.condition.by.owner) == ("effect", Player.OPPONENT)


def test_bss_8_5_5_one_core_from_the_void_each_onto_two_cards() -> None:
    a = one("When Summoned: Place one core from the void each onto one of your Wyvern nexuses and this spirit.")
    assert [(m.count, m.source, m.dest) for m in a.effects] == [(1, "void", "spirit"), (1, "void", "spirit")]
    assert a.effects[0].dest_target.families == ("Wyvern",) and a.effects[1].dest_target.self_ref


def test_bss_8_1_4_1_if_you_have_no_such_nexus_on_your_field() -> None:
    e = effect("If you have no Crimson Keep nexuses on your field, draw a card.")
    assert isinstance(e, Conditional) and e.condition.kind == "count"
    assert (e.condition.threshold.op, e.condition.threshold.value) == ("==", 0)
    assert (e.condition.selector.card_types, e.condition.selector.name) == (("nexus",), "Crimson Keep")


def test_bss_8_4_2_2_additional_cost_when_activating_the_main_effect() -> None:
    a = one("When activating this card's main effect, you must return three Wyvern spirit cards with different "
            "names from your trash to the bottom of your deck as an additional cost.")
    assert (a.timing, a.condition.kind, a.condition.object.effect) == ("while_paying_cost", "paying", "main")
    (seq,) = a.effects
    assert seq.connector == "additional_cost" and "8-4-2-2" in cites(seq, "bss")
    (move,) = seq.effects
    assert (move.dest, move.target.count, move.target.zone) == ("deck_bottom", 3, "trash")
    assert move.target.distinct == ("card_name",)


def test_bss_2_5_1_spirit_types_starting_with_a_card_type_word_or_a_bracketed_suffix() -> None:
    e = effect("All of your Spirit Beast spirits gain 1000 BP.")
    assert e.target.families == ("Spirit Beast",)
    e = effect("All of your Kaede (Tentative) spirits gain 1000 BP.")
    assert e.target.families == ("Kaede (Tentative)",)


def test_bss_8_5_3_2_up_to_one_of_each_selection_and_up_to_of_its_cores() -> None:
    a = one("Select up to one of your opponent's spirits and up to one of your opponent's nexuses and destroy them.")
    assert [(d.target.count, d.target.up_to, d.target.card_types) for d in a.effects] == \
        [(1, True, ("spirit",)), (1, True, ("nexus",))]
    e = effect("Select one of your opponent's spirits. Remove up to two of its cores and place them into their reserve.")
    assert isinstance(e, MoveCores) and (e.count, e.up_to, e.dest) == (2, True, "opponent_reserve")


def test_bss_10_4_1_if_you_exhaust_a_spirit_with_this_effect() -> None:
    a = one("Select one of your opponent's spirits and exhaust it. If you exhaust your opponent's spirit with "
            "this effect, draw a card.")
    e = a.effects[-1]
    c = e.condition
    assert isinstance(e, Conditional) and (c.kind, c.event, c.window) == ("happened", "exhausts", "this_effect")
    assert c.object.owner is Player.OPPONENT


def test_bss_2_11_with_n_bp_or_less_and_with_n_or_more_cores() -> None:
    e = effect("Destroy all of your opponent's spirits with 4000 BP or less.")
    assert [(t.stat, t.op, t.value) for t in e.target.thresholds] == [("bp", "<=", 4000)]
    e = effect("Select one of your opponent's spirits with 3 or more cores on it and exhaust it.")
    assert [(t.stat, t.op, t.value) for t in e.target.thresholds] == [("cores", ">=", 3)]


def test_bss_2_10_level_n_or_higher_spirits() -> None:
    e = effect("Select one of your opponent's LV2 or higher spirits and destroy it.")
    assert [(t.stat, t.op, t.value) for t in e.target.thresholds] == [("level", ">=", 2)]


def test_bss_3_4_1_place_this_card_into_your_trash_and_add_the_top_card() -> None:
    e = effect("Place this card into your trash.")
    assert isinstance(e, Move) and e.dest == "trash" and e.target.self_ref
    e = effect("Add the top two cards of your deck to your hand.")
    assert isinstance(e, Move) and (e.dest, e.target.count, e.target.zone) == ("hand", 2, "deck_top")


def test_bss_4_5_2_each_player_draws_and_summon_from_among_them() -> None:
    e = effect("Each player draws two cards.")
    assert (e.count, e.player) == (2, Player.EACH)
    a = one("Reveal the top three cards of your deck. You may summon one spirit card that costs 3 or fewer from "
            "among them without paying its cost.")
    summon = a.effects[-1].effects[0]
    assert summon.free and summon.target.zone == "revealed"


def test_bss_7_1_1_this_spirit_can_attack_while_exhausted() -> None:
    e = effect("This spirit can attack while exhausted during this turn.")
    assert isinstance(e, Restriction) and (e.mode, e.action, e.duration) == ("can", "attack_while_exhausted", Duration.TURN)


def test_bss_2_10_if_this_spirit_is_lv3_and_other_conditions() -> None:
    e = effect("If this spirit is LV3, draw a card.")
    assert isinstance(e, Conditional) and e.condition.kind == "is"
    assert [(t.stat, t.op, t.value) for t in e.condition.object.thresholds] == [("level", "==", 3)]
    e = effect("If there are no cards in your hand, draw two cards.")
    assert (e.condition.kind, e.condition.selector.zone, e.condition.threshold.value) == ("count", "hand", 0)
    e = effect("If this spirit was summoned this turn, draw a card.")
    assert (e.condition.kind, e.condition.event, e.condition.window) == ("happened", "summoned", "this_turn")


def test_bss_11_18_1_when_this_spirit_is_linked_label_and_after_that() -> None:
    a = one("[LV1][LV2] When This Spirit is Linked: Draw a card. After that, discard a card.")
    assert a.timing == "when_linked" and "11-18-1" in cites(a, "bss")
    (seq,) = a.effects
    assert seq.connector == "after_resolves"


def test_bss_8_5_3_select_one_card_or_another_from_the_trash() -> None:
    e = effect("Select one Wyvern spirit card, or one Crimson or Azure nexus card, from your trash and return it to "
               "your hand.")
    assert isinstance(e, Modal)
    (a,), (b,) = e.options
    assert (a.target.families, a.target.zone, a.dest) == (("Wyvern",), "trash", "hand")
    assert (b.target.families, b.target.card_types, b.target.zone) == (("Crimson", "Azure"), ("nexus",), "trash")


def test_bss_10_6_your_opponent_cannot_summon_spirits() -> None:
    e = effect("Your opponent cannot summon spirits during this turn.")
    assert isinstance(e, Restriction) and (e.action, e.player, e.duration) == ("summon", Player.OPPONENT, Duration.TURN)


def test_bss_8_1_8_activate_one_of_the_following_effects_with_bullets() -> None:
    a = one("When This Spirit Attacks: You may discard a card to activate one of the following effects. "
            "Draw two cards. ・Select one of your opponent's spirits and destroy it. Then, draw a card.")
    (opt,) = a.effects
    assert isinstance(opt, Optional) and opt.cost is not None
    (menu,) = opt.effects
    assert isinstance(menu, Modal) and menu.count == 1 and len(menu.options) == 2
    assert menu.options[0][0].count == 2
    (seq,) = menu.options[1]
    assert seq.connector == "then" and isinstance(seq.effects[0], Destroy)


def test_bss_8_1_8_following_effects_without_bullets_are_one_sentence_each() -> None:
    e = effect("Activate one of the following effects. Draw a card. Refresh this spirit.")
    assert isinstance(e, Modal) and [type(o[0]).__name__ for o in e.options] == ["Draw", "SetState"]


def test_bss_10_13_1_gain_two_keywords_at_once() -> None:
    a = one("All of your spirits gain Luster and Blessed during this turn.")
    assert [(e.keyword.name, e.duration) for e in a.effects] == [("Luster", Duration.TURN), ("Blessed", Duration.TURN)]


def test_bss_8_5_6_your_opponent_places_cores_from_their_life() -> None:
    e = effect("Your opponent places two cores from their life into their trash.")
    assert isinstance(e, MoveCores)
    assert (e.count, e.source, e.dest, e.player) == (2, "opponent_life", "opponent_trash", Player.OPPONENT)


def test_bss_8_1_5_1_label_printed_without_a_colon_names_the_timing() -> None:
    a = one("[LV1][LV2] When Summoned Draw a card.")
    assert (a.kind, a.timing, a.timing_text) == (AbilityKind.TRIGGERED, "when_summoned", "When Summoned")


def test_bss_11_18_1_link_it_to_a_spirit_ignoring_the_link_requirement() -> None:
    a = one("When you summon a Wyvern spirit card, select one of your spirits. You may also link it to a spirit "
            "with Link, ignoring the link requirement.")
    (opt,) = a.effects
    (link,) = opt.effects
    assert isinstance(link, LinkTo) and link.ignore_condition and link.to.with_keyword == "Link"
    assert link.target.owner is Player.YOU and "11-18-1" in cites(link, "bss")


def test_bss_8_9_1_keep_it_on_the_field_instead_and_then_more() -> None:
    a = one("When this spirit would be destroyed, you may pay one core to keep it on the field exhausted instead "
            "and draw a card.")
    assert a.condition.kind == "would"
    (sub,) = a.effects
    assert isinstance(sub, Conditional) and sub.instead
    (opt,) = sub.effects
    assert [type(e).__name__ for e in opt.effects] == ["Move", "Draw"] and opt.effects[0].dest == "field"


def test_bss_2_11_bp_higher_than_the_blocking_spirits_by_a_margin() -> None:
    a = one("When one of your Wyvern spirits is blocked, if its BP is higher than the blocking spirit's BP by 3000 "
            "or more, draw a card.")
    (cond,) = a.effects
    (th,) = cond.condition.object.thresholds
    assert (cond.condition.kind, th.stat, th.op, th.value, th.ref.state) == ("is", "bp", ">=", 3000, "blocking")


def test_bss_2_8_cards_that_do_not_share_a_color_with_the_symbols_on_the_field() -> None:
    a = one("Return all magic cards in your trash that do not share a color with any of the symbols on your field "
            "to your hand.")
    (move,) = a.effects
    (th,) = move.target.thresholds
    assert (th.stat, th.op, th.value, th.ref.unit, th.ref.owner) == ("shared_colors", "==", 0, "symbol", Player.YOU)
