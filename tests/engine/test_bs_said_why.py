"""Steps that say why nothing happened, or what was paid, with the clause that decides
(BSS 11-7-1: Blessed needs life reduced; 8-4-2: paying an effect cost resolves what it says)."""

from __future__ import annotations

from bs_helpers import make, play, spirit

from judge.text.ast import Ability, AbilityKind, Cost, Draw, Keyword, MoveCores, Optional, Selector


def test_bss_11_7_1_blessed_does_not_activate_when_the_attack_reduces_no_life() -> None:
    blessed = Ability(kind=AbilityKind.KEYWORD, keyword=Keyword("Blessed", ()))
    no_symbol = spirit("X", symbols=[])           # its attack takes no life
    state = make("bss", {"x": no_symbol}, {"A": {"life": 3, "deck": 5, "field": [{"id": "a1", "card": "x", "cores": 1}]},
                                           "B": {"life": 5, "deck": 5}},
                 step="attack", abilities={"x": (blessed,)})
    final, rulings = play(state, {"player": "A", "attack": "a1"}, {"player": "B", "no_block": True})
    assert final.players["A"].life == 3 and final.players["B"].life == 5
    assert any("does not activate" in s.text and "11-7-1" in s.cites for r in rulings for s in r.steps)


def test_bss_8_4_2_a_you_may_pay_cost_is_paid_by_resolving_it() -> None:
    pay = Optional(effects=(Draw(count=1),), cost=Cost(effects=(MoveCores(
        count=1, source="spirit", dest="trash", source_target=Selector(count=1, self_ref=True)),)))
    ab = Ability(kind=AbilityKind.TRIGGERED, timing="when_attacks", effects=(pay,))
    state = make("bss", {"x": spirit("X")}, {"A": {"deck": 5, "field": [{"id": "a1", "card": "x", "cores": 2}]},
                                             "B": {"deck": 5}}, step="attack", abilities={"x": (ab,)})
    final, rulings = play(state, {"player": "A", "attack": "a1", "choose": "yes"})
    assert final.field_card("a1").cores == 1 and len(final.players["A"].hand) == 1
    assert any("8-4-2" in s.cites for r in rulings for s in r.steps)


def test_bss_10_14_1_a_destroy_effect_is_a_destruction_effect_and_says_so() -> None:
    from judge.text.ast import Destroy, Player

    ab = Ability(kind=AbilityKind.TRIGGERED, timing="when_summoned", effects=(
        Destroy(target=Selector(count=1, owner=Player.OPPONENT, card_types=("spirit",))),))
    state = make("bss", {"x": spirit("X", cost=0), "y": spirit("Y")},
                 {"A": {"reserve": 1, "deck": 5, "hand": ["x"]},
                  "B": {"deck": 5, "field": [{"id": "b1", "card": "y", "cores": 1}]}}, abilities={"x": (ab,)})
    final, rulings = play(state, {"player": "A", "summon": "x"})
    assert final.zone_of("b1") == "trash"
    assert any("destruction effect" in s.text and "10-14-1" in s.cites for r in rulings for s in r.steps)
