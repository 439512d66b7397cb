"""Each official Battle Spirits Saga ruling in this folder, resolved on real cards, gets the
publisher's answer: the run is ok (expectations hold, nothing left to a judge). Rulings the engine
does not answer yet are listed in ledger.toml and reported as expected failures with their reason
(tests/rulings/ledger.py); one that starts passing must be taken off the list."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.engine.scenario import load_scenario, run_scenario
from rulings import ledger
from rulings.support import explain_failure

HERE = Path(__file__).resolve().parent
FILES = sorted(HERE.glob("*.yaml"))
LEDGER = ledger.read(HERE)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_ruling_gets_the_official_answer(path: Path, bss_cards: Path) -> None:
    known = LEDGER.get(path.stem)
    try:
        result = run_scenario(load_scenario(path, cards=[bss_cards]))
    except Exception:
        if known is not None:     # an engine error the ledger already records
            pytest.xfail(f"{known['outcome']}: {known['why']}")
        raise
    if known is None:
        assert result.ok, explain_failure(result)
    elif result.ok:
        pytest.fail(f"{path.stem} now gets the official answer: take it off {HERE / 'ledger.toml'} "
                    "(python bench/bench_rulings.py --update-ledger)")
    else:
        pytest.xfail(f"{known['outcome']}: {known['why']}")


def test_the_ledger_names_only_scenarios_of_this_suite() -> None:
    stems = {p.stem for p in FILES}
    assert not set(LEDGER) - stems, f"ledger.toml lists scenarios that do not exist: {sorted(set(LEDGER) - stems)}"
