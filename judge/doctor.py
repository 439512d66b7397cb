"""Damage found and repaired; snapshots made.

The fast start trusts a database that has not changed since it was verified (`store.built_hash`,
`store.open_current`), so damage that keeps the file's size and time is met by a query instead:
`DamagedDatabase` reaches the CLI, which calls `repair` and runs the command once more. `doctor`
runs every check up front. A repair rebuilds the whole file from the sources and the stored
imports (the list salvaged from the damaged file, or the envelopes beside it), under the writer
lock, and swaps it in; a damaged stored import names itself and is skipped.
"""

from __future__ import annotations

from pathlib import Path

from judge import dbfiles, store
from judge.errors import BadInput, StoreError


def _path(db_path: Path | None) -> Path:
    from judge.paths import default_db_path

    return Path(db_path) if db_path else default_db_path()


def repair(db_path: Path | None = None) -> int:
    """Rebuild the database from the sources and the stored imports; the stored imports replayed."""
    from judge.cards.db import ensure_cards
    from judge.paths import rules_dir
    from judge.rules.kb import rebuild

    path = _path(db_path)
    if path.is_file() and store.is_snapshot(path):
        raise StoreError(f"{path} is a damaged snapshot; make it again with `judge snapshot` from a sound database")
    with dbfiles.locked(path):
        listed = dbfiles.stored_rows(path)
        rebuild(path, rules_dir())
        ensure_cards(path)
    return len(listed)


def doctor(db_path: Path | None = None) -> dict:
    """Every check, then a repair if anything failed: {database, problems, stored_imports, repaired, ok}."""
    from judge.cards.db import ensure_cards

    path = _path(db_path)
    problems = store.full_check(path) if path.is_file() else ["the database file does not exist yet"]
    listed = store.stored_imports(path) if path.is_file() else None
    if listed is None and path.is_file():
        problems.append("the stored-imports list cannot be read")
    stored = []
    for entry in listed or dbfiles.stored_rows(path):
        try:
            dbfiles.read_envelope(dbfiles.stored_dir(path) / entry["file"], entry["sha256"])
            stored.append({"file": entry["file"], "status": "ok"})
        except dbfiles.DamagedImport as exc:
            stored.append({"file": entry["file"], "status": f"damaged: {exc}; skipped (import it again)"})
    repaired, replayed = False, 0
    if problems:
        replayed = repair(path)
        repaired = True
    ensure_cards(path)
    after = store.full_check(path)
    return {"database": str(path), "problems": problems, "stored_imports": stored, "repaired": repaired,
            "replayed": replayed, "remaining": after, "ok": not after}


def make_snapshot(dst: Path, db_path: Path | None = None) -> dict:
    """A read-only, consistent copy of the (current, complete) database at `dst`."""
    from judge.cards.db import ensure_cards
    from judge.engine.ruling_links import ensure_card_links

    src = ensure_cards(_path(db_path))
    ensure_card_links(src)              # the rulings' card-ability links travel with the copy
    dst = Path(dst)
    if dst.exists() and dst.resolve() == src.resolve():
        raise BadInput(f"{dst} is the database itself; give another file")
    if dst.exists() and not dst.is_file():
        raise BadInput(f"{dst} is not a file")
    if dst.exists():
        dst.chmod(0o644)
    store.snapshot(src, dst)
    conn = store.connect(dst)
    try:
        return {"documents": len(store.documents(conn)), "cards": sum(r["cards"] for r in store.card_counts(conn)),
                "rulings": store.ruling_count(conn)}
    finally:
        conn.close()


__all__ = ["doctor", "make_snapshot", "repair"]
