"""A choice among copies of one card outside the field is no decision: whichever copies are taken,
the board that results is the same, so the engine takes them and says so; a choice among different
cards is asked, with the legal options as data. Invented cards, abilities given as AST nodes."""

from __future__ import annotations

from bs_helpers import act, make, spirit

from judge.text.ast import Ability, AbilityKind, Discard


def _summon_discarding(hand: list[str]):
    ab = Ability(kind=AbilityKind.TRIGGERED, timing="when_summoned", effects=(Discard(count=1),))
    state = make("bss", {"x": spirit("Discarder", cost=0), "h": spirit("Copy"), "k": spirit("Other")},
                 {"A": {"reserve": 3, "deck": 5, "hand": ["x", *hand]}, "B": {"deck": 5}}, abilities={"x": (ab,)})
    return act(state, {"player": "A", "summon": "x"})


def test_discarding_one_of_three_copies_asks_nothing() -> None:
    r = _summon_discarding(["h", "h", "h"])
    assert r.request is None and r.refused is None
    assert len(r.state.players["A"].hand) == 2 and len(r.state.players["A"].trash) == 1
    assert any("makes no difference" in s.text for s in r.steps)


def test_discarding_one_of_different_cards_is_asked_with_its_options() -> None:
    r = _summon_discarding(["h", "k"])
    assert r.request is not None and r.request.kind == "discard"
    assert len(r.request.options) == 2
