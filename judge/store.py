"""The one module that touches the database (SQLite; sqlite-utils for building, sqlite3 for queries).

Reads go through the stdlib `sqlite3` so `judge rule …` starts fast; sqlite-utils is imported
only when a database is built. A build writes a temporary file beside the target and swaps it in
with `os.replace`, so a failed or killed build never leaves a half-written database; the `meta`
table is written last, so a database without its `complete` row is known to be unfinished.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import tempfile
from collections.abc import Iterable
from pathlib import Path

from judge.errors import StoreError

SCHEMA = "rules-3"

_FTS = {
    "fts_en": "porter unicode61 remove_diacritics 2",
    "fts_ja": "trigram",
}


# --- opening -------------------------------------------------------------------------------
def connect(path: Path) -> sqlite3.Connection:
    """A connection for queries (shared with TUI worker threads, so not thread-bound)."""
    try:
        conn = sqlite3.connect(str(path), check_same_thread=False)
        conn.row_factory = sqlite3.Row
        return conn
    except sqlite3.Error as exc:
        raise StoreError(f"cannot open database {path}: {exc}") from exc


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
    return rows.get("hash")


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


# --- building ------------------------------------------------------------------------------
def write_rules_db(path: Path, tables: dict[str, list[dict]], meta: dict[str, str]) -> None:
    """Build the rules database from row lists into a temp file, then atomically swap it in."""
    import sqlite_utils

    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".judge-build-", suffix=".db", dir=str(path.parent))
    os.close(fd)
    try:
        db = sqlite_utils.Database(tmp)
        db.conn.execute("pragma journal_mode = off")
        db.conn.execute("pragma synchronous = off")
        keys = {"documents": "key", "clauses": ("doc", "id"), "meta": "key"}
        for name, rows in tables.items():
            if name.startswith("fts_"):
                continue
            db[name].insert_all(rows, pk=keys.get(name), batch_size=1000)
        db["clauses"].create_index(["doc", "number"])
        db["clauses"].create_index(["doc", "seq"])
        db["terms"].create_index(["norm"])
        for fts, tokenizer in _FTS.items():
            db.execute(f"create virtual table {fts} using fts5(doc unindexed, id unindexed, title, text, "
                       f"tokenize = '{tokenizer}')")
            db.conn.executemany(f"insert into {fts}(doc, id, title, text) values (?, ?, ?, ?)",
                                [(r["doc"], r["id"], r["title"], r["text"]) for r in tables.get(fts, [])])
        db["meta"].insert_all([{"key": k, "value": v} for k, v in {**meta, "schema": SCHEMA}.items()],
                              pk="key", replace=True)
        db.conn.commit()
        db["meta"].insert({"key": "complete", "value": "1"}, pk="key", replace=True)
        db.conn.commit()
        db.close()
        os.replace(tmp, path)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, (KeyboardInterrupt, SystemExit)):
            raise
        raise StoreError(f"building the database {path} failed: {exc}") from exc


# --- queries (stdlib sqlite3 only) ---------------------------------------------------------
def rows(conn: sqlite3.Connection, sql: str, params: Iterable = ()) -> list[sqlite3.Row]:
    """Run a read query; a damaged database surfaces as StoreError, never a traceback."""
    try:
        return conn.execute(sql, tuple(params)).fetchall()
    except sqlite3.OperationalError as exc:
        if "fts5" in str(exc) or "syntax" in str(exc):
            return []
        raise StoreError(f"database query failed: {exc} (delete the file to rebuild it)") from exc
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"database query failed: {exc} (delete the file to rebuild it)") from exc


def documents(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    return rows(conn, "select * from documents order by game, lang, ord")


def clause_by_id(conn: sqlite3.Connection, doc: str, cid: str) -> sqlite3.Row | None:
    got = rows(conn, "select * from clauses where doc = ? and id = ?", (doc, cid))
    return got[0] if got else None


def clauses_by_ids(conn: sqlite3.Connection, doc: str, ids: list[str]) -> list[sqlite3.Row]:
    if not ids:
        return []
    marks = ",".join("?" * len(ids))
    return rows(conn, f"select * from clauses where doc = ? and id in ({marks})", (doc, *ids))


def clauses_by_number(conn: sqlite3.Connection, doc: str, number: str) -> list[sqlite3.Row]:
    return rows(conn, "select * from clauses where doc = ? and number = ? order by seq", (doc, number))


def all_clauses(conn: sqlite3.Connection, doc: str) -> list[sqlite3.Row]:
    return rows(conn, "select * from clauses where doc = ? order by seq", (doc,))


def numbers(conn: sqlite3.Connection, doc: str) -> list[str]:
    return [r[0] for r in rows(conn, "select number from clauses where doc = ? order by seq", (doc,))]


def search_fts(conn: sqlite3.Connection, table: str, match: str, docs: list[str], limit: int) -> list[sqlite3.Row]:
    """Ranked full-text hits (bm25) with the match marked by [ and ]."""
    marks = ",".join("?" * len(docs))
    sql = (f"select doc, id, bm25({table}, 0, 0, 2.0, 1.0) as rank, "
           f"snippet({table}, 3, '[', ']', '…', 14) as snip, title from {table} "
           f"where {table} match ? and doc in ({marks}) order by rank limit ?")
    return rows(conn, sql, (match, *docs, limit))


def search_like(conn: sqlite3.Connection, needle: str, docs: list[str], limit: int) -> list[sqlite3.Row]:
    """Substring hits for queries too short for the trigram index (Japanese 1-2 characters)."""
    marks = ",".join("?" * len(docs))
    esc = needle.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return rows(conn, f"select doc, id, number, title, text from clauses where doc in ({marks}) and "
                      f"(text like ? escape '\\' or title like ? escape '\\') order by seq limit ?",
                (*docs, f"%{esc}%", f"%{esc}%", limit))


def terms(conn: sqlite3.Connection, keys: list[str], game: str | None) -> list[sqlite3.Row]:
    marks = ",".join("?" * len(keys))
    sql = f"select * from terms where norm in ({marks})"
    params: list = list(keys)
    if game:
        sql += " and game = ?"
        params.append(game)
    return rows(conn, sql, params)


def term_keys(conn: sqlite3.Connection, game: str | None) -> list[sqlite3.Row]:
    if game:
        return rows(conn, "select distinct norm, term, game from terms where game = ?", (game,))
    return rows(conn, "select distinct norm, term, game from terms")


def anomalies(conn: sqlite3.Connection, docs: list[str]) -> list[sqlite3.Row]:
    marks = ",".join("?" * len(docs))
    return rows(conn, f"select * from anomalies where doc in ({marks}) order by doc, line", docs)


def changes(conn: sqlite3.Connection, docs: list[str]) -> list[sqlite3.Row]:
    marks = ",".join("?" * len(docs))
    return rows(conn, f"select * from changes where doc in ({marks}) order by doc, date, line", docs)


def meta(conn: sqlite3.Connection) -> dict[str, str]:
    return {r[0]: r[1] for r in rows(conn, "select key, value from meta")}


# --- cards ---
