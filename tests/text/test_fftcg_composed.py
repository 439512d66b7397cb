"""FFTCG constructs that compose (issue 20.2): each construct defined once in grammar/fftcg.lark and
read wherever the language puts it. Every construct is shown by three invented phrasings (our own
words, recombinations no printed card has), each asserting the typed meaning."""

from __future__ import annotations

import pytest
from text_helpers import fftcg_one as one

from judge.text.ast import Damage, Optional, Player, Restriction, Selector, Window, walk


def _nodes(ability, cls):
    return [n for n in walk(ability) if isinstance(n, cls)]


# ---------------------------------------------------------------- 11.12.4 modals: "can (only)" after any subject
@pytest.mark.parametrize(("text", "mode"), [
    ("Your opponent can only cast Summons during your turn.", "cannot"),     # the permission limited to a window
    ("Zorn can only attack once per turn.", None),
    ("Your opponent can only play Backups during your turn.", None),
])
def test_11_12_4_can_only_is_a_limited_permission_after_any_subject(text: str, mode: str | None) -> None:
    ab = one(text, name="Zorn")
    rs = _nodes(ab, Restriction)
    assert rs, ab
    if mode is not None:
        assert rs[0].mode == mode


# ---------------------------------------------------------------- 10.1.2.3 / 10.1.3.1.3 a prohibition lifted by a cost
@pytest.mark.parametrize(("text", "action", "cp"), [
    ("Forwards opponent controls cannot attack unless their controller pays 《2》.", "attack", ("2",)),
    ("Zorn cannot block unless you pay 《火》.", "block", ("fire",)),
    ("Backups your opponent controls cannot attack unless their controller pays 《1》《1》.", "attack", ("1", "1")),
])
def test_10_1_2_3_cannot_attack_or_block_unless_a_cost_is_paid(text: str, action: str, cp: tuple) -> None:
    r = _nodes(one(text, name="Zorn"), Restriction)[0]
    assert (r.mode, r.action) == ("unless_paid", action)
    assert r.cost is not None and tuple(r.cost.cp) == cp


# ---------------------------------------------------------------- 6.5 damage equal to a power: the target either side
@pytest.mark.parametrize(("text", "source"), [
    ("Choose 1 Forward. Deal it damage equal to Zorn's power.", "power_of_self"),
    ("Deal damage equal to Zorn's power to 1 Forward opponent controls.", "power_of_self"),
    ("Deal damage equal to half of Zorn's power to all the Forwards opponent controls.", "half_power_of_self"),
])
def test_6_5_damage_equal_to_a_power_names_its_target_before_or_after(text: str, source: str) -> None:
    d = _nodes(one(text, name="Zorn"), Damage)[0]
    assert d.amount_from == source and d.target is not None


# ---------------------------------------------------------------- 7.8.2 points of damage to a player, either order
@pytest.mark.parametrize(("text", "n", "who"), [
    ("Deal 1 point of damage to your opponent.", 1, Player.OPPONENT),
    ("Deal your opponent 2 points of damage.", 2, Player.OPPONENT),
    ("When Zorn attacks, deal 1 point of damage to you.", 1, Player.YOU),
])
def test_7_8_2_points_of_damage_to_a_player_either_order(text: str, n: int, who: Player) -> None:
    d = _nodes(one(text, name="Zorn"), Damage)[0]
    assert (d.amount, d.player, d.target) == (n, who, None)


# ---------------------------------------------------------------- 11.12.4.4 windows: whose turn x which phases
@pytest.mark.parametrize(("text", "whose", "phase"), [
    ("During your opponent's Attack Phase, the Forwards you control gain +1000 power.", Player.OPPONENT, "attack"),
    ("During either player's End Phase or Main Phase 2, Zorn gains Brave.", Player.ANY, "end|main"),
    ("During each turn, when Zorn is dealt damage, draw 1 card.", Player.ANY, None),
])
def test_11_12_4_4_a_window_is_whose_turn_and_which_phases(text: str, whose: Player, phase: str | None) -> None:
    ab = one(text, name="Zorn")
    ws = _nodes(ab, Window)
    if ws:
        assert (ws[0].whose, ws[0].phase) == (whose, phase)
    else:                                                           # a window folded into the duration
        assert ab.effects


# ---------------------------------------------------------------- 11.6 use limits: a window, a state, presence
@pytest.mark.parametrize(("text", "limits"), [
    ("You can only use this ability during your Main Phase and only while Zorn is on the field.", ("main_phase_only",)),
    ("You can only use this ability during your opponent's turn and only once per turn.",
     ("opponent_turn_only", "once_per_turn")),
    ("You can only use this ability while Zorn is dull.", ("while_state",)),
])
def test_11_6_a_use_limit_is_any_window_state_or_presence(text: str, limits: tuple) -> None:
    ab = one(f"《ダル》: Draw 1 card. {text}", name="Zorn")
    assert tuple(ab.restrictions) == limits


# ---------------------------------------------------------------- 11.6.5 counts: a number and what goes with it
@pytest.mark.parametrize(("text", "count", "up_to", "other"), [
    ("Choose up to 2 other Forwards. Dull them.", 2, True, True),
    ("Choose a total of 3 Characters. Activate them.", 3, False, False),
    ("Choose 2 other Backups you control. Freeze them.", 2, False, True),
])
def test_11_6_5_a_count_with_up_to_total_and_other(text: str, count: int, up_to: bool, other: bool) -> None:
    sel = next(n for n in walk(one(text, name="Zorn")) if isinstance(n, Selector) and n.choose == "choose")
    assert (sel.count, sel.up_to, sel.other) == (count, up_to, other)


@pytest.mark.parametrize("text", [
    "Choose all the other Forwards you control. Activate them.",
    "All the other Backups you control gain +1000 power until the end of the turn.",
    "All the other Monsters you control cannot be chosen by your opponent's Summons.",
])
def test_11_6_5_all_the_other_is_every_one_but_this(text: str) -> None:
    sels = [n for n in walk(one(text, name="Zorn")) if isinstance(n, Selector) and n.other]
    assert sels and sels[0].count is None


# ---------------------------------------------------------------- 11.8.14 "you may" is any modal after "you"
@pytest.mark.parametrize("text", [
    "When Zorn enters the field, you may draw 1 card.",
    "When Zorn attacks, you may choose 1 Forward. Dull it.",
    "At the end of your turn, you may activate Zorn.",
])
def test_11_8_14_you_may_is_an_option(text: str) -> None:
    assert _nodes(one(text, name="Zorn"), Optional)


# ---------------------------------------------------------------- 7.8 / 7.10 / 11.8.16 put from a place into a zone
@pytest.mark.parametrize(("text", "kind", "place"), [
    ("When a Forward is put from your hand into the Break Zone, draw 1 card.", "put_into_break_zone", "hand"),
    ("When a Backup opponent controls is put from the field into the Break Zone, draw 1 card.",
     "put_into_break_zone", "field"),
    ("When a Summon is put from the deck into the Break Zone, Zorn gains +1000 power until the end of the turn.",
     "put_from_deck_into_break_zone", "deck"),
])
def test_11_8_16_put_from_where_into_which_zone(text: str, kind: str, place: str) -> None:
    from judge.text.ast import Event

    ev = _nodes(one(text, name="Zorn"), Event)[0]
    assert (ev.kind, ev.place) == (kind, place)


# ---------------------------------------------------------------- 11.8.13 an event earlier this turn, with or without "has"
@pytest.mark.parametrize(("text", "kind"), [
    ("If Zorn has formed a party this turn, draw 1 card.", "formed_party_this_turn"),
    ("If Zorn attacked this turn, draw 1 card.", "attacks_this_turn"),
    ("If you attacked with a Forward of cost 5 or more this turn, draw 1 card.", "attacking_this_turn"),
])
def test_11_8_13_an_event_earlier_this_turn(text: str, kind: str) -> None:
    from judge.text.ast import Condition

    cond = _nodes(one(text, name="Zorn"), Condition)[0]
    assert cond.kind == kind


# ---------------------------------------------------------------- 7 a zone and whose it is, composed
@pytest.mark.parametrize(("text", "zone", "owner"), [
    ("Choose 1 Forward in each player's Break Zone. Add it to your hand.", "break", Player.ANY),
    ("Choose 1 Summon in your opponent's Break Zone. Remove it from the game.", "break", Player.OPPONENT),
    ("For each card in your Damage Zone, Zorn gains +1000 power.", "damage", Player.YOU),
])
def test_7_a_zone_is_whose_and_which(text: str, zone: str, owner: Player) -> None:
    sels = [n for n in walk(one(text, name="Zorn")) if isinstance(n, Selector) and n.zone == zone]
    assert sels and sels[0].owner == owner


# ---------------------------------------------------------------- 5.2 a card's properties, one word class
@pytest.mark.parametrize(("text", "things"), [
    ("Name 1 Category. Draw 1 card.", ("category",)),
    ("Select 1 Card Name. Draw 1 card.", ("card_name",)),
    ("When Zorn enters the field, select 1 Job. Zorn gains +1000 power until the end of the turn.", ("job",)),
])
def test_5_2_a_declared_choice_names_any_property(text: str, things: tuple) -> None:
    from judge.text.ast import Declare

    assert _nodes(one(text, name="Zorn"), Declare)[0].things == things


@pytest.mark.parametrize(("text", "distinct"), [
    ("Search for 2 Forwards, each of a different cost, and add them to your hand.", ("cost",)),
    ("Search for 3 Backups, each of a different Element and card type, and add them to your hand.",
     ("element", "card_type")),
    ("Choose 2 Forwards with different names. Dull them.", ("name",)),
])
def test_5_2_each_of_a_different_property(text: str, distinct: tuple) -> None:
    sels = [n for n in walk(one(text, name="Zorn")) if isinstance(n, Selector) and n.distinct]
    assert sels and sels[0].distinct == distinct


# ---------------------------------------------------------------- 4 comparisons: one word class each way
@pytest.mark.parametrize(("text", "op"), [
    ("Choose 1 Forward with a cost higher than that of Zorn. Break it.", ">"),
    ("Choose 1 Forward with a cost inferior to that of Zorn. Break it.", "<"),
    ("Choose 1 Backup with a cost lower than that of Zorn. Dull it.", "<"),
])
def test_4_a_cost_compared_with_another_cards(text: str, op: str) -> None:
    sel = next(n for n in walk(one(text, name="Zorn")) if isinstance(n, Selector) and n.thresholds)
    assert sel.thresholds[0].op == op and sel.thresholds[0].ref is not None


@pytest.mark.parametrize(("text", "op"), [
    ("Choose 1 Forward of cost equal to or less than the number of Backups you control. Break it.", "<="),
    ("Choose 1 Forward of cost superior or equal to the number of Monsters you control. Dull it.", ">="),
    ("Choose 1 Forward of cost equal to the number of Backups you control. Freeze it.", "=="),
])
def test_4_equal_to_with_or_without_a_direction(text: str, op: str) -> None:
    sel = next(n for n in walk(one(text, name="Zorn")) if isinstance(n, Selector) and n.thresholds)
    assert sel.thresholds[0].op == op


# ---------------------------------------------------------------- 11.6 an ability used is a noun phrase
@pytest.mark.parametrize(("text", "kind"), [
    ("When your opponent uses an action ability, draw 1 card.", "action_ability"),
    ("When a Forward you control uses a special ability, Zorn gains +1000 power until the end of the turn.",
     "special_ability"),
    ("When your opponent uses an EX Burst, draw 1 card.", "ex_burst"),
])
def test_11_6_what_is_used_is_a_noun_phrase(text: str, kind: str) -> None:
    from judge.text.ast import Event

    ev = _nodes(one(text, name="Zorn"), Event)[0]
    assert ev.what is not None and ev.what.card_types == (kind,)


# ---------------------------------------------------------------- 10.1.3 which side of a block
@pytest.mark.parametrize(("text", "state"), [
    ("When Zorn attacks, choose 1 Forward blocking a Forward you control. Deal it 4000 damage.", "blocking"),
    ("Choose 1 Forward that is blocked by Zorn. Break it.", "blocked_by"),
    ("Choose 1 Forward that blocks or is blocked by a Forward you control. Dull it.", "in_battle_with"),
])
def test_10_1_3_blocking_x_blocked_by_x_and_either_are_three_states(text: str, state: str) -> None:
    sel = next(n for n in walk(one(text, name="Zorn")) if isinstance(n, Selector) and n.about is not None)
    assert sel.state == state


# ---------------------------------------------------------------- 15.1.1.8 "each of a different …": a list of properties
@pytest.mark.parametrize(("text", "distinct"), [
    ("Search for 3 Characters, each of a different Element and cost, and add them to your hand.", ("element", "cost")),
    ("Search for up to 3 Backups each with a different cost and add them to your hand.", ("cost",)),
    ("Search for 2 Monsters, each of a different Element and card type, and add them to your hand.",
     ("element", "card_type")),
])
def test_15_1_1_8_each_of_a_different_list_of_properties(text: str, distinct: tuple) -> None:
    from judge.text.fftcg.render import round_trip

    ab = one(text, name="Zorn")
    sels = [n for n in walk(ab) if isinstance(n, Selector) and n.distinct]
    assert sels[0].distinct == distinct
    assert round_trip(ab, "Zorn").same_ast


# ---------------------------------------------------------------- 6.2.1 cast as though you owned it, read back
@pytest.mark.parametrize("text", [
    "Choose 1 Summon in your opponent's Break Zone. You can cast it this turn as though you owned it.",
    "Choose 2 Summons in your opponent's Break Zone. You can cast them as though you owned them at any time you "
    "could normally cast them.",
    "Choose 1 Summon in your opponent's Break Zone. You can cast it as though you owned it.",
])
def test_6_2_1_cast_as_though_you_owned_it_renders_as_said(text: str) -> None:
    from judge.text.fftcg.render import round_trip

    ab = one(text, name="Zorn")
    assert any(r.action.startswith("cast_as_owner") for r in _nodes(ab, Restriction))
    rt = round_trip(ab, "Zorn")
    assert rt.same_ast and not rt.dropped and not rt.mistyped


# ---------------------------------------------------------------- 6.2 / 7.9 a field and a deck are whose (any determiner)
@pytest.mark.parametrize(("text", "place"), [
    ("When a Forward enters your opponent's field, draw 1 card.", "opponent_field"),
    ("When a Backup enters your field, Zorn gains +1000 power until the end of the turn.", "your_field"),
    ("When a Monster enters either player's field, draw 1 card.", None),
])
def test_6_2_a_field_is_whose(text: str, place: str | None) -> None:
    from judge.text.ast import Event

    assert _nodes(one(text, name="Zorn"), Event)[0].place == place


# ---------------------------------------------------------------- 5.2.1 / 5.2.6 a cost or power said either way
@pytest.mark.parametrize(("text", "stat", "op", "value"), [
    ("Choose 1 Forward with a cost of 4 or more. Break it.", "cost", ">=", 4),
    ("Choose 1 Forward with 5000 power or less. Dull it.", "power", "<=", 5000),
    ("Choose 1 Backup of power 3000 or more. Freeze it.", "power", ">=", 3000),
])
def test_5_2_a_cost_or_power_threshold_either_way(text: str, stat: str, op: str, value: int) -> None:
    sel = next(n for n in walk(one(text, name="Zorn")) if isinstance(n, Selector) and n.thresholds)
    t = sel.thresholds[0]
    assert (t.stat, t.op, t.value) == (stat, op, value)


# ---------------------------------------------------------------- 6.2 "control (only) X"; 6.7 "no / N counters on X"
@pytest.mark.parametrize(("text", "exact"), [
    ("If you control only 1 Forward, draw 1 card.", 1),
    ("If you control only 2 Backups, Zorn gains Haste.", 2),
    ("If you control 2 Backups, Zorn gains Haste.", None),
])
def test_6_2_control_only_is_an_exact_count(text: str, exact: int | None) -> None:
    from judge.text.ast import Controls

    c = _nodes(one(text, name="Zorn"), Controls)[0]
    assert (c.threshold.value if c.threshold is not None else None) == exact


@pytest.mark.parametrize(("text", "op", "value"), [
    ("If there are no Doom Counters on Zorn, draw 1 card.", "<=", 0),
    ("If there are 3 or more Doom Counters on Zorn, break Zorn.", ">=", 3),
    ("If there is 1 Bloom Counter placed on Zorn, draw 1 card.", ">=", 1),
])
def test_6_7_counters_none_or_a_number(text: str, op: str, value: int) -> None:
    from judge.text.ast import Condition

    c = _nodes(one(text, name="Zorn"), Condition)[0]
    assert (c.kind, c.threshold.op, c.threshold.value) == ("counters", op, value)


# ---------------------------------------------------------------- 11.6.5 a list of selections with a final ", and"
@pytest.mark.parametrize(("text", "n"), [
    ("Choose up to 1 Forward, up to 1 Backup, and up to 1 Monster. Dull them.", 2),
    ("Choose 1 Forward, 1 Backup, and 1 Monster opponent controls. Freeze them.", 2),
    ("Choose up to 2 Forwards, and up to 1 Backup. Activate them.", 1),
])
def test_11_6_5_a_list_of_selections_with_a_final_and(text: str, n: int) -> None:
    sel = next(s for s in walk(one(text, name="Zorn")) if isinstance(s, Selector) and s.also)
    assert len(sel.also) == n


# ---------------------------------------------------------------- 11.11.5 "then" between clauses, with or without a comma
@pytest.mark.parametrize("text", [
    "Draw 1 card then discard 1 card from your hand.",
    "Draw 2 cards then discard 1 card.",
    "Activate Zorn then draw 1 card.",
])
def test_11_11_5_then_without_a_comma_orders_the_clauses(text: str) -> None:
    from judge.text.ast import Sequence

    seq = _nodes(one(text, name="Zorn"), Sequence)
    assert seq and seq[0].connector == "then"


# ---------------------------------------------------------------- 7.9 the bottom of any player's deck
@pytest.mark.parametrize("text", [
    "Choose 1 Forward. Put it on the bottom of your opponent's deck.",
    "Choose 1 Backup opponent controls. Put it at the top of its owner's deck.",
    "Choose 1 Monster. Return it to the bottom of your deck.",
])
def test_7_9_a_deck_place_of_any_owner(text: str) -> None:
    from judge.text.ast import Move

    assert _nodes(one(text, name="Zorn"), Move)


# ---------------------------------------------------------------- 5.2 "of the same <property> (as X)", read and said back
@pytest.mark.parametrize("text", [
    "Choose 1 Forward of the same cost as a Backup you control. Break it.",
    "Choose 1 Forward of the same Element as Zorn. Dull it.",
    "Search for 1 Forward with the same name and add it to your hand.",
])
def test_5_2_of_the_same_property_as_x_round_trips(text: str) -> None:
    from judge.text.fftcg.render import round_trip

    rt = round_trip(one(text, name="Zorn"), "Zorn")
    assert rt.same_ast and not rt.dropped and not rt.mistyped


# ---------------------------------------------------------------- 5.2.1.1 Elements: "other than Multi-Element", "all of"
@pytest.mark.parametrize(("text", "colors"), [
    ("Choose 1 Forward other than Multi-Element. Break it.", ("not_multi",)),
    ("Choose 1 Forward other than Fire or Ice. Dull it.", ("not_fire", "not_ice")),
    ("Choose 1 Backup of an Element other than Light. Freeze it.", ("not_light",)),
])
def test_5_2_1_1_other_than_an_element_list_or_multi(text: str, colors: tuple) -> None:
    sel = next(n for n in walk(one(text, name="Zorn")) if isinstance(n, Selector) and n.colors)
    assert sel.colors == colors


# ---------------------------------------------------------------- 11.8.16 leaving the field or the Break Zone
@pytest.mark.parametrize(("text", "kind"), [
    ("When Zorn leaves the Break Zone, draw 1 card.", "leaves_break"),
    ("When a Forward you control leaves the field, draw 1 card.", "leaves_field"),
    ("When Zorn leaves the field due to your Summons, draw 1 card.", "leaves_field"),
])
def test_11_8_16_leaves_the_field_or_the_break_zone(text: str, kind: str) -> None:
    from judge.text.ast import Event

    assert _nodes(one(text, name="Zorn"), Event)[0].kind == kind


# ---------------------------------------------------------------- 11.8.14 "You may choose X. <do it to it>": one option
@pytest.mark.parametrize(("text", "inside"), [
    ("You may choose 1 Forward. Break it.", "Destroy"),
    ("When Zorn attacks, you may choose 1 Forward opponent controls. Deal it 3000 damage.", "Damage"),
    ("You may choose up to 2 Backups. Activate them. Draw 1 card.", "SetState"),
])
def test_11_8_14_what_is_done_to_the_card_chosen_under_may_is_part_of_the_option(text: str, inside: str) -> None:
    ab = one(text, name="Zorn")
    opt = next(e for e in ab.effects if isinstance(e, Optional))
    assert inside in [type(e).__name__ for e in opt.effects]
    assert not any(type(e).__name__ == inside for e in ab.effects)      # not after the option


# ---------------------------------------------------------------- 6.6 / 15.2 "other than" a card or a type; "without" a keyword
@pytest.mark.parametrize("text", [
    "Choose 1 Character other than a Backup. Break it.",
    "Choose 1 Forward without Haste. Break it.",
    "Choose 1 Forward other than Zorn. Dull it.",
])
def test_6_6_other_than_and_without_round_trip(text: str) -> None:
    from judge.text.fftcg.render import round_trip

    rt = round_trip(one(text, name="Zorn"), "Zorn")
    assert rt.same_ast and not rt.dropped and not rt.mistyped


@pytest.mark.parametrize("text", [
    "When Zorn attacks, discard your hand.",
    "When Zorn is put into the Break Zone, your opponent discards 1 card.",
    "Discard 2 cards. Draw 3 cards.",
])
def test_15_1_1_4_discard_cards_or_a_whole_hand(text: str) -> None:
    from judge.text.ast import Discard

    assert _nodes(one(text, name="Zorn"), Discard)
