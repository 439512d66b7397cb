"""An effect done "unless <a player> pays <cores>" (BSS 8-4): that player decides at resolution; paying
stops the effect; a player who cannot pay has no choice (invented cards, AST nodes)."""

from __future__ import annotations

from bs_helpers import act, magic, make

from judge.text.ast import Ability, AbilityKind, Condition, Conditional, Cost, Draw, MoveCores, Player


def _board(b_reserve: int) -> object:
    unless = Conditional(condition=Condition(kind="unpaid", text="", player=Player.OPPONENT, cost=Cost(effects=(
        MoveCores(count=1, source="field_or_reserve", dest="trash", player=Player.OPPONENT),))),
        effects=(Draw(count=2),))
    return make("bss", {"hex": magic("Hex")}, {"A": {"reserve": 3, "deck": 5, "hand": ["hex"]},
                                               "B": {"reserve": b_reserve, "deck": 5}},
                abilities={"hex": (Ability(kind=AbilityKind.MAGIC, timing="main", effects=(unless,)),)})


def test_bss_8_4_the_named_player_decides_and_paying_stops_the_effect() -> None:
    r = act(_board(2), {"player": "A", "magic": "hex"})
    assert r.request is not None and r.request.player == "B"
    paid = act(r.state, {"player": "B", "choose": "yes"})
    assert paid.ok and len(paid.state.players["A"].hand) == 0 and paid.state.players["B"].reserve == 1
    declined = act(r.state, {"player": "B", "choose": "no"})
    assert declined.ok and len(declined.state.players["A"].hand) == 2


def test_bss_8_4_a_player_who_cannot_pay_has_no_choice() -> None:
    r = act(_board(0), {"player": "A", "magic": "hex"})
    assert r.ok and len(r.state.players["A"].hand) == 2
