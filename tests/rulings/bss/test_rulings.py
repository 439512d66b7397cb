"""Each official Battle Spirits Saga ruling in this folder, resolved on real cards, gets the
publisher's answer: the run is ok (expectations hold, nothing left to a judge)."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.engine.scenario import load_scenario, run_scenario
from rulings.support import explain_failure

HERE = Path(__file__).resolve().parent
FILES = sorted(HERE.glob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_ruling_gets_the_official_answer(path: Path, bss_cards: Path) -> None:
    result = run_scenario(load_scenario(path, cards=[bss_cards]))
    assert result.ok, explain_failure(result)
