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
from collections.abc import Iterable
from pathlib import Path

from judge.errors import StoreError

SCHEMA = "rules-4"

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
    if _stamp(path) != _read_stamp(path):
        # the file changed since it was last verified (card tables written, or damage):
        # verify it once (about 15 ms), then remember it as sound
        if quick_check(path) != "ok":
            return None
        _write_stamp(path)
    return rows.get("hash")


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


# --- building ------------------------------------------------------------------------------
def write_rules_db(path: Path, tables: dict[str, list[dict]], meta: dict[str, str]) -> None:
    """Build the rules database from row lists into a temp file, then atomically swap it in."""
    import tempfile

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
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
        _write_stamp(path)
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


def search_fts(conn: sqlite3.Connection, table: str, match: str, docs: list[str], limit: int) -> list[dict]:
    """Ranked full-text hits (bm25) with the match marked « » (rules text prints [ ] of its own).

    Ranking every match is cheap; snippets are not, so they are made only for the rows returned."""
    marks = ",".join("?" * len(docs))
    ranked = rows(conn, f"select rowid, doc, id, title, bm25({table}, 0, 0, 2.0, 1.0) as rank from {table} "
                        f"where {table} match ? and doc in ({marks}) order by rank limit ?", (match, *docs, limit))
    if not ranked:
        return []
    ids = ",".join(str(int(r["rowid"])) for r in ranked)
    snips = {r[0]: r[1] for r in rows(conn, f"select rowid, snippet({table}, -1, '«', '»', '…', 14) from {table} "
                                            f"where {table} match ? and rowid in ({ids})", (match,))}
    return [{"doc": r["doc"], "id": r["id"], "title": r["title"], "rank": r["rank"],
             "snip": snips.get(r["rowid"], "")} for r in ranked]


def search_like(conn: sqlite3.Connection, needles: list[str], docs: list[str], limit: int) -> list[sqlite3.Row]:
    """Clauses containing every needle (for words too short for the trigram index, e.g. 破壊)."""
    marks = ",".join("?" * len(docs))
    cond, params = [], []
    for n in needles:
        esc = n.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        cond.append("(text like ? escape '\\' or title like ? escape '\\')")
        params += [f"%{esc}%", f"%{esc}%"]
    return rows(conn, f"select doc, id, number, title, text from clauses where doc in ({marks}) and "
                      f"{' and '.join(cond)} order by seq limit ?", (*docs, *params, limit))


def terms(conn: sqlite3.Connection, keys: list[str], game: str | None) -> list[sqlite3.Row]:
    marks = ",".join("?" * len(keys))
    sql = f"select * from terms where norm in ({marks})"
    params: list = list(keys)
    if game:
        sql += " and game = ?"
        params.append(game)
    return rows(conn, sql, params)


def term_at(conn: sqlite3.Connection, doc: str, number: str, kind: str) -> str | None:
    """The term of that kind a document defines at that clause (the other language's name)."""
    got = rows(conn, "select term from terms where doc = ? and number = ? and kind = ? limit 1", (doc, number, kind))
    return got[0][0] if got else None


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
# Card tables live in the same database file, beside the rules. They are (re)written in ONE
# transaction, so a failed import rolls back to the previous cards; a rules rebuild (a new file
# swapped in) drops them, and `judge.cards.db` notices the missing hash and replays the sources.
CARDS_SCHEMA = "cards-1"

_CARD_TABLES = (
    "create table cards (game text not null, number text not null, name text not null, type text, "
    "text text, data text not null, source text, primary key (game, number))",
    "create index cards_name on cards(name collate nocase)",
    "create virtual table cards_fts using fts5(game unindexed, number unindexed, name, text, extra, "
    "tokenize = 'porter unicode61 remove_diacritics 2')",
    "create table cards_meta (key text primary key, value text)",
)


def cards_hash(conn: sqlite3.Connection) -> str | None:
    """The source hash the card tables were written from (None: no card tables yet)."""
    try:
        row = conn.execute("select value from cards_meta where key = 'hash'").fetchone()
    except sqlite3.Error:
        return None
    return row[0] if row else None


def _insert_cards(conn: sqlite3.Connection, rows: list[dict]) -> None:
    for r in rows:
        conn.execute("delete from cards_fts where game = ? and number = ?", (r["game"], r["number"]))
    conn.executemany("insert or replace into cards (game, number, name, type, text, data, source) "
                     "values (:game, :number, :name, :type, :text, :data, :source)", rows)
    conn.executemany("insert into cards_fts (game, number, name, text, extra) "
                     "values (:game, :number, :name, :text, :extra)", rows)


def write_cards(path: Path, rows: list[dict], source_hash: str, *, replace: bool = True) -> None:
    """Write card rows in one transaction: all of them, or (on any error) none and the old tables.

    `replace=True` rebuilds the card tables from scratch; False adds / overwrites rows (an import).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        conn = sqlite3.connect(str(path), isolation_level=None, timeout=30)
    except sqlite3.Error as exc:
        raise StoreError(f"cannot open database {path}: {exc}") from exc
    try:
        conn.execute("begin immediate")
        have = conn.execute("select count(*) from sqlite_master where name = 'cards'").fetchone()[0]
        if replace or not have:
            for table in ("cards_fts", "cards", "cards_meta"):
                conn.execute(f"drop table if exists {table}")
            for ddl in _CARD_TABLES:
                conn.execute(ddl)
        _insert_cards(conn, rows)
        conn.executemany("insert or replace into cards_meta (key, value) values (?, ?)",
                         [("hash", source_hash), ("schema", CARDS_SCHEMA)])
        conn.execute("commit")
    except BaseException as exc:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("rollback")
        if isinstance(exc, (KeyboardInterrupt, SystemExit)):
            raise
        raise StoreError(f"writing cards to {path} failed (nothing was changed): {exc}") from exc
    finally:
        conn.close()


def card_rows(conn: sqlite3.Connection, number: str, game: str | None) -> list[sqlite3.Row]:
    """Cards with this number (any case), in one game or all."""
    sql = "select * from cards where number = ? collate nocase"
    return rows(conn, sql + (" and game = ?" if game else "") + " order by game", (number, game) if game else (number,))


def card_names(conn: sqlite3.Connection, game: str | None) -> list[sqlite3.Row]:
    """(game, number, name) of every card, for fuzzy name matching."""
    sql = "select game, number, name from cards"
    return rows(conn, sql + (" where game = ?" if game else "") + " order by game, number", (game,) if game else ())


def card_data(conn: sqlite3.Connection, game: str) -> list[sqlite3.Row]:
    """(name, data) of every card of a game: the names and Jobs card text may refer to."""
    return rows(conn, "select name, data from cards where game = ?", (game,))


def card_search(conn: sqlite3.Connection, match: str, game: str | None, limit: int) -> list[sqlite3.Row]:
    """Full-text search over card names and text (FTS5 MATCH syntax), best first."""
    sql = ("select c.*, bm25(cards_fts, 0, 0, 5.0, 1.0, 2.0) as score from cards_fts "
           "join cards c on c.game = cards_fts.game and c.number = cards_fts.number where cards_fts match ?")
    params: list = [match]
    if game:
        sql += " and c.game = ?"
        params.append(game)
    return rows(conn, sql + " order by score limit ?", (*params, limit))
