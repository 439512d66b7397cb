"""Every FFTCG scenario in tests/scenarios/fftcg resolves and all its expectations hold.

Each scenario is a situation judges are asked about, with the clauses the ruling must cite; the
expectations are checked by the engine-independent checker (judge.engine.expect).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.engine.scenario import load_scenario, run_scenario

SCENARIOS = sorted((Path(__file__).resolve().parents[1] / "scenarios" / "fftcg").glob("*.yaml"))


def test_there_are_at_least_forty_fftcg_scenarios() -> None:
    assert len(SCENARIOS) >= 40


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_fftcg_scenario_expectations_hold(path: Path) -> None:
    result = run_scenario(load_scenario(path))
    failed = [(c.expect, c.actual) for c in result.checks if not c.met]
    assert result.checks, f"{path.name} has no expectations"
    assert not failed, f"{path.name}: {failed}"


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_fftcg_scenario_cites_only_real_clauses(path: Path) -> None:
    from judge.engine.fftcg.clauses import CLAUSES

    result = run_scenario(load_scenario(path))
    assert set(result.cites) <= set(CLAUSES.values())


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_fftcg_scenario_is_named_after_a_real_clause_it_cites(path: Path) -> None:
    import re

    from judge.rules.kb import open_kb

    number = ".".join(re.match(r"(\d+(?:_\d+)*)_", path.stem).group(1).split("_"))
    assert open_kb().exists("fftcg", number), f"{path.name}: {number} is not an FFTCG clause"
    result = run_scenario(load_scenario(path))
    assert number in result.cites, f"{path.name} is named after {number} but its ruling never cites it"
