"""The card database: shipped cards + stored imports, beside the rules, found by number, fuzzy
name or full-text search; with the official rulings about each card.

Sources are the project's `cards/*.yaml` (loaded by default, so a fresh install shows cards) and
every stored import (`judge cards import`, `judge cards update`, `judge rulings import`): its
copy and its entry in the database's stored-imports list (`judge.dbfiles`) become real in the
same SQLite transaction as its records, so a failed, killed or concurrent import leaves the
database showing it wholly or not at all. Card and ruling tables carry the hash of what they
were made from and are rebuilt from the sources exactly when that changes (a rules rebuild swaps
in a file without them).

Precedence: an official update's card (the publisher's current text, errata included) beats any
community file, whatever the order they came in; otherwise the later source wins.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from judge import store
from judge.cards.model import GAMES, Card
from judge.errors import BadInput, CardFileError, SeveralCards, UnknownCard

# the importers and the stored-import files load only when cards are imported or replayed: a
# lookup (`judge card BSS01-013`) reads the tables and needs neither
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from judge import dbfiles

#: rank of a card's source: a higher rank is never overwritten by a lower one
RANK = {"shipped": 0, "import": 1, "official": 2}


@dataclass(frozen=True)
class ImportResult:
    """What an import stored: the cards, the format found, and where they came from."""

    cards: list[Card]
    format: str
    source: str
    seq: int
    fetched: str

    @property
    def format_name(self) -> str:
        from judge.cards.importers import FORMAT_NAMES

        return FORMAT_NAMES.get(self.format, self.format)


def _db_path(db_path: Path | None = None) -> Path:
    from judge.paths import default_db_path

    return Path(db_path) if db_path else default_db_path()


def shipped_files() -> list[Path]:
    from judge.paths import cards_dir

    return sorted(cards_dir().glob("*.yaml"))


def _row(card: Card, rank: int, seq: int) -> dict:
    extra = " ".join((*card.families, *card.job, *card.category, card.type, *card.colors))
    return {"game": card.game, "number": card.number, "name": card.name, "type": card.type, "text": card.text,
            "data": json.dumps(card.to_dict(), ensure_ascii=False), "source": card.source, "extra": extra,
            "rank": rank, "seq": seq}


def _want(conn) -> str:
    """The hash the record tables must carry: schema, shipped files, stored imports, rules."""
    h = hashlib.sha256(store.RECORDS_SCHEMA.encode())
    for f in shipped_files():
        h.update(f.name.encode() + b"|" + f.read_bytes())
    from judge.cards.ruling_links import links_path

    links = links_path()                 # the shipped ruling links: a new table relinks every ruling
    h.update(b"|links|" + (links.read_bytes() if links.is_file() else b""))
    for e in store.stored_list(conn):
        if e["kind"] in ("cards", "rulings"):
            h.update(f"|{e['seq']}:{e['kind']}:{e['sha256']}".encode())
    h.update(str(store.meta(conn).get("hash")).encode())
    return h.hexdigest()


def _ensure_db(path: Path) -> None:
    """Build the rules knowledge base first, so its rebuild never drops fresh card tables."""
    from judge.paths import rules_dir
    from judge.rules.kb import ensure_built

    ensure_built(path, rules_dir())


#: databases found current in this process, by (size, modification time) of the file: a process
#: that looks up many cards (a scenario's board) checks the sources once, not once per card
_CURRENT: dict[str, tuple[int, int]] = {}


def _stat(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_size, st.st_mtime_ns


def ensure_cards(db_path: Path | None = None) -> Path:
    """Make the card and ruling tables match their sources (rebuilding them if not)."""
    path = _db_path(db_path)
    seen = _stat(path)
    if seen is not None and _CURRENT.get(str(path)) == seen:
        return path
    _ensure_db(path)
    if _current(path):
        _CURRENT[str(path)] = _stat(path) or (0, 0)
        return path
    if store.is_snapshot(path) or store.read_only(path):
        return path                     # a snapshot (or a file nobody may write) is read as it was made
    from judge import dbfiles

    with dbfiles.locked(path):
        if not _current(path):
            _rebuild_records(path)
    return path


def _current(path: Path) -> bool:
    conn = store.connect(path)
    try:
        return store.records_hash(conn) == _want(conn)
    finally:
        conn.close()


def _origin_rank(entry: dict) -> int:
    meta = json.loads(entry.get("meta") or "{}")
    return RANK["official"] if meta.get("origin") == "official" else RANK["import"]


def _rebuild_records(path: Path) -> None:
    """Replay every source into fresh card and ruling tables, in one transaction (lock held); the
    list and the copies reconciled first, so no import's rows are dropped while only they hold it."""
    from judge import salvage

    listed = salvage.reconcile(path).entries
    with store.writing(path) as conn:
        _replay(conn, path, listed)


def _replay(conn, path: Path, listed: list[dict], pending: dict[str, dbfiles.Stored] | None = None) -> None:
    """Fresh record tables from the shipped cards and the listed stored imports (in `conn`'s
    transaction); a stored import that cannot be read or replayed names itself and is skipped.
    `pending`: copies of this transaction's own import, not yet under their final name."""
    from judge import dbfiles
    from judge.cards import ruling_rows as rulings_mod
    from judge.cards.importers import read_cards

    rows: dict[tuple[str, str], dict] = {}

    def add(card_rows: list[dict]) -> None:
        for r in card_rows:
            key = (r["game"], r["number"])
            if key not in rows or r["rank"] >= rows[key]["rank"]:
                rows[key] = r

    for f in shipped_files():
        add([_row(c, RANK["shipped"], 0) for c in read_cards(f, None, "yaml")])
    skipped: list[str] = []
    ruling_imports: list[tuple[dict, dbfiles.Stored]] = []
    for entry in listed:
        if entry["kind"] not in ("cards", "rulings"):
            continue
        stored = ([pending[entry["file"]]] if pending and entry["file"] in pending
                  else dbfiles.stored_payloads(path, entry["kind"], [entry]))
        if not stored:
            skipped.append(entry["file"])
            continue
        if entry["kind"] == "rulings":
            ruling_imports.append((entry, stored[0]))   # linked once the cards are in (their abilities)
            continue
        try:
            add(_stored_card_rows(stored[0], _origin_rank(entry)))
        except (CardFileError, BadInput) as exc:
            dbfiles.notify(f"stored import {entry['file']} cannot be replayed ({exc}); skipped")
            skipped.append(entry["file"])
    # the ruling rows are made before this transaction writes: the linker reads the rules through a
    # connection of its own, which a writer that has spilled its pages to the file would block
    ruling_rows: list[dict] = []
    ruling_marks: list[dict] = []
    linker = rulings_mod.Linker(path) if ruling_imports else None
    for entry, stored in ruling_imports:
        try:
            got, marks = rulings_mod.stored_ruling_rows(stored, linker)
        except (CardFileError, BadInput) as exc:
            dbfiles.notify(f"stored import {entry['file']} cannot be replayed ({exc}); skipped")
            skipped.append(entry["file"])
            continue
        ruling_rows += got
        ruling_marks += marks
    store.reset_records(conn)
    store.put_cards(conn, list(rows.values()))
    store.put_rulings(conn, ruling_rows)
    lost = rulings_mod.mark_replaced(conn, ruling_marks)
    if lost:
        dbfiles.notify(f"replacement marks name rulings no stored import holds ({', '.join(lost)}); skipped")
    _finish(conn, skipped)


def _finish(conn, skipped: list[str] | None = None) -> None:
    """Record the hash and row counts the tables were written with (same transaction)."""
    values = {"hash": _want(conn), "schema": store.RECORDS_SCHEMA, **store.record_counts(conn)}
    if skipped is not None:
        values["skipped"] = json.dumps(skipped)
    store.set_records_meta(conn, values)


def _stored_card_rows(stored: dbfiles.Stored, rank: int) -> list[dict]:
    from judge import dbfiles
    from judge.cards.importers import _parse, cards_from_data

    if stored.meta.get("format") == dbfiles.ROWS_FORMAT:      # a copy rewritten from the database's rows
        return _rewritten_card_rows(stored, rank)
    data = _parse(stored.payload, stored.meta.get("name") or stored.file, False)
    cards = cards_from_data(data, stored.meta.get("name") or stored.file, stored.meta.get("game") or None,
                            stored.meta.get("format") or None)
    return [_row(c, rank, stored.seq) for c in cards]


def _rewritten_card_rows(stored: dbfiles.Stored, rank: int) -> list[dict]:
    """The card rows of a copy `judge.salvage` rewrote from the database (each card's own data)."""
    try:
        data = json.loads(stored.payload)
        cards = [(Card.from_dict(json.loads(r["data"])), int(r.get("rank", rank))) for r in data["rows"]]
    except (ValueError, TypeError, KeyError) as exc:
        raise CardFileError(f"{stored.file}: a rewritten copy that cannot be read ({exc})") from None
    return [_row(c, max(rank, r), stored.seq) for c, r in cards]


def _is_url(src: str | Path) -> bool:
    return isinstance(src, str) and bool(re.match(r"^https?://", src, re.I))


def import_cards(src: str | Path, game: str | None = None, fmt: str | None = None, db_path: Path | None = None,
                 progress: Callable[[int, int | None], None] | None = None) -> ImportResult:
    """Import a card file, folder of per-card files, zip or URL: every record is validated first,
    then its records, its stored copy and its list entry land in one transaction."""
    from judge.cards.importers import cards_from_data, detect_format, load_source

    if _is_url(src):
        from judge.cards.fetch import fetch_text

        url = str(src)
        payload = fetch_text(url)
        name = url.rstrip("/").rsplit("/", 1)[-1] or "download"
        from judge.cards.importers import _parse

        data = _parse(payload, name, name.endswith(".json"))
        source = url
    else:
        p = Path(src)
        data, payload = load_source(p)
        name, source = p.name, str(p)
    used = fmt or detect_format(data)
    cards = cards_from_data(data, name, game, used, progress)
    if not cards:
        raise CardFileError(f"{name}: no cards in it; nothing was imported")
    meta = {"name": name, "game": game or cards[0].game, "format": used, "source": source,
            "fetched": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
            "records": len(cards), "origin": "import"}
    path = _db_path(db_path)

    seq = store_import(path, "cards", meta, payload,
                       lambda conn, seq: store.put_cards(conn, [_row(c, RANK["import"], seq) for c in cards]))
    return ImportResult(cards, used, source, seq, meta["fetched"])


def store_import(path: Path, kind: str, meta: dict, payload: str,
                 write: Callable[[Any, int], Any], supersedes: Callable[[dict], bool] | None = None) -> int:
    """The one commit point of an import: under the writer lock, stage the stored copy, then in ONE
    transaction place it, list it and write its records (`write(conn, seq)`); returns its seq.

    `supersedes(entry)` names earlier stored imports this one replaces (a new official update
    replaces the last); they leave the list in the same transaction and the tables are rebuilt."""
    from judge import dbfiles

    ensure_cards(path)
    with dbfiles.locked(path):
        ensure_cards(path)
        staged = stored = None
        retired: list[tuple[Path, Path]] = []
        try:
            with store.writing(path) as conn:
                seq = max(store.next_seq(conn), _next_free(path))
                staged, stored = _stage(path, seq, kind, meta, payload)
                old = [e for e in store.stored_list(conn) if supersedes and supersedes(e)]
                store.add_stored_import(conn, stored.entry())
                if old:                  # replaced imports leave the list, and their records the tables
                    retired = dbfiles.retire(path, [e["file"] for e in old])
                    store.drop_stored_imports(conn, [e["seq"] for e in old])
                    _replay(conn, path, [*store.stored_list(conn)], {stored.file: stored})
                else:
                    write(conn, seq)
                    _finish(conn)
        except BaseException:
            if staged is not None:
                dbfiles.remove([staged])
            dbfiles.unretire(retired)
            raise
        # committed: the copy gets its final name (a kill before this is finished by the next start)
        dbfiles.committed(f"{kind} import {seq} ({meta.get('name') or stored.file})")
        dbfiles.place(path, staged, stored)
        dbfiles.remove([r for r, _ in retired])
    return seq


def _next_free(path: Path) -> int:
    """A number no copy in the folder carries either (a list damaged by deleted rows must not give
    a new import the number of one it lost)."""
    from judge import dbfiles

    seqs = [int(n[:5]) for n in dbfiles.folder_names(path) if dbfiles.is_final(n) and n[:5].isdigit()]
    return max(seqs, default=0) + 1


def _stage(path: Path, seq: int, kind: str, meta: dict, payload: str) -> tuple[Path, dbfiles.Stored]:
    """The import's copy staged beside the database; a full disk or a read-only folder said in words."""
    from judge import dbfiles
    from judge.errors import StoreError

    try:
        return dbfiles.stage(path, seq, kind, meta, payload)
    except OSError as exc:
        raise StoreError(f"cannot keep a copy of the import in {dbfiles.stored_dir(path)}: "
                         f"{exc.strerror or exc}; nothing was imported") from None


def load_card_file(path: Path | str, game: str | None = None, format: str | None = None,
                   db_path: Path | None = None,
                   progress: Callable[[int, int | None], None] | None = None) -> list[Card]:
    """Import a card file (see `import_cards`); the cards imported."""
    return import_cards(path, game, format, db_path, progress).cards


def _card(row) -> Card:
    return Card.from_dict(json.loads(row["data"]))


def _check_game(game: str | None) -> None:
    if game is not None and game not in GAMES:
        raise BadInput(f"unknown game {game!r}", hints=GAMES)


def find_card(query: str, game: str | None = None, db_path: Path | None = None) -> Card:
    """A card by number (BSS01-001, any case) or by name, exact first, then partial, then with typos
    (judge.cards.lookup); several matches raise SeveralCards naming them, none UnknownCard."""
    return lookup_card(query, game, db_path).card


def lookup_card(query: str, game: str | None = None, db_path: Path | None = None) -> CardMatch:
    """`find_card`, saying how the card was found (the shells print the game inferred and why)."""
    _check_game(game)
    q = " ".join(str(query).split())
    if not q:
        raise BadInput("give a card number or name")
    if len(q) > 200:
        raise BadInput("a card number or name is at most 200 characters")
    conn = store.connect(ensure_cards(db_path))
    try:
        return _match(conn, q, game)
    finally:
        conn.close()


@dataclass(frozen=True)
class CardMatch:
    """The card a query found and how it was read ("number", "name", "partial name",
    "nearest name"), so a shell can say which game it inferred and why this card."""

    card: Card
    how: str
    query: str

    def note(self, asked: str | None) -> str:
        """One line saying the game inferred (no game asked) or the reading of a near name; '' when
        the number or name was exact in the game asked."""
        how = {"number": "its number", "name": "its name", "partial name": f"part of its name ({self.query!r})",
               "nearest name": f"the name nearest to {self.query!r}"}.get(self.how, self.how)
        if asked is None:
            return f"a {GAME_TITLES.get(self.card.game, self.card.game)} card (game {self.card.game}), found by {how}"
        return f"found by {how}" if self.how in ("partial name", "nearest name") else ""


#: the games' names as a judge says them
GAME_TITLES = {"bss": "Battle Spirits Saga", "bs": "Battle Spirits Standard", "fftcg": "FINAL FANTASY TCG"}


def _rows(names: list) -> list:
    from judge.cards.lookup import Row

    return [Row(r["game"], r["number"], r["name"]) for r in names]


def _find(conn, q: str, game: str | None, names: list | None = None) -> Card:
    """`find_card` on an open connection; `names` (every (game, number, name) of `game`) may be
    passed in by a caller that answers many lookups on an unchanging database."""
    return _match(conn, q, game, names).card


def _match(conn, q: str, game: str | None, names: list | None = None) -> CardMatch:
    """The one card `q` names (judge.cards.lookup), or SeveralCards listing them, or UnknownCard
    with the nearest numbers or names; asked in one game, what other games hold is said."""
    from judge.cards.lookup import LISTED, distinct_cards, resolve

    if names is None:                         # a printed number needs no list of names
        exact = store.card_rows(conn, q, game)
        if len(exact) == 1:
            return CardMatch(_card(exact[0]), "number", q)
    names = store.card_names(conn, game) if names is None else names
    got = resolve(q, _rows(names))
    where = f" in {game}" if game else ""
    if distinct_cards(got) == 1:
        r = got.rows[0]
        return CardMatch(_card(store.card_rows(conn, r.number, r.game)[0]), got.how, q)
    if got.rows:
        n = distinct_cards(got)
        raise SeveralCards(f"{n} cards{where} match {q!r} (by {got.how}); give the number",
                           hints=[r.label() for r in got.rows[:LISTED]],
                           cards=[(r.game, r.number, r.name) for r in got.rows[:LISTED]])
    if game:
        other = resolve(q, [r for r in _rows(store.card_names(conn, None)) if r.game != game])
        if other.rows and other.how in ("number", "name", "partial name"):
            games = sorted({r.game for r in other.rows})
            raise UnknownCard(f"no card{where} with number or name {q!r}, but {', '.join(games)} "
                              f"{'has' if len(games) == 1 else 'have'} it (--game {games[0]}, or no --game)",
                              hints=[r.label() for r in other.rows[:3]])
    raise UnknownCard(f"no card{where} with number or name {q!r}", hints=got.hints)


def match_query(query: str) -> str:
    """An FTS5 query matching every word typed (prefixes for words of three letters or more)."""
    words = re.findall(r"[\w'’.-]+", query)
    if not words:
        raise BadInput("give some words to search for")
    if len(words) > 32:
        raise BadInput(f"a search has at most 32 words ({len(words)} given)")
    return " ".join('"' + w.replace('"', '""') + '"' + ("*" if len(w) > 2 else "") for w in words)


_match_query = match_query


def search_cards(query: str, game: str | None = None, limit: int = 20,
                 db_path: Path | None = None) -> list[Card]:
    """Cards whose name or text matches every word of the query (full text), best first."""
    _check_game(game)
    conn = store.connect(ensure_cards(db_path))
    try:
        return [_card(r) for r in store.card_search(conn, match_query(query), game, max(1, min(limit, 1000)))]
    finally:
        conn.close()


@dataclass(frozen=True)
class Found:
    """What a search box shows for what was typed: the cards (the number or name read first, then
    cards whose text matches) and one line saying what was found, in words."""

    cards: list[Card]
    note: str
    #: how many of `cards` the number or name may mean (more than one: the judge must pick)
    meant: int = 0


def find_cards(query: str, game: str | None = None, limit: int = 50, db_path: Path | None = None) -> Found:
    """The cards a judge's search box lists (the TUI's Cards screen): the card the number or name
    names (`lookup_card`), or every card it may mean, then the full-text hits; when nothing
    matches, the nearest numbers or names."""
    _check_game(game)
    q = " ".join(str(query).split())[:200]
    if not q:
        return Found([], "")
    conn = store.connect(ensure_cards(db_path))
    try:
        try:
            match = _match(conn, q, game)
            named, note = [match.card], f"{match.card.number} {match.card.name} ({match.card.game})"
            if match.note(game):
                note += f": {match.note(game)}"
        except SeveralCards as exc:
            named = [_card(store.card_rows(conn, n, g)[0]) for g, n, _ in exc.cards]
            note = f"{len(exc.cards)} cards match {q!r}: pick one (↑ ↓ Enter), or type its number"
        except UnknownCard as exc:
            named, note = [], str(exc)
    finally:
        conn.close()
    try:
        texts = search_cards(q, game, limit, db_path)
    except BadInput:
        texts = []
    seen = {(c.game, c.number) for c in named}
    more = [c for c in texts if (c.game, c.number) not in seen]
    if not named and more:
        note = f"{len(more)} card(s) whose text holds {q!r}"
    return Found((named + more)[:max(limit, len(named))], note, len(named))


def card_sources(db_path: Path | None = None) -> dict:
    """What the card database holds: cards per game and source, the stored imports with their
    source and date, rulings, and stored imports that could not be replayed."""
    path = ensure_cards(db_path)
    conn = store.connect(path)
    try:
        counts = [dict(r) for r in store.card_counts(conn)]
        listed = store.stored_list(conn)
        meta = dict(store.rows(conn, "select key, value from cards_meta"))
        rulings = store.ruling_count(conn)
        unknown_rows = store.unknown_card_rulings(conn)
        unknown = len(unknown_rows)
        unknown_numbers = sorted({f"{r['game']} {r['card_number']}" for r in unknown_rows})
    finally:
        conn.close()
    return {"database": str(path), "cards": counts, "rulings": rulings, "rulings_card_unknown": unknown,
            "rulings_unknown_cards": unknown_numbers,
            "imports": [{k: e[k] for k in ("seq", "kind", "name", "game", "format", "source", "fetched", "records")}
                        for e in listed],
            "skipped": json.loads(meta.get("skipped") or "[]")}


__all__ = [
    "GAME_TITLES",
    "RANK",
    "CardMatch",
    "Found",
    "ImportResult",
    "card_sources",
    "ensure_cards",
    "find_card",
    "find_cards",
    "import_cards",
    "load_card_file",
    "lookup_card",
    "match_query",
    "search_cards",
    "store_import",
]


def fftcg_cards_if_built(db_path: Path | None = None) -> list[dict]:
    """The FFTCG cards of the card database as {name, job, category}, when the database already exists
    (never built for this: the card grammar asks for the names a plain reference may use, 6.6.2)."""
    path = _db_path(db_path)
    if not path.is_file():
        return []
    conn = store.connect(path)
    try:
        out = []
        for row in store.card_data(conn, "fftcg"):
            data = json.loads(row["data"] or "{}")
            out.append({"name": row["name"], "job": data.get("job") or (), "category": data.get("category") or ()})
        return out
    except Exception:        # a database without card tables (or damaged) supplies no names
        return []
    finally:
        conn.close()
