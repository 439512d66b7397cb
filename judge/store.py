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

from judge.errors import DamagedDatabase, StoreError

# typing is not imported at run time: this module is on the quick `judge rule` path
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
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


def _structure_of(path: Path) -> list[str]:
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        return [str(exc)]
    try:
        return structure_problems(conn)
    finally:
        conn.close()


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
def write_rules_db(path: Path, tables: dict[str, list[dict]], meta: dict[str, str],
                   stored: Iterable[dict] = (), before_swap: Callable[[], None] | None = None) -> None:
    """Build the rules database from row lists into a temp file, then atomically swap it in.

    `stored` are the rows of the stored-imports list, carried into the new file so the swap is
    the one commit point of a rebuild (and of a rules import). The caller holds the writer lock
    (`judge.dbfiles.locked`), so no other writer's transaction can land in the file being replaced.
    """
    import tempfile

    import sqlite_utils

    from judge.dbfiles import build_prefix

    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=build_prefix(path), suffix=".db", dir=str(path.parent))
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
        db.conn.execute(_IMPORTS_DDL)
        db.conn.executemany(f"insert into stored_imports ({_IMPORT_COLS}) values ({_IMPORT_MARKS})",
                            [tuple(r[c] for c in _IMPORT_COLUMNS) for r in stored])
        db["meta"].insert_all([{"key": k, "value": v} for k, v in {**meta, "schema": SCHEMA}.items()],
                              pk="key", replace=True)
        db.conn.commit()
        db["meta"].insert({"key": "complete", "value": "1"}, pk="key", replace=True)
        db.conn.commit()
        db.close()
        os.chmod(tmp, 0o644)
        if before_swap is not None:
            before_swap()
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
        raise query_failed(conn, exc) from exc


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
        raise query_failed(conn, exc) from exc


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


def term_names(conn: sqlite3.Connection, game: str) -> list[sqlite3.Row]:
    """(norm, term, kind) of every term a game's documents define (for finding them in rulings)."""
    return rows(conn, "select distinct norm, term, kind from terms where game = ?", (game,))


def anomalies(conn: sqlite3.Connection, docs: list[str]) -> list[sqlite3.Row]:
    marks = ",".join("?" * len(docs))
    return rows(conn, f"select * from anomalies where doc in ({marks}) order by doc, line", docs)


def changes(conn: sqlite3.Connection, docs: list[str]) -> list[sqlite3.Row]:
    marks = ",".join("?" * len(docs))
    return rows(conn, f"select * from changes where doc in ({marks}) order by doc, date, line", docs)


def meta(conn: sqlite3.Connection) -> dict[str, str]:
    return {r[0]: r[1] for r in rows(conn, "select key, value from meta")}


# --- stored imports, cards and rulings ----------------------------------------------------
# The stored-imports list lives in the database: an import's records, its list entry and (through
# `judge.dbfiles`) its stored copy become real in ONE transaction. A rules build carries the list
# into the file it swaps in. Card and ruling tables are derived: they carry the hash of what they
# were made from and are rebuilt from the shipped cards and the stored imports when it differs.
RECORDS_SCHEMA = "records-2"
CARDS_SCHEMA = RECORDS_SCHEMA

_IMPORT_COLUMNS = ("seq", "kind", "file", "sha256", "name", "game", "format", "source", "fetched", "records",
                   "meta")
_IMPORT_COLS = ", ".join(_IMPORT_COLUMNS)
_IMPORT_MARKS = ", ".join("?" * len(_IMPORT_COLUMNS))
_IMPORTS_DDL = ("create table if not exists stored_imports (seq integer primary key, kind text not null, "
                "file text not null, sha256 text not null, name text, game text, format text, source text, "
                "fetched text, records integer, meta text)")

_RECORD_TABLES = {
    "cards": "create table cards (game text not null, number text not null, name text not null, type text, "
             "text text, data text not null, source text, rank integer not null default 0, "
             "seq integer not null default 0, primary key (game, number))",
    "cards_fts": "create virtual table cards_fts using fts5(game unindexed, number unindexed, name, text, extra, "
                 "tokenize = 'porter unicode61 remove_diacritics 2')",
    "rulings": "create table rulings (id integer primary key, game text not null, kind text not null, "
               "card_number text, card_name text, topic text, question text not null, answer text not null, "
               "source text, seq integer not null)",
    "rulings_fts": "create virtual table rulings_fts using fts5(topic, card_name, question, answer, "
                   "tokenize = 'porter unicode61 remove_diacritics 2')",
    "ruling_links": "create table ruling_links (ruling integer not null, game text not null, kind text not null, "
                    "ref text not null)",
    "cards_meta": "create table cards_meta (key text primary key, value text)",
}
_RECORD_INDEXES = ("create index cards_name on cards(name collate nocase)",
                   "create index rulings_card on rulings(game, card_number collate nocase)",
                   "create index ruling_links_ref on ruling_links(game, kind, ref)")
#: columns every finished database must have (checked when the file changed since verified)
EXPECTED_COLUMNS = {
    "documents": {"key", "game", "lang", "version", "clauses", "current", "numbering"},
    "clauses": {"doc", "seq", "id", "number", "parent", "title", "text", "refs", "cited_by", "crumbs"},
    "terms": {"norm", "term", "game", "lang", "doc", "number", "kind"},
    "meta": {"key", "value"},
    "stored_imports": set(_IMPORT_COLUMNS),
    "search_postings": {"doc", "term", "id", "weight"},
    "search_clauses": {"doc", "id", "seq", "heading", "ancestors"},
}


def _write_conn(path: Path) -> sqlite3.Connection:
    try:
        conn = sqlite3.connect(str(path), isolation_level=None, timeout=60)
        conn.row_factory = sqlite3.Row
        return conn
    except sqlite3.Error as exc:
        raise StoreError(f"cannot open database {path}: {exc}") from exc


@contextlib.contextmanager
def writing(path: Path):
    """One write transaction (`BEGIN IMMEDIATE`): everything in it lands, or (on any error or a
    kill) nothing does. The caller holds the writer lock; SQLite's own lock backs it up."""
    conn = _write_conn(path)
    try:
        conn.execute("begin immediate")
        yield conn
        conn.execute("commit")
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


def stored_imports(path: Path) -> list[dict] | None:
    """The stored-imports list of a database, oldest first; None when it cannot be read."""
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            conn.row_factory = sqlite3.Row
            return [dict(r) for r in conn.execute(f"select {_IMPORT_COLS} from stored_imports order by seq")]
        finally:
            conn.close()
    except sqlite3.Error:
        return None


def stored_list(conn: sqlite3.Connection) -> list[dict]:
    return [dict(r) for r in rows(conn, f"select {_IMPORT_COLS} from stored_imports order by seq")]


def next_seq(conn: sqlite3.Connection) -> int:
    conn.execute(_IMPORTS_DDL)
    return int(conn.execute("select coalesce(max(seq), 0) + 1 from stored_imports").fetchone()[0])


def add_stored_import(conn: sqlite3.Connection, entry: dict) -> None:
    conn.execute(_IMPORTS_DDL)
    conn.execute(f"insert into stored_imports ({_IMPORT_COLS}) values ({_IMPORT_MARKS})",
                 tuple(entry[c] for c in _IMPORT_COLUMNS))


def drop_stored_imports(conn: sqlite3.Connection, seqs: list[int]) -> None:
    conn.executemany("delete from stored_imports where seq = ?", [(s,) for s in seqs])


def records_hash(conn: sqlite3.Connection) -> str | None:
    """The hash the card and ruling tables were written from (None: none yet, or unreadable)."""
    if not has_table(conn, "cards_meta"):        # none yet (a rules build drops them): not damage
        return None
    got = rows(conn, "select value from cards_meta where key = 'hash'")     # damage raises DamagedDatabase
    return got[0][0] if got else None


cards_hash = records_hash


def reset_records(conn: sqlite3.Connection) -> None:
    """Drop and recreate the card and ruling tables (inside the caller's transaction)."""
    for table in ("cards_fts", "cards", "rulings_fts", "rulings", "ruling_links", "cards_meta"):
        conn.execute(f"drop table if exists {table}")
    for ddl in (*_RECORD_TABLES.values(), *_RECORD_INDEXES):
        conn.execute(ddl)


def set_records_meta(conn: sqlite3.Connection, values: dict[str, str]) -> None:
    conn.executemany("insert or replace into cards_meta (key, value) values (?, ?)", list(values.items()))


def put_cards(conn: sqlite3.Connection, rows: list[dict]) -> int:
    """Insert or overwrite cards; a row never overwrites one of higher rank (an official update's
    text, which carries the publisher's errata, beats a community file imported later)."""
    have = {(r[0], r[1]): r[2] for r in conn.execute("select game, number, rank from cards")}
    keep = [r for r in rows if r["rank"] >= have.get((r["game"], r["number"]), -1)]
    conn.executemany("delete from cards_fts where game = ? and number = ?",
                     [(r["game"], r["number"]) for r in keep if (r["game"], r["number"]) in have])
    conn.executemany("insert or replace into cards (game, number, name, type, text, data, source, rank, seq) "
                     "values (:game, :number, :name, :type, :text, :data, :source, :rank, :seq)", keep)
    conn.executemany("insert into cards_fts (game, number, name, text, extra) "
                     "values (:game, :number, :name, :text, :extra)", keep)
    return len(keep)


def put_rulings(conn: sqlite3.Connection, rulings: list[dict]) -> None:
    """Insert rulings with their links (`links`: [(kind, ref), …] per ruling)."""
    for r in rulings:
        cur = conn.execute("insert into rulings (game, kind, card_number, card_name, topic, question, answer, "
                           "source, seq) values (:game, :kind, :card_number, :card_name, :topic, :question, "
                           ":answer, :source, :seq)", r)
        rid = cur.lastrowid
        conn.execute("insert into rulings_fts (rowid, topic, card_name, question, answer) values (?, ?, ?, ?, ?)",
                     (rid, r["topic"] or "", r["card_name"] or "", r["question"], r["answer"]))
        conn.executemany("insert into ruling_links (ruling, game, kind, ref) values (?, ?, ?, ?)",
                         [(rid, r["game"], kind, ref) for kind, ref in r["links"]])


def card_rows(conn: sqlite3.Connection, number: str, game: str | None) -> list[sqlite3.Row]:
    """Cards with this number (any case), in one game or all."""
    sql = "select * from cards where number = ? collate nocase"
    return rows(conn, sql + (" and game = ?" if game else "") + " order by game", (number, game) if game else (number,))


def card_data(conn: sqlite3.Connection, game: str | None) -> list[sqlite3.Row]:
    """(name, data JSON) of every card, in one game or all: the card database's word lists (the
    families, names and Jobs card text may refer to)."""
    sql = "select name, data from cards"
    return rows(conn, sql + (" where game = ?" if game else ""), (game,) if game else ())


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


def card_counts(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    """(game, source, rank, cards) per source of the card table."""
    return rows(conn, "select game, source, max(rank) as rank, count(*) as cards from cards "
                      "group by game, source order by game, source")


_RULING = ("select r.*, r.kind != 'card' or exists(select 1 from cards c where c.game = r.game and c.number = r.card_number "
           "collate nocase) as card_known, (select group_concat(kind || ':' || ref, ' ') from ruling_links l "
           "where l.ruling = r.id) as links from rulings r")


def card_rulings(conn: sqlite3.Connection, game: str, number: str) -> list[sqlite3.Row]:
    return rows(conn, f"{_RULING} where r.game = ? and r.card_number = ? collate nocase order by r.id",
                (game, number))


def linked_rulings(conn: sqlite3.Connection, game: str, kind: str, refs: list[str]) -> list[sqlite3.Row]:
    """Rulings linked to any of these clause numbers (kind 'clause') or term keys (kind 'term')."""
    if not refs:
        return []
    marks = ",".join("?" * len(refs))
    return rows(conn, f"{_RULING} where r.id in (select ruling from ruling_links where game = ? and kind = ? "
                      f"and ref in ({marks})) order by r.id", (game, kind, *refs))


def clause_rulings(conn: sqlite3.Connection, game: str, numbers: list[str]) -> list[sqlite3.Row]:
    """Rulings that mention any of these clauses (none while the ruling tables are not built)."""
    if not numbers or not has_table(conn, "ruling_links"):
        return []
    return linked_rulings(conn, game, "clause", numbers)


def ruling_search(conn: sqlite3.Connection, match: str, game: str | None, limit: int) -> list[sqlite3.Row]:
    """Full-text search over rulings (question, answer, card name, topic), best first."""
    sql = (f"select * from ({_RULING}) x join (select rowid as rid, bm25(rulings_fts, 2.0, 2.0, 1.0, 1.0) as "
           "score, snippet(rulings_fts, -1, '«', '»', '…', 14) as snip from rulings_fts where rulings_fts match ?) f "
           "on f.rid = x.id")
    params: list = [match]
    if game:
        sql += " where x.game = ?"
        params.append(game)
    return rows(conn, sql + " order by f.score limit ?", (*params, limit))


def ruling_rows(conn: sqlite3.Connection, ids: list[int]) -> list[sqlite3.Row]:
    marks = ",".join("?" * len(ids))
    return rows(conn, f"{_RULING} where r.id in ({marks}) order by r.id", ids) if ids else []


def has_table(conn: sqlite3.Connection, name: str) -> bool:
    return bool(rows(conn, "select 1 from sqlite_master where name = ?", (name,)))


def unknown_card_rulings(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    return rows(conn, f"select * from ({_RULING}) where kind = 'card' and not card_known order by id")


def ruling_count(conn: sqlite3.Connection) -> int:
    return int(rows(conn, "select count(*) from rulings")[0][0])


# --- parsed card text (the AST cache, judge/text/cache.py) -------------------------------
# One row per card text already parsed: keyed by game, a hash of the text and of everything else
# the parse read (judge.text.cache.text_key), and the grammar version (a hash of the grammar files
# and the code that reads them), so a grammar change never serves an old AST. A cache, not a
# record: nothing else refers to it, a rules rebuild drops it, and every failure to read or write it
# is answered by parsing again. Writes never wait long for another writer and never raise.
_AST_DDL = ("create table if not exists ast_cache (game text not null, text_hash text not null, "
            "grammar text not null, result text not null, primary key (game, text_hash, grammar)) without rowid")


def ast_cache_get(path: Path, game: str, keys: list[str], grammar: str) -> dict[str, str]:
    """The stored results of these text keys ({key: JSON}); {} when the file, the table or a row is
    missing or unreadable (the caller parses then)."""
    if not keys or not os.path.isfile(path):
        return {}
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=1)
    except sqlite3.Error:
        return {}
    try:
        marks = ",".join("?" * len(keys))
        got = conn.execute(f"select text_hash, result from ast_cache where game = ? and grammar = ? "
                           f"and text_hash in ({marks})", (game, grammar, *keys)).fetchall()
        return {k: r for k, r in got if isinstance(r, str)}
    except sqlite3.Error:       # no table yet, a damaged page, a lock: parse instead
        return {}
    finally:
        conn.close()


def ast_cache_put(path: Path, game: str, rows: list[tuple[str, str]], grammar: str, prune: bool = False,
                  wait: float = 0.2) -> bool:
    """Store (text key, result JSON) rows of one grammar version; `prune` first drops the game's
    rows of other grammar versions. Best effort: False (nothing written) when the database is
    missing, read-only, busy for longer than `wait` seconds, or damaged. A verified database stays
    verified (its `.ok` stamp is renewed when it was current before this write)."""
    if not rows or not os.path.isfile(path) or read_only(path):
        return False
    try:
        conn = sqlite3.connect(f"file:{path}?mode=rw", uri=True, timeout=wait, isolation_level=None)
    except sqlite3.Error:
        return False
    try:
        conn.execute("begin immediate")
        verified = _read_stamp(path) == _stamp(path)
        conn.execute(_AST_DDL)
        if prune:
            conn.execute("delete from ast_cache where game = ? and grammar != ?", (game, grammar))
        conn.executemany("insert or replace into ast_cache (game, text_hash, grammar, result) values (?, ?, ?, ?)",
                         [(game, key, grammar, result) for key, result in rows])
        conn.execute("commit")
    except (sqlite3.Error, OSError):
        with contextlib.suppress(sqlite3.Error):
            conn.execute("rollback")
        return False
    finally:
        conn.close()
    if verified:
        _write_stamp(path)
    return True


def ast_cache_clear(path: Path, game: str | None = None) -> int:
    """Drop stored parse results (of one game, or all); how many went. 0 when there are none."""
    if not os.path.isfile(path):
        return 0
    try:
        conn = sqlite3.connect(str(path), timeout=5, isolation_level=None)
    except sqlite3.Error:
        return 0
    try:
        if not conn.execute("select 1 from sqlite_master where name = 'ast_cache'").fetchone():
            return 0
        conn.execute("begin immediate")
        verified = _read_stamp(path) == _stamp(path)
        where, params = (" where game = ?", (game,)) if game else ("", ())
        gone = conn.execute(f"delete from ast_cache{where}", params).rowcount
        conn.execute("commit")
    except sqlite3.Error:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("rollback")
        return 0
    finally:
        conn.close()
    if verified:
        _write_stamp(path)
    return gone


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
        n = conn.execute("select count(*) from search_clauses").fetchone()[0]
        want = conn.execute("select count(*) from clauses").fetchone()[0]
        if n != want:
            out.append(f"search index: {n} rows for {want} clauses")
        meta = dict(conn.execute("select key, value from cards_meta").fetchall()) if \
            conn.execute("select 1 from sqlite_master where name = 'cards_meta'").fetchone() else {}
        for table in ("cards", "cards_fts", "rulings", "rulings_fts"):
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
            for t in ("cards", "cards_fts", "rulings", "rulings_fts")}


def full_check(path: Path) -> list[str]:
    """Everything `judge doctor` checks: SQLite's integrity check, each FTS index, the structure.
    (FTS5's integrity check is spelled as an insert, so the connection may write; it writes nothing.)"""
    try:
        conn = sqlite3.connect(str(path), timeout=30)
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
