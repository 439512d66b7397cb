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


def _hand_of_copies():
    ab = Ability(kind=AbilityKind.TRIGGERED, timing="when_summoned", effects=(Discard(count=1),))
    return make("bss", {"x": spirit("Discarder", cost=0), "h": spirit("Copy")},
                {"A": {"reserve": 3, "deck": 5, "hand": [{"id": "x1", "card": "x"}, {"id": "h1", "card": "h"},
                                                        {"id": "h2", "card": "h"}, {"id": "h3", "card": "h"}]},
                 "B": {"deck": 5}}, abilities={"x": (ab,)})


def test_a_choice_written_beside_the_action_is_honoured_for_copies_too() -> None:
    """The scenario follows its cards by id: the copy it names is the one discarded."""
    r = act(_hand_of_copies(), {"player": "A", "summon": "x1", "choose": ["h3"]})
    assert r.request is None and r.state.zone_of("h3") == "trash" and r.state.zone_of("h1") == "hand"


def test_a_later_choose_of_another_copy_renames_the_copies_the_board_unchanged() -> None:
    first = act(_hand_of_copies(), {"player": "A", "summon": "x1"})
    assert first.state.zone_of("h1") == "trash"             # taken unasked: the first copy
    r = act(first.state, {"player": "A", "choose": ["h2"]})
    assert r.refused is None and r.state.zone_of("h2") == "trash" and r.state.zone_of("h1") == "hand"
    assert sorted(r.state.players["A"].hand) == ["h1", "h3"]
    assert any("same board" in s.text for s in r.steps)


def test_a_choose_of_copies_after_another_action_changes_nothing() -> None:
    """Only the choice just made unasked may be renamed: a later action ends it."""
    first = act(_hand_of_copies(), {"player": "A", "summon": "x1"})
    moved = act(first.state, {"player": "A", "move_cores": 1, "from": "reserve", "to": "x1"})
    r = act(moved.state, {"player": "A", "choose": ["h2"]})
    assert r.state.zone_of("h1") == "trash" and r.state.zone_of("h2") == "hand"
