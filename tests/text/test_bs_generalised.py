"""Constructs of the Battle Spirits Saga templating language read wherever the language puts them
(issue 20.2). Every phrasing here is invented (known parts recombined; no card prints them), three
per construct, and each test asserts the typed meaning read, not only that the line parses."""

from __future__ import annotations

import pytest
from text_helpers import bs_effect, bs_lexicon, bs_one

from judge.text.ast import Conditional, Player, Restriction, Selector, Threshold, walk
from judge.text.parse import parse_text


def _condition(text: str):
    return next(n for n in walk(bs_one(text)) if isinstance(n, Conditional)).condition


# ── BSS 8-5-3: a selection another player makes takes any noun phrase or pronoun ──
@pytest.mark.parametrize("text", [
    "Select two of your opponent's spirits. Your opponent selects one of them and destroys it.",
    "Select one of your opponent's spirits. Your opponent selects that spirit and exhausts it.",
    "Select two of your opponent's spirits. Your opponent selects any number of them and returns them to their hand.",
])
def test_bss_8_5_3_another_player_selects_a_pronoun_phrase(text: str) -> None:
    ability = bs_one(text)
    acted = ability.effects[-1]
    assert isinstance(acted.target, Selector) and acted.target.owner is Player.OPPONENT
    assert not any(isinstance(e, Restriction) for e in ability.effects)


@pytest.mark.parametrize("text", ["Your opponent selects them.", "Your opponent selects it.",
                                  "Destroy one of your spirits. Your opponent selects it."])
def test_bss_8_5_3_a_bare_pronoun_passes_the_choice(text: str) -> None:
    passes = [e for e in bs_one(text).effects if isinstance(e, Restriction)]
    assert [(r.action, r.player) for r in passes] == [("choose_targets", Player.OPPONENT)]


# ── BSS 3-8, 11-18-1: "set" and "linked" are adjectives wherever adjectives stand ──
@pytest.mark.parametrize("text", [
    "If your opponent has a set burst, draw a card.",
    "Destroy your opponent's set burst.",
    "Discard one of your opponent's set burst cards.",
])
def test_bss_3_8_a_set_burst_with_or_without_the_word_card(text: str) -> None:
    sels = [n for n in walk(bs_one(text)) if isinstance(n, Selector) and n.zone == "burst"]
    assert sels and sels[0].owner is Player.OPPONENT


@pytest.mark.parametrize(("text", "field", "value"), [
    ("If you control a linked spirit, draw a card.", "card_types", ("spirit",)),
    ("Destroy one of your opponent's linked blue spirits.", "colors", ("blue",)),
    ("Exhaust one of your opponent's linked Dragon spirits.", "families", ("Dragon",)),
])
def test_bss_11_18_1_linked_before_a_noun_or_another_adjective(text: str, field: str, value: tuple) -> None:
    sel = next(n for n in walk(bs_one(text)) if isinstance(n, Selector) and n.state == "linked")
    assert getattr(sel, field) == value


@pytest.mark.parametrize("text", [
    "Destroy one of your opponent's exhausted linked spirits.",
    "Destroy one of your opponent's linked exhausted spirits.",
    "Return one of your opponent's refreshed linked spirits to their hand.",
])
def test_bss_4_4_1_two_states_together_are_said_not_read(text: str) -> None:
    # a spirit both exhausted and linked: one `state` cannot hold both, so the line is not read
    # (never misread as "exhausted or linked")
    result = parse_text(text, "bss", lexicon=bs_lexicon())
    assert result.unparsed and "not modelled" in result.unparsed[0].expected[0]


# ── BSS 8-1-4-1: "no" is a quantity of a noun phrase; "no cores" a quantity of what a card has ──
@pytest.mark.parametrize(("text", "player"), [
    ("If you control no Dragon spirits, draw a card.", Player.YOU),
    ("If your opponent controls no exhausted spirits, draw a card.", Player.OPPONENT),
    ("If you control no blue spirits, this spirit gains 1000 BP.", Player.YOU),
])
def test_bss_8_1_4_1_controlling_none(text: str, player: Player) -> None:
    cond = _condition(text)
    assert cond.player is player and cond.threshold == Threshold("count", "==", 0)


@pytest.mark.parametrize(("text", "stat"), [
    ("Destroy one of your opponent's spirits with no cores on it.", "cores"),
    ("Exhaust all of your opponent's spirits with no cores on them.", "cores"),
    ("Return one of your opponent's spirits with no BP to their hand.", "bp"),
])
def test_bss_4_3_having_none(text: str, stat: str) -> None:
    assert bs_effect(text).target.thresholds == (Threshold(stat, "==", 0),)


# ── BSS 8-5-3: "other than" a noun phrase, as "except" ──
def test_bss_8_5_3_other_than_a_kind_of_card_leaves_it_out() -> None:
    target = bs_effect("Destroy one of your opponent's spirits other than Dragon spirits.").target
    assert target.excluding is not None and target.excluding.families == ("Dragon",)


def test_bss_8_5_3_other_than_this_spirit_is_another_card() -> None:
    assert bs_effect("Exhaust one of your spirits other than this spirit.").target.other


def test_bss_8_5_3_what_follows_other_than_a_name_belongs_to_the_phrase_around_it() -> None:
    effect = bs_effect("Add a Dragon card other than Crimson Keep from the revealed cards to your hand.")
    assert effect.target.not_names == ("Crimson Keep",) and effect.target.zone == "revealed"


# ── BSS 2-6, 2-11: a card's stat named with its possessive is a reference like the card itself ──
@pytest.mark.parametrize(("text", "stat", "op"), [
    ("Destroy one of your opponent's spirits with BP equal to or less than this spirit's BP.", "bp", "<="),
    ("Exhaust one of your opponent's spirits with higher BP than this spirit's BP.", "bp", ">"),
    ("Destroy one of your opponent's spirits with a cost equal to its cost.", "cost", "=="),
])
def test_bss_2_11_compared_with_a_cards_stat(text: str, stat: str, op: str) -> None:
    (t,) = bs_effect(text).target.thresholds
    assert (t.stat, t.op) == (stat, op) and t.ref is not None


# ── BSS 10-3: a player's act named by its third-person verb, in an effect and in an event ──
@pytest.mark.parametrize(("text", "state"), [
    ("Your opponent refreshes one of their spirits.", "refreshed"),
    ("Your opponent selects one of their spirits and refreshes it.", "refreshed"),
    ("Your opponent exhausts one of their spirits.", "exhausted"),
])
def test_bss_10_3_a_player_refreshes_or_exhausts(text: str, state: str) -> None:
    effect = bs_one(text).effects[-1]
    assert effect.state == state


def test_bss_8_1_5_1_when_a_player_refreshes() -> None:
    cond = next(n for n in walk(bs_one("When your opponent refreshes one of their spirits, draw a card."))
                if getattr(n, "event", None) == "refreshes")
    assert cond.player is Player.OPPONENT


# ── BSS 3-2, 10-2-1, 12-2: the top of a deck is one noun phrase for every directive acting on it ──
@pytest.mark.parametrize(("text", "count", "owner"), [
    ("Discard two cards from the top of your opponent's deck.", 2, Player.OPPONENT),
    ("Add two cards from the top of your deck to your hand.", 2, Player.YOU),
    ("Discard the top three cards of your deck for each Dragon spirit you control.", 3, Player.YOU),
])
def test_bss_3_2_the_top_of_a_deck(text: str, count: int, owner: Player) -> None:
    top = next(n for n in walk(bs_one(text)) if isinstance(n, Selector) and n.zone == "deck_top")
    assert (top.count, top.owner) == (count, owner)


@pytest.mark.parametrize("text", [
    "Reveal two cards from the top of your opponent's deck.",
    "Reveal the top card of your opponent's deck.",
    "Reveal the top four cards of your opponent's deck for each Dragon spirit you control.",
])
def test_bss_12_2_revealing_the_top_of_a_deck(text: str) -> None:
    reveal = next(n for n in walk(bs_one(text)) if type(n).__name__ == "Reveal")
    assert reveal.zone == "opponent_deck"


# ── BSS 12-2-1: "revealed" is an adjective of any noun phrase: among the revealed cards ──
@pytest.mark.parametrize("text", [
    "Reveal the top three cards of your deck. Add any number of revealed Dragon cards to your hand.",
    "Reveal the top three cards of your deck. Discard all revealed magic cards.",
    "Reveal the top two cards of your deck. You may summon one revealed spirit card that costs 3 or less "
    "without paying its cost.",
])
def test_bss_12_2_1_revealed_cards_named_by_an_adjective(text: str) -> None:
    acted = [n for n in walk(bs_one(text).effects[-1]) if isinstance(n, Selector)]
    assert acted[0].zone == "revealed"


@pytest.mark.parametrize(("text", "stat", "op"), [
    ("Destroy one of your opponent's spirits with BP equal to or less than the BP of this spirit.", "bp", "<="),
    ("Exhaust one of your opponent's spirits with a cost equal to the cost of this spirit.", "cost", "=="),
    ("Return one of your opponent's spirits with less BP than the BP of this spirit to their hand.", "bp", "<"),
])
def test_bss_2_11_the_stat_of_a_card(text: str, stat: str, op: str) -> None:
    (t,) = bs_effect(text).target.thresholds
    assert (t.stat, t.op) == (stat, op) and t.ref is not None and t.ref.self_ref


# ── BSS 8-1-8, 8-4: "may" and "if … does" for whichever player the sentence names ──
@pytest.mark.parametrize(("text", "player"), [
    ("Your opponent may discard a card.", Player.OPPONENT),
    ("Your opponent may return one of their spirits to their hand.", Player.OPPONENT),
    ("You may discard a card.", None),
])
def test_bss_8_1_8_whoever_may_chooses(text: str, player: Player | None) -> None:
    (optional,) = bs_one(text).effects
    assert type(optional).__name__ == "Optional" and optional.player is player


@pytest.mark.parametrize(("text", "kind"), [
    ("Your opponent may discard a card. If your opponent does, draw a card.", "did"),
    ("Your opponent may discard a card. If your opponent does not, draw two cards.", "did_not"),
    ("Your opponent may discard a card. If your opponent doesn't, draw two cards.", "did_not"),
])
def test_bss_8_4_if_the_player_named_does(text: str, kind: str) -> None:
    assert _condition(text).kind == kind


@pytest.mark.parametrize("text", [
    "Reveal the top three cards of your deck. Add one card with 【Swift】 from the revealed cards to your hand.",
    "Reveal the top three cards of your deck. Add two cards with 【Gale】 from among them to your hand.",
    "Reveal the top three cards of your deck. Add one card with 3000 BP or less from the revealed cards to your hand.",
])
def test_bss_3_2_cards_with_a_qualifier_are_not_the_top_of_the_deck(text: str) -> None:
    # "N cards from the top of …" is one construct; "N cards with …" stays a noun phrase
    added = bs_one(text).effects[-1]
    assert added.target.zone != "deck_top"


# ── BSS 4-3, 4-11: "there are N cores / is a Soul Core on X" is what X has; "cores on it" too ──
@pytest.mark.parametrize(("text", "same_as"), [
    ("If there are three or more cores on this spirit, draw a card.",
     "If this spirit has three or more cores on it, draw a card."),
    ("When This Spirit Attacks: If there are two or more cores on it, draw a card.",
     "When This Spirit Attacks: If it has two or more cores on it, draw a card."),
    ('When This Spirit Attacks: If there is a "Soul Core" on it, draw a card.',
     'When This Spirit Attacks: If it has a "Soul Core" on it, draw a card.'),
])
def test_bss_4_3_there_are_cores_on_a_card(text: str, same_as: str) -> None:
    from judge.text.compare import comparable

    assert comparable(bs_one(text).effects) == comparable(bs_one(same_as).effects)


def test_bss_4_3_cores_on_it_are_still_what_the_card_has() -> None:
    target = bs_effect("Destroy one of your opponent's spirits with two or more cores on it.").target
    assert target.thresholds == (Threshold("cores", ">=", 2),)


# ── BSS 4-6: "equal to the number of …" is the "for each …" amount said the other way ──
@pytest.mark.parametrize(("text", "same_as"), [
    ("Draw cards equal to the number of Dragon spirits you control.",
     "Draw a card for each Dragon spirit you control."),
    ("Your opponent draws cards equal to the number of nexuses they control.",
     "Your opponent draws a card for each nexus they control."),
    ("Draw cards equal to the number of symbols on this spirit.", "Draw a card for each symbol on this spirit."),
])
def test_bss_4_6_equal_to_the_number_of(text: str, same_as: str) -> None:
    from judge.text.compare import comparable

    effect = bs_effect(text)
    assert effect.count == 1 and effect.per is not None
    assert comparable(effect) == comparable(bs_effect(same_as))


# ── BSS 2-5: a spirit type gained, with or without "the" ──
@pytest.mark.parametrize(("text", "family"), [
    ("This spirit gains the Dragon spirit type.", "Dragon"),
    ("Select one of your spirits. It gains the Warrior spirit type during this turn.", "Warrior"),
    ("All of your spirits gain the Golem spirit type and 1000 BP during this turn.", "Golem"),
])
def test_bss_2_5_gaining_the_spirit_type(text: str, family: str) -> None:
    gains = [n for n in walk(bs_one(text)) if type(n).__name__ == "Gain" and n.family]
    assert [g.family for g in gains] == [family]
