"""An act that costs cores (BSS 8-4-2, 8-4-2-3, 1-3-3): "your opponent's spirits … cannot attack (block)
unless they pay N cores" lets the spirit attack (block) once its controller pays, as the act is
declared; one who cannot pay in full cannot make it; spirits the effect does not name act freely."""

from __future__ import annotations

import pytest
from bs_helpers import act, make, play, spirit

from judge.engine.bs.support import unexecuted
from judge.text.parse import parse_text


def _gate(words: str) -> dict:
    """The project's own nexus carrying one such restriction."""
    return {"name": "Toll Gate", "type": "nexus", "colors": ["white"], "cost": 3, "reduction": ["white"],
            "symbols": ["white"], "levels": {1: {"cores": 0, "bp": 0}}, "text": f"[LV1] {words}"}


ATTACK_TOLL = _gate("During Opponent's Attack Step: Your opponent's spirits with 4000 or less BP cannot attack "
                    "unless they pay two cores.")
HEAVY_TOLL = _gate("During Opponent's Attack Step: Your opponent's spirits cannot attack unless they pay three cores.")
BLOCK_TOLL = _gate("During Your Attack Step: Your opponent's spirits cannot block unless they pay one core.")


def _board(gate: dict, *, a_reserve: int = 0, b_reserve: int = 0, turn: str = "B"):
    cards = {"g": gate, "s": spirit("Small", 3000), "l": spirit("Large", 6000)}
    a = {"reserve": a_reserve, "deck": 5, "field": [{"id": "g1", "card": "g"}, {"id": "a1", "card": "s", "cores": 1}]}
    b = {"reserve": b_reserve, "deck": 5, "field": [{"id": "b1", "card": "s", "cores": 1},
                                                    {"id": "b2", "card": "l", "cores": 1}]}
    return make("bss", cards, {"A": a, "B": b}, step="attack", player=turn, number=5)


def test_bss_8_4_2_the_attacker_s_controller_pays_as_the_attack_is_declared() -> None:
    final, rulings = play(_board(ATTACK_TOLL, b_reserve=2), {"player": "B", "attack": "b1"})
    assert final.players["B"].reserve == 0
    assert final.battle is not None and final.battle.attacker == "b1"
    assert any("8-4-2" in s.cites for r in rulings for s in r.steps)


def test_bss_8_4_2_3_a_spirit_whose_controller_cannot_pay_cannot_attack() -> None:
    # two cores in all (one on each of B's spirits): three cannot be paid
    ruling = act(_board(HEAVY_TOLL, b_reserve=0), {"player": "B", "attack": "b1"})
    assert ruling.refused
    assert "8-4-2-3" in ruling.refused.cites


def test_bss_1_3_3_a_spirit_the_effect_does_not_name_attacks_for_nothing() -> None:
    final, _ = play(_board(ATTACK_TOLL, b_reserve=2), {"player": "B", "attack": "b2"})
    assert final.players["B"].reserve == 2
    assert final.battle is not None and final.battle.attacker == "b2"


def test_bss_8_4_2_a_block_that_costs_a_core_is_paid_by_the_blocker_s_controller() -> None:
    final, _ = play(_board(BLOCK_TOLL, b_reserve=1, turn="A"), {"player": "A", "attack": "a1"},
                    {"player": "B", "block": "b2"})
    assert final.players["B"].reserve == 0
    assert final.zone_of("a1") == "trash"


@pytest.mark.parametrize("words", [
    "Your opponent's spirits cannot attack unless they pay one core.",
    "During Opponent's Attack Step: Your opponent's spirits with 5000 or more BP cannot attack unless they pay "
    "three cores.",
    "During Your Attack Step: Your opponent's spirits cannot block unless they pay two cores.",
])
def test_bss_8_4_2_such_a_restriction_is_executed(words: str) -> None:
    (ability,) = parse_text(f"[LV1] {words}", "bss").abilities
    assert unexecuted(ability) == ()
