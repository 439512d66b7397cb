"""Damage found and repaired; snapshots made.

The fast start trusts a database that has not changed since it was verified (`store.built_hash`,
`store.open_current`), so damage that keeps the file's size and time is met by a query instead:
`DamagedDatabase` reaches the CLI, which calls `repair` and runs the command once more. `doctor`
runs every check up front and reconciles the stored imports with the list (`judge.salvage`). A
repair rebuilds the whole file from the sources and the stored imports (the list salvaged from
the damaged file, or the envelopes beside it; a copy only the damaged file's rows still hold is
rewritten from them first), under the writer lock, and swaps it in. An import nothing holds any
more is named as lost; nothing is ever resolved by deleting a stored copy.
"""

from __future__ import annotations

from pathlib import Path

from judge import dbfiles, store
from judge.errors import BadInput, StoreError


def _path(db_path: Path | None) -> Path:
    from judge.paths import default_db_path

    return Path(db_path) if db_path else default_db_path()


def repair(db_path: Path | None = None) -> int:
    """Rebuild the database from the sources and the stored imports; how many stored imports the
    rebuilt file lists (the list and the copies reconciled first: none is dropped)."""
    from judge.cards.db import ensure_cards
    from judge.paths import rules_dir
    from judge.rules.kb import rebuild

    path = _path(db_path)
    if path.is_file() and store.is_snapshot(path):
        raise StoreError(f"{path} is a damaged snapshot; make it again with `judge snapshot` from a sound database")
    if path.is_file() and store.read_only(path):
        raise StoreError(f"{path} is damaged but read-only (no write permission), so it was not repaired; "
                         "make it writable (chmod u+w) or use another --db")
    with dbfiles.locked(path):
        store.settle_journal(path)
        carried = rebuild(path, rules_dir())
        ensure_cards(path)
    return len(carried)


def doctor(db_path: Path | None = None) -> dict:
    """Every check, the stored imports reconciled with the list, then a repair if anything failed.

    {database, problems, stored_imports, repairs, lost, repaired, replayed, remaining, ok, sound}:
    `ok` when the file is sound now and no import is lost; `sound` when nothing at all was wrong."""
    from judge import salvage
    from judge.cards.db import ensure_cards

    path = _path(db_path)
    dbfiles.take_notices()
    writable = not (path.is_file() and store.read_only(path))
    journal = path.is_file() and bool(store.journal_paths(path))
    if journal and writable:
        with dbfiles.locked(path):
            store.settle_journal(path)
    problems = store.full_check(path) if path.is_file() else ["the database file does not exist yet"]
    if journal:
        problems.insert(0, "a journal was left beside the database (a killed or failed write); "
                           + ("played it back or removed it" if writable else "left it: the file is read-only"))
    rec = None
    if writable:
        with dbfiles.locked(path):
            rec = salvage.reconcile(path)
    listed = rec.entries if rec is not None else (store.stored_imports(path) or [])
    lost = set(rec.lost if rec else [])
    stored = [{"file": e["file"], "status": "lost" if any(e["file"] in m for m in lost) else "ok"} for e in listed]
    repaired, replayed = False, 0
    if problems and writable:
        replayed = repair(path)
        repaired = True
    if writable:
        ensure_cards(path)
    after = store.full_check(path) if path.is_file() else ["the database file does not exist"]
    said = [m for m in dbfiles.take_notices() if m not in lost]
    ok = not after and not lost
    return {"database": str(path), "problems": problems, "stored_imports": stored, "repairs": said,
            "lost": sorted(lost), "repaired": repaired, "replayed": replayed, "remaining": after, "ok": ok,
            "sound": ok and not problems and not said}


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
