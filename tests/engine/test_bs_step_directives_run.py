"""A step's one-time directives run once as the step begins (BSS 6-2-1, 8-1-4), and "all the spirits
on your field cost the same amount" is a condition on the group of spirits (8-5-3): how many different
costs they have — one; with no spirit there is no cost to share, so it does not hold."""

from __future__ import annotations

from bs_helpers import make, play, spirit

#: the project's own nexus: at its controller's start step, if their spirits share one cost, it
#: destroys one of the opponent's spirits
SAME_COST = {"name": "Even Ground", "type": "nexus", "colors": ["yellow"], "cost": 3, "reduction": ["yellow"],
             "symbols": ["yellow"], "levels": {1: {"cores": 0, "bp": 0}},
             "text": "[LV1] During Your Start Step If all of your spirits cost the same amount, destroy one of "
                     "your opponent's spirits."}
#: … and one that draws at its controller's start step, with no condition
DRAWER = {**SAME_COST, "name": "Early Riser", "text": "[LV1] During Your Start Step: Draw a card."}


def _board(*mine: dict, nexus: str = "n"):
    cards = {"n": SAME_COST, "d": DRAWER, "c3": spirit("Three", cost=3), "c4": spirit("Four", cost=4),
             "o": spirit("Theirs", 5000)}
    field = [{"id": "n1", "card": nexus}, *mine]
    return make("bss", cards, {"A": {"reserve": 0, "deck": 5, "field": field},
                               "B": {"deck": 5, "field": [{"id": "b1", "card": "o", "cores": 1}]}},
                step="attack", player="B", number=5)


def _start(state):
    return play(state, {"player": "B", "end_step": True})


def test_bss_6_2_1_spirits_of_one_cost_the_effect_activates_at_the_start_step() -> None:
    final, rulings = _start(_board({"id": "a1", "card": "c3", "cores": 1}, {"id": "a2", "card": "c3", "cores": 1}))
    assert final.zone_of("b1") == "trash"
    assert any("6-2-1" in s.cites for r in rulings for s in r.steps)


def test_bss_8_5_3_spirits_of_two_costs_do_not_cost_the_same() -> None:
    final, _ = _start(_board({"id": "a1", "card": "c3", "cores": 1}, {"id": "a2", "card": "c4", "cores": 1}))
    assert final.zone_of("b1") == "field"


def test_bss_8_5_3_with_no_spirit_there_is_no_cost_to_share() -> None:
    final, _ = _start(_board())
    assert final.zone_of("b1") == "field"


def test_bss_6_2_1_a_directive_with_no_condition_is_performed_once_per_start_step() -> None:
    final, _ = _start(_board(nexus="d"))
    assert len(final.players["A"].hand) == 2      # the draw step's card and the start step's
