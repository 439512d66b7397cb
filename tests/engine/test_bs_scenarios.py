"""Every Battle Spirits scenario file resolves with all its expectations holding, cites only real
clauses, and together the files cover every keyword the engine implements."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from judge.engine.scenario import load_scenario, run_scenario

ROOT = Path(__file__).resolve().parent.parent / "scenarios"
FILES = sorted((ROOT / "bss").glob("*.yaml")) + sorted((ROOT / "bs").glob("*.yaml"))
#: the real Saga cards a scenario may name by number: read at test time from the corpus beside the
#: project, never from the repository (tests/rulings/conftest.py does the same)
CORPUS = ROOT.parents[2] / "shared" / "corpus" / "bss-cards.json"


def _ledger(folder: Path) -> dict[str, dict[str, str]]:
    """Scenarios of a folder that do not get the rule's answer yet, with why (its ledger.toml)."""
    path = folder / "ledger.toml"
    return tomllib.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


LEDGER = {**{f"bss/{k}": v for k, v in _ledger(ROOT / "bss").items()},
          **{f"bs/{k}": v for k, v in _ledger(ROOT / "bs").items()}}


def _load(path: Path):
    """A scenario with the corpus's real cards available (skipped, saying so, where it names a real card
    and the corpus is absent)."""
    from judge.errors import ScenarioError

    cards = [CORPUS] if CORPUS.is_file() else []
    try:
        return load_scenario(path, cards=cards)
    except ScenarioError as exc:
        if not cards and "unknown" in str(exc).lower():
            pytest.skip(f"{path.name} names real cards and {CORPUS} is absent: {exc}")
        raise
SAGA_KEYWORDS = ["Awaken", "Confront", "Curse", "Immortal", "Armor", "Luster", "Blessed", "Ascend", "Swift",
                 "Gale", "Crush", "Raid", "A.T. Field", "Astral", "Chain", "Agile", "Feast", "Link"]


@pytest.fixture(scope="module")
def kb():
    from judge.rules.kb import open_kb

    return open_kb()


def test_the_ledgers_name_only_scenarios_that_exist() -> None:
    stems = {f"{p.parent.name}/{p.stem}" for p in FILES}
    assert not set(LEDGER) - stems, f"ledger.toml lists scenarios that do not exist: {sorted(set(LEDGER) - stems)}"


def test_there_are_enough_scenarios() -> None:
    assert len(list((ROOT / "bss").glob("*.yaml"))) >= 40
    assert len(list((ROOT / "bs").glob("*.yaml"))) >= 25


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_scenario_expectations_hold(path: Path, kb) -> None:
    known = LEDGER.get(f"{path.parent.name}/{path.stem}")
    result = run_scenario(_load(path))
    if known is not None:
        assert not result.ok, f"{path.name} now holds: take it off {path.parent / 'ledger.toml'}"
        pytest.xfail(f"{known['outcome']}: {known['why']}")
    unread = result.scenario.rules.warnings(result.scenario.state)
    assert not unread, f"{path.name}: card text the grammar did not read: {unread}"
    failed = [(dict(c.expect), c.actual) for c in result.checks if not c.met]
    assert result.checks, f"{path.name} has no expectations"
    assert not failed, f"{path.name}: {failed}"
    unknown = [n for n in result.cites if not kb.exists(result.scenario.game, n)]
    assert not unknown, f"{path.name} cites clauses that do not exist: {unknown}"
    for c in result.checks:
        for n in c.expect.get("cites", ()):
            assert kb.exists(result.scenario.game, str(n)), f"{path.name} expects a non-clause {n}"


def _scenario_cites(game: str) -> set[str]:
    out: set[str] = set()
    for path in sorted((ROOT / game).glob("*.yaml")):
        out |= set(run_scenario(_load(path)).cites)
    return out


def test_every_saga_keyword_is_exercised_by_a_scenario() -> None:
    from judge.engine.bs.clauses import cite
    from judge.engine.bs.keyword_registry import rule

    cited = _scenario_cites("bss")
    missing = [k for k in SAGA_KEYWORDS if not set(cite(rule(k).concept, "bss")) & cited]
    assert not missing, f"no bss scenario resolves {missing}"


def test_every_standard_common_and_restriction_effect_is_exercised() -> None:
    from judge.engine.bs.clauses import cite

    cited = _scenario_cites("bs")
    concepts = ["kw.super_unleash", "kw.soul_magic", "kw.succession", "kw.once_per_turn", "kw.unstackable",
                "do.refresh_heavy", "manage.pending", "turn.second_main"]
    missing = [c for c in concepts if cite(c, "bs") and not set(cite(c, "bs")) & cited]
    assert not missing, f"no bs scenario cites {missing}"
