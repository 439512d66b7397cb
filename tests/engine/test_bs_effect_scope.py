"""Restrictions written "with this effect" bar only what the effect they are written in does
(BSS 1-3-3): a bar on placing the soul core makes the effect's placements of regular cores only."""

from __future__ import annotations

from bs_helpers import make, play, spirit

from judge.text.ast import Ability, AbilityKind, Duration, MoveCores, Player, Restriction, Selector

THIS = Selector(count=1, self_ref=True, card_types=("spirit",))
THIS_EFFECT = Selector(count=None, unit="effect", effect="this")


def _summon(barred: bool) -> tuple:
    effects: tuple = (MoveCores(count=2, source="trash", dest="spirit", dest_target=THIS),)
    if barred:
        effects += (Restriction(mode="cannot", action="place_cores", player=Player.YOU, by=THIS_EFFECT,
                                duration=Duration.PERMANENT,
                                object=Selector(count=1, unit="soul_core", about=THIS)),)
    ab = Ability(kind=AbilityKind.TRIGGERED, timing="when_summoned", effects=effects)
    state = make("bss", {"x": spirit("X", cost=0)}, {
        "A": {"reserve": 1, "trash_cores": 1, "soul_core": "trash", "deck": 5, "hand": ["x"]},
        "B": {"deck": 5}}, abilities={"x": (ab,)})
    return play(state, {"player": "A", "summon": "x"})


def test_bss_1_3_3_a_soul_core_barred_with_this_effect_stays_where_it_is() -> None:
    final, rulings = _summon(barred=True)
    fc = final.field_card("x")
    assert fc is not None and fc.cores == 2                 # the cost's core and the one plain core
    assert final.players["A"].soul_core == "trash"
    steps = [s for r in rulings for s in r.steps]
    assert any("cannot be placed by this effect" in s.text and "1-3-3" in s.cites for s in steps)
    assert not any("not modelled" in s.text for s in steps)


def test_bss_1_3_3_without_the_bar_the_soul_core_may_be_placed() -> None:
    final, _ = _summon(barred=False)
    assert final.players["A"].soul_core != "trash"          # two wanted, one plain: the soul core moves too
