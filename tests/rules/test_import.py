"""`judge rules import`: a new release is added atomically and survives rebuilds."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.dbfiles import stored_dir
from judge.errors import IngestError
from judge.paths import rules_dir
from judge.rules.importer import import_document
from judge.rules.kb import KB, ensure_built, open_kb


def _new_release(tmp_path: Path) -> Path:
    src = next(rules_dir().glob("000_*.txt")).read_text(encoding="utf-8")
    src = src.replace("If their BP are equal, both spirits are destroyed.",
                      "If their BP are equal, both spirits are destroyed simultaneously.")
    src = src.replace("## \n", "# 12-4 Test Clause\n\n12-4-1 A clause added by this test release.\n\n## \n")
    f = tmp_path / "cr-1.8.0.txt"
    f.write_text(src, encoding="utf-8")
    return f


def test_import_bss_1_8_0_becomes_current_and_diffs(tmp_path: Path) -> None:
    db = tmp_path / "db" / "judge.db"
    open_kb(db)
    doc = import_document(_new_release(tmp_path), game="bss", version="1.8.0", lang="en", date="2026-01-01",
                          db_path=db)
    kb = KB(db)
    assert doc.version == "1.8.0" and kb.document("bss").version == "1.8.0"
    d = kb.diff("bss", "1.7.0", "1.8.0")
    assert [c["number"] for c in d["changed"]] == ["7-1-5-2-1"]
    assert {a["number"] for a in d["added"]} == {"12-4", "12-4-1"}
    assert [e["version"] for e in kb.history("bss", "7-1-5-2-1")] == ["bssdb", "1.7.0", "1.8.0"]


def test_imported_release_survives_a_forced_rebuild(tmp_path: Path) -> None:
    db = tmp_path / "db" / "judge.db"
    open_kb(db)
    import_document(_new_release(tmp_path), game="bss", version="1.8.0", lang="en", db_path=db)
    ensure_built(db, rules_dir(), force=True)
    assert KB(db).clause("bss", "12-4-1", version="1.8.0").text.startswith("A clause added")
    open_kb(db)     # the hash includes the imports: no needless rebuild, still there
    assert KB(db).document("bss").version == "1.8.0"


def test_failed_import_leaves_database_untouched(tmp_path: Path) -> None:
    db = tmp_path / "db" / "judge.db"
    open_kb(db)
    before = db.read_bytes()
    bad = tmp_path / "notes.txt"
    bad.write_text("Just some prose.\nNo clause numbers here.\n", encoding="utf-8")
    with pytest.raises(IngestError):
        import_document(bad, game="bss", version="2.0", lang="en", db_path=db)
    assert db.read_bytes() == before
    assert not list(stored_dir(db).glob("*")) and not list(db.parent.glob(".judge-build-*"))


def test_import_of_an_existing_version_refused(tmp_path: Path) -> None:
    db = tmp_path / "db" / "judge.db"
    open_kb(db)
    with pytest.raises(IngestError, match="already stored"):
        import_document(_new_release(tmp_path), game="bss", version="1.7.0", lang="en", db_path=db)
