"""FFTCG rulings on costs to block (10.1.3.1.3): what is refused, and why; nothing changes (14.1)."""

from __future__ import annotations

from typing import Any

import pytest

from judge.engine.scenario import load_scenario, run_scenario

SENTINEL = {"name": "Sample Sentinel", "type": "forward", "element": ["earth"], "cost": 2, "power": 9000,
            "job": "Golem", "category": "SAMPLE", "text": "Sample Sentinel cannot block unless you pay 《2》."}
GUARD = {"name": "Sample Guard", "type": "forward", "element": ["earth"], "cost": 2, "power": 9000,
         "job": "Knight", "category": "SAMPLE", "text": ""}
RAIDER = {"name": "Sample Raider", "type": "forward", "element": ["fire"], "cost": 3, "power": 6000,
          "job": "Warrior", "category": "SAMPLE", "text": ""}
CLERK = {"name": "Sample Clerk", "type": "backup", "element": ["earth"], "cost": 2, "job": "Clerk",
         "category": "SAMPLE", "text": "", "generic": True}


def run(block: dict[str, Any]):
    data = {"game": "fftcg", "title": "inline",
            "cards": {"sentinel": SENTINEL, "guard": GUARD, "raider": RAIDER, "clerk": CLERK},
            "turn": {"number": 3, "player": "A", "phase": "attack"},
            "players": {"A": {"field": [{"id": "a1", "card": "raider"}]},
                        "B": {"deck": 10, "field": [{"id": "b1", "card": "sentinel"}, {"id": "g1", "card": "guard"},
                                                    {"id": "c1", "card": "clerk"}, {"id": "c2", "card": "clerk"},
                                                    {"id": "c3", "card": "clerk"}]}},
            "actions": [{"player": "A", "attack": "a1"}, {"player": "B", **block}], "expect": []}
    return run_scenario(load_scenario("inline.yaml", data))


@pytest.mark.parametrize(("block", "why"), [
    ({"block": "b1"}, "declare the block with pay"),
    ({"block": "b1", "pay": {"dull": ["c1"]}}, "does not pay"),
    ({"block": "b1", "pay": {"dull": ["c1", "c2", "c3"]}}, "not needed"),
    ({"block": "g1", "pay": {"dull": ["c1"]}}, "no cost is required"),
])
def test_fftcg_10_1_3_1_3_block_cost_not_paid_exactly_is_refused(block: dict[str, Any], why: str) -> None:
    result = run(block)
    refusal = result.refusals[1]
    assert why in refusal.reason and "10.1.3.1.3" in refusal.cites
    assert not any(result.state.char(u).dull for u in ("c1", "c2", "c3"))


def test_fftcg_10_1_3_1_3_block_cost_paid_exactly_blocks() -> None:
    result = run({"block": "b1", "pay": {"dull": ["c1", "c2"]}})
    assert not result.refusals
    assert result.state.char("a1") is None and result.state.char("c2").dull and not result.state.char("c3").dull


def test_fftcg_10_1_3_1_3_no_block_needs_no_payment() -> None:
    result = run({"no_block": True})
    assert not result.refusals and len(result.state.zones["B"].damage) == 1
