"""The core step's core and the effects that replace it (BSS 6-3-2, 8-9-1, 8-9-3)."""

from __future__ import annotations

from bs_helpers import make, play, spirit

from judge.text.ast import (
    Ability,
    AbilityKind,
    Condition,
    Conditional,
    MoveCores,
    Player,
    Selector,
    Threshold,
)


def _doubler(n: int = 2) -> Ability:
    """During your core step: if you control a Test spirit, gain n cores instead of one."""
    instead = Conditional(condition=Condition(kind="during", text="", event="core_step", player=Player.YOU),
                          effects=(MoveCores(count=n, source="void", dest="reserve"),), instead=True)
    have = Condition(kind="count", text="", player=Player.YOU,
                     selector=Selector(count=None, owner=Player.YOU, card_types=("spirit",), families=("Test",)),
                     threshold=Threshold(stat="count", op=">=", value=1))
    return Ability(kind=AbilityKind.CONSTANT, timing="during_your_core_step",
                   effects=(Conditional(condition=have, effects=(instead,)),))


def _board(*extra: dict, abilities: dict):
    cards = {"x": spirit("X"), "n": {"name": "Nexus", "type": "nexus", "colors": ["white"], "cost": 3,
                                     "levels": {1: {"cores": 0, "bp": 0}}, "text": ""},
             "m": {"name": "Other Nexus", "type": "nexus", "colors": ["white"], "cost": 3,
                   "levels": {1: {"cores": 0, "bp": 0}}, "text": ""}}
    field = [{"id": "a1", "card": "x", "cores": 1}, *extra]
    return make("bss", cards, {"A": {"reserve": 0, "deck": 5, "field": field}, "B": {"deck": 5}},
                step="attack", player="B", number=5, abilities=abilities)


def test_bss_6_3_2_the_core_step_places_one_core() -> None:
    final, _ = play(_board(abilities={}), {"player": "B", "end_step": True})
    assert final.players["A"].reserve == 1


def test_bss_8_9_1_gain_two_instead_of_one_replaces_the_core() -> None:
    final, rulings = play(_board({"id": "n1", "card": "n"}, abilities={"n": (_doubler(),)}),
                          {"player": "B", "end_step": True})
    assert final.players["A"].reserve == 2
    assert any("8-9-1" in s.cites for r in rulings for s in r.steps)


def test_bss_8_9_3_two_copies_do_not_add_up() -> None:
    final, rulings = play(_board({"id": "n1", "card": "n"}, {"id": "n2", "card": "n"}, abilities={"n": (_doubler(),)}),
                          {"player": "B", "end_step": True})
    assert final.players["A"].reserve == 2
    assert any("8-9-3" in s.cites for r in rulings for s in r.steps)


def test_bss_8_9_2_different_amounts_are_the_players_choice() -> None:
    state = _board({"id": "n1", "card": "n"}, {"id": "n2", "card": "m"},
                   abilities={"n": (_doubler(2),), "m": (_doubler(3),)})
    _, rulings = play(state, {"player": "B", "end_step": True})
    asked = [r.request for r in rulings if r.request is not None]
    assert asked and asked[0].player == "A" and set(asked[0].options) == {"n1", "n2"}
    final, _ = play(state, {"player": "B", "end_step": True}, {"player": "A", "choose": "n2"})
    assert final.players["A"].reserve == 3
