"""Whether a database file is current and sound (its meta table, its `.ok` stamp, SQLite's and
our own structure checks), and read-only snapshots of it."""

from __future__ import annotations

import contextlib
import os
import sqlite3

from judge.errors import StoreError
from judge.store.connection import _read_stamp, _stamp, _write_stamp, quick_check, read_only
from judge.store.schema import EXPECTED_COLUMNS, SCHEMA

# typing is not imported at run time: this module is on the quick `judge rule` path
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path


#: the names of a database's temporary build files begin so (judge.dbfiles clears leftovers by it)
BUILD_PREFIX = ".judge-build-"


def build_prefix(db: Path) -> str:
    """Temporary build files of this database (never another database's in the same folder)."""
    return f"{BUILD_PREFIX}{db.name}~"


def built_hash(path: Path) -> str | None:
    """The source hash a finished database was built from; None if missing, corrupt or unfinished."""
    if not path.is_file() or path.stat().st_size < 100:
        return None
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            rows = dict(conn.execute("select key, value from meta").fetchall())
        finally:
            conn.close()
    except sqlite3.Error:
        return None
    if rows.get("complete") != "1" or rows.get("schema") != SCHEMA:
        return None
    if _stamp(path) != _read_stamp(path):
        # the file changed since it was last verified (card tables written, or damage):
        # verify it once (about 15 ms), then remember it as sound
        if quick_check(path) != "ok" or _structure_of(path):
            return None
        _write_stamp(path)
    return rows.get("hash")


def meta_value(path: Path, key: str) -> str | None:
    """One value of the meta table of a finished database (None if absent or unreadable)."""
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            row = conn.execute("select value from meta where key = ?", (key,)).fetchone()
        finally:
            conn.close()
    except sqlite3.Error:
        return None
    return row[0] if row else None


def set_meta_value(path: Path, key: str, value: str) -> None:
    """Record one meta value (best effort: a read-only database keeps checking the slow way)."""
    if read_only(path):
        return
    with contextlib.suppress(sqlite3.Error, OSError):
        conn = sqlite3.connect(str(path), timeout=5)
        try:
            with conn:
                conn.execute("insert or replace into meta (key, value) values (?, ?)", (key, value))
        finally:
            conn.close()
        _write_stamp(path)


def open_current(path: str, stamp: str) -> sqlite3.Connection | None:
    """A read-only connection to a database known to be current, or None when unsure.

    Current means: built completely with this schema, unchanged since it was last verified (its
    size and time match the `.ok` file), and built from sources with this stamp. Nothing is
    repaired or rebuilt here; None sends the caller the long way round, which does that."""
    if os.path.exists(path + "-journal"):        # a killed writer's journal: the long way settles it
        return None
    try:
        st = os.stat(path)
        with open(path + ".ok", encoding="ascii") as fh:
            if fh.read().strip() != f"{st.st_size}:{st.st_mtime_ns}":
                return None
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except (OSError, UnicodeDecodeError, sqlite3.Error):
        return None
    try:
        got = dict(conn.execute("select key, value from meta where key in ('complete', 'schema', 'stamp')"))
    except sqlite3.Error:
        conn.close()
        return None
    if got != {"complete": "1", "schema": SCHEMA, "stamp": stamp}:
        conn.close()
        return None
    conn.row_factory = sqlite3.Row
    return conn


def _structure_of(path: Path) -> list[str]:
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        return [str(exc)]
    try:
        return structure_problems(conn)
    finally:
        conn.close()


# --- checks, repair and snapshots ----------------------------------------------------------
def structure_problems(conn: sqlite3.Connection) -> list[str]:
    """Missing tables or columns, and row counts that disagree with what the build recorded."""
    out = []
    for table, cols in EXPECTED_COLUMNS.items():
        try:
            have = {r[1] for r in conn.execute(f"pragma table_info({table})")}
        except sqlite3.Error as exc:
            return [f"{table}: {exc}"]
        if not have:
            out.append(f"table {table} is missing")
        elif cols - have:
            out.append(f"table {table} lacks column(s) {', '.join(sorted(cols - have))}")
    if out:
        return out
    try:
        for key, n in conn.execute("select d.key, d.clauses - (select count(*) from clauses c where c.doc = d.key) "
                                   "from documents d"):
            if n:
                out.append(f"{key}: {abs(n)} clause row(s) {'missing' if n > 0 else 'too many'}")
        for key, want in conn.execute("select key, value from meta where key like 'count:%'").fetchall():
            table = key.removeprefix("count:")
            have = conn.execute(f"select count(*) from [{table}]").fetchone()[0]
            if str(have) != want:
                out.append(f"{table}: {have} rows, {want} written")
        n = conn.execute("select count(*) from search_clauses").fetchone()[0]
        want = conn.execute("select count(*) from clauses").fetchone()[0]
        if n != want:
            out.append(f"search index: {n} rows for {want} clauses")
        meta = dict(conn.execute("select key, value from cards_meta").fetchall()) if \
            conn.execute("select 1 from sqlite_master where name = 'cards_meta'").fetchone() else {}
        if meta or conn.execute("select 1 from sqlite_master where name = 'cards_meta'").fetchone():
            gone = [k for k in ("hash", "count:cards", "count:rulings") if k not in meta]
            if gone:
                out.append(f"cards_meta lacks its row(s) {', '.join(gone)}")
        for table in ("cards", "cards_fts", "rulings", "rulings_fts", "ruling_links"):
            if f"count:{table}" in meta:
                n = conn.execute(f"select count(*) from {table}").fetchone()[0]
                if str(n) != meta[f"count:{table}"]:
                    out.append(f"{table}: {n} rows, {meta[f'count:{table}']} written")
    except sqlite3.Error as exc:
        out.append(str(exc))
    return out


def record_counts(conn: sqlite3.Connection) -> dict[str, str]:
    """Row counts of the record tables, stored in cards_meta so a check can spot deleted rows."""
    return {f"count:{t}": str(conn.execute(f"select count(*) from {t}").fetchone()[0])
            for t in ("cards", "cards_fts", "rulings", "rulings_fts", "ruling_links")}


def full_check(path: Path) -> list[str]:
    """Everything `judge doctor` checks: SQLite's integrity check, each FTS index, the structure.
    (FTS5's integrity check is spelled as an insert, so the connection may write; it writes nothing.)"""
    try:
        conn = (sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30) if read_only(path)
                else sqlite3.connect(str(path), timeout=30))
    except sqlite3.Error as exc:
        return [str(exc)]
    try:
        problems = [r[0] for r in conn.execute("pragma integrity_check").fetchall() if r[0] != "ok"]
        if problems:
            return problems[:10]
        for (name,) in conn.execute("select name from sqlite_master where sql like 'create virtual table%fts5%'"):
            try:
                conn.execute(f"insert into {name}({name}) values ('integrity-check')")
            except sqlite3.Error as exc:
                if "readonly" not in str(exc):          # a read-only snapshot: SQLite's own check stands
                    problems.append(f"{name}: {exc}")
        return problems + structure_problems(conn)
    except sqlite3.Error as exc:
        return [str(exc)]
    finally:
        conn.close()


def snapshot(src: Path, dst: Path) -> None:
    """A consistent copy of the whole database (SQLite's backup API: one read transaction), marked
    as a snapshot and made read-only, written beside `dst` and renamed into place."""
    import tempfile

    dst.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".judge-snapshot-", suffix=".db", dir=str(dst.parent))
    os.close(fd)
    try:
        source = sqlite3.connect(f"file:{src}?mode=ro", uri=True)
        target = sqlite3.connect(tmp)
        try:
            source.backup(target)
            with target:
                target.execute("insert or replace into meta (key, value) values ('snapshot', '1')")
            target.execute("pragma journal_mode = delete")
            target.execute("vacuum")
        finally:
            source.close()
            target.close()
        os.chmod(tmp, 0o444)
        os.replace(tmp, dst)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, sqlite3.Error):
            raise StoreError(f"cannot write a snapshot of {src} to {dst}: {exc}") from exc
        raise


def is_snapshot(path: Path) -> bool:
    return meta_value(path, "snapshot") == "1"
