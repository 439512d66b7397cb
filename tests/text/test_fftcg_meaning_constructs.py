"""FFTCG constructs read as meaning (issue 11.3 / 11.4): each construct with three invented phrasings
(none is a printed card's sentence), checked on the AST, and each a fixed point of the round trip
(render, parse again: the same AST)."""

from __future__ import annotations

from typing import Any

import pytest

from judge.text.ast import Conditional, Deploy, Duration, ModifyStat, Player, Restriction, walk
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
