""""Both players must pay one core for each card drawn outside the draw step": the player who drew
pays, once per card of the draw that set it off (BSS 4-5-3: a draw of N is N draws of one)."""

from __future__ import annotations

from bs_helpers import make, play, spirit

from judge.text.ast import (
    Ability,
    AbilityKind,
    Condition,
    Conditional,
    Draw,
    MoveCores,
    Player,
    Selector,
    Sequence,
)

TAX = Ability(kind=AbilityKind.TRIGGERED, timing="event",
              condition=Condition(kind="event", text="", event="draws", qualifiers=("outside_draw_step",),
                                  player=Player.EACH),
              effects=(Conditional(condition=Condition(kind="for_each", text="", selector=Selector(
                  count=None, state="drawn", zone="any")), effects=(Sequence(connector="must", effects=(
                      MoveCores(count=1, source="field_or_reserve", dest="trash", player=Player.EACH),)),)),))


def test_bss_4_5_3_the_drawer_pays_one_core_per_card_drawn() -> None:
    drawer = Ability(kind=AbilityKind.TRIGGERED, timing="when_summoned", effects=(Draw(count=2),))
    state = make("bss", {"x": spirit("X", cost=0), "t": spirit("Taxman")},
                 {"A": {"reserve": 4, "deck": 5, "hand": ["x"]},
                  "B": {"deck": 5, "reserve": 3, "field": [{"id": "b1", "card": "t", "cores": 1}]}},
                 abilities={"x": (drawer,), "t": (TAX,)})
    final, _ = play(state, {"player": "A", "summon": "x"}, {"player": "A", "choose": "reserve"},
                    {"player": "A", "choose": "reserve"})      # X's core could pay too: A says where from
    a, b = final.players["A"], final.players["B"]
    assert len(a.hand) == 2
    assert a.reserve == 4 - 1 - 2 and a.trash_cores == 2      # one on X, two paid for the two cards
    assert b.reserve == 3 and b.trash_cores == 0
