"""Upgrades keep everything (issue 24.6): the file says which layout it has; a newer release opening
a file the previous schema made rebuilds it in its own layout from the sources and the stored
imports — or, where the stored copies are gone, from the old file's own rows — losing no import.

The old file is `fixtures/schema-rules-6.sql`: what main at fc48099 (meta schema rules-6, cards_meta
records-2) wrote after importing two of the project's own fixture files, reduced to the tables an
upgrade must keep.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from judge import dbfiles, store

FIX = Path(__file__).parent / "fixtures"
OLD = FIX / "schema-rules-6.sql"


def _judge(db: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "JUDGE_DB": str(db)}
    return subprocess.run([sys.executable, "-m", "judge", *args], env=env, capture_output=True, text=True,
                          timeout=300, cwd=Path(__file__).parents[2])


def _old_file(path: Path, drop_columns: tuple[str, ...] = ()) -> Path:
    conn = sqlite3.connect(path)
    conn.executescript(OLD.read_text(encoding="utf-8"))
    for col in drop_columns:                    # an even older list, with fewer columns
        conn.execute(f"alter table stored_imports drop column {col}")
    conn.commit()
    conn.close()
    return path


def _copies_like_the_old_release_kept(db: Path, tmp_path: Path) -> None:
    """The stored copies beside the old file: the same two imports, made again (same payloads, so the
    same names and checksums the old list names)."""
    scratch = tmp_path / "scratch" / "judge.db"
    scratch.parent.mkdir()
    for args in (("cards", "import", str(FIX / "saga-records.json"), "--game", "bss"),
                 ("rulings", "import", str(FIX / "qa-cards.json"))):
        assert _judge(scratch, *args).returncode == 0
    shutil.copytree(dbfiles.stored_dir(scratch), dbfiles.stored_dir(db))
    listed = {(e["file"], e["sha256"]) for e in store.stored_imports(db)}
    assert {(p.name, json.loads(p.read_text())["sha256"]) for p in dbfiles.stored_dir(db).iterdir()} == listed


def _kept(db: Path) -> None:
    card = _judge(db, "card", "TST01-001")
    assert card.returncode == 0 and "Test Flamecub" in card.stdout, card.stderr
    assert _judge(db, "card", "TST01-002").returncode == 0
    rulings = _judge(db, "rulings", "search", "glimmerwisp")
    assert rulings.returncode == 0 and "glimmerwisp" in rulings.stdout.lower(), rulings.stdout + rulings.stderr
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        assert conn.execute("pragma user_version").fetchone()[0] == store.SCHEMA_VERSION
        assert conn.execute("select value from meta where key = 'schema'").fetchone()[0] == store.SCHEMA
        assert conn.execute("select count(*) from rulings").fetchone()[0] == 3
        assert conn.execute("select count(*) from cards where seq > 0").fetchone()[0] == 2
    finally:
        conn.close()
    assert [e["kind"] for e in store.stored_imports(db)] == ["cards", "rulings"]     # no import lost


def test_the_file_records_its_schema(db: Path) -> None:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        assert conn.execute("pragma user_version").fetchone()[0] == store.SCHEMA_VERSION
        assert dict(conn.execute("select key, value from meta"))["schema"] == store.SCHEMA
        assert dict(conn.execute("select key, value from cards_meta"))["schema"] == store.RECORDS_SCHEMA
    finally:
        conn.close()


def test_a_file_of_the_previous_schema_is_rebuilt_from_its_stored_imports(tmp_path: Path) -> None:
    db = _old_file(tmp_path / "judge.db")
    _copies_like_the_old_release_kept(db, tmp_path)
    done = _judge(db, "cards")
    assert done.returncode == 0, done.stderr
    assert "was made with schema rules-6" in done.stderr and "2 stored import(s)" in done.stderr
    _kept(db)


def test_a_file_of_the_previous_schema_without_its_copies_keeps_its_imports_from_its_own_rows(tmp_path: Path) -> None:
    db = _old_file(tmp_path / "judge.db")
    done = _judge(db, "cards")
    assert done.returncode == 0, done.stderr
    assert "rewrote it" in done.stderr and "from the database's own 2 card row(s)" in done.stderr
    _kept(db)
    assert _judge(db, "doctor").returncode == 0        # and the rewritten copies are sound from then on


@pytest.mark.parametrize("dropped", [("fetched", "records"), ("meta",)])
def test_an_older_list_with_fewer_columns_is_read_and_carried(tmp_path: Path, dropped) -> None:
    db = _old_file(tmp_path / "judge.db", dropped)
    _copies_like_the_old_release_kept(db, tmp_path)
    assert _judge(db, "cards").returncode == 0
    _kept(db)


def test_a_column_added_to_a_record_table_rebuilds_the_tables_from_the_stored_imports(db: Path, monkeypatch) -> None:
    """Another helper's new column (a provenance field, say) reaches files made before it, by the
    definitions' hash in the records schema: nobody has to remember to bump a version."""
    from judge.cards.db import ensure_cards, import_cards
    from judge.store import schema

    import_cards(FIX / "saga-records.json", "bss", db_path=db)
    ddl = schema._RECORD_TABLES["rulings"].removesuffix(")") + ", origin text)"   # one column more, at the end
    assert ddl.count("origin") == 1
    tables = {**schema._RECORD_TABLES, "rulings": ddl}
    monkeypatch.setattr(schema, "_RECORD_TABLES", tables)
    monkeypatch.setattr("judge.store.records._RECORD_TABLES", tables)
    new = f"records-3.{schema._ddl_hash(*tables.values(), *schema._RECORD_INDEXES)}"
    monkeypatch.setattr(store, "RECORDS_SCHEMA", new)
    ensure_cards(db)
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        assert "origin" in {r[1] for r in conn.execute("pragma table_info(rulings)")}
        assert conn.execute("select count(*) from cards where number like 'TST01-%'").fetchone()[0] == 2
    finally:
        conn.close()
