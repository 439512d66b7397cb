"""The database builds itself, rebuilds when sources change, and survives damage."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from judge import store
from judge.errors import StoreError
from judge.paths import rules_dir
from judge.rules import kb as kbmod


@pytest.fixture
def rules_copy(tmp_path: Path) -> Path:
    dst = tmp_path / "rules"
    shutil.copytree(rules_dir(), dst)
    return dst


def test_db_built_on_first_use_then_reused(tmp_path: Path, rules_copy: Path) -> None:
    db = tmp_path / "k.db"
    kbmod.ensure_built(db, rules_copy)
    stamp = db.stat().st_mtime_ns
    kbmod.ensure_built(db, rules_copy)
    assert db.stat().st_mtime_ns == stamp


def test_db_rebuilt_when_manifest_changes(tmp_path: Path, rules_copy: Path) -> None:
    db = tmp_path / "k.db"
    kbmod.ensure_built(db, rules_copy)
    before = store.built_hash(db)
    (rules_copy / "manifest.toml").write_text((rules_copy / "manifest.toml").read_text() + "\n# touched\n")
    kbmod.ensure_built(db, rules_copy)
    assert store.built_hash(db) != before


def test_corrupt_db_detected_and_rebuilt(tmp_path: Path, rules_copy: Path) -> None:
    db = tmp_path / "k.db"
    db.write_bytes(b"SQLite format 3\x00" + b"garbage" * 500)
    assert store.built_hash(db) is None
    kbmod.ensure_built(db, rules_copy)
    assert kbmod.KB(db).clause("bss", "7-1-5-2").title == "Comparing BP"


def test_half_written_db_without_complete_row_is_rebuilt(tmp_path: Path, rules_copy: Path) -> None:
    db = tmp_path / "k.db"
    kbmod.ensure_built(db, rules_copy)
    import sqlite3

    with sqlite3.connect(db) as conn:
        conn.execute("delete from meta where key = 'complete'")
    assert store.built_hash(db) is None
    kbmod.ensure_built(db, rules_copy)
    assert store.built_hash(db) is not None


def test_failed_build_leaves_previous_db_untouched(tmp_path: Path, rules_copy: Path, monkeypatch) -> None:
    db = tmp_path / "k.db"
    kbmod.ensure_built(db, rules_copy)
    before = db.read_bytes()
    monkeypatch.setattr(store, "SCHEMA", "will-not-match")   # force a rebuild …
    tables = {"documents": [{"key": 1}], "clauses": [{"x": object()}]}   # … from rows that fail
    with pytest.raises(StoreError):
        store.write_rules_db(db, tables, {"hash": "x"})
    assert db.read_bytes() == before
    assert not list(tmp_path.glob(".judge-build-*"))


def test_source_file_not_matching_its_pin_is_refused(tmp_path: Path, rules_copy: Path) -> None:
    from judge.errors import ManifestError

    f = next(rules_copy.glob("000_*.txt"))
    f.write_text(f.read_text(encoding="utf-8") + "\n13-1 Extra\n", encoding="utf-8")
    with pytest.raises(ManifestError, match="sha256"):
        kbmod.ensure_built(tmp_path / "k.db", rules_copy)


def test_manifest_version_disagreeing_with_document_header_is_reported(tmp_path: Path, rules_copy: Path) -> None:
    man = rules_copy / "manifest.toml"
    man.write_text(man.read_text(encoding="utf-8").replace('"1.7.0"', '"1.6.0"'),
                   encoding="utf-8")
    db = tmp_path / "k.db"
    kbmod.ensure_built(db, rules_copy)
    found = [a for a in kbmod.KB(db).check("bss") if a.kind == "manifest"]
    assert found and found[0].likely == "1.7.0"


def test_damaged_pages_behind_a_readable_meta_table_are_caught_and_rebuilt(tmp_path: Path, rules_copy: Path) -> None:
    db = tmp_path / "k.db"
    kbmod.ensure_built(db, rules_copy)
    data = bytearray(db.read_bytes())
    page = 4096
    for i in range(page * 40, page * 60):       # scribble over pages in the middle of the file
        data[i] = 0xA5
    db.write_bytes(bytes(data))
    assert store.quick_check(db) != "ok"
    kbmod.ensure_built(db, rules_copy)
    assert store.quick_check(db) == "ok"
    assert kbmod.KB(db).clause("bss", "7-1-5-2-1").refs == ["7-1-6"]
