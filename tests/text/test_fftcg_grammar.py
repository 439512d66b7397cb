"""FFTCG card text → AST: one sentence of our own per construct, one expected tree, the clause named.

Every sentence here is written for these tests in the official templating; none is a real card.
"""

from __future__ import annotations

import pytest

from judge.text.ast import (
    Ability,
    AbilityKind,
    AlternativeCost,
    Cancel,
    Conditional,
    CostChange,
    Counters,
    Damage,
    Delayed,
    Deploy,
    Destroy,
    Discard,
    Draw,
    Duration,
    Gain,
    GainCrystal,
    Keyword,
    Modal,
    ModifyStat,
    Move,
    Optional,
    Pay,
    Player,
    Restriction,
    Reveal,
    Search,
    Selector,
    Sequence,
    SetState,
    Threshold,
)
from judge.text.parse import parse_text


def one(text: str) -> Ability:
    result = parse_text(text, "fftcg")
    assert result.ok, result.unparsed
    assert len(result.abilities) == 1
    return result.abilities[0]


def sel(**kw) -> Selector:
    """A selector as the grammar builds it, without its span (compared field by field)."""
    return Selector(**kw)


def same(a: Selector, b: Selector) -> None:
    from dataclasses import replace

    assert replace(a, span=None) == replace(b, span=None)


# ---------------------------------------------------------------------- keyword abilities (15.2)
@pytest.mark.parametrize(("text", "name"), [
    ("Haste", "Haste"), ("Brave", "Brave"), ("First Strike", "First Strike"), ("Back Attack", "Back Attack"),
])
def test_fftcg_15_2_keyword_line_is_a_keyword_ability(text: str, name: str) -> None:
    ability = one(text)
    assert ability.kind is AbilityKind.KEYWORD and ability.keyword.name == name


def test_fftcg_15_2_two_keywords_on_one_line_give_both() -> None:
    ability = one("Haste First Strike")
    assert [e.keyword.name for e in ability.effects] == ["Haste", "First Strike"]
    assert all(isinstance(e, Gain) and e.duration is Duration.PERMANENT for e in ability.effects)


def test_fftcg_15_2_7_2_warp_has_its_number_and_cost() -> None:
    ability = one("[[i]]Warp 3 --[[/]] 《風》《1》")
    assert ability.keyword.name == "Warp" and ability.keyword.params == ("3",)
    assert ability.cost.cp == ("wind", "1")


def test_fftcg_15_2_8_2_limit_break_has_its_number() -> None:
    assert one("[[i]]Limit Break -- 3[[/]]").keyword == Keyword("Limit Break", ("3",),
                                                                 span=one("[[i]]Limit Break -- 3[[/]]").keyword.span)


def test_fftcg_15_2_9_2_priming_names_the_card_and_cost() -> None:
    ability = one('[[i]]Priming "Garnet, Summoner" --[[/]] 《水》《2》')
    assert ability.keyword.name == "Priming" and ability.keyword.params == ("Garnet, Summoner",)
    assert ability.cost.cp == ("water", "2")


def test_fftcg_15_2_6_damage_label_is_a_condition_on_the_ability() -> None:
    ability = one("[[i]]Damage 5 --[[/]] Orla gains +2000 power.")
    assert ability.condition.threshold == Threshold("damage", ">=", 5)
    assert isinstance(ability.effects[0], ModifyStat) and ability.effects[0].amount == 2000


# ---------------------------------------------------------------------- action and special abilities
def test_fftcg_11_6_2_action_ability_cost_colon_effect() -> None:
    ability = one("《火》《火》《ダル》: Choose 1 Forward. Deal it 5000 damage.")
    assert ability.kind is AbilityKind.ACTION
    assert ability.cost.cp == ("fire", "fire") and ability.cost.dull_self
    damage = ability.effects[0]
    assert isinstance(damage, Damage) and damage.amount == 5000
    same(damage.target, sel(card_types=("forward",), choose="choose"))


def test_fftcg_11_6_2_3_putting_itself_into_the_break_zone_is_a_cost() -> None:
    ability = one("《1》《ダル》, put Orla into the Break Zone: Draw 2 cards.")
    assert ability.cost.cp == ("1",) and ability.cost.dull_self
    (move,) = ability.cost.effects
    assert isinstance(move, Move) and move.dest == "break" and move.target.self_ref
    assert ability.effects[0] == Draw(count=2, span=ability.effects[0].span)


def test_fftcg_11_7_2_special_ability_keeps_its_name() -> None:
    ability = one("[[s]]Ember Lance[[/]] 《S》《火》《ダル》: Choose 1 Forward opponent controls. Break it.")
    assert ability.kind is AbilityKind.SPECIAL and ability.name == "Ember Lance"
    assert ability.cost.special and ability.cost.cp == ("fire",)
    same(ability.effects[0].target, sel(card_types=("forward",), owner=Player.OPPONENT, choose="choose"))


def test_fftcg_11_6_use_limit_once_per_turn() -> None:
    ability = one("《0》: Orla gains +1000 power until the end of the turn. You can only use this ability once per turn.")
    assert ability.restrictions == ("once_per_turn",)
    assert ability.effects[0].duration is Duration.TURN


def test_fftcg_6_8_1_crystal_cost_and_gain() -> None:
    assert one("《C》《C》: Draw 1 card.").cost.crystal == 2
    assert isinstance(one("When Orla enters the field, gain 《C》.").effects[0], GainCrystal)


# ---------------------------------------------------------------------- auto-abilities (11.8)
@pytest.mark.parametrize(("text", "timing"), [
    ("When Orla enters the field, draw 1 card.", "enters_field"),
    ("When Orla attacks, draw 1 card.", "attacks"),
    ("When Orla blocks, draw 1 card.", "blocks"),
    ("When Orla is put from the field into the Break Zone, draw 1 card.", "put_into_break_zone"),
    ("When Orla deals damage to your opponent, draw 1 card.", "deals_damage"),
    ("When Orla forms a party and attacks, draw 1 card.", "forms_party"),
    ("When Orla leaves the field, draw 1 card.", "leaves_field"),
])
def test_fftcg_11_8_2_trigger_conditions(text: str, timing: str) -> None:
    ability = one(text)
    assert ability.kind is AbilityKind.AUTO and ability.timing == timing
    assert ability.effects == (Draw(count=1, span=ability.effects[0].span),)


def test_fftcg_11_8_2_at_the_beginning_of_the_attack_phase() -> None:
    ability = one("At the beginning of the Attack Phase during each of your turns, draw 1 card.")
    assert ability.kind is AbilityKind.AUTO and ability.timing == "beginning_of_attack"


def test_fftcg_11_10_ex_burst_marks_the_auto_ability() -> None:
    ability = one("[[ex]]EX BURST[[/]] When Orla enters the field, choose 1 Backup. Dull it.")
    assert "ex_burst" in ability.restrictions
    assert ability.effects[0] == SetState(state="dull", target=ability.effects[0].target, span=ability.effects[0].span)


def test_fftcg_11_8_13_if_inside_an_auto_ability_is_a_conditional() -> None:
    ability = one("When Orla enters the field, if you control 3 or more Backups, draw 1 card.")
    cond = ability.effects[0]
    assert isinstance(cond, Conditional) and cond.condition.kind == "control"
    assert cond.condition.selector.thresholds == (Threshold("count", ">=", 3),)
    assert cond.condition.selector.card_types == ("backup",)


def test_fftcg_11_8_17_when_you_do_so_is_a_delayed_auto_ability() -> None:
    ability = one("When Orla enters the field, you may pay 《2》. When you do so, choose 1 Forward. Break it.")
    optional, delayed = ability.effects
    assert isinstance(optional, Optional) and isinstance(optional.effects[0], Pay)
    assert isinstance(delayed, Delayed) and delayed.timing == "when_do_so"
    assert isinstance(delayed.effects[0], Destroy) and delayed.effects[0].target.choose == "choose"


# ---------------------------------------------------------------------- selectors (11.6.5, 5.2, 6.2)
def test_fftcg_11_6_5_up_to_n_forwards_of_cost_n_or_less() -> None:
    ability = one("Choose up to 2 Forwards of cost 3 or less opponent controls. Return them to their owners' hands.")
    move = ability.effects[0]
    assert isinstance(move, Move) and move.dest == "hand"
    same(move.target, sel(count=2, up_to=True, card_types=("forward",), owner=Player.OPPONENT,
                          thresholds=(Threshold("cost", "<=", 3),), choose="choose"))


def test_fftcg_6_6_2_job_card_name_and_category_references() -> None:
    ability = one("Choose 1 [[i]]Job Sky Knight[[/]] Forward other than Orla. It gains Haste until the end of the turn.")
    gain = ability.effects[0]
    assert gain.target.families == ("Sky Knight",) and gain.target.other and gain.keyword.name == "Haste"
    search = one("When Orla enters the field, you may search for 1 [[i]]Card Name Pell[[/]] and add it to your "
                 "hand.").effects[0].effects[0]
    assert isinstance(search, Search) and search.target.name == "Pell" and search.dest == "hand"
    assert one("The [[i]]Category XXI[[/]] Forwards you control gain +1000 power.").effects[0].target.categories \
        == ("XXI",)


def test_fftcg_5_2_1_1_element_and_power_thresholds() -> None:
    target = one("Choose 1 Water Forward with 5000 power or less. Break it.").effects[0].target
    assert target.colors == ("water",) and target.thresholds == (Threshold("power", "<=", 5000),)


def test_fftcg_6_3_status_qualifiers() -> None:
    assert one("Choose 1 dull Forward. Break it.").effects[0].target.state == "dull"
    assert one("Choose 1 active Backup. Dull it.").effects[0].target.state == "active"


# ---------------------------------------------------------------------- directives (15.1.1)
@pytest.mark.parametrize(("text", "kind", "field", "value"), [
    ("Choose 1 Forward. Dull it and Freeze it.", SetState, "state", "dull"),
    ("Choose 1 Character. Activate it.", SetState, "state", "active"),
    ("Choose 1 Monster. Remove it from the game.", Move, "dest", "removed"),
    ("Choose 1 Forward. Put it at the bottom of its owner's deck.", Move, "dest", "deck_bottom"),
    ("Choose 1 Summon in your Break Zone. Add it to your hand.", Move, "dest", "hand"),
    ("Choose 1 Forward of cost 2 in your Break Zone. Play it onto the field.", Deploy, "verb", "play"),
    ("Cast 1 Summon of cost 2 or less from your hand without paying the cost.", Deploy, "verb", "cast"),
    ("Your opponent discards 2 cards from their hand.", Discard, "player", Player.OPPONENT),
    ("Reveal the top 3 cards of your deck.", Reveal, "count", 3),
])
def test_fftcg_15_1_1_keyword_actions(text: str, kind: type, field: str, value: object) -> None:
    effect = one(text).effects[0]
    assert isinstance(effect, kind) and getattr(effect, field) == value


def test_fftcg_6_5_deal_damage_to_all_forwards_opponent_controls() -> None:
    damage = one("Deal 4000 damage to all the Forwards opponent controls.").effects[0]
    assert damage.amount == 4000
    same(damage.target, sel(count=None, card_types=("forward",), owner=Player.OPPONENT))


def test_fftcg_4_damage_for_each_card_you_control() -> None:
    damage = one("Choose 1 Forward. Deal it 1000 damage for each Backup you control.").effects[0]
    assert damage.per.card_types == ("backup",) and damage.per.owner is Player.YOU


def test_fftcg_11_11_2_cancel_its_effect() -> None:
    (cancel,) = one("Choose 1 Summon. Cancel its effect.").effects
    assert isinstance(cancel, Cancel)
    same(cancel.target, sel(card_types=("summon",), choose="choose"))


def test_fftcg_6_7_counters_are_placed_by_name() -> None:
    counters = one("When Orla attacks, place 1 Spark Counter on Orla.").effects[0]
    assert counters == Counters(name="Spark", count=1, target=counters.target, span=counters.span)


# ---------------------------------------------------------------------- statements and sequencing
def test_fftcg_11_12_4_1_until_the_end_of_the_turn_power_and_keywords() -> None:
    effects = one("Choose 1 Forward. Until the end of the turn, it gains +2000 power, Haste and Brave.").effects
    power, haste, brave = effects
    assert isinstance(power, ModifyStat) and power.amount == 2000 and power.duration is Duration.TURN
    assert (haste.keyword.name, brave.keyword.name) == ("Haste", "Brave")


def test_fftcg_11_9_field_ability_cannot_be_chosen() -> None:
    ability = one("Orla cannot be chosen by your opponent's Summons.")
    assert ability.kind is AbilityKind.FIELD
    by = Selector(count=None, card_types=("summon",), owner=Player.OPPONENT, span=ability.effects[0].by.span)
    assert ability.effects[0] == Restriction(mode="cannot", action="be_chosen", target=ability.effects[0].target,
                                             duration=Duration.PERMANENT, by=by, span=ability.effects[0].span)


def test_fftcg_11_4_4_cost_reduction_per_card() -> None:
    change = one("The cost required to cast Orla is reduced by 1 for each Backup you control.").effects[0]
    assert isinstance(change, CostChange) and change.amount == -1 and change.per.card_types == ("backup",)


def test_fftcg_11_11_5_then_orders_dependent_effects() -> None:
    seq = one("When Orla enters the field, draw 2 cards, then discard 1 card.").effects[0]
    assert isinstance(seq, Sequence) and seq.connector == "then"
    assert [type(e) for e in seq.effects] == [Draw, Discard]


def test_fftcg_11_12_5_2_instead_is_a_replacement() -> None:
    ability = one("Choose 1 Forward. Deal it 3000 damage. If you control a [[i]]Job Ranger[[/]], deal it 6000 damage "
                  "instead.")
    cond = ability.effects[1]
    assert isinstance(cond, Conditional) and cond.instead and cond.effects[0].amount == 6000


def test_fftcg_11_6_6_select_one_of_the_following_actions() -> None:
    modal = one('Select 1 of the 2 following actions.\n"Choose 1 Forward. Break it."\n"Draw 2 cards."').effects[0]
    assert isinstance(modal, Modal) and modal.count == 1 and len(modal.options) == 2
    assert isinstance(modal.options[0][0], Destroy) and isinstance(modal.options[1][0], Draw)


def test_fftcg_11_5_granted_quoted_ability() -> None:
    gain = one('Choose 1 Forward. It gains "When this Forward attacks, draw 1 card." until the end of the turn.'
               ).effects[0]
    assert isinstance(gain, Gain) and gain.ability.kind is AbilityKind.AUTO and gain.duration is Duration.TURN


def test_fftcg_11_3_summon_text_is_a_summon_effect() -> None:
    assert one("Choose 1 Forward. Deal it 7000 damage.").kind is AbilityKind.SUMMON


def test_fftcg_5_2_4_1_own_name_refers_to_itself() -> None:
    ability = one("When Sergeant Brisk attacks, Sergeant Brisk gains +1000 power until the end of the turn.")
    assert ability.effects[0].target.self_ref


def test_fftcg_unparsed_sentence_is_reported_with_its_span() -> None:
    text = "Haste\nWhen Orla enters the field, juggle 3 oranges."
    result = parse_text(text, "fftcg")
    assert [a.kind for a in result.abilities] == [AbilityKind.KEYWORD, AbilityKind.AUTO]   # read in part (20.4)
    (u,) = result.unparsed
    assert text[u.start:u.end] == u.text == "juggle 3 oranges." and u.expected
    assert result.abilities[1].effects[0].words == u.text


# ---------------------------------------------------------------------- later constructs
def test_fftcg_11_6_5_two_counted_selections_in_one_choice() -> None:
    dull = one("Choose 1 Forward you control and 1 Forward opponent controls. Dull them.").effects[0]
    assert dull.target.owner is Player.YOU and dull.target.choose == "choose"
    (second,) = dull.target.also
    assert second.owner is Player.OPPONENT and second.choose == "choose"


def test_fftcg_11_4_6_alternative_cost_instead_of_cp() -> None:
    alt = one("You can pay 《2》《C》 (instead of paying the CP cost) to cast Orla.").effects[0]
    assert isinstance(alt, AlternativeCost) and alt.target.self_ref
    assert alt.cost.cp == ("2",) and alt.cost.crystal == 1


def test_fftcg_11_6_6_either_directive_is_a_choice_of_two() -> None:
    modal = one("Choose 1 Forward. Dull it or Freeze it.").effects[0]
    assert isinstance(modal, Modal) and modal.count == 1
    assert [o[0].state for o in modal.options] == ["dull", "frozen"]
    assert all(o[0].target.card_types == ("forward",) for o in modal.options)


def test_fftcg_7_9_the_other_cards_are_what_them_refers_to() -> None:
    effects = one("When Orla enters the field, reveal the top 3 cards of your deck. Add 1 Backup among them to your "
                  "hand. Then, shuffle the other cards and put them at the bottom of your deck.").effects
    reveal, then = effects
    assert isinstance(reveal, Reveal) and reveal.count == 3 and isinstance(then, Sequence)
    add, shuffle, back = then.effects
    assert isinstance(add, Move) and add.dest == "hand" and add.target.zone == "revealed"
    assert shuffle.zone == "revealed_shuffle" and back.dest == "deck_bottom" and back.target.ref == "rest"


def test_fftcg_11_12_4_1_an_effect_that_does_not_end_lasts() -> None:
    gain = one('When Orla enters the field, Orla gains Brave until the end of the turn. '
               '(This effect does not end at the end of the turn.)').effects[0]
    assert gain.duration is Duration.PERMANENT


def test_fftcg_11_6_use_limits_are_named() -> None:
    ability = one("《1》: Draw 1 card. You can only use this ability during your Main Phase and only once per turn.")
    assert ability.restrictions == ("main_phase_only", "once_per_turn")
    held = one("《0》: Orla gains +1000 power. You can only use this ability while Orla is attacking.")
    assert held.restrictions == ("while_state",)


def test_fftcg_6_7_trigger_on_a_counter_removed() -> None:
    ability = one("When a Spark Counter is removed from Orla, draw 1 card.")
    assert ability.timing == "counter_removed"


def test_fftcg_5_2_4_1_an_element_word_before_a_card_type_is_not_the_own_name() -> None:
    ability = one("When Lightning enters the field, choose 1 Lightning Summon in your Break Zone. Add it to your hand.")
    assert ability.timing == "enters_field"
    assert ability.effects[0].target.colors == ("lightning",) and ability.effects[0].target.card_types == ("summon",)


def test_fftcg_11_8_2_the_trigger_names_whose_event_it_is() -> None:
    own = one("When Orla attacks, draw 1 card.")
    assert own.trigger_on.self_ref
    theirs = one("When a Forward opponent controls attacks, draw 1 card.")
    assert theirs.trigger_on.owner is Player.OPPONENT and theirs.trigger_on.card_types == ("forward",)
    either = one("When Orla or a [[i]]Job Ranger[[/]] Forward enters your field, draw 1 card.").trigger_on
    assert either.self_ref and either.either[0].families == ("Ranger",)


def test_fftcg_11_6_5_the_former_and_the_latter_of_two_choices() -> None:
    power, destroy = one("Choose 1 Forward you control and 1 Forward opponent controls. The former gains +1000 power "
                         "until the end of the turn. Break the latter.").effects
    assert power.target.owner is Player.YOU and not power.target.also
    assert destroy.target.owner is Player.OPPONENT and destroy.target.choose == "choose"


def test_fftcg_6_5_damage_and_more_damage_per_card() -> None:
    base, extra = one("Choose 1 Forward. Deal it 4000 damage and 1000 more damage for each Backup you control.").effects
    assert (base.amount, extra.amount) == (4000, 1000) and base.per is None and extra.per.card_types == ("backup",)
