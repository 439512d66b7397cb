""""Draw N cards for each …" and "draw cards until you have N cards in your hand": how many cards the
draw is (BSS 4-5-3, a draw of N is N draws of one). Invented cards, abilities given as AST nodes."""

from __future__ import annotations

from bs_helpers import make, play, spirit

from judge.text.ast import Ability, AbilityKind, Draw, Player, Selector

OPP_SPIRITS = Selector(count=None, owner=Player.OPPONENT, card_types=("spirit",))


def _summon_drawing(draw: Draw, hand: int, opponents: int):
    ab = Ability(kind=AbilityKind.TRIGGERED, timing="when_summoned", effects=(draw,))
    field = [{"id": f"b{i}", "card": "o", "cores": 1} for i in range(opponents)]
    state = make("bss", {"x": spirit("Drawer", cost=0), "o": spirit("Other"), "h": spirit("Filler")},
                 {"A": {"reserve": 3, "deck": 10, "hand": ["x", *["h"] * hand]},
                  "B": {"deck": 5, "field": field}}, abilities={"x": (ab,)})
    final, rulings = play(state, {"player": "A", "summon": "x"})
    return final, rulings


def test_bss_4_5_3_for_each_multiplies_the_number_of_cards_drawn() -> None:
    final, rulings = _summon_drawing(Draw(count=1, per=OPP_SPIRITS), hand=0, opponents=3)
    assert len(final.players["A"].hand) == 3
    assert any("4-5-3" in s.cites for r in rulings for s in r.steps)


def test_bss_4_5_3_until_you_have_n_draws_what_the_hand_lacks() -> None:
    final, _ = _summon_drawing(Draw(count=4, until=True), hand=1, opponents=0)
    assert len(final.players["A"].hand) == 4          # one in hand after the summon: three drawn


def test_bss_4_5_3_until_you_have_n_draws_nothing_when_the_hand_has_them() -> None:
    final, rulings = _summon_drawing(Draw(count=2, until=True), hand=3, opponents=0)
    assert len(final.players["A"].hand) == 3 and len(final.players["A"].deck) == 10
    assert any("draws 0" in s.text for r in rulings for s in r.steps)
