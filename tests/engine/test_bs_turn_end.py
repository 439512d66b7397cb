""""At the end of this turn, …" in a resolving effect waits for the end step (BSS 6-8-1-1); a card
that left the field since is a new card, so a part naming it does nothing (3-1-4)."""

from __future__ import annotations

from bs_helpers import make, play, spirit

from judge.text.ast import Ability, AbilityKind, Condition, Conditional, Draw, MoveCores, Selector

END = Condition(kind="event", text="", event="turn_end")
FEED = Ability(kind=AbilityKind.TRIGGERED, timing="when_summoned", effects=(Conditional(condition=END, effects=(
    MoveCores(count=2, source="trash", dest="spirit", dest_target=Selector(count=1, self_ref=True)),)),))
LATER_DRAW = Ability(kind=AbilityKind.TRIGGERED, timing="when_summoned", effects=(
    Conditional(condition=END, effects=(Draw(count=1),)),))


def _summon(ability: Ability):
    state = make("bss", {"x": spirit("X", cost=0)}, {"A": {"reserve": 2, "trash_cores": 3, "deck": 5, "hand": ["x"]},
                                                     "B": {"deck": 5}}, step="main", number=4,
                 abilities={"x": (ability,)})
    return play(state, {"player": "A", "summon": "x"})


def test_bss_6_8_1_1_the_rest_happens_at_the_end_of_the_turn() -> None:
    summoned, _ = _summon(FEED)
    assert summoned.field_card("x").cores == 1
    final, rulings = play(summoned, {"player": "A", "end_step": True}, {"player": "A", "end_step": True})
    assert final.field_card("x").cores == 3
    assert any("6-8-1-1" in s.cites for r in rulings for s in r.steps)


def test_bss_3_1_4_a_card_that_left_the_field_is_not_the_one_named() -> None:
    summoned, _ = _summon(FEED)
    gone, _ = play(summoned, {"player": "A", "move_cores": 1, "from": "x", "to": "reserve"})
    assert gone.zone_of("x") == "trash"
    final, rulings = play(gone, {"player": "A", "end_step": True}, {"player": "A", "end_step": True})
    assert final.players["A"].trash_cores == 3
    assert any("3-1-4" in s.cites and "left the field" in s.text for r in rulings for s in r.steps)


def test_bss_6_8_1_1_a_part_not_naming_the_card_still_happens_after_it_left() -> None:
    summoned, _ = _summon(LATER_DRAW)
    gone, _ = play(summoned, {"player": "A", "move_cores": 1, "from": "x", "to": "reserve"})
    final, _ = play(gone, {"player": "A", "end_step": True}, {"player": "A", "end_step": True})
    assert len(final.players["A"].hand) == 1


def test_bss_6_8_1_1_a_selection_at_the_end_of_the_turn_is_a_pending_decision() -> None:
    """"At the end of this turn, destroy one of your opponent's spirits" with two candidates (told apart
    by their cores): the turn's end stops for the effect's controller to select (8-5-3), and goes on
    once answered."""
    from judge.text.ast import Destroy, Player

    later = Ability(kind=AbilityKind.TRIGGERED, timing="when_summoned", effects=(Conditional(condition=END, effects=(
        Destroy(target=Selector(count=1, owner=Player.OPPONENT, card_types=("spirit",))),)),))
    state = make("bss", {"x": spirit("X", cost=0), "y": spirit("Y", color="blue")},
                 {"A": {"reserve": 2, "deck": 5, "hand": ["x"]},
                  "B": {"deck": 5, "field": [{"id": "b1", "card": "y", "cores": 1},
                                             {"id": "b2", "card": "y", "cores": 2}]}},
                 step="main", number=4, abilities={"x": (later,)})
    summoned, _ = play(state, {"player": "A", "summon": "x"})
    waiting, _ = play(summoned, {"player": "A", "end_step": True}, {"player": "A", "end_step": True})
    assert waiting.pending is not None and waiting.pending.player == "A"
    assert set(waiting.pending.options) == {"b1", "b2"} and waiting.turn == summoned.turn
    final, _ = play(waiting, {"player": "A", "choose": ["b2"]})
    assert final.zone_of("b2") == "trash" and final.zone_of("b1") == "field"
    assert final.turn == summoned.turn + 1 and final.pending is None
