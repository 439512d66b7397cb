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


def records_meta(conn: sqlite3.Connection, key: str) -> str | None:
    """One value of the record tables' meta (None when absent or not built)."""
    if not has_table(conn, "cards_meta"):
        return None
    got = rows(conn, "select value from cards_meta where key = ?", (key,))
    return got[0][0] if got else None


def reset_records(conn: sqlite3.Connection) -> None:
    """Drop and recreate the card and ruling tables (inside the caller's transaction)."""
    for table in ("cards_fts", "cards", "rulings_fts", "rulings", "ruling_links", "ruling_replacements", "cards_meta"):
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


_RULING_COLUMNS = ("key", "game", "kind", "card_number", "card_name", "topic", "question", "answer", "source", "seq",
                   "ordinal", "source_title", "source_url", "published", "set_name", "set_from", "rules_version",
                   "truncated", "lang")


def put_rulings(conn: sqlite3.Connection, rulings: list[dict]) -> list[int]:
    """Insert rulings with their links (`links`: [(kind, ref, how), …] per ruling); a ruling whose
    key is already stored is skipped (the first import of a ruling keeps it). Returns the new ids."""
    have = {r[0] for r in conn.execute("select key from rulings")}
    cols = ", ".join(_RULING_COLUMNS)
    marks = ", ".join(f":{c}" for c in _RULING_COLUMNS)
    added = []
    for r in rulings:
        if r["key"] in have:
            continue
        have.add(r["key"])
        cur = conn.execute(f"insert into rulings ({cols}) values ({marks})", {c: r.get(c) for c in _RULING_COLUMNS})
        rid = cur.lastrowid
        added.append(rid)
        conn.execute("insert into rulings_fts (rowid, topic, card_name, question, answer) values (?, ?, ?, ?, ?)",
                     (rid, r["topic"] or "", r["card_name"] or "", r["question"], r["answer"]))
        conn.executemany("insert into ruling_links (ruling, game, kind, ref, how) values (?, ?, ?, ?, ?)",
                         [(rid, r["game"], kind, ref, how) for kind, ref, how in r["links"]])
    return added


def ruling_ids(conn: sqlite3.Connection, keys: list[str]) -> dict[str, int]:
    """key → id of the stored rulings among these keys."""
    if not keys:
        return {}
    marks = ",".join("?" * len(keys))
    return {r[0]: r[1] for r in conn.execute(f"select key, id from rulings where key in ({marks})", keys)}


def ruling_keys(conn: sqlite3.Connection) -> set[str]:
    """The keys of every stored ruling (none while the ruling tables are not built)."""
    if not has_table(conn, "rulings"):
        return set()
    return {r[0] for r in conn.execute("select key from rulings")}


def set_links(conn: sqlite3.Connection, ruling: int, game: str, how: str, links: list[tuple[str, str]]) -> None:
    """Replace the links of one kind (`how`) of a ruling with `links` [(kind, ref), …]."""
    conn.execute("delete from ruling_links where ruling = ? and how = ?", (ruling, how))
    conn.executemany("insert into ruling_links (ruling, game, kind, ref, how) values (?, ?, ?, ?, ?)",
                     [(ruling, game, kind, ref, how) for kind, ref in links])


def put_replacements(conn: sqlite3.Connection, marks: list[dict]) -> None:
    """Mark rulings replaced: {ruling (id), by_kind, by_ref, date, note, seq}; a later mark of the
    same ruling overwrites an earlier one (the newest word on it stands)."""
    conn.executemany("insert or replace into ruling_replacements (ruling, by_kind, by_ref, date, note, seq) "
                     "values (:ruling, :by_kind, :by_ref, :date, :note, :seq)", marks)


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
           "collate nocase) as card_known, (select group_concat(kind || ':' || how || ':' || ref, char(31)) "
           "from ruling_links l where l.ruling = r.id) as links, x.by_kind as replaced_kind, x.by_ref as replaced_by, "
           "x.date as replaced_date, x.note as replaced_note, (select b.id from rulings b where x.by_kind = 'ruling' "
           "and b.key = x.by_ref) as replaced_by_id from rulings r "
           "left join ruling_replacements x on x.ruling = r.id")
#: current rulings first, then the replaced ones; each group in the order they were published
_CURRENT_FIRST = "order by x.ruling is not null, r.id"


def card_rulings(conn: sqlite3.Connection, game: str, number: str) -> list[sqlite3.Row]:
    return rows(conn, f"{_RULING} where r.game = ? and r.card_number = ? collate nocase {_CURRENT_FIRST}",
                (game, number))


def linked_rulings(conn: sqlite3.Connection, game: str, kind: str, refs: list[str]) -> list[sqlite3.Row]:
    """Rulings linked to any of these clause numbers (kind 'clause') or term keys (kind 'term')."""
    if not refs:
        return []
    marks = ",".join("?" * len(refs))
    return rows(conn, f"{_RULING} where r.id in (select ruling from ruling_links where game = ? and kind = ? "
                      f"and ref in ({marks})) {_CURRENT_FIRST}", (game, kind, *refs))


def clause_rulings(conn: sqlite3.Connection, game: str, numbers: list[str]) -> list[sqlite3.Row]:
    """Rulings that mention any of these clauses (none while the ruling tables are not built)."""
    if not numbers or not has_table(conn, "ruling_replacements"):   # not built, or built before records-3
        return []
    return linked_rulings(conn, game, "clause", numbers)


def ruling_search(conn: sqlite3.Connection, match: str, game: str | None, limit: int) -> list[sqlite3.Row]:
    """Full-text search over rulings (question, answer, card name, topic), best first."""
    sql = (f"select * from ({_RULING}) y join (select rowid as rid, bm25(rulings_fts, 2.0, 2.0, 1.0, 1.0) as "
           "score, snippet(rulings_fts, -1, '«', '»', '…', 14) as snip from rulings_fts where rulings_fts match ?) f "
           "on f.rid = y.id")
    params: list = [match]
    if game:
        sql += " where y.game = ?"
        params.append(game)
    return rows(conn, sql + " order by f.score limit ?", (*params, limit))


def ruling_rows(conn: sqlite3.Connection, ids: list[int]) -> list[sqlite3.Row]:
    marks = ",".join("?" * len(ids))
    return rows(conn, f"{_RULING} where r.id in ({marks}) order by r.id", ids) if ids else []


def replaced_rulings(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    """Every ruling marked replaced, with what replaced it."""
    return rows(conn, f"{_RULING} where x.ruling is not null order by r.id")


def ruling_by_key(conn: sqlite3.Connection, key: str) -> list[sqlite3.Row]:
    return rows(conn, f"{_RULING} where r.key = ?", (key,))


def rulings_about_cards(conn: sqlite3.Connection, game: str, numbers: list[str]) -> list[sqlite3.Row]:
    """The card rulings of a game about any of these card numbers (none before the tables exist)."""
    if not numbers or not has_table(conn, "ruling_replacements"):
        return []
    marks = ",".join("?" * len(numbers))
    return rows(conn, f"{_RULING} where r.game = ? and r.kind = 'card' and r.card_number collate nocase "
                      f"in ({marks}) order by r.id", (game, *numbers))


def game_rulings(conn: sqlite3.Connection, game: str) -> list[sqlite3.Row]:
    """Every ruling of a game (none while the ruling tables are not built)."""
    if not has_table(conn, "rulings"):
        return []
    return rows(conn, f"{_RULING} where r.game = ? order by r.id", (game,))


def clause_link_counts(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    """(game, how, clauses, rulings): how many clauses list rulings, per game and kind of link."""
    if not has_table(conn, "ruling_links"):
        return []
    return rows(conn, "select game, how, count(distinct ref) as clauses, count(distinct ruling) as rulings "
                      "from ruling_links where kind = 'clause' group by game, how "
                      "union all select game, 'any', count(distinct ref), count(distinct ruling) "
                      "from ruling_links where kind = 'clause' group by game order by 1, 2")


def has_table(conn: sqlite3.Connection, name: str) -> bool:
    return bool(rows(conn, "select 1 from sqlite_master where name = ?", (name,)))


def unknown_card_rulings(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    return rows(conn, f"select * from ({_RULING}) where kind = 'card' and not card_known order by id")


def ruling_count(conn: sqlite3.Connection) -> int:
    return int(rows(conn, "select count(*) from rulings")[0][0])
