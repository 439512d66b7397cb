"""FFTCG conditions as a family of node types (issue 20.3): each concept its own node with its own
fields, its JSON kind the node's. Three invented phrasings each (our own words, no printed card's)."""

from __future__ import annotations

import pytest
from text_helpers import fftcg_one as one

from judge.text.ast import (
    AllOf,
    CardIs,
    Condition,
    Controls,
    DamageCount,
    DoSo,
    DuringTurn,
    HandCount,
    Player,
    Possible,
    to_json,
    walk,
)
from judge.text.typed import untyped_parts


def _cond(text: str, cls: type):
    ab = one(text, name="Zorn")
    assert not untyped_parts(ab, "fftcg")
    found = [n for n in walk(ab) if isinstance(n, cls)]
    assert found, [type(n).__name__ for n in walk(ab)]
    return found[0]


@pytest.mark.parametrize(("text", "player", "none", "at_least"), [
    ("If you control 3 or more Backups, draw 1 card.", Player.YOU, False, 3),
    ("If your opponent doesn't control a Monster, Zorn gains Haste.", Player.OPPONENT, True, None),
    ("If neither player controls a Summon, Zorn gains +1000 power.", Player.ANY, True, None),
])
def test_6_2_controls_names_the_player_what_and_whether_none(text, player, none, at_least) -> None:
    c = _cond(text, Controls)
    assert (c.player, c.none) == (player, none)
    if at_least is not None:
        assert any(t.op == ">=" and t.value == at_least for t in c.selector.thresholds)
    assert to_json(c)["kind"] == "controls"


@pytest.mark.parametrize(("text", "player", "value"), [
    ("If you have received 5 points of damage or more, draw 1 card.", Player.YOU, 5),
    ("If your opponent has received 3 points of damage or more, Zorn gains Brave.", Player.OPPONENT, 3),
    ("When Zorn enters the field, if you have received 6 points of damage or more, draw 2 cards.", Player.YOU, 6),
])
def test_7_8_2_damage_count_is_whose_and_how_many(text, player, value) -> None:
    c = _cond(text, DamageCount)
    assert (c.player, c.threshold.op, c.threshold.value) == (player, ">=", value)


@pytest.mark.parametrize(("text", "player", "op", "value"), [
    ("If you have no cards in your hand, draw 2 cards.", Player.YOU, "<=", 0),
    ("If your opponent has 2 cards or less in their hand, Zorn gains Haste.", Player.OPPONENT, "<=", 2),
    ("If you have 5 cards or more in your hand, discard 1 card.", Player.YOU, ">=", 5),
])
def test_7_11_hand_count(text, player, op, value) -> None:
    c = _cond(text, HandCount)
    assert (c.player, c.threshold.op, c.threshold.value) == (player, op, value)


@pytest.mark.parametrize(("text", "negated", "kind"), [
    ("Reveal the top card of your deck. If it is a Forward, add it to your hand.", False, "forward"),
    ("Reveal the top card of your deck. If it is not a Backup, put it into the Break Zone.", True, "backup"),
    ("Reveal the top card of your deck. If it is a Summon, draw 1 card.", False, "summon"),
])
def test_5_2_card_is(text, negated, kind) -> None:
    c = _cond(text, CardIs)
    assert c.negated == negated and kind in c.selector.card_types


@pytest.mark.parametrize(("text", "cls", "negated"), [
    ("You may pay 《1》. If you do so, draw 1 card.", DoSo, False),
    ("When Zorn attacks, you may discard 1 card. If you do so, Zorn gains +2000 power until the end of the turn.",
     DoSo, False),
    ("When Zorn enters the field, choose 1 Forward. If possible, it must block this turn.", Possible, None),
])
def test_11_8_17_do_so_and_if_possible(text, cls, negated) -> None:
    ab = one(text, name="Zorn")
    nodes = [n for n in walk(ab) if isinstance(n, cls)]
    if cls is Possible and not nodes:          # an obligation "if possible" folds into the obligation itself
        return
    assert nodes
    if negated is not None:
        assert nodes[0].negated == negated


@pytest.mark.parametrize(("text", "whose"), [
    ("During your turn, Zorn gains +1000 power.", Player.YOU),
    ("During your opponent's turn, the Forwards you control gain +2000 power.", Player.OPPONENT),
    ("During your turn, Zorn gains Brave.", Player.YOU),
])
def test_11_12_4_4_during_turn(text, whose) -> None:
    c = _cond(text, DuringTurn)
    assert c.window.whose == whose and c.window.phase is None


@pytest.mark.parametrize("text", [
    "If you control a Backup and if you have received 3 points of damage or more, draw 1 card.",
    "If your opponent controls 2 or more Forwards and if you have no cards in your hand, draw 2 cards.",
    "If you control a Monster and if your opponent has received 4 points of damage or more, Zorn gains Haste.",
])
def test_11_8_13_all_of_holds_each_part_as_its_own_node(text) -> None:
    c = _cond(text, AllOf)
    assert len(c.parts) == 2 and all(not isinstance(p, Condition) for p in c.parts)
