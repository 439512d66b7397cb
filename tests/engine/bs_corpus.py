"""Helpers for engine tests on real Battle Spirits Saga cards, named by number and loaded from
../shared/corpus at test time (training sets only); `CORPUS_MISSING` skips a module without it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from judge.engine.scenario import Result, run_scenario, scenario_from_data

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "bss-cards.json"
CORPUS_MISSING = pytest.mark.skipif(not CORPUS.exists(), reason=f"the real card corpus is not at {CORPUS}")


def run(players: dict[str, Any], actions: list[dict], expect: list[dict], *, step: str = "main",
        player: str = "A", number: int = 4, cards: dict | None = None) -> Result:
    """A scenario on real cards (and any invented ones in `cards`), run to its end."""
    data = {"game": "bss", "title": "real-card rule", "turn": {"number": number, "player": player, "step": step},
            "players": players, "actions": actions, "expect": expect, **({"cards": cards} if cards else {})}
    return run_scenario(scenario_from_data(data, "test", cards=(CORPUS,)))


def held(result: Result) -> list:
    """The expectations that do not hold, with what the board shows."""
    return [(dict(c.expect), c.actual) for c in result.checks if not c.met]
