"""What a damaged or older database file still holds: its stored-imports list in whatever shape it
was written, the card and ruling rows each import put there, and a hot or stale journal settled.

`judge.salvage` reconciles these with the stored copies beside the file; nothing here decides
what to keep, it only reads (or, for the list and the journal, writes exactly what it is told).
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3

from judge.errors import StoreError
from judge.store.connection import read_only
from judge.store.schema import _IMPORT_COLS, _IMPORT_COLUMNS, _IMPORT_MARKS, _IMPORTS_DDL

# typing is not imported at run time: this module is on the quick `judge rule` path
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

#: the default of each stored-imports column a list written by an older schema may lack
_DEFAULTS = {"name": "", "game": "", "format": "", "source": "", "fetched": "", "records": 0, "meta": "{}"}


def _ro(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5)
    conn.row_factory = sqlite3.Row
    return conn


def shaped_entry(row: dict) -> dict | None:
    """A stored-imports row of any schema as this schema's entry (missing columns from its `meta`
    JSON or their defaults, unknown ones dropped); None when it lacks what names its copy."""
    if not all(isinstance(row.get(k), want) for k, want in (("seq", int), ("kind", str), ("file", str),
                                                             ("sha256", str))):
        return None
    try:
        meta = json.loads(row.get("meta") or "{}")
    except (TypeError, ValueError):
        meta = {}
    meta = meta if isinstance(meta, dict) else {}
    out = {}
    for col in _IMPORT_COLUMNS:
        value = row.get(col)
        if value is None:
            value = meta.get(col, _DEFAULTS.get(col))
        out[col] = value
    if not isinstance(out["meta"], str):
        out["meta"] = json.dumps(meta, ensure_ascii=False, sort_keys=True)
    return out


def listed_imports(path: Path) -> list[dict] | None:
    """The stored-imports list as this schema's entries, read from a file of any schema (an older
    file's list has other columns: that is its migration); None when it cannot be read at all.
    Rows too damaged to name their copy are left out (the copies beside the file speak for them)."""
    try:
        conn = _ro(path)
        try:
            got = [dict(r) for r in conn.execute("select * from stored_imports order by seq")]
        finally:
            conn.close()
    except sqlite3.Error:
        return None
    return [e for e in map(shaped_entry, got) if e is not None]


def write_listed(path: Path, entries: list[dict]) -> bool:
    """Make the stored-imports list exactly `entries` (one transaction); False when the file cannot
    be written (read-only, damaged: a rebuild then carries the list into a new file)."""
    if read_only(path):
        return False
    try:
        conn = sqlite3.connect(str(path), timeout=30, isolation_level=None)
    except sqlite3.Error:
        return False
    try:
        conn.execute("begin immediate")
        conn.execute(_IMPORTS_DDL)
        conn.execute("delete from stored_imports")
        conn.executemany(f"insert into stored_imports ({_IMPORT_COLS}) values ({_IMPORT_MARKS})",
                         [tuple(e[c] for c in _IMPORT_COLUMNS) for e in entries])
        conn.execute("commit")
        return True
    except sqlite3.Error:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("rollback")
        return False
    finally:
        conn.close()


def record_seqs(path: Path) -> dict[tuple[str, int], int] | None:
    """{(kind, seq): rows} of the card and ruling rows imports put in the file (seq 0: the shipped
    cards); None when the tables cannot be read (none yet, or damaged)."""
    out: dict[tuple[str, int], int] = {}
    try:
        conn = _ro(path)
        try:
            for kind, table in (("cards", "cards"), ("rulings", "rulings")):
                if not conn.execute("select 1 from sqlite_master where name = ?", (table,)).fetchone():
                    continue
                for seq, n in conn.execute(f"select seq, count(*) from {table} where seq > 0 group by seq"):
                    if isinstance(seq, int):
                        out[(kind, seq)] = n
        finally:
            conn.close()
    except sqlite3.Error:
        return None
    return out


def import_records(path: Path, kind: str, seq: int) -> list[dict] | None:
    """The rows import `seq` of `kind` ('cards' or 'rulings', rulings with their `links`) left in
    the file, as plain dicts; None when they cannot be read."""
    try:
        conn = _ro(path)
        try:
            if kind == "cards":
                return [dict(r) for r in conn.execute("select * from cards where seq = ? order by game, number",
                                                      (seq,))]
            if kind != "rulings":
                return []
            out = []
            for r in conn.execute("select * from rulings where seq = ? order by id", (seq,)).fetchall():
                row = dict(r)
                links = conn.execute("select * from ruling_links where ruling = ?", (row["id"],)).fetchall()
                row["links"] = [[x["kind"], x["ref"], dict(x).get("how") or "words"] for x in links]
                out.append(row)
            return out
        finally:
            conn.close()
    except sqlite3.Error:
        return None


def import_marks(path: Path, seq: int) -> list[dict]:
    """The replacement marks import `seq` made (which ruling, by key, it marks replaced, by what)."""
    try:
        conn = _ro(path)
        try:
            if not conn.execute("select 1 from sqlite_master where name = 'ruling_replacements'").fetchone():
                return []
            return [dict(r) for r in conn.execute(
                "select r.key as replaces, x.by_kind, x.by_ref, x.date, x.note from ruling_replacements x "
                "join rulings r on r.id = x.ruling where x.seq = ?", (seq,))]
        finally:
            conn.close()
    except sqlite3.Error:
        return []


def journal_paths(path: Path) -> list[str]:
    """The rollback journal (and, should a file be in WAL mode, its log) beside the database."""
    return [p for p in (f"{path}-journal", f"{path}-wal") if os.path.exists(p)]


def settle_journal(path: Path) -> bool:
    """Roll back what a killed writer left in the journal, and remove a journal nothing can use
    (zeroed, empty or garbage): opened for writing, SQLite plays a hot journal back itself; once we
    hold the write lock no other writer exists, so a journal still there is a leftover. The caller
    holds the writer lock. False when the file is read-only (then nothing is touched)."""
    journal = f"{path}-journal"
    if not os.path.exists(journal) or not os.path.isfile(path):
        return True
    if read_only(path):
        return False
    try:
        conn = sqlite3.connect(str(path), timeout=30, isolation_level=None)
    except sqlite3.Error as exc:
        raise StoreError(f"cannot open the database {path}: {exc}") from exc
    try:
        with contextlib.suppress(sqlite3.DatabaseError):   # a damaged file: the checks that follow say so
            conn.execute("begin immediate")
            conn.execute("select count(*) from sqlite_master").fetchone()
            with contextlib.suppress(FileNotFoundError):
                os.unlink(journal)
            conn.execute("rollback")
    finally:
        conn.close()
    return True


__all__ = ["import_marks", "import_records", "journal_paths", "listed_imports", "record_seqs", "settle_journal", "shaped_entry",
           "write_listed"]
