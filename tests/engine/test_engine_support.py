"""Honest support status: each ability of a card is executed, parsed but not executed (naming the
node kinds the engine does not run), or not parsed (naming the sentence); coverage counts the
executed ones as a subset of the fully typed ones. Card texts here are invented."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from judge.engine.support import NOT_DECLARED, card_status

TEXT = ("[LV1][LV2] When Summoned: Draw two cards.\n"
        "[LV2] When Summoned: Your opponent cannot summon spirits during this turn.\n"
        "[LV1] The moon sings to this spirit at dusk.")


def test_each_ability_says_how_far_the_engine_carries_it_out() -> None:
    lines = card_status(TEXT, "bss")
    assert [s.state for s in lines] == ["executed", "not executed", "not parsed"]
    assert "restriction cannot summon" in lines[1].label and lines[1].label.startswith("parsed, not executed (")
    assert lines[2].label.startswith("not parsed (") and "moon" in lines[2].label


def test_a_game_whose_engine_declares_nothing_executes_nothing() -> None:
    from judge.engine import support

    class Silent:
        pass

    import judge.engine.core as core
    real = core.rules_for
    core.rules_for = lambda game: Silent()      # an engine without the hook
    try:
        assert NOT_DECLARED in support.unexecuted("bss", _first_ability())
    finally:
        core.rules_for = real


def _first_ability():
    from judge.text.parse import parse_text

    return parse_text(TEXT.splitlines()[0], "bss").abilities[0]


def test_coverage_counts_executed_as_a_subset_of_typed(tmp_path: Path, invoke) -> None:
    cards = {"game": "bss", "cards": [
        {"number": "TST02-001", "name": "Test Lark", "type": "spirit", "colors": ["red"], "cost": 1,
         "levels": {1: [1, 1000], 2: [2, 2000]}, "text": TEXT},
        {"number": "TST02-002", "name": "Test Wren", "type": "spirit", "colors": ["red"], "cost": 1,
         "levels": {1: [1, 1000]}, "text": TEXT.splitlines()[0]}]}
    path = tmp_path / "cards.yaml"
    path.write_text(yaml.safe_dump(cards), encoding="utf-8")
    code, out, _ = invoke("cards", "coverage", str(path), "--game", "bss", "--json")
    r = json.loads(out)
    assert code == 0
    assert r["cards_fully_parsed"] >= r["cards_fully_typed"] >= r["cards_executed"] == 1
    assert r["abilities_fully_parsed"] >= r["abilities_fully_typed"] >= r["abilities_executed"] == 2
    assert any(t["node"] == "restriction cannot summon" for t in r["top_unexecuted"])
