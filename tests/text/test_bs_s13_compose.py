"""Effect sentences of the Battle Spirits Saga templating language made compositional in session 13:
each construct is read wherever the language puts it — joined to the other pieces it already has
(connectors, costs, durations, causes, quantities) — not only in the combinations printed so far.
Three or more phrasings per construct, at least one invented (no card prints it), asserting the
typed meaning read. No card text is quoted here."""

from __future__ import annotations

import re

import pytest
from text_helpers import bs_one

from judge.text.ast import (
    Conditional,
    Duration,
    Modal,
    Optional,
    Player,
    Restriction,
    Selector,
    Sequence,
    walk,
)
from judge.text.typed import untyped_parts


def _typed(text: str):
    ab = bs_one(text)
    assert not untyped_parts(ab, "bss"), untyped_parts(ab, "bss")
    return ab


def _spanless(node) -> str:
    return re.sub(r"Span\(start=\d+, end=\d+\)", "", repr(node))


def _event(ab):
    """The event a line waits for: its trigger, else the first "when …" inside it."""
    return ab.condition if ab.condition is not None else _nodes(ab, Conditional)[0].condition


def _nodes(ab, kind):
    return [n for n in walk(list(ab.effects)) if isinstance(n, kind)]


# ---------------------------------------------------------------- 8-1-8 a choice of directives stands where a directive does
@pytest.mark.parametrize(("text", "outer"), [
    ("[LV1] When Summoned: You may exhaust one of your opponent's spirits or refresh one of your spirits.", Optional),
    ("[LV1] When Summoned: You may discard one card from your hand or place one core from your reserve into the void.",
     Optional),
    ("[LV1] When Summoned: Return the revealed card to the top of your deck or discard it, then draw one card.",
     Sequence),
    ("[LV1] When This Spirit Attacks: Destroy one of your opponent's nexuses or exhaust one of their spirits, then "
     "draw one card.", Sequence),
])
def test_8_1_8_a_choice_of_directives_joins_other_connectives(text: str, outer: type) -> None:
    ab = _typed(text)
    assert isinstance(ab.effects[0], outer)
    (menu,) = _nodes(ab, Modal)
    assert menu.count == 1 and len(menu.options) == 2


def test_8_1_8_a_choice_of_directives_then_another_directive_by_and() -> None:
    ab = _typed("[LV1] When Summoned: Exhaust one of your opponent's spirits or return it to their hand, and draw "
                "one card.")
    (menu,) = _nodes(ab, Modal)
    assert len(menu.options) == 2 and len(ab.effects) == 2


# ---------------------------------------------------------------- 7-1-5-2 the battle as what a "cannot be …" bars
@pytest.mark.parametrize(("text", "action"), [
    ("[LV1] When This Spirit Attacks: This spirit cannot be destroyed in battle during this turn.",
     "be_destroyed_in_battle"),
    ("[LV1] When Summoned: Select one of your spirits. It cannot be destroyed via comparing BP during this turn.",
     "be_destroyed_in_battle"),
    ("[LV1] When This Spirit Blocks: During this turn, this spirit cannot be destroyed by your opponent's effects "
     "or in battle.", "be_destroyed_or_in_battle"),
    ("[LV1] During Opponent's Turn: Your nexuses cannot be destroyed by your opponent's magic effects or as the "
     "result of battle.", "be_destroyed_or_in_battle"),
])
def test_7_1_5_2_a_battle_destruction_barred_alone_or_after_another_cause(text: str, action: str) -> None:
    ab = _typed(text)
    (bar,) = _nodes(ab, Restriction)
    assert bar.mode == "cannot" and bar.action == action


# ---------------------------------------------------------------- 5-19-5, 9-1-2 "must …": "if able" and the duration in either order
@pytest.mark.parametrize(("text", "action", "duration"), [
    ("[LV1] When Summoned: Select one of your opponent's spirits. It must attack during this turn if able.",
     "attack", Duration.TURN),
    ("[LV1] When This Spirit Attacks: Select one of your opponent's refreshed spirits. It must block if able during "
     "this battle.", "block", Duration.BATTLE),
    ("[LV1] When Summoned: Select one of your opponent's spirits. It must block this spirit during this battle if "
     "possible.", "block", Duration.BATTLE),
    ("[LV1] During Your Attack Step: This spirit must attack if able.", "attack", Duration.PERMANENT),
    ("[LV1] When Summoned: Select one of your opponent's spirits. It must attack first this step if possible.",
     "attack_first", Duration.PERMANENT),
])
def test_9_1_2_an_obligation_with_if_able_and_a_duration_in_either_order(text: str, action: str,
                                                                         duration: Duration) -> None:
    (must,) = _nodes(_typed(text), Restriction)
    assert must.mode == "must" and must.action == action and must.duration is duration


# ---------------------------------------------------------------- 6-5-2 a refresh step skipped, however the negation is said
@pytest.mark.parametrize("text", [
    "[LV1] When Summoned: Exhaust all of your opponent's spirits. They do not refresh during your opponent's next "
    "refresh step.",
    "[LV1] When Summoned: Select one of your opponent's spirits and exhaust it. It does not refresh during the next "
    "refresh step.",
    "[LV1] When Summoned: Select one of your opponent's spirits and exhaust it. It cannot refresh during their next "
    "refresh step.",
])
def test_6_5_2_a_card_that_does_not_refresh_in_the_next_refresh_step(text: str) -> None:
    (bar,) = _nodes(_typed(text), Restriction)
    assert bar.mode == "cannot" and bar.action == "refresh_in_refresh_step"
    assert bar.duration is Duration.NEXT_TURN_END


# ---------------------------------------------------------------- 3-9, 4-11 cores placed: the soul core as any core
@pytest.mark.parametrize(("text", "unit"), [
    ("[LV1] During Your Turn: When a \"Soul Core\" is placed on one of your spirits, draw one card.", "soul_core"),
    ("[LV1] During Either Attack Step: When a \"Soul Core\" is placed into your trash, draw one card.", "soul_core"),
    ("[LV1] During Either Attack Step: When two cores are placed onto this spirit, draw one card.", "core"),
])
def test_4_11_a_soul_core_placed_is_an_event_as_cores_placed(text: str, unit: str) -> None:
    cond = _event(_typed(text))
    assert cond.event == "core_placed" and cond.object.unit == unit


# ---------------------------------------------------------------- 3-1 "there are …" in a player's area: what its owner has
@pytest.mark.parametrize(("text", "zone", "op", "n", "player"), [
    ("[LV1] When Summoned: If there are 10 or more cards in your trash, draw one card.", "trash", ">=", 10,
     Player.YOU),
    ("[LV1] When Summoned: If there are no cards in your hand, draw two cards.", "hand", "==", 0, Player.YOU),
    ("[LV1] When Summoned: If there are three or more spirit cards in your opponent's trash, draw one card.",
     "trash", ">=", 3, Player.OPPONENT),
])
def test_3_1_there_are_cards_in_an_area_is_what_its_owner_has(text: str, zone: str, op: str, n: int,
                                                              player: Player) -> None:
    (cond,) = [x.condition for x in _nodes(_typed(text), Conditional)]
    assert cond.kind == "count" and cond.player is player and cond.selector.zone == zone
    assert (cond.threshold.op, cond.threshold.value) == (op, n)


def test_3_1_there_are_cores_with_no_owner_named_stays_unread() -> None:
    from judge.text.parse import parse_text

    result = parse_text("[LV1] When Summoned: If there are five or more cores, draw one card.", "bss")
    assert result.unparsed


# ---------------------------------------------------------------- 8-1-4-1 "while" a card has something, as after "if"
@pytest.mark.parametrize("text", [
    "[LV1] During Your Turn: While this spirit has a \"Soul Core\" on it, it gains 3000 BP.",
    "[LV1] This spirit gains 3000 BP while it has a \"Soul Core\" on it.",
    "[LV1] While this spirit has three or more cores on it, it cannot be blocked by your opponent's spirits with "
    "3000 or fewer BP.",
    "[LV1] During Your Attack Step: All of your spirits gain 1000 BP while this spirit has Crush.",
])
def test_8_1_4_1_while_a_card_has_is_the_condition_if_would_read(text: str) -> None:
    while_ = _nodes(_typed(text), Conditional)[0].condition
    if_ = _nodes(_typed(text.replace("While", "If").replace("while", "if")), Conditional)[0].condition
    assert while_.kind == if_.kind == "is"
    assert _spanless(while_.object) == _spanless(if_.object)
    assert _spanless(while_.selector) == _spanless(if_.selector)


# ---------------------------------------------------------------- 10-7, 4-2-4 placing and returning as the acts of an event
@pytest.mark.parametrize(("text", "event", "who"), [
    ("[LV1] During Your Turn: When your opponent places a nexus, draw one card.", "places", Player.OPPONENT),
    ("[LV1] During Your Turn: When you place a nexus card from your hand, draw one card.", "places", Player.YOU),
    ("[LV1] During Your Turn: When you return one of your opponent's spirits to their hand, draw one card.",
     "returns", Player.YOU),
])
def test_10_7_a_player_placing_or_returning_is_an_event(text: str, event: str, who: Player) -> None:
    cond = _event(_typed(text))
    assert cond.event == event and cond.player is who and cond.object is not None


def test_4_2_4_an_effect_returning_a_card_is_an_event_of_that_effect() -> None:
    ab = _typed("[LV1] During Your Turn: When your opponent's effect returns one of your spirits to your hand, "
                "draw one card.")
    cond = _event(ab)
    assert cond.event == "returns" and cond.by is not None and cond.by.unit == "effect"
    assert cond.object.owner is Player.YOU


# ---------------------------------------------------------------- 12-2-1 "among them": the cards revealed, with or without "from"
@pytest.mark.parametrize("text", [
    "[LV1] When Summoned: Reveal the top four cards of your deck. Add all red spirit cards among them to your hand. "
    "Discard the remaining cards.",
    "[LV1] When Summoned: Reveal the top four cards of your deck. You may summon one spirit card among them without "
    "paying its cost. Discard the rest.",
    "[LV1] When Summoned: Reveal the top four cards of your deck. Add one magic card from among them to your hand. "
    "Discard the rest.",
])
def test_12_2_1_cards_among_them_are_among_the_revealed_cards(text: str) -> None:
    ab = _typed(text)
    zones = {n.zone for n in walk(list(ab.effects)) if isinstance(n, Selector) and n.card_types}
    assert "revealed" in zones


# ---------------------------------------------------------------- 10-1 what a card "had": the same predicates as "has"
@pytest.mark.parametrize("text", [
    "[LV1] When This Spirit Attacks: Select one of your opponent's spirits and destroy it. If the destroyed spirit "
    "had 5000 or more BP, draw one card.",
    "[LV1] When This Spirit Attacks: Select one of your opponent's spirits and destroy it. If it had a \"Soul Core\" "
    "on it, draw two cards.",
    "[LV1] When This Spirit Attacks: Select one of your opponent's spirits and destroy it. If it had Crush, draw one "
    "card.",
])
def test_10_1_what_a_destroyed_card_had_reads_as_what_it_has(text: str) -> None:
    had = _nodes(_typed(text), Conditional)[0].condition
    has = _nodes(_typed(text.replace(" had ", " has ")), Conditional)[0].condition
    assert had.kind == "is" and _spanless(had.object) == _spanless(has.object)


# ---------------------------------------------------------------- 2-8, 4-6 "for each (colour) symbol" a player has, counted
@pytest.mark.parametrize(("text", "colors"), [
    ("[LV1] When Summoned: Draw one card for each red symbol you have.", ("red",)),
    ("[LV1] When Summoned: This spirit gains 1000 BP for each symbol on your field during this turn.", ()),
    ("[LV1] When This Spirit Attacks: Reduce the BP of one of your opponent's spirits by 1000 for each purple symbol "
     "you have during this turn.", ("purple",)),
])
def test_4_6_a_players_symbols_of_a_colour_are_counted(text: str, colors: tuple) -> None:
    ab = _typed(text)
    (per,) = [getattr(n, "per", None) for n in walk(list(ab.effects)) if getattr(n, "per", None) is not None]
    assert per.unit == "symbol" and per.colors == colors and per.owner is Player.YOU


def test_4_6_symbols_they_have_stay_the_cards_own() -> None:
    ab = _typed("[LV1] All of your exhausted spirits gain 1000 BP for each symbol they have.")
    (per,) = [getattr(n, "per", None) for n in walk(list(ab.effects)) if getattr(n, "per", None) is not None]
    assert per.unit == "symbol" and per.owner is None
