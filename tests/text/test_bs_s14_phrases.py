"""Constructs of the Battle Spirits Saga templating language generalised from the Saga phrasebook
(tests/text/saga_phrasebook.txt, issue 20): phrasings a new set would print that the grammar had never
met. Each construct is defined once and read wherever the language puts it; three invented phrasings
per construct (different combinations of its parts), each asserting the typed node. No card text."""

from __future__ import annotations

import pytest
from text_helpers import bs_one

from judge.text.ast import (
    Conditional,
    CostChange,
    Deploy,
    Discard,
    Draw,
    Duration,
    ModifyStat,
    MoveCores,
    Optional,
    Player,
    Restriction,
    Reveal,
    walk,
)
from judge.text.typed import untyped_parts


def _typed(text: str):
    ab = bs_one(text)
    assert not untyped_parts(ab, "bss"), untyped_parts(ab, "bss")
    return ab


def _node(ab, kind):
    (node,) = [n for n in walk(list(ab.effects)) if isinstance(n, kind)]
    return node


# ---------------------------------------------------------------- 7-1-1, 7-1-3 a player attacks / blocks "with" cards
@pytest.mark.parametrize(("text", "mode", "action", "duration"), [
    ("[LV1] When Summoned: Your opponent cannot attack with spirits that cost 3 or fewer during this turn.",
     "cannot", "attack", Duration.TURN),
    ("[LV1] During Your Attack Step: Your opponent cannot block with blue or green spirits.",
     "cannot", "block", Duration.PERMANENT),
    ("[Flash] Your opponent must block with one of their refreshed spirits if able.",
     "must", "block", Duration.PERMANENT),
])
def test_7_1_3_the_cards_a_player_acts_with_are_the_ones_restricted(text, mode, action, duration) -> None:
    r = _node(_typed(text), Restriction)
    assert (r.mode, r.action, r.player, r.duration) == (mode, action, Player.OPPONENT, duration)
    assert r.target is not None and r.target.owner is Player.OPPONENT and r.object is None


def test_7_1_3_what_the_cards_are_is_kept() -> None:
    costs = _node(_typed("[LV1] When Summoned: Your opponent cannot attack with spirits that cost 3 or fewer "
                         "during this turn."), Restriction).target
    assert [(t.stat, t.op, t.value) for t in costs.thresholds] == [("cost", "<=", 3)]
    colours = _node(_typed("[LV1] During Your Attack Step: Your opponent cannot block with blue or green spirits."),
                    Restriction).target
    assert set(colours.colors) == {"blue", "green"}
    one = _node(_typed("[Flash] Your opponent must block with one of their refreshed spirits if able."),
                Restriction).target
    assert (one.count, one.state) == (1, "refreshed")


# ---------------------------------------------------------------- 10-1, 7-1-5-2 how the card was destroyed
@pytest.mark.parametrize(("text", "by_unit", "qualifiers"), [
    ("[LV1] When Destroyed: If this spirit was destroyed by a magic effect, draw one card.", "effect", ()),
    ("[LV1] When Destroyed: If it was destroyed via comparing BP, place two cores from the void into your reserve.",
     None, ("via_battle",)),
    ("[LV1] When Destroyed: If this spirit was destroyed by one of your opponent's Dragon spirits, draw two cards.",
     None, ()),
])
def test_10_1_was_destroyed_without_this_turn_is_how_the_trigger_happened(text, by_unit, qualifiers) -> None:
    cond = _node(_typed(text), Conditional).condition
    assert (cond.kind, cond.event, cond.window) == ("happened", "destroyed", "trigger")
    assert tuple(cond.qualifiers) == qualifiers
    if "by" in text:
        assert cond.by is not None and cond.by.unit == by_unit
    if "Dragon" in text:
        assert cond.by.families == ("Dragon",) and cond.by.owner is Player.OPPONENT


def test_10_1_was_destroyed_this_turn_still_looks_back_over_the_turn() -> None:
    cond = _node(_typed("[LV1] End of Your Turn: If this spirit was destroyed by your opponent's effect this turn, "
                        "draw one card."), Conditional).condition
    assert (cond.event, cond.window) == ("destroyed", "this_turn")


# ---------------------------------------------------------------- 3-7 "if your life is N or less"
@pytest.mark.parametrize(("text", "player", "op", "value"), [
    ("[LV2] When This Spirit Attacks: If your opponent's life is 2 or less, refresh this spirit.",
     Player.OPPONENT, "<=", 2),
    ("[LV1] As long as your life is 4 or more, this spirit gains 1000 BP.", Player.YOU, ">=", 4),
    ("[LV1] When Summoned: If your life is 1, place two cores from the void into your life.", Player.YOU, "==", 1),
])
def test_3_7_a_life_said_with_is_is_the_life_a_player_has(text, player, op, value) -> None:
    cond = _node(_typed(text), Conditional).condition
    assert (cond.kind, cond.player) == ("count", player)
    assert (cond.threshold.stat, cond.threshold.op, cond.threshold.value) == ("life", op, value)


def test_3_7_is_and_have_read_the_same() -> None:
    said_is = _node(_typed("[LV1] When Summoned: If your life is 3 or less, draw one card."), Conditional).condition
    said_have = _node(_typed("[LV1] When Summoned: If you have 3 or fewer life, draw one card."), Conditional).condition
    assert (said_is.player, said_is.threshold) == (said_have.player, said_have.threshold)


# ---------------------------------------------------------------- 4-5-1 "more" cards drawn, as "additional"
@pytest.mark.parametrize(("text", "count", "player", "per"), [
    ("[Main] Draw one card. If you control a Dragon nexus, draw two more cards.", 2, Player.YOU, False),
    ("[LV1] When Summoned: Your opponent draws one more card.", 1, Player.OPPONENT, False),
    ("[LV1] When This Spirit Attacks: Draw one more card for each red symbol you have.", 1, Player.YOU, True),
])
def test_4_5_1_more_cards_are_additional_cards(text, count, player, per) -> None:
    draws = [n for n in walk(list(_typed(text).effects)) if isinstance(n, Draw) and n.additional]
    (draw,) = draws
    assert (draw.count, draw.player, draw.per is not None) == (count, player, per)


# ---------------------------------------------------------------- 7-1-5-3-1 an attack reducing more life
@pytest.mark.parametrize(("text", "amount", "self_ref", "families"), [
    ("[LV1] When This Spirit Attacks: Its attacks reduce your opponent's life by one additional life.", 1, True, ()),
    ("[LV1] While This Spirit Attacks: Your Warrior spirits' attacks reduce your opponent's life by one "
     "additional life.", 1, False, ("Warrior",)),
    ("[LV2] This spirit's attacks reduces your opponent's life by three additional life.", 3, True, ()),
])
def test_7_1_5_3_1_the_attacks_of_cards_reduce_additional_life(text, amount, self_ref, families) -> None:
    m = _node(_typed(text), ModifyStat)
    assert (m.stat, m.amount) == ("life_reduction", amount)
    assert m.target.self_ref is self_ref and tuple(m.target.families) == families


# ---------------------------------------------------------------- 4-4-1, 11-18-1 "while" a card is in a state
@pytest.mark.parametrize(("text", "state"), [
    ("[LV1] While this spirit is linked, it gains 2000 BP.", "linked"),
    ("[LV2] This spirit gains Crush while it is refreshed.", "refreshed"),
    ("[LV1] While one of your Golem spirits is exhausted, this spirit cannot be selected by your opponent's effects.",
     "exhausted"),
])
def test_4_4_1_while_a_card_is_in_a_state_the_effect_holds(text, state) -> None:
    cond = _node(_typed(text), Conditional).condition
    assert cond.kind == "is" and cond.object.state == state


# ---------------------------------------------------------------- 3-1 the area of a barred move, "your" or "the"
@pytest.mark.parametrize(("text", "action"), [
    ("[LV1] Your opponent's spirits cannot be summoned from the trash.", "be_summoned_from_trash"),
    ("[LV1] This spirit cannot be returned to the hand by your opponent's effects.", "be_returned_to_hand"),
    ("[LV1] Your opponent's Dragon spirit cards cannot be summoned from the hand or trash.",
     "be_summoned_from_hand_or_trash"),
])
def test_3_1_an_area_named_with_the_is_the_same_area(text, action) -> None:
    assert _node(_typed(text), Restriction).action == action


# ---------------------------------------------------------------- 2-7-3 a card's cost named "this spirit card's"
@pytest.mark.parametrize(("text", "kind"), [
    ("[LV1] Reduce this spirit card's cost by 1 for each Dragon spirit you control.", CostChange),
    ("[LV1] Reduce this nexus card's cost by 2 for each nexus you control.", CostChange),
    ("[LV1] When Summoned: You may pay this nexus card's cost to draw two cards.", Optional),
])
def test_2_7_3_a_card_named_by_its_kind_and_card_has_its_cost(text, kind) -> None:
    node = _node(_typed(text), kind)
    if isinstance(node, CostChange):
        assert node.target.self_ref and node.amount < 0 and node.per is not None
    else:
        assert node.cost is not None and node.cost.effects


# ---------------------------------------------------------------- 7-1-5 "attacks from" cards, plural as singular
@pytest.mark.parametrize(("text", "player", "state"), [
    ("[Flash] During this turn, your life cannot be reduced by attacks from spirits with 5000 or less BP.",
     Player.YOU, None),
    ("[LV1] Your life cannot be reduced by attacks from your opponent's exhausted spirits.", Player.YOU, "exhausted"),
    ("[LV1] During Your Opponent's Turn: Neither player's life can be reduced by attacks from Dragon spirits.",
     Player.EACH, None),
])
def test_7_1_5_attacks_from_cards_are_the_cause_barred(text, player, state) -> None:
    r = _node(_typed(text), Restriction)
    assert (r.action, r.player) == ("reduce_life", player)
    assert r.by.unit == "attack" and r.by.about.state == state


# ---------------------------------------------------------------- 12-2, 12-3 a player reveals the top of a deck
@pytest.mark.parametrize(("text", "count"), [
    ("[LV1] When Summoned: Your opponent reveals the top two cards of their deck.", 2),
    ("[LV1] When This Spirit Attacks: Your opponent views the top card of their deck.", 1),
    ("[LV1] When Summoned: Your opponent looks at the top three cards of their deck.", 3),
])
def test_12_2_the_player_named_reveals_the_top_of_their_deck(text, count) -> None:
    rev = _node(_typed(text), Reveal)
    assert (rev.count, rev.zone) == (count, "opponent_deck")


def test_12_2_each_player_revealing_their_own_deck_is_not_read_as_one_deck() -> None:
    from judge.text.parse import parse_text

    assert not parse_text("[LV1] When Summoned: Each player reveals the top card of their deck.", "bss").ok


# ---------------------------------------------------------------- 4-4-1 "without paying its cost and exhausted"
@pytest.mark.parametrize(("text", "verb", "state"), [
    ("[LV1] When Summoned: Summon one Warrior spirit card from your trash without paying its cost and exhausted.",
     "summon", "exhausted"),
    ("[LV1] When Summoned: Summon up to two Golem spirit cards from your trash without paying their cost and "
     "refreshed.", "summon", "refreshed"),
    ("[Main] Place one nexus card from your trash without paying its cost and exhausted.", "place", "exhausted"),
])
def test_4_4_1_a_card_arrives_free_and_in_a_state(text, verb, state) -> None:
    d = _node(_typed(text), Deploy)
    assert (d.verb, d.free, d.target.state) == (verb, True, state)


# ---------------------------------------------------------------- 10-1, 3-1 where the card came from, as the trigger's event
@pytest.mark.parametrize(("text", "event", "zone"), [
    ("[LV1] When Summoned: If this spirit was summoned from your trash, draw one card.", "summoned", "trash"),
    ("[LV1] When Summoned: If it was summoned from your hand, place one core from the void onto it.", "summoned", "hand"),
    ("[LV1] When Summoned: If this spirit was deployed from your hand, draw one card.", "deployed", "hand"),
])
def test_10_1_the_area_a_card_came_from_is_how_the_trigger_happened(text, event, zone) -> None:
    cond = _node(_typed(text), Conditional).condition
    assert (cond.kind, cond.event, cond.zone, cond.window) == ("happened", event, zone, "trigger")


# ---------------------------------------------------------------- 8-4 "if … cannot": the act was not done
@pytest.mark.parametrize("text", [
    "[LV1] When Summoned: Destroy one of your opponent's spirits with 3000 or less BP. If you cannot, draw one card.",
    "[LV1] When Summoned: Your opponent may discard one card. If they cannot, draw two cards.",
    "[Main] Your opponent may destroy one of their spirits. If your opponent cannot, destroy one of their nexuses.",
])
def test_8_4_if_a_player_cannot_is_the_act_not_done(text) -> None:
    assert _node(_typed(text), Conditional).condition.kind == "did_not"


# ---------------------------------------------------------------- 2-6, 3-7 a cost compared with a player's life
@pytest.mark.parametrize(("text", "op", "whose"), [
    ("[LV1] When Summoned: Select one of your opponent's spirits with a cost equal to or less than your life and "
     "destroy it.", "<=", Player.YOU),
    ("[LV1] When This Spirit Attacks: Destroy one of your opponent's spirits with a cost higher than your life.",
     ">", Player.YOU),
    ("[LV1] When Summoned: Destroy all of your opponent's spirits with a cost equal to your opponent's life.",
     "==", Player.OPPONENT),
])
def test_2_6_a_cost_compared_with_a_life_said_with_or_without_total(text, op, whose) -> None:
    sel = next(n for n in walk(list(_typed(text).effects)) if hasattr(n, "thresholds") and n.thresholds)
    (t,) = sel.thresholds
    assert (t.stat, t.op, t.ref.unit, t.ref.owner) == ("cost", op, "life", whose)


# ---------------------------------------------------------------- 6-8-1-2 "during (their / your) next turn": that turn only
@pytest.mark.parametrize(("text", "kind", "duration"), [
    ("[LV1] When Summoned: Your opponent's spirits cannot attack during their next turn.",
     Restriction, Duration.OPPONENT_NEXT_TURN),
    ("[LV1] When This Spirit Attacks: During your opponent's next turn, your opponent cannot use magic cards.",
     Restriction, Duration.OPPONENT_NEXT_TURN),
    ("[LV1] When Summoned: This spirit gains 3000 BP during your next turn.", ModifyStat, Duration.YOUR_NEXT_TURN),
])
def test_6_8_1_2_a_later_turn_only_is_not_until_its_end(text, kind, duration) -> None:
    node = _node(_typed(text), kind)
    assert node.duration is duration


def test_6_8_1_2_an_effect_lasting_a_later_turn_only_is_said_not_executed() -> None:
    from judge.engine.support import unexecuted

    later = bs_one("[LV1] When Summoned: This spirit gains 3000 BP during your next turn.")
    until = bs_one("[LV1] When Summoned: This spirit gains 3000 BP until the end of your opponent's next turn.")
    assert any("your_next_turn" in gap for gap in unexecuted("bss", later))
    assert not any("next_turn" in gap for gap in unexecuted("bss", until))


# ---------------------------------------------------------------- 4-6 "up to as many of … as you have … symbols", any directive
@pytest.mark.parametrize(("text", "kind", "colors"), [
    ("[LV1] When Summoned: Destroy up to as many of your opponent's spirits with 3000 or less BP as you have green "
     "symbols.", "Destroy", ("green",)),
    ("[LV1] When This Spirit Attacks: Exhaust up to as many of your opponent's spirits as you have red symbols.",
     "SetState", ("red",)),
    ("[LV1] When Summoned: Return up to as many of your opponent's spirits with 2000 or less BP as you have blue "
     "symbols to their hand.", "Move", ("blue",)),
])
def test_4_6_as_many_as_your_symbols_is_a_noun_phrase_of_any_directive(text, kind, colors) -> None:
    from judge.text import ast

    node = _node(_typed(text), getattr(ast, kind))
    sel = node.target
    per = next(t for t in sel.thresholds if t.stat == "count_per")
    assert sel.up_to and sel.count is None and sel.owner is Player.OPPONENT
    assert (per.ref.unit, tuple(per.ref.colors), per.ref.owner) == ("symbol", colors, Player.YOU)


# ---------------------------------------------------------------- 8-5-5 the cores "on" a card, moved from it
@pytest.mark.parametrize(("text", "count", "dest", "player"), [
    ("[LV1] When Summoned: Select one of your opponent's spirits. Your opponent sends all cores on it to their reserve.",
     None, "opponent_reserve", Player.OPPONENT),
    ("[LV1] When This Spirit Attacks: Send all cores on one of your opponent's nexuses to their reserve.",
     None, "opponent_reserve", Player.YOU),
    ("[LV1] When Summoned: Move two cores on this spirit onto one of your Dragon spirits.", 2, "spirit", Player.YOU),
])
def test_8_5_5_cores_on_a_card_are_moved_from_it(text, count, dest, player) -> None:
    m = _node(_typed(text), MoveCores)
    assert (m.count, m.source, m.dest, m.player) == (count, "spirit", dest, player)
    assert m.source_target is not None


def test_8_5_5_on_is_still_where_cores_go_when_no_destination_follows() -> None:
    m = _node(_typed("[LV1] When Summoned: Place one core on this spirit and draw one card."), MoveCores)
    assert m.dest == "spirit" and m.dest_target.self_ref


# ---------------------------------------------------------------- 8-5-4 "if it is (still) on the field": what a card is, as "if it is exhausted"
@pytest.mark.parametrize(("text", "negated"), [
    ("[LV1] End of Battle: If this spirit is still on the field, refresh it.", False),
    ("[LV1] End of Your Turn: If the selected spirit is on the field, return it to its owner's hand.", False),
    ("[LV1] When Destroyed: If it is not on the field, draw one card.", True),
])
def test_8_5_4_a_card_still_on_the_field_is_a_state_it_is_in(text, negated) -> None:
    cond = _node(_typed(text), Conditional).condition
    assert (cond.kind, cond.object.zone, cond.negated) == ("is", "field", negated)


# ---------------------------------------------------------------- 3-2, 4-6 "cards from the top of a deck" counted by "equal to the number of"
@pytest.mark.parametrize(("text", "owner"), [
    ("[LV1] When Summoned: Discard cards from the top of your opponent's deck equal to the number of Dragon spirits "
     "you control.", Player.OPPONENT),
    ("[LV1] When This Spirit Attacks: Discard cards from the top of your deck equal to the number of nexuses you "
     "control.", Player.YOU),
    ("[LV1] When Summoned: Discard one card from the top of your opponent's deck for each of your exhausted spirits.",
     Player.OPPONENT),
])
def test_4_6_cards_from_the_top_of_a_deck_one_for_each_counted(text, owner) -> None:
    d = _node(_typed(text), Discard)
    assert (d.count, d.target.zone, d.target.owner) == (1, "deck_top", owner) and d.per is not None


def test_3_2_cards_from_the_top_with_no_count_and_no_number_are_not_read() -> None:
    from judge.text.parse import parse_text

    assert not parse_text("[LV1] When Summoned: Discard cards from the top of your deck.", "bss").ok
