"""The records: the stored-imports list, and the card and ruling tables derived from it (writes
inside the caller's transaction, full-text searches, the rulings a card or clause links to)."""

from __future__ import annotations

import sqlite3

from judge.store.connection import rows
from judge.store.schema import (
    _IMPORT_COLS,
    _IMPORT_COLUMNS,
    _IMPORT_MARKS,
    _IMPORTS_DDL,
    _RECORD_INDEXES,
    _RECORD_TABLES,
)

# typing is not imported at run time: this module is on the quick `judge rule` path
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path


def stored_imports(path: Path) -> list[dict] | None:
    """The stored-imports list of a database (of this schema or an older one), oldest first; None
    when it cannot be read."""
    from judge.store.salvage import listed_imports

    return listed_imports(path)


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
