"""Promises kept (issue 24.4, 24.5): a full disk is said in words and changes nothing; a database
without write permission is never written, even by root (who ignores the mode bits); a path
holding a NUL is refused as a file; bytes that are not UTF-8 on the command line are refused in
words, never an internal error."""

from __future__ import annotations

import errno
import hashlib
import os
import sqlite3
from pathlib import Path

import pytest

from judge import dbfiles, store

FIX = Path(__file__).parent / "fixtures"


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _listed(db: Path) -> int:
    return len(store.stored_imports(db) or [])


def test_a_full_disk_while_keeping_the_copy_is_said_in_words_and_imports_nothing(run, db: Path,
                                                                                  monkeypatch) -> None:
    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(dbfiles.os, "fsync", full)             # where the copy's bytes reach the disk
    before = _listed(db)
    code, _, err = run("cards", "import", str(FIX / "saga-records.json"), "--game", "bss")
    assert code == 1, err
    assert "No space left on device" in err and "nothing was imported" in err and "internal error" not in err
    assert _listed(db) == before
    assert not [p for p in dbfiles.stored_dir(db).iterdir() if p.name.startswith(".staged-")]


def test_a_full_disk_inside_the_database_is_said_in_words_and_imports_nothing(run, db: Path, monkeypatch) -> None:
    def full(conn, rows):                                       # SQLite's SQLITE_FULL where the card rows are written
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(store, "put_cards", full)
    before = _listed(db)
    code, _, err = run("cards", "import", str(FIX / "saga-records.json"), "--game", "bss")
    assert code == 1, err
    assert "full" in err and "nothing was changed" in err and "internal error" not in err
    assert _listed(db) == before
    assert [p for p in dbfiles.stored_dir(db).iterdir() if dbfiles.is_final(p.name)] == []


def test_a_database_without_write_permission_is_never_written_even_by_root(run, db: Path) -> None:
    assert run("card", "Blaze Drake")[0] == 0                  # built and current
    db.chmod(0o444)
    try:
        before, listed = _digest(db), _listed(db)
        code, _, err = run("rulings", "import", str(FIX / "qa-cards.json"))
        assert code == 1 and "read-only" in err and "nothing was written" in err, err
        assert _digest(db) == before and _listed(db) == listed
        assert run("card", "Blaze Drake")[0] == 0              # still read as it is
        assert _digest(db) == before
    finally:
        db.chmod(0o644)


def test_a_read_only_database_in_need_of_a_rebuild_is_refused_not_rewritten(run, db: Path) -> None:
    conn = sqlite3.connect(db)
    conn.execute("delete from meta where key = 'stamp'")      # out of date: a rebuild would replace the file
    conn.execute("update meta set value = 'other' where key = 'hash'")
    conn.commit()
    conn.close()
    db.chmod(0o444)
    try:
        before = _digest(db)
        code, _, err = run("search", "armor", "--game", "bss")
        assert code == 1 and "read-only" in err, err
        assert _digest(db) == before
    finally:
        db.chmod(0o644)


def test_a_path_holding_a_nul_is_refused_as_a_file() -> None:
    from judge import limits
    from judge.access import checked_path
    from judge.engine.scenario import load_scenario
    from judge.errors import FileRefused, JudgeError

    for call in (lambda: limits.read_bytes("board\x00.yaml"), lambda: limits.check_file("a\x00b"),
                 lambda: checked_path("cards\x00.json", "import")):
        with pytest.raises(FileRefused, match="NUL"):
            call()
    with pytest.raises(JudgeError):
        load_scenario("board\x00.yaml")


@pytest.mark.parametrize("argv", [("term", "\udcff"), ("card", "\udcff"), ("search", "caf\udce9"),
                                  ("rule", "bss", "7-1-\udcff"), ("cards", "import", "\udcff.json"),
                                  ("step", "\udcfe\udcff.yaml"), ("deck", "check", "\udcff")])
def test_bytes_that_are_not_utf8_on_the_command_line_are_refused_in_words(run, argv) -> None:
    code, _out, err = run(*argv)
    assert code == 1, (code, err)
    assert "internal error" not in err and "Traceback" not in err
    assert "not valid UTF-8" in err or "is not a clause number" in err, err
