"""The rules database: building it from row lists (atomically swapped in) and the queries over
documents, clauses, terms and the search index."""

from __future__ import annotations

import contextlib
import os
import sqlite3

from judge.errors import StoreError
from judge.store.connection import _write_stamp, query_failed, read_only, rows
from judge.store.schema import (
    _IMPORT_COLS,
    _IMPORT_COLUMNS,
    _IMPORT_MARKS,
    _IMPORTS_DDL,
    _SEARCH_TABLES,
    SCHEMA,
    SCHEMA_VERSION,
)

# typing is not imported at run time: this module is on the quick `judge rule` path
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from pathlib import Path


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

    from judge.store.files import build_prefix

    if path.is_file() and read_only(path):
        raise StoreError(f"the database {path} is read-only (no write permission); it was not rebuilt")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=build_prefix(path), suffix=".db", dir=str(path.parent))
    os.close(fd)
    try:
        db = sqlite_utils.Database(tmp)
        db.conn.execute("pragma journal_mode = off")
        db.conn.execute("pragma synchronous = off")
        keys = {"documents": "key", "clauses": ("doc", "id"), "meta": "key", "stems": "word"}
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
        counts = {f"count:{t}": str(db.conn.execute(f"select count(*) from [{t}]").fetchone()[0])
                  for t in sorted({*tables, *_SEARCH_TABLES} - {"meta"}) if db[t].exists()}
        db["meta"].insert_all([{"key": k, "value": v} for k, v in {**meta, **counts, "schema": SCHEMA}.items()],
                              pk="key", replace=True)
        db.conn.execute(f"pragma user_version = {SCHEMA_VERSION}")
        db.conn.commit()
        db["meta"].insert({"key": "complete", "value": "1"}, pk="key", replace=True)
        db.conn.commit()
        db.close()
        os.chmod(tmp, 0o644)
        if before_swap is not None:
            before_swap()
        for stale in (f"{path}-journal", f"{path}-wal", f"{path}-shm"):   # the old file's, never the new one's
            with contextlib.suppress(FileNotFoundError):
                os.unlink(stale)
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


# --- queries -------------------------------------------------------------------------------
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


def term_numbers(conn: sqlite3.Connection, doc: str) -> list[sqlite3.Row]:
    """(norm, number) of every term one document defines at a clause (a ruling naming the term is
    about that clause)."""
    return rows(conn, "select distinct norm, number from terms where doc = ? and number is not null "
                      "and number != ''", (doc,))


def anomalies(conn: sqlite3.Connection, docs: list[str]) -> list[sqlite3.Row]:
    marks = ",".join("?" * len(docs))
    return rows(conn, f"select * from anomalies where doc in ({marks}) order by doc, line", docs)


def changes(conn: sqlite3.Connection, docs: list[str]) -> list[sqlite3.Row]:
    marks = ",".join("?" * len(docs))
    return rows(conn, f"select * from changes where doc in ({marks}) order by doc, date, line", docs)


def stems(conn: sqlite3.Connection, words: list[str]) -> dict[str, str]:
    """The stored stems of these English words (a database built before it stored them: none)."""
    if not words:
        return {}
    try:
        return {r[0]: r[1] for r in conn.execute(
            f"select word, stem from stems where word in ({','.join('?' * len(words))})", words)}
    except sqlite3.OperationalError:
        return {}


def meta(conn: sqlite3.Connection) -> dict[str, str]:
    return {r[0]: r[1] for r in rows(conn, "select key, value from meta")}
