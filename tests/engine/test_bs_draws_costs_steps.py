"""Draws, effect costs and the steps around them (BSS 4-5, 6-4-2, 8-4-2-2, 8-6-3, 6-5-2, 6-8-1-1),
on boards whose abilities are AST nodes (no card text)."""

from __future__ import annotations

from bs_helpers import make, play, spirit

from judge.text.ast import (
    Ability,
    AbilityKind,
    Condition,
    Conditional,
    Discard,
    Draw,
    ExtraStep,
    Player,
    Selector,
    Sequence,
)


def _magic_card(name: str = "Spell", cost: int = 0) -> dict:
    return {"name": name, "type": "magic", "colors": ["red"], "cost": cost, "reduction": ["red"], "symbols": [],
            "text": ""}


def _nexus(name: str) -> dict:
    return {"name": name, "type": "nexus", "colors": ["red"], "cost": 3, "reduction": ["red"], "symbols": ["red"],
            "levels": {1: {"cores": 0, "bp": 0}}, "text": ""}


def _cites(rulings) -> set[str]:
    return {c for r in rulings for s in r.steps for c in s.cites}


# 6-4-2: "draw one additional card" adds to the draw step's draw; "after your draw" comes once it is over
def test_bss_6_4_2_two_extra_draw_constants_draw_all_three_cards_before_one_discard_of_two() -> None:
    extra = Ability(kind=AbilityKind.CONSTANT, timing="during_your_draw_step", effects=(
        Draw(count=1, player=Player.YOU, additional=True),
        Conditional(condition=Condition(kind="event", text="", event="draws", qualifiers=("draw_step",),
                                        player=Player.YOU),
                    effects=(Discard(count=1, player=Player.YOU),))))
    # three different cards on top: which two are discarded is the player's choice
    top = [{"id": f"d{i}", "card": f"s{i}"} for i in range(3)]
    state = make("bss", {"n": _nexus("Gorge"), **{f"s{i}": spirit(f"S{i}") for i in range(3)}}, {
        "A": {"deck": {"top": top, "count": 7},
              "field": [{"id": "n1", "card": "n", "cores": 0}, {"id": "n2", "card": "n", "cores": 0}]},
        "B": {"deck": 10}}, step="attack", player="B", number=4, abilities={"n": (extra,)})
    _, rulings = play(state, {"player": "B", "end_step": True})
    request = rulings[0].request
    assert request is not None and request.kind == "discard"
    assert len(request.options) == 3          # every drawn card is offered at once
    final, rulings = play(state, {"player": "B", "end_step": True}, {"player": "A", "choose": list(request.options[:2])})
    assert len(final.players["A"].hand) == 1 and len(final.players["A"].trash) == 2
    assert "6-4-2" in _cites(rulings)


# 8-6-3: an effect watching draws activates once for all the cards one resolution drew
def test_bss_8_6_3_a_draw_watcher_activates_once_for_two_cards_drawn_by_one_effect() -> None:
    watcher = Ability(kind=AbilityKind.TRIGGERED, timing="during_opponents_turn",
                      condition=Condition(kind="event", text="", event="draws", qualifiers=("outside_draw_step",),
                                          player=Player.OPPONENT),
                      effects=(Draw(count=1, player=Player.YOU),))
    spell = Ability(kind=AbilityKind.MAGIC, timing="main", effects=(Draw(count=2, player=Player.YOU),))
    state = make("bss", {"w": spirit("Watcher"), "m": _magic_card()}, {
        "A": {"deck": 10, "reserve": 3, "hand": [{"id": "m1", "card": "m"}]},
        "B": {"deck": 10, "field": [{"id": "b1", "card": "w", "cores": 1}]}},
        abilities={"w": (watcher,), "m": (spell,)})
    final, rulings = play(state, {"player": "A", "magic": "m1"})
    assert len(final.players["A"].hand) == 2
    assert len(final.players["B"].hand) == 1
    assert "8-6-3" in _cites(rulings)


def test_bss_4_5_1_the_draw_step_draw_is_not_a_draw_outside_the_draw_step() -> None:
    watcher = Ability(kind=AbilityKind.TRIGGERED, timing="during_opponents_turn",
                      condition=Condition(kind="event", text="", event="draws", qualifiers=("outside_draw_step",),
                                          player=Player.OPPONENT),
                      effects=(Draw(count=1, player=Player.YOU),))
    state = make("bss", {"w": spirit("Watcher")}, {
        "A": {"deck": 10}, "B": {"deck": 10, "field": [{"id": "b1", "card": "w", "cores": 1}]}},
        step="attack", player="B", number=4, abilities={"w": (watcher,)})
    final, _ = play(state, {"player": "B", "end_step": True})
    assert len(final.players["A"].hand) == 1 and len(final.players["B"].hand) == 0


# 8-4-2-2 / 8-4-2-3: a cost another effect adds to using a magic card must be paid in full
def _taxed(hand: list) -> object:
    tax = Ability(kind=AbilityKind.TRIGGERED, timing="during_opponents_turn",
                  condition=Condition(kind="event", text="", event="uses", player=Player.OPPONENT,
                                      object=Selector(owner=Player.OPPONENT, card_types=("magic",), zone="hand")),
                  effects=(Sequence(connector="additional_cost",
                                    effects=(Discard(count=1, player=Player.OPPONENT),)),))
    spell = Ability(kind=AbilityKind.MAGIC, timing="main", effects=(Draw(count=1, player=Player.YOU),))
    return make("bss", {"t": spirit("Taxman"), "m": _magic_card(), "s": spirit("Spare")}, {
        "A": {"deck": 10, "reserve": 3, "hand": hand},
        "B": {"deck": 10, "field": [{"id": "b1", "card": "t", "cores": 1}]}},
        abilities={"t": (tax,), "m": (spell,)})


def test_bss_8_4_2_3_a_magic_whose_added_cost_cannot_be_paid_cannot_be_used() -> None:
    final, rulings = play(_taxed([{"id": "m1", "card": "m"}]), {"player": "A", "magic": "m1"})
    assert rulings[0].refused is not None
    assert "8-4-2-2" in rulings[0].refused.cites
    assert "m1" in final.players["A"].hand


def test_bss_8_4_2_2_the_added_cost_is_paid_with_another_card_never_the_magic_being_used() -> None:
    final, rulings = play(_taxed([{"id": "m1", "card": "m"}, {"id": "x", "card": "s"}]),
                          {"player": "A", "magic": "m1"})
    assert rulings[0].refused is None
    assert "x" in final.players["A"].trash and "m1" in final.players["A"].trash


# 6-5-2: "perform a refresh step after your attack step"
def test_bss_6_5_2_an_extra_refresh_step_after_the_attack_step_refreshes_and_returns_trash_cores() -> None:
    extra = Ability(kind=AbilityKind.CONSTANT, effects=(ExtraStep(step="refresh_step", after="attack_step"),))
    state = make("bss", {"f": spirit("Fortress")}, {
        "A": {"deck": 10, "trash_cores": 2, "field": [{"id": "a1", "card": "f", "cores": 1, "state": "exhausted"}]},
        "B": {"deck": 10}}, step="attack", number=4, abilities={"f": (extra,)})
    final, _ = play(state, {"player": "A", "end_step": True})
    assert final.players["A"].reserve >= 2 and final.players["A"].trash_cores == 0
    assert final.field_card("a1").orientation.value == "refreshed"
    assert final.turn_player == "B"


# 6-8-1-1: "end of opponent's turn" effects resolve in that turn's end step
def test_bss_6_8_1_1_an_end_of_opponents_turn_effect_resolves_as_that_turn_ends() -> None:
    ender = Ability(kind=AbilityKind.TRIGGERED, timing="end_of_opponents_turn",
                    effects=(Draw(count=1, player=Player.YOU),))
    state = make("bss", {"e": spirit("Ender")}, {
        "A": {"deck": 10, "field": [{"id": "a1", "card": "e", "cores": 1}]}, "B": {"deck": 10}},
        step="attack", player="B", number=4, abilities={"e": (ender,)})
    final, rulings = play(state, {"player": "B", "end_step": True})
    assert len(final.players["A"].hand) == 2          # the end-of-turn draw, then A's draw step
    assert "6-8-1-1" in _cites(rulings)


# 6-7-3-2 / 7-7-3-2: the end of the attack step is declared under the attack step's own clause
def test_bss_6_7_3_2_ending_the_attack_step_cites_the_attack_steps_clause_not_the_main_steps() -> None:
    for game, clause, main_end in (("bss", "6-7-3-2", "6-6-1-2-5"), ("bs", "7-7-3-2", "7-6-1-2-4")):
        state = make(game, {"s": spirit("Sentry")}, {
            "A": {"deck": 10, "field": [{"id": "a1", "card": "s", "cores": 1}]}, "B": {"deck": 10}},
            step="attack", number=4)
        _, rulings = play(state, {"player": "A", "end_step": True})
        first = rulings[0].steps[0]
        assert "ends the attack step" in first.text
        assert clause in first.cites and main_end not in first.cites
