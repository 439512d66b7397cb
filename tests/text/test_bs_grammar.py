"""Battle Spirits card text → AST: one sentence, one expected tree, named after the clause."""

from __future__ import annotations

import pytest
from text_helpers import bs_effect as effect
from text_helpers import bs_one as one

from judge.text.ast import (
    AbilityKind,
    Activate,
    Conditional,
    Deploy,
    Destroy,
    Discard,
    Draw,
    Duration,
    Gain,
    ModifyStat,
    Move,
    MoveCores,
    Optional,
    Player,
    Restriction,
    Reveal,
    Selector,
    Sequence,
    SetLevel,
    SetState,
)
from judge.text.parse import parse_text


def test_bss_2_10_2_level_band_and_when_summoned_label() -> None:
    a = one("[LV1][LV2] When Summoned: Draw a card.")
    assert (a.kind, a.levels, a.timing, a.timing_text) == (AbilityKind.TRIGGERED, (1, 2), "when_summoned", "When Summoned")
    assert a.effects == (Draw(count=1, span=a.effects[0].span),)


def test_bss_10_14_1_select_then_destroy_it_resolves_the_pronoun() -> None:
    e = effect("Select one of your opponent's spirits with 3000 or fewer BP and destroy it.")
    assert isinstance(e, Destroy)
    t = e.target
    assert (t.count, t.owner, t.card_types) == (1, Player.OPPONENT, ("spirit",))
    assert [(th.stat, th.op, th.value) for th in t.thresholds] == [("bp", "<=", 3000)]


def test_bss_8_5_3_2_up_to_count() -> None:
    e = effect("Select up to two of your spirits and refresh them.")
    assert isinstance(e, SetState) and e.state == "refreshed"
    assert (e.target.count, e.target.up_to, e.target.owner) == (2, True, Player.YOU)


def test_bss_10_13_1_with_keyword_selector() -> None:
    e = effect("Select one of your spirits with 【Armor】 and exhaust it.")
    assert e.target.with_keyword == "Armor" and e.state == "exhausted"


def test_bss_2_6_cost_threshold_and_colour_and_family() -> None:
    e = effect("Select one of your opponent's red Dragonoid spirits that costs 4 or fewer and destroy it.")
    t = e.target
    assert t.colors == ("red",) and t.families == ("Dragonoid",)
    assert [(th.stat, th.op, th.value) for th in t.thresholds] == [("cost", "<=", 4)]


def test_bss_4_5_3_draw_n_cards_then_discard_is_a_sequence() -> None:
    e = effect("Draw two cards. Then, discard a card.")
    assert isinstance(e, Sequence) and e.connector == "then"
    assert isinstance(e.effects[0], Draw) and e.effects[0].count == 2
    assert isinstance(e.effects[1], Discard) and e.effects[1].count == 1


def test_bs_5_19_3_after_this_effect_resolves() -> None:
    e = effect("Draw a card. After this effect resolves, discard a card.", "bs")
    assert isinstance(e, Sequence) and e.connector == "after_resolves"


def test_bss_10_2_1_discard_from_the_top_of_the_deck() -> None:
    e = effect("Discard the top three cards of your opponent's deck.")
    assert isinstance(e, Discard) and e.count == 3 and e.player is Player.OPPONENT
    assert e.target.zone == "deck_top"


def test_bss_3_9_1_core_from_the_void_into_your_reserve() -> None:
    e = effect("Place two cores from the void into your reserve.")
    assert isinstance(e, MoveCores) and (e.count, e.source, e.dest) == (2, "void", "reserve")


def test_bss_3_5_5_remove_core_from_selected_spirit_into_their_reserve() -> None:
    e = effect("Select one of your opponent's spirits. Remove a core from it and place it into their reserve.")
    assert isinstance(e, MoveCores) and (e.count, e.source, e.dest) == (1, "spirit", "opponent_reserve")
    assert e.source_target.owner is Player.OPPONENT


def test_bss_8_8_1_3_5_bp_gain_during_this_turn() -> None:
    e = effect("Select a spirit. It gains 3000 BP during this turn.")
    assert isinstance(e, ModifyStat) and (e.stat, e.amount, e.duration) == ("bp", 3000, Duration.TURN)


def test_bss_8_8_1_3_5_bp_reduction_during_this_battle() -> None:
    e = effect("Select one of your opponent's spirits. Reduce its BP by 2000 during this battle.")
    assert isinstance(e, ModifyStat) and (e.amount, e.duration) == (-2000, Duration.BATTLE)


def test_bss_8_2_2_2_leading_duration_applies_to_the_sentence() -> None:
    e = effect("During this turn, all of your spirits gain 1000 BP.")
    assert isinstance(e, ModifyStat) and e.duration is Duration.TURN and e.target.count is None


def test_bss_8_4_1_you_may_cost_to_effect() -> None:
    e = effect("You may exhaust one of your nexuses to draw a card.")
    assert isinstance(e, Optional) and isinstance(e.effects[0], Draw)
    assert isinstance(e.cost.effects[0], SetState) and e.cost.effects[0].target.card_types == ("nexus",)


def test_bss_8_1_8_you_may_is_optional() -> None:
    e = effect("You may summon a spirit card that costs 3 or fewer from your hand without paying its cost.")
    assert isinstance(e, Optional)
    d = e.effects[0]
    assert isinstance(d, Deploy) and d.verb == "summon" and d.free and d.target.zone == "hand"


def test_bs_5_19_2_if_condition_guards_the_effect() -> None:
    e = effect("If you control a Dragon spirit, draw a card.", "bs")
    assert isinstance(e, Conditional) and e.condition.kind == "count"
    assert e.condition.selector.families == ("Dragon",) and e.condition.player is Player.YOU
    th = e.condition.threshold
    assert (th.stat, th.op, th.value) == ("count", ">=", 1)


def test_bss_8_9_1_instead_is_a_substitution() -> None:
    e = effect("If you control a nexus, draw two cards instead.")
    assert isinstance(e, Conditional) and e.instead


def test_bss_4_2_4_return_to_owners_hand_and_deck_bottom() -> None:
    e = effect("Select one of your opponent's spirits and return it to their hand.")
    assert isinstance(e, Move) and e.dest == "hand"
    e = effect("Select one of your opponent's spirits and return it to the bottom of their deck.")
    assert e.dest == "deck_bottom"


def test_bss_12_2_1_reveal_then_add_from_the_revealed_cards() -> None:
    a = one("Reveal the top three cards of your deck. Add one magic card from the revealed cards to your hand.")
    reveal, add = a.effects
    assert isinstance(reveal, Reveal) and reveal.count == 3
    assert isinstance(add, Move) and add.dest == "hand" and add.target.zone == "revealed"


def test_bss_10_13_gain_keyword_for_the_turn() -> None:
    e = effect("This spirit gains 【Gale: 1】 during this turn.")
    assert isinstance(e, Gain) and e.keyword.name == "Gale" and e.keyword.params == ("1",)
    assert e.target.self_ref and e.duration is Duration.TURN


def test_bss_1_3_3_cannot_restriction_with_source() -> None:
    e = effect("Your white spirits cannot be selected by the effects of your opponent's magic.")
    assert isinstance(e, Restriction) and (e.mode, e.action) == ("cannot", "be_selected")
    assert e.target.colors == ("white",)


def test_bss_8_8_1_3_2_treat_as_level() -> None:
    e = effect("Select one of your opponent's spirits. Treat it as LV1 during this turn.")
    assert isinstance(e, SetLevel) and e.level == 1 and e.duration is Duration.TURN


def test_bss_11_15_chain_continuation_is_conditional_on_the_colour() -> None:
    a = one("When Summoned: Draw a card. Chain Red: Select one of your opponent's spirits and destroy it.")
    chain = a.effects[-1]
    assert isinstance(chain, Conditional) and chain.condition.kind == "chain" and chain.condition.text == "Chain Red"
    assert isinstance(chain.effects[0], Destroy)


def test_bss_10_9_burst_line_with_pay_cost() -> None:
    a = one("[Burst] When You Lose Life: Draw a card. You may then pay this card's cost to activate its flash effect.")
    assert a.kind is AbilityKind.BURST and a.timing == "burst_when_you_lose_life"
    pay = a.effects[1]              # BSS 10-9-2: may then activate its flash effect, paying its cost
    assert isinstance(pay, Optional) and pay.effects == (Activate(step="flash", pay_cost=True, span=pay.effects[0].span,
                                                                  target=pay.effects[0].target),)
    assert pay.effects[0].target.self_ref


def test_bss_8_1_5_1_event_in_the_text_makes_a_triggered_ability() -> None:
    a = one("[LV2] When one of your Undead spirits is destroyed, draw a card.")
    assert a.kind is AbilityKind.TRIGGERED and a.timing == "event" and a.condition.kind == "event"


def test_bs_12_3_1_once_per_turn_tag() -> None:
    a = one("[LV2] [Once per turn] When This Spirit Attacks: Draw a card.", "bs")
    assert a.restrictions == ("once_per_turn",) and a.timing == "when_attacks"


@pytest.mark.parametrize(("text", "name", "params"), [
    ("【Armor: Red/Purple】", "Armor", ("red", "purple")),
    ("【Gale: 2】", "Gale", ("2",)),
    ("【Crush: +1】", "Crush", ("+1",)),
    ("【Raid: 1】", "Raid", ("1",)),
    ("【Immortal: 4/5】", "Immortal", ("4", "5")),
    ("【Link: 4】", "Link", ("4",)),
    ("【Ascend: Shadow/Nightling】", "Ascend", ("Shadow", "Nightling")),
    ("【A.T. Field】", "A.T. Field", ()),
    ("【Confront】", "Confront", ()),
])
def test_bss_11_keyword_with_parameters(text: str, name: str, params: tuple) -> None:
    a = one(text)
    assert a.kind is AbilityKind.KEYWORD and (a.keyword.name, a.keyword.params) == (name, params)


def test_bss_11_14_2_keyword_with_an_active_timing() -> None:
    a = one("[LV1][LV2] During Opponent's Turn: 【Astral】")
    assert a.keyword.name == "Astral" and a.timing_text == "During Opponent's Turn"


def test_bss_4_6_per_multiplies_the_amount() -> None:
    e = effect("This spirit gains 1000 BP for each nexus you control.")
    assert isinstance(e, ModifyStat) and e.per.card_types == ("nexus",)


def test_spans_point_into_the_original_text() -> None:
    text = "Draw a card.\n[LV2] When Summoned: Select one of your spirits and refresh it."
    a = parse_text(text, "bss").abilities[1]
    e = a.effects[0]
    assert text[e.span.start:e.span.end] == "refresh it"
    assert text[e.target.span.start:e.target.span.end] == "one of your spirits"


def test_unparsed_sentence_is_reported_with_its_position_and_the_rest_kept() -> None:
    text = "Draw a card.\nWhen Summoned: Frobnicate the spirit. Draw a card."
    r = parse_text(text, "bss")
    assert len(r.abilities) == 2 and not r.ok          # the second line is read in part (issue 20.4)
    (u,) = r.unparsed
    assert text[u.start:u.end] == u.text == "Frobnicate the spirit." and u.expected
    assert [type(e).__name__ for e in r.abilities[1].effects] == ["Unread", "Draw"]


def test_no_catch_all_unknown_words_are_never_parsed() -> None:
    assert not parse_text("Select one of your opponent's spirits and frobnicate it.", "bss").ok
    assert not parse_text("Draw a card and then some.", "bss").ok


def test_selector_json_has_cites_for_up_to() -> None:
    from judge.text.ast import to_json
    from judge.text.links import cites

    e = effect("Select up to two of your spirits and refresh them.")
    data = to_json(e, lambda n: cites(n, "bss"))
    assert data["kind"] == "set_state" and "10-3-1" in data["cites"]
    assert "8-5-3-2" in data["target"]["cites"]
    assert isinstance(e.target, Selector)


def test_bss_8_1_8_a_choice_between_directives_is_modal() -> None:
    from judge.text.ast import Modal

    e = effect("Discard that card or return it to the top of your deck.")
    assert isinstance(e, Modal) and e.count == 1 and len(e.options) == 2
    assert isinstance(e.options[0][0], Discard) and isinstance(e.options[1][0], Move)


def test_bss_8_8_1_3_4_assigning_a_cost() -> None:
    from judge.text.ast import SetStat

    e = effect("Treat this spirit as though it costs 5.")
    assert isinstance(e, SetStat) and (e.stat, e.value) == ("cost", 5) and e.target.self_ref


def test_bs_5_19_5_must_is_an_obligation() -> None:
    e = effect("This spirit must attack if able.", "bs")
    assert isinstance(e, Restriction) and (e.mode, e.action) == ("must", "attack")


def test_bss_7_1_3_1_permission_to_block_while_exhausted() -> None:
    e = effect("This spirit can block while exhausted during this turn.")
    assert isinstance(e, Restriction) and (e.mode, e.action, e.duration) == ("can", "block_while_exhausted", Duration.TURN)


def test_bss_8_9_1_would_be_destroyed_is_a_substitution_event() -> None:
    a = one("When this spirit would be destroyed, you may exhaust this nexus to draw a card.")
    assert a.condition.kind == "would" and isinstance(a.effects[0], Optional)


def test_bss_4_6_for_each_on_a_selection_sets_the_count_per_item() -> None:
    a = one("Select one of your opponent's spirits for each nexus you control. Destroy them.")
    (destroy,) = a.effects
    assert isinstance(destroy, Destroy) and destroy.target.owner is Player.OPPONENT
    (per,) = destroy.target.thresholds
    assert (per.stat, per.value) == ("count_per", 1) and per.ref.card_types == ("nexus",)


def test_bss_10_2_discard_from_the_top_equal_to_a_cost_is_per_that_cost() -> None:
    e = effect("Discard a number of cards from the top of your opponent's deck equal to its cost.")
    assert isinstance(e, Discard) and e.player is Player.OPPONENT
    assert e.equal_to.stat == "cost" and e.target.zone == "deck_top"


def test_bss_8_1_5_1_effect_as_the_actor_of_an_event() -> None:
    a = one("When one of your effects exhausts one of your opponent's spirits, draw a card.")
    assert a.kind is AbilityKind.TRIGGERED and a.condition.kind == "event"


def test_bss_11_8_1_ascend_condition() -> None:
    e = effect("If this spirit performs Ascend using a spirit that costs 6 or more, draw a card.")
    assert isinstance(e, Conditional) and (e.condition.kind, e.condition.event) == ("happened", "ascends")
    assert e.condition.selector.self_ref
    assert [(t.stat, t.op, t.value) for t in e.condition.object.thresholds] == [("cost", ">=", 6)]


def test_bss_1_3_6_relative_threshold_refers_to_another_card() -> None:
    e = effect("Select one of your opponent's spirits with BP equal to or fewer than this spirit and destroy it.")
    (th,) = e.target.thresholds
    assert (th.stat, th.op) == ("bp", "<=") and th.ref.self_ref


def test_bss_8_5_3_selecting_two_kinds_applies_the_directive_to_each() -> None:
    a = one("Select one of your opponent's spirits and one of your opponent's nexuses and destroy them.")
    assert [type(e) for e in a.effects] == [Destroy, Destroy]
    assert [e.target.card_types for e in a.effects] == [("spirit",), ("nexus",)]


def test_bss_8_5_3_selecting_one_kind_or_another_is_a_choice() -> None:
    from judge.text.ast import Modal

    e = effect("Select one of your opponent's spirits or one of your opponent's nexuses and destroy it.")
    assert isinstance(e, Modal) and [o[0].target.card_types for o in e.options] == [("spirit",), ("nexus",)]


def test_bss_2_5_a_multi_word_family_is_one_family() -> None:
    e = effect("All of your Star Dragon spirits gain 1000 BP.")
    assert e.target.families == ("Star Dragon",)
    e = effect("Select one of your Carapite or Insectoid spirits and refresh it.")
    assert e.target.families == ("Carapite", "Insectoid")


def test_bss_2_7_3_symbols_counted_as_two_when_reducing_cost() -> None:
    from judge.text.ast import SetStat

    a = one("While summoning a Dragonoid spirit from your hand, treat this spirit's symbol as two red symbols.")
    assert a.kind is AbilityKind.CONSTANT and a.timing == "while_paying_cost"
    assert (a.condition.kind, a.condition.event) == ("paying", "summoned")
    assert (a.condition.selector.families, a.condition.selector.zone) == (("Dragonoid",), "hand")
    (e,) = a.effects
    assert isinstance(e, SetStat) and (e.stat, e.value, e.colors) == ("symbols", 2, ("red",)) and e.target.self_ref


def test_bss_10_5_1_keep_it_on_the_field_instead() -> None:
    a = one("When this spirit would be destroyed, you may exhaust this nexus to keep it on the field exhausted instead.")
    (substitution,) = a.effects
    assert isinstance(substitution, Conditional) and substitution.instead
    (opt,) = substitution.effects
    (kept,) = opt.effects
    assert isinstance(kept, Move) and kept.dest == "field" and kept.target.state == "exhausted"


def test_bss_2_5_gaining_a_family() -> None:
    e = effect("All of your spirits gain Dragonoid spirit type during this turn.")
    assert isinstance(e, Gain) and e.family == "Dragonoid" and e.duration is Duration.TURN


def test_bss_8_4_1_a_required_cost_before_to() -> None:
    e = effect("Discard three cards from the top of your deck to place a core from your reserve into your life.")
    assert isinstance(e, Sequence) and e.connector == "to"
    assert isinstance(e.effects[0], Discard) and isinstance(e.effects[1], MoveCores)


def test_bss_8_5_3_2_any_number_with_a_combined_total() -> None:
    e = effect("Select any number of your opponent's spirits with a combined total of 10,000 or fewer BP and destroy them.")
    (th,) = e.target.thresholds
    assert (e.target.count, e.target.up_to) == (None, True)
    assert (th.stat, th.op, th.value) == ("total_bp", "<=", 10000)


def test_bss_8_5_5_a_core_placed_without_a_source_may_come_from_any_area() -> None:
    e = effect("Place a core onto this spirit.")
    assert isinstance(e, MoveCores) and (e.source, e.dest) == ("any", "spirit") and e.dest_target.self_ref


def test_bs_5_16_1_heavy_exhaust() -> None:
    e = effect("Heavy exhaust one of your opponent's spirits.", "bs")
    assert isinstance(e, SetState) and e.state == "heavy_exhausted"
    from judge.text.links import cites

    assert "5-16-1" in cites(e, "bs")


def test_bs_4_9_remove_from_the_game() -> None:
    e = effect("Select one of your opponent's spirits and remove it from the game.", "bs")
    assert isinstance(e, Move) and e.dest == "removed" and e.target.owner is Player.OPPONENT


def test_bss_1_3_3_the_opponent_cannot_draw() -> None:
    e = effect("Your opponent cannot draw cards during this turn.")
    assert isinstance(e, Restriction) and (e.action, e.player, e.duration) == ("draw", Player.OPPONENT, Duration.TURN)


def test_bss_3_6_send_and_move_are_core_movements() -> None:
    e = effect("Send one core from your opponent's life to their reserve.")
    assert isinstance(e, MoveCores) and (e.source, e.dest) == ("opponent_life", "opponent_reserve")


def test_bss_10_10_1_attack_a_selected_spirit() -> None:
    from judge.text.ast import Attack

    a = one("You may select one of your opponent's exhausted spirits and attack it.")
    (opt,) = a.effects
    (attack,) = opt.effects
    assert isinstance(attack, Attack) and attack.target.state == "exhausted"
