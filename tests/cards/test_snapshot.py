"""A prepared database travels: `judge snapshot FILE` is a consistent read-only copy (rules, cards,
rulings) and `judge --db FILE` answers from it without writing to it."""

from __future__ import annotations

import os
import stat
from pathlib import Path

FIX = Path(__file__).parent / "fixtures"


def test_snapshot_carries_rules_cards_and_rulings_and_is_read_only(run, db: Path, tmp_path: Path) -> None:
    assert run("cards", "import", str(FIX / "saga-records.json"), "--game", "bss")[0] == 0
    assert run("rulings", "import", str(FIX / "qa-cards.json"))[0] == 0
    snap = tmp_path / "venue" / "venue.db"
    code, out, err = run("snapshot", str(snap))
    assert code == 0, err
    assert "3 ruling(s)" in out and "read-only" in out
    assert not snap.stat().st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)
    before = (snap.stat().st_mtime_ns, snap.read_bytes())
    db.unlink()                                               # the laptop has only the snapshot
    for args in (("rule", "bss", "7-1-5-2"), ("card", "Test Flamecub"), ("card", "JDG01-002"),
                 ("rulings", "search", "glimmerwisp"), ("search", "armor", "--game", "bss")):
        code, out, err = run("--db", str(snap), *args)
        assert code == 0, (args, err)
    code, out, _ = run("--db", str(snap), "card", "JDG01-002")
    assert "Official rulings (2):" in out
    assert (snap.stat().st_mtime_ns, snap.read_bytes()) == before
    assert not [p for p in snap.parent.iterdir() if p.name != "venue.db" and not p.name.endswith((".ok", ".lock"))]


def test_snapshot_onto_the_database_itself_is_refused(run, db: Path) -> None:
    code, _, err = run("snapshot", str(db))
    assert code == 1 and "the database itself" in err
    assert os.access(db, os.W_OK)
