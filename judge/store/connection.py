"""Opening the database for reading and writing, the `.ok` stamp of a verified file, and the read
query every other store module goes through (damage is told apart from a mistyped search)."""

from __future__ import annotations

import contextlib
import os
import sqlite3

from judge.errors import DamagedDatabase, StoreError

# typing is not imported at run time: this module is on the quick `judge rule` path
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from pathlib import Path


# --- opening -------------------------------------------------------------------------------
def read_only(path: Path) -> bool:
    """A database nobody is meant to write: no write bit set (a snapshot is made 0444; that holds
    even for root, who may write any file) or not writable by this user."""
    try:
        return not os.stat(path).st_mode & 0o222 or not os.access(path, os.W_OK)
    except OSError:
        return False


def connect(path: Path) -> sqlite3.Connection:
    """A connection for queries (shared with TUI worker threads, so not thread-bound)."""
    try:
        if os.path.isfile(path) and read_only(path):    # a snapshot: read it, never write
            conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
        else:
            conn = sqlite3.connect(str(path), check_same_thread=False)
        conn.row_factory = sqlite3.Row
        return conn
    except sqlite3.Error as exc:
        raise StoreError(f"cannot open database {path}: {exc}") from exc


def _stamp(path: Path) -> str:
    st = path.stat()
    return f"{st.st_size}:{st.st_mtime_ns}"


def _stamp_file(path: Path) -> Path:
    return path.with_name(path.name + ".ok")


def _read_stamp(path: Path) -> str:
    try:
        return _stamp_file(path).read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return ""


def _write_stamp(path: Path) -> None:
    """Record size and mtime of a verified database (best effort: a read-only dir just re-checks)."""
    with contextlib.suppress(OSError):
        _stamp_file(path).write_text(_stamp(path), encoding="ascii")


def quick_check(path: Path) -> str:
    """SQLite's own integrity check ("ok" when sound)."""
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            return str(conn.execute("pragma quick_check").fetchone()[0])
        finally:
            conn.close()
    except sqlite3.Error as exc:
        return str(exc)


# --- queries (stdlib sqlite3 only) ---------------------------------------------------------
_DAMAGE = ("malformed", "not a database", "no such table", "vtable constructor", "corrupt", "disk i/o",
           "no such module", "unable to open", "file is encrypted")


def is_damage(exc: BaseException, sql: str = "") -> bool:
    """Whether an SQLite error means the file is damaged (not that a query was malformed)."""
    if not isinstance(exc, sqlite3.DatabaseError):
        return False
    msg = str(exc).lower()
    if any(d in msg for d in _DAMAGE):
        return True
    # an FTS5 column filter the user typed ("armor:red") says "no such column" too
    return "no such column" in msg and " match " not in sql.lower()


def rows(conn: sqlite3.Connection, sql: str, params: Iterable = ()) -> list[sqlite3.Row]:
    """Run a read query; a damaged database raises DamagedDatabase (the CLI repairs it and tries
    again once), an FTS query the user mistyped gives no rows, never a traceback."""
    try:
        return conn.execute(sql, tuple(params)).fetchall()
    except sqlite3.DatabaseError as exc:
        if isinstance(exc, sqlite3.OperationalError) and not is_damage(exc, sql) and (
                "fts5" in str(exc) or "syntax" in str(exc) or "no such column" in str(exc)):
            return []
        raise query_failed(conn, exc, sql) from exc


def query_failed(conn: sqlite3.Connection, exc: sqlite3.DatabaseError, sql: str = "") -> StoreError:
    """The error to raise for a failed read: DamagedDatabase when the file is damaged (the CLI then
    repairs it and tries once more), else a plain StoreError naming what failed."""
    if is_damage(exc, sql):
        return DamagedDatabase(f"the database is damaged ({exc})", path=_conn_path(conn))
    return StoreError(f"database query failed: {exc}")


def _conn_path(conn: sqlite3.Connection) -> str:
    try:
        got = conn.execute("pragma database_list").fetchone()
        return str(got[2]) if got else ""
    except sqlite3.Error:
        return ""


# --- writing -------------------------------------------------------------------------------
def _write_conn(path: Path) -> sqlite3.Connection:
    if os.path.isfile(path) and read_only(path):    # root may write any file: the mode bits say no
        raise StoreError(f"the database {path} is read-only (no write permission); nothing was written")
    try:
        conn = sqlite3.connect(str(path), isolation_level=None, timeout=60)
        conn.row_factory = sqlite3.Row
        return conn
    except sqlite3.Error as exc:
        raise StoreError(f"cannot open database {path}: {exc}") from exc


@contextlib.contextmanager
def writing(path: Path):
    """One write transaction (`BEGIN IMMEDIATE`): everything in it lands, or (on any error or a
    kill) nothing does. The caller holds the writer lock; SQLite's own lock backs it up.

    A file verified before the transaction stays verified after it (its `.ok` stamp is renewed):
    what this process committed is whole, and the quick `judge rule` path trusts only a stamped file."""
    verified = os.path.isfile(path) and _read_stamp(path) == _stamp(path)
    conn = _write_conn(path)
    try:
        conn.execute("begin immediate")
        yield conn
        conn.execute("commit")
        if verified:
            _write_stamp(path)
    except BaseException as exc:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("rollback")
        if isinstance(exc, (KeyboardInterrupt, SystemExit)) or not isinstance(exc, sqlite3.Error):
            raise
        if is_damage(exc):
            raise DamagedDatabase(f"the database is damaged ({exc})", path=str(path)) from exc
        raise StoreError(f"writing to {path} failed (nothing was changed): {exc}") from exc
    finally:
        conn.close()
