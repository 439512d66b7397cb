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

from judge.errors import StoreError

# typing is not imported at run time: this module is on the quick `judge rule` path
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from pathlib import Path


SCHEMA = "rules-6"   # bump when the search index changes (judge/rules/search_text.py words too)

# The rules search index (judge/rules/search_index.py makes the rows, judge/rules/search.py ranks):
# postings per term and clause with the term's BM25F weight there, and per clause the field lengths,
# whether it is a heading and its ancestors. Plain tables rather than FTS5, because the ranking
# weighs each query word on its own (synonyms, common words, the character-bigram fallback).
_SEARCH_TABLES = {
    "search_postings": ("create table search_postings (doc text not null, term text not null, id text not null, "
                        "weight real not null)",
                        "create index search_postings_term on search_postings (term, doc)"),
    "search_clauses": ("create table search_clauses (doc text not null, id text not null, seq integer not null, "
                       "len_title integer not null, len_text integer not null, len_context integer not null, "
                       "heading integer not null, ancestors text not null, primary key (doc, id))",),
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
            if name in _SEARCH_TABLES:
                continue
            db[name].insert_all(rows, pk=keys.get(name), batch_size=1000)
        db["clauses"].create_index(["doc", "number"])
        db["clauses"].create_index(["doc", "seq"])
        db["terms"].create_index(["norm"])
        _write_search_index(db.conn, tables)
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


def _write_search_index(conn: sqlite3.Connection, tables: dict[str, list]) -> None:
    """The search index tables, written with executemany (some 100,000 postings: sqlite-utils'
    per-row dicts would double the build time)."""
    for name, ddl in _SEARCH_TABLES.items():
        for stmt in ddl:
            conn.execute(stmt)
        got = tables.get(name) or []
        if got:
            conn.executemany(f"insert into {name} values ({','.join('?' * len(got[0]))})", got)


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


def clauses_under(conn: sqlite3.Connection, doc: str, number: str, sep: str) -> list[sqlite3.Row]:
    """A clause and every clause under it (`11-2` → 11-2, 11-2-1, 11-2-2, …), in document order."""
    esc = number.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return rows(conn, "select * from clauses where doc = ? and (number = ? or number like ? escape '\\') "
                      "order by seq", (doc, number, f"{esc}{sep}%"))


def numbers(conn: sqlite3.Connection, doc: str) -> list[str]:
    return [r[0] for r in rows(conn, "select number from clauses where doc = ? order by seq", (doc,))]


def search_postings(conn: sqlite3.Connection, docs: list[str], terms: list[str]) -> list[tuple]:
    """Every posting of these terms in these documents: (doc, term, clause id, BM25F weight)."""
    if not docs or not terms:
        return []
    cur = conn.cursor()
    cur.row_factory = None        # plain tuples: a query reads a thousand postings, Row objects cost
    try:
        return cur.execute(f"select doc, term, id, weight from search_postings where term "
                           f"in ({','.join('?' * len(terms))}) and doc in ({','.join('?' * len(docs))})",
                           (*terms, *docs)).fetchall()
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"database query failed: {exc} (delete the file to rebuild it)") from exc


def search_literal(conn: sqlite3.Connection, doc: str, piece: str) -> list[str]:
    """Ids of the clauses of a document whose title or text holds `piece` as written (case aside)."""
    esc = piece.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return [r[0] for r in rows(conn, "select id from clauses where doc = ? and (text like ? escape '\\' "
                                     "or title like ? escape '\\')", (doc, f"%{esc}%", f"%{esc}%"))]


def search_texts(conn: sqlite3.Connection, doc: str, ids: list[str]) -> list[tuple]:
    """(id, title, text) of these clauses: what a search hit's snippet is cut from."""
    if not ids:
        return []
    cur = conn.cursor()
    cur.row_factory = None
    try:
        return cur.execute(f"select id, title, text from clauses where doc = ? and id in ({','.join('?' * len(ids))})",
                           (doc, *ids)).fetchall()
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"database query failed: {exc} (delete the file to rebuild it)") from exc


def search_clauses(conn: sqlite3.Connection, docs: list[str]) -> list[sqlite3.Row]:
    """Field lengths, heading flag and ancestors of every clause of these documents."""
    return rows(conn, f"select doc, id, seq, len_title, len_text, len_context, heading, ancestors from search_clauses "
                      f"where doc in ({','.join('?' * len(docs))})", docs)


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


def card_search(conn: sqlite3.Connection, match: str, game: str | None, limit: int) -> list[sqlite3.Row]:
    """Full-text search over card names and text (FTS5 MATCH syntax), best first."""
    sql = ("select c.*, bm25(cards_fts, 0, 0, 5.0, 1.0, 2.0) as score from cards_fts "
           "join cards c on c.game = cards_fts.game and c.number = cards_fts.number where cards_fts match ?")
    params: list = [match]
    if game:
        sql += " and c.game = ?"
        params.append(game)
    return rows(conn, sql + " order by score limit ?", (*params, limit))
