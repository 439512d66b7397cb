"""Selecting by the effects a card has (BSS 10-13-1, 10-11-2) and "you may" with nothing to select."""

from __future__ import annotations

from bs_helpers import make, play, spirit

from judge.engine.bs import effect_criteria
from judge.text.ast import Ability, AbilityKind, Draw, Keyword, Move, MoveCores, Optional, Player, Selector

BLOCKS = Ability(kind=AbilityKind.TRIGGERED, timing="when_blocks", levels=(2, 3), effects=(Draw(count=1),))
EITHER = Ability(kind=AbilityKind.TRIGGERED, timing="when_attacks_or_blocks", effects=(Draw(count=1),))
WITH_BLOCKS = Selector(count=1, owner=Player.YOU, card_types=("spirit",), has_effect=("when_blocks",))
NO_EFFECTS = Selector(count=1, owner=Player.YOU, card_types=("spirit",), lacks_effect=("any",))
TWO_LEVELS = {1: {"cores": 1, "bp": 1000}, 2: {"cores": 2, "bp": 2000}, 3: {"cores": 4, "bp": 3000}}


def _board(cores: int = 1):
    cards = {"late": spirit("Late", levels=TWO_LEVELS), "both": spirit("Both"), "plain": spirit("Plain")}
    return make("bss", cards, {"A": {"reserve": 2, "deck": 5, "field": [
        {"id": "a1", "card": "late", "cores": cores}, {"id": "a2", "card": "both", "cores": 1},
        {"id": "a3", "card": "plain", "cores": 1}]}, "B": {"deck": 5}},
        abilities={"late": (BLOCKS,), "both": (EITHER,)})


def test_bss_10_13_1_an_effect_of_a_level_not_reached_does_not_meet_with_an_effect() -> None:
    state = _board(cores=1)
    assert not effect_criteria.meets(state, "a1", WITH_BLOCKS)
    assert effect_criteria.meets(_board(cores=2), "a1", WITH_BLOCKS)


def test_bss_10_11_2_an_attacks_or_blocks_effect_meets_a_blocks_criterion() -> None:
    state = _board()
    assert effect_criteria.how_it_has(state, "a2", "when_blocks") == "either"
    assert effect_criteria.how_it_has(state, "a2", "when_attacks") == "either"
    assert effect_criteria.how_it_has(state, "a3", "when_blocks") is None


def test_bss_no_effects_listed_counts_effects_of_every_level_and_gained_ones() -> None:
    state = _board(cores=1)
    assert not effect_criteria.meets(state, "a1", NO_EFFECTS)     # listed, though only from LV2
    assert effect_criteria.meets(state, "a3", NO_EFFECTS)
    gained = make("bss", {"plain": spirit("Plain"), "giver": spirit("Giver")},
                  {"A": {"deck": 5, "field": [{"id": "a3", "card": "plain", "cores": 1},
                                              {"id": "g", "card": "giver", "cores": 1}]}, "B": {"deck": 5}},
                  abilities={"giver": (Ability(kind=AbilityKind.CONSTANT, effects=(
                      _gain_armor(),)),)})
    assert not effect_criteria.meets(gained, "a3", NO_EFFECTS)


def _gain_armor():
    from judge.text.ast import Gain

    return Gain(target=Selector(count=None, owner=Player.YOU, card_types=("spirit",)),
                keyword=Keyword("Armor", ("red",)))


def test_bss_10_13_1_selection_offers_only_spirits_with_the_effect_now() -> None:
    eir = Ability(kind=AbilityKind.TRIGGERED, timing="when_summoned", effects=(
        MoveCores(count=1, source="void", dest="spirit", dest_target=WITH_BLOCKS),))
    cards = {"late": spirit("Late", levels=TWO_LEVELS), "both": spirit("Both"), "eir": spirit("Eir", cost=0)}
    state = make("bss", cards, {"A": {"reserve": 2, "deck": 5, "hand": ["eir"], "field": [
        {"id": "a1", "card": "late", "cores": 1}, {"id": "a2", "card": "both", "cores": 1}]}, "B": {"deck": 5}},
        abilities={"late": (BLOCKS,), "both": (EITHER,), "eir": (eir,)})
    final, rulings = play(state, {"player": "A", "summon": "eir"})
    assert final.field_card("a2").cores == 2 and final.field_card("a1").cores == 1
    cites = {c for r in rulings for s in r.steps for c in s.cites}
    assert {"10-13-1", "10-11-2"} <= cites


def test_bss_8_1_8_a_may_with_nothing_to_select_offers_no_choice() -> None:
    bounce = Ability(kind=AbilityKind.TRIGGERED, timing="when_attacks", effects=(Optional(effects=(
        Move(dest="hand", target=Selector(count=1, owner=Player.OPPONENT, card_types=("spirit",))),)),))
    state = make("bss", {"x": spirit("X")}, {"A": {"deck": 5, "field": [{"id": "a1", "card": "x", "cores": 1}]},
                                             "B": {"deck": 5}}, step="attack", abilities={"x": (bounce,)})
    _final, rulings = play(state, {"player": "A", "attack": "a1"})
    assert all(r.request is None for r in rulings)
    assert any("no choice is offered" in s.text for r in rulings for s in r.steps)
