"""Conditions about what happened, decided from the record of the resolution and of the event
(BSS 8-6-2: a condition about the triggering event decides whether the effect activates)."""

from __future__ import annotations

from bs_helpers import make, play, spirit

from judge.engine.bs import derive
from judge.text.ast import (
    Ability,
    AbilityKind,
    Condition,
    Conditional,
    Draw,
    ModifyStat,
    MoveCores,
    Player,
    Selector,
)

THIS = Selector(count=1, self_ref=True, card_types=("spirit",))


def _placed_soul() -> Condition:
    return Condition(kind="happened", text="", event="core_placed", player=Player.YOU, zone="reserve",
                     window="this_effect", object=Selector(count=1, unit="soul_core"))


def _librarian(soul_core: str, plain: int) -> tuple:
    ab = Ability(kind=AbilityKind.TRIGGERED, timing="when_attacks", effects=(
        MoveCores(count=1, source="trash", dest="reserve"),
        Conditional(condition=_placed_soul(), effects=(ModifyStat(stat="bp", amount=3000, target=THIS),))))
    state = make("bss", {"x": spirit("X", 1000)}, {
        "A": {"trash_cores": plain, "soul_core": soul_core, "deck": 5, "field": [{"id": "a1", "card": "x", "cores": 1}]},
        "B": {"deck": 5}}, step="attack", abilities={"x": (ab,)})
    return play(state, {"player": "A", "attack": "a1"})


def test_bss_8_3_3_with_this_effect_reads_what_the_effect_placed() -> None:
    plain, _ = _librarian("reserve", 1)
    assert derive.bp(plain, "a1").value == 1000          # a plain core moved: no BP
    soul, _ = _librarian("trash", 0)
    assert derive.bp(soul, "a1").value == 4000           # the soul core was the only one in the trash


def _summoned_from(zone: str) -> Condition:
    return Condition(kind="happened", text="", event="summons", player=Player.YOU, zone=zone, window="trigger",
                     object=THIS)


def test_bss_8_6_2_a_when_summoned_written_for_a_summon_from_the_hand_does_not_activate_otherwise() -> None:
    ab = Ability(kind=AbilityKind.TRIGGERED, timing="when_summoned", effects=(
        Conditional(condition=_summoned_from("hand"), effects=(Draw(count=1),)),))
    cards = {"x": spirit("X", cost=0)}
    from_hand = make("bss", cards, {"A": {"reserve": 1, "deck": 5, "hand": ["x"]}, "B": {"deck": 5}},
                     abilities={"x": (ab,)})
    final, rulings = play(from_hand, {"player": "A", "summon": "x"})
    assert len(final.players["A"].hand) == 1 and any(s.fired == "x" for r in rulings for s in r.steps)
    from_trash = make("bss", cards, {"A": {"reserve": 1, "deck": 5, "trash": ["x"]}, "B": {"deck": 5}},
                      abilities={"x": (ab,)})
    final, rulings = play(from_trash, {"player": "A", "summon": "x", "from": "trash"})
    assert final.zone_of("x") == "field" and len(final.players["A"].hand) == 0
    assert not any(s.fired == "x" for r in rulings for s in r.steps)
    assert any("does not activate" in s.text and "8-6-2" in s.cites for r in rulings for s in r.steps)
