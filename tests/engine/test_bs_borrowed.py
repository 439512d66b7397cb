""""Activate one of its “When Summoned” effects with this spirit": only effects of the selected
card's current level can be borrowed (BSS 2-10-2), and they resolve as the borrower's."""

from __future__ import annotations

from bs_helpers import make, play, spirit

from judge.text.ast import Ability, AbilityKind, Activate, Draw, Player, Selector

LEVELS = {1: {"cores": 1, "bp": 1000}, 2: {"cores": 2, "bp": 2000}}
BORROW = Ability(kind=AbilityKind.TRIGGERED, timing="when_attacks", effects=(Activate(
    effect="when_summoned", target=Selector(count=1, owner=Player.YOU, card_types=("spirit",), other=True)),))
LATE_DRAW = Ability(kind=AbilityKind.TRIGGERED, timing="when_summoned", levels=(2,), effects=(Draw(count=1),))


def _run(cores: int):
    state = make("bss", {"j": spirit("Joker"), "h": spirit("Hatter", levels=LEVELS)},
                 {"A": {"deck": 5, "field": [{"id": "jk", "card": "j", "cores": 1},
                                             {"id": "a2", "card": "h", "cores": cores}]}, "B": {"deck": 5}},
                 step="attack", abilities={"j": (BORROW,), "h": (LATE_DRAW,)})
    return play(state, {"player": "A", "attack": "jk"})


def test_bss_2_10_2_a_lv1_spirit_has_no_lv2_effect_to_borrow() -> None:
    final, rulings = _run(cores=1)
    assert len(final.players["A"].hand) == 0
    assert any("nothing to activate" in s.text and "2-10-2" in s.cites for r in rulings for s in r.steps)


def test_bss_2_10_2_at_lv2_the_effect_is_borrowed_and_resolves() -> None:
    final, _ = _run(cores=2)
    assert len(final.players["A"].hand) == 1
