"""Each official Battle Spirits Saga ruling in this folder, resolved on real cards, gets the
publisher's answer: the run is ok (expectations hold, nothing left to a judge). Rulings the engine
does not answer yet are listed in ledger.toml and reported as expected failures with their reason
(tests/rulings/ledger.py); one that starts passing must be taken off the list."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulings import ledger

HERE = Path(__file__).resolve().parent
FILES = sorted(HERE.glob("*.yaml"))
LEDGER = ledger.read(HERE)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_ruling_gets_the_official_answer(path: Path, bss_cards: Path) -> None:
    ledger.hold(path, bss_cards, LEDGER.get(path.stem))


def test_the_ledger_names_only_scenarios_of_this_suite() -> None:
    stems = {p.stem for p in FILES}
    assert not set(LEDGER) - stems, f"ledger.toml lists scenarios that do not exist: {sorted(set(LEDGER) - stems)}"
