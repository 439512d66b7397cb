"""FFTCG constructs read as meaning (issue 11.3 / 11.4): each construct with three invented phrasings
(none is a printed card's sentence), checked on the AST, and each a fixed point of the round trip
(render, parse again: the same AST)."""

from __future__ import annotations

from typing import Any

import pytest

from judge.text.ast import Conditional, Deploy, Duration, ModifyStat, Move, Player, Restriction, Search, walk
from judge.text.fftcg.render import render
from judge.text.parse import parse_text
from judge.text.render import comparable

NAME = "Zorn"


def one(text: str) -> Any:
    result = parse_text(text, "fftcg", name=NAME)
    assert not result.unparsed and len(result.abilities) == 1, (text, result.unparsed)
    return result.abilities[0]


def round_trips(ability: Any) -> None:
    again = one(render(ability, NAME))
    assert comparable(again) == comparable(ability), render(ability, NAME)


# ── a duration said before an "if" scopes the replacement it governs (11.12.4.1, 11.12.5) ──
@pytest.mark.parametrize("text", [
    "During this turn, if Zorn is dealt damage, the damage becomes 0 instead.",
    "《1》: Until the end of the turn, if a Forward you control is dealt damage, reduce the damage by 2000 instead.",
    "Choose 1 Forward. During this turn, the next damage dealt to it by Summons becomes 0 instead.",
])
def test_fftcg_11_12_4_1_a_replacement_said_for_this_turn_lasts_this_turn(text: str) -> None:
    ability = one(text)
    cond = next(e for e in ability.effects if isinstance(e, Conditional))
    assert cond.instead
    assert all(isinstance(x, ModifyStat) and x.duration is Duration.TURN for x in cond.effects)
    round_trips(ability)


def test_fftcg_11_12_5_a_replacement_without_a_duration_stays_permanent() -> None:
    cond = one("If Zorn is dealt damage, the damage becomes 0 instead.").effects[0]
    assert cond.effects[0].duration is Duration.PERMANENT


# ── whose field a card is played onto (6.2.4): the player named, or the one who plays it ──
@pytest.mark.parametrize(("text", "onto"), [
    ("Choose 1 Forward in your Break Zone. Play it onto your opponent's field.", Player.OPPONENT),
    ("When Zorn leaves the field, play Zorn onto your opponent's field dull.", Player.OPPONENT),
    ("《1》: Play 1 Backup of cost 2 or less from your hand onto your field.", Player.YOU),
    ("《1》: Play 1 Backup of cost 2 or less from your hand onto the field.", None),
])
def test_fftcg_6_2_4_a_card_played_onto_a_players_field(text: str, onto: Player | None) -> None:
    ability = one(text)
    deploy = next(e for e in walk(ability) if isinstance(e, Deploy))
    assert deploy.verb == "play" and deploy.onto is onto
    round_trips(ability)


# ── who gains control (6.2.6): the subject of "gains control of" ──
@pytest.mark.parametrize(("text", "who"), [
    ("When Zorn is chosen by your opponent's abilities, your opponent gains control of Zorn.", Player.OPPONENT),
    ("Choose 1 Backup you control. Your opponent gains control of it until the end of the turn.", Player.OPPONENT),
    ("《2》: Choose 1 Monster. Gain control of it.", None),
])
def test_fftcg_6_2_6_the_player_who_gains_control(text: str, who: Player | None) -> None:
    ability = one(text)
    deploy = next(e for e in walk(ability) if isinstance(e, Deploy))
    assert deploy.verb == "gain_control" and deploy.player is who
    round_trips(ability)


# ── damage that cannot be reduced (11.12.5): the damage just dealt, or a source's damage to cards ──
@pytest.mark.parametrize("text", [
    "Choose 1 Forward. Deal it 9000 damage. This damage cannot be reduced.",
    "《1》: Deal 3000 damage to all the Forwards opponent controls. This damage cannot be reduced.",
    "The damage dealt by your Summons to Forwards opponent controls cannot be reduced.",
])
def test_fftcg_11_12_5_damage_that_cannot_be_reduced_reads_back(text: str) -> None:
    ability = one(text)
    barred = next(e for e in walk(ability) if isinstance(e, Restriction))
    assert barred.action == "be_reduced" and barred.player is None
    round_trips(ability)


# ── the CP a cost may only be paid with (11.2): produced by some cards, for a cast or this ability ──
@pytest.mark.parametrize(("text", "colors", "use"), [
    ("You can only pay with CP produced by Fire Backups to cast Zorn.", ("fire",), False),
    ("《1》: Zorn gains +1000 power. You can only pay with CP produced by Backups to use this ability.", (), True),
    ("You can only pay with CP produced by Water or Ice Backups to cast Zorn.", ("water", "ice"), False),
])
def test_fftcg_11_2_cp_only_from_the_cards_named(text: str, colors: tuple, use: bool) -> None:
    ability = one(text)
    barred = next(e for e in walk(ability) if isinstance(e, Restriction))
    assert barred.action == "pay_with_cp_from_backups" and barred.by is not None
    assert barred.by.card_types == ("backup",) and set(barred.by.colors) == set(colors)
    assert (barred.target.card_types == ("ability",)) is use
    round_trips(ability)


@pytest.mark.parametrize(("text", "payers"), [
    ("Break it. If the CP paid to cast Zorn was only produced by Backups, also draw 1 card.", ("backup",)),
    ("Choose 1 Forward. Dull it. If the CP paid to cast Zorn was only produced by Forwards, freeze it.",
     ("forward",)),
    ("Draw 1 card. If the CP paid to cast Zorn was only produced by Monsters, draw 1 more card.", ("monster",)),
])
def test_fftcg_11_2_if_the_cp_paid_came_only_from_some_cards(text: str, payers: tuple) -> None:
    ability = one(text)
    cond = next(e for e in walk(ability) if isinstance(e, Conditional)).condition
    assert cond.kind == "paid_by" and cond.selector.card_types == payers
    round_trips(ability)


# ── an event earlier this turn, said in the past, is a fact of the turn (11.8.13) ──
@pytest.mark.parametrize(("text", "kind"), [
    ("If a Forward you controlled attacked this turn, draw 1 card.", "attacks_this_turn"),
    ("If 2 or more Backups have left the field this turn, Zorn gains +1000 power.", "left_field_this_turn"),
    ("If a Forward opponent controlled formed a party this turn, Zorn gains +1000 power.", "formed_party_this_turn"),
])
def test_fftcg_11_8_13_an_event_earlier_this_turn(text: str, kind: str) -> None:
    ability = one(text)
    cond = next(e for e in walk(ability) if isinstance(e, Conditional)).condition
    assert cond.kind == kind
    round_trips(ability)


# ── whom a Forward can form a party with (15.1.1.9), and what an ability is choosing (11.6.5) ──
@pytest.mark.parametrize("text", [
    "The Forwards you control can form a party with Forwards of any Element.",
    "Zorn can form a party with Forwards of any Element.",
    "The [[i]]Job Sentinel[[/]] Forwards you control can form a party with Forwards of any Element.",
])
def test_fftcg_15_1_1_9_a_party_with_forwards_of_any_element(text: str) -> None:
    ability = one(text)
    barred = next(e for e in walk(ability) if isinstance(e, Restriction))
    assert barred.action == "form_party_with" and barred.by.colors == ("any",)
    round_trips(ability)


@pytest.mark.parametrize("text", [
    "Choose 1 ability that is choosing only 1 Forward you control. Cancel its effect.",
    "《1》: Choose 1 Summon that is choosing only 1 Backup you control. Cancel its effect.",
    "Zorn cannot be broken by opposing Summons or abilities that don't deal damage.",
])
def test_fftcg_11_6_5_what_a_summon_or_ability_is_and_does(text: str) -> None:
    round_trips(one(text))


# ── a card put under the top N cards of a deck (7.9): one deck place for every verb, N kept ──
@pytest.mark.parametrize(("text", "under"), [
    ("Search for 1 Backup and put it under the top 2 cards of your deck.", 2),
    ("《1》: Put Zorn under the top 3 cards of your deck.", 3),
    ("Choose 1 Forward. Put it under the top card of its owner's deck.", 1),
    ("Search for 1 Summon and put it under the top 4 cards of your deck.", 4),
])
def test_fftcg_7_9_under_the_top_cards_of_a_deck(text: str, under: int) -> None:
    ability = one(text)
    moved = next(e for e in walk(ability) if isinstance(e, (Move, Search)))
    assert moved.dest == "deck_under_top" and moved.under == under
    round_trips(ability)
