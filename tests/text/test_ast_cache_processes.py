"""The AST cache seen from whole commands: a card read before loads no Lark in `judge step`,
`judge card` or the TUI's card view, and processes writing the store at once all succeed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from judge import store
from judge.paths import default_db_path

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO.parent / "shared" / "corpus"

#: Runs a judge command in a fresh process, then says on stderr whether Lark was imported.
_RUN = """
import sys
from judge.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print("lark loaded" if "lark" in sys.modules else "lark not loaded", file=sys.stderr)
"""

_CARD_VIEW = """
import sys
from judge.cards.db import find_card
from judge.tui.card_view import load_card_view
view = load_card_view(find_card(sys.argv[1]))
assert view.result.abilities, "the sample card has abilities"
print("lark loaded" if "lark" in sys.modules else "lark not loaded", file=sys.stderr)
"""


def _lark_loaded(code: str, *args: str) -> bool:
    out = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=REPO,
                         env=os.environ.copy(), timeout=600)
    assert "lark " in out.stderr, out.stderr[-2000:]
    return "lark loaded" in out.stderr


def _cold_then_warm(code: str, *args: str) -> tuple[bool, bool]:
    store.ast_cache_clear(default_db_path())
    return _lark_loaded(code, *args), _lark_loaded(code, *args)


def test_judge_step_on_a_card_read_before_does_not_load_lark() -> None:
    scenario = str(REPO / "tests/scenarios/bss/real_card_by_number_when_summoned.yaml")
    cold, warm = _cold_then_warm(_RUN, "step", scenario)
    assert cold, "the first run parses the card (the check can see Lark)"
    assert not warm


def test_judge_step_with_real_cards_read_before_does_not_load_lark() -> None:
    cards = CORPUS / "bss-cards.json"
    if not cards.is_file():
        pytest.skip(f"real cards not available: {cards} is absent (the corpus lives beside the project)")
    scenario = str(REPO / "tests/rulings/bss/q003_BSS01-001_destroy_combined_10000_bp.yaml")
    cold, warm = _cold_then_warm(_RUN, "step", scenario, "--cards", str(cards))
    assert cold and not warm


def test_judge_card_on_a_card_read_before_does_not_load_lark() -> None:
    cold, warm = _cold_then_warm(_RUN, "card", "JDG01-001")
    assert cold and not warm


def test_the_tui_card_view_of_a_card_read_before_does_not_load_lark() -> None:
    cold, warm = _cold_then_warm(_CARD_VIEW, "JDG-001")
    assert cold and not warm


_WRITER = """
import sys
from pathlib import Path
from judge.cards.importers import read_cards
from judge.paths import cards_dir
from judge.text.cache import parse_many
from judge.text.parse import parse_text
game = sys.argv[2]
cards = read_cards(cards_dir() / sys.argv[3], game)
items = [(c.text, c.name) for c in cards]
got = parse_many(items, game, db_path=Path(sys.argv[1]))
assert got == [parse_text(t, game, name=n) for t, n in items]
print("ok")
"""


def test_processes_writing_the_store_at_once_all_succeed(tmp_path: Path) -> None:
    import sqlite3

    db = tmp_path / "judge.db"
    sqlite3.connect(db).close()
    jobs = [("bss", "bs-samples.yaml"), ("fftcg", "fftcg-samples.yaml"), ("bss", "bs-samples.yaml")]
    procs = [subprocess.Popen([sys.executable, "-c", _WRITER, str(db), game, file], cwd=REPO,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for game, file in jobs]
    outs = [p.communicate(timeout=600) for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0], [err[-1500:] for _, err in outs]
    assert store.quick_check(db) == "ok"
    with sqlite3.connect(db) as conn:
        games = dict(conn.execute("select game, count(*) from ast_cache group by game").fetchall())
    assert games.get("bss") and games.get("fftcg")
