"""Official rulings (the publishers' Q&A and FAQ): imported into the user's database, never shipped.

The formats are `judge.cards.ruling_formats` (Saga card Q&A, Saga keyword Q&A, FFTCG FAQ, and
replacement marks); what each ruling links to is `judge.cards.ruling_links`. Every ruling carries
its provenance: the file it came from, the publisher's document or page title and URL where the
file gives them (or `judge rulings import --title/--url/--date`), its date or set where known, and
the version of the game's rules document that was newest when it was imported (what it was
checked against). A ruling whose card is not in the database is kept; `judge card` shows it once
the card is imported, and imports report it.

Imports are atomic and idempotent: the same file imported again (same bytes, same game) changes
nothing, and a ruling already stored (same key) is never stored twice. A ruling a later ruling,
an erratum or a rules version replaces is kept and marked replaced, with what replaced it and when
(`replaces` in a ruling record, a replacements file, or `judge rulings replace`): current rulings
are listed first.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from pathlib import Path

from judge import store
from judge.cards.model import GAMES
from judge.cards.ruling_formats import FORMAT_NAMES, detect, records, ruling_key, topic_of
from judge.cards.ruling_links import Linker
from judge.errors import BadInput, CardFileError, UnknownCard

# typing is not imported at run time: this module is on the quick lookup path
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# the rows and values (judge.cards.ruling_rows), re-exported for the callers of this module
from judge.cards.ruling_rows import (  # noqa: E402, F401
    MAX_BYTES,
    Replacement,
    Ruling,
    _card_set,
    _links,
    _rewritten_rows,
    mark_replaced,
    marks_for,
    rows_for,
    ruling_from_row,
    stored_ruling_rows,
)


@dataclass(frozen=True)
class RulingsImport:
    """What `judge rulings import` stored (or, `already`, that it had nothing new to store)."""

    format: str
    count: int
    source: str
    game: str = "bss"
    unknown_cards: tuple[str, ...] = field(default=())
    repeats: int = 0            # records that repeat a ruling of the same file exactly (kept once)
    present: int = 0            # rulings already stored from another import (kept as they were)
    marked: int = 0             # rulings marked replaced
    already: int | None = None  # the stored import holding these very bytes: nothing was changed
    truncated: int = 0
    rules_version: str = ""

    @property
    def format_name(self) -> str:
        return FORMAT_NAMES[self.format]


def _same_import(db: Path, sha: str, game: str) -> int | None:
    import json

    for e in store.stored_imports(db) or []:
        if e["kind"] == "rulings" and e["sha256"] == sha and (json.loads(e["meta"] or "{}").get("game") or "bss") == game:
            return int(e["seq"])
    return None


def _check_marks(conn: Any, marks: list[dict], new_keys: set[str], name: str) -> None:
    have = store.ruling_keys(conn) | new_keys
    for m in marks:
        if m["replaces"] not in have:
            raise CardFileError(f"{name}: no stored ruling has the key {m['replaces']} (judge rulings show N "
                                "gives a ruling's key); nothing was imported")
        if m["by_kind"] == "ruling" and m["by_ref"] not in have:
            raise CardFileError(f"{name}: the replacing ruling {m['by_ref']} is not stored; import it first")
        if m["by_kind"] == "ruling" and m["by_ref"] == m["replaces"]:
            raise CardFileError(f"{name}: ruling {m['replaces']} cannot replace itself")


def import_rulings(file: Path | str, game: str | None = None, db_path: Path | None = None, *,
                   title: str = "", url: str = "", date: str = "") -> RulingsImport:
    """Store an official rulings file: every record validated, then stored in one transaction."""
    from judge.cards.importers import _read_text

    path = Path(file)
    raw = _read_text(path)
    if len(raw) > MAX_BYTES:
        raise CardFileError(f"{path}: larger than {MAX_BYTES // 2**20} MB")
    return import_payload(raw, path.name, str(path), game, db_path, title=title, url=url, date=date)


def import_payload(raw: str, name: str, source: str, game: str | None = None, db_path: Path | None = None, *,
                   title: str = "", url: str = "", date: str = "") -> RulingsImport:
    """`import_rulings` on a file's text (also what `judge rulings replace` stores)."""
    from judge import dbfiles
    from judge.cards.db import _db_path, ensure_cards, store_import
    from judge.cards.importers import _parse

    if game is not None and game not in GAMES:
        raise BadInput(f"unknown game {game!r}", hints=GAMES)
    if date and not re.match(r"^\d{4}(-\d{2}(-\d{2})?)?$", date):
        raise BadInput(f"--date is written YYYY-MM-DD, not {date!r}")
    fmt, game, recs = records(_parse(raw, name, True), name, game)
    db = ensure_cards(_db_path(db_path))
    summary = {"format": fmt, "source": source, "game": game, "repeats": sum(r.get("repeats", 0) for r in recs),
               "truncated": sum(1 for r in recs if r.get("truncated"))}
    seen = _same_import(db, dbfiles.digest(raw), game)
    if seen is not None:
        return RulingsImport(count=0, already=seen, **summary)
    linker = Linker(db)
    meta = {"name": name, "game": game, "format": fmt, "source": source, "records": len(recs),
            "fetched": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
            "rules_version": {game: linker.rules_version(game)}, **{k: v for k, v in
                                                                   (("title", title), ("url", url), ("date", date)) if v}}
    conn = store.connect(db)
    try:
        have = store.ruling_keys(conn)
        marks = marks_for(recs, fmt, meta, 0)
        new = [] if fmt == "replacements" else [r for r in recs if r["key"] not in have]
        _check_marks(conn, marks, {r["key"] for r in new}, name)
        pending = [m for m in marks if (m["replaces"], m["by_kind"], m["by_ref"]) not in _marked(conn)]
    finally:
        conn.close()
    present = 0 if fmt == "replacements" else len(recs) - len(new)
    if not new and not pending:
        return RulingsImport(count=0, present=present, already=0, rules_version=linker.rules_version(game), **summary)
    rows = rows_for(new, meta, 0, linker)
    sha = dbfiles.digest(raw)

    def write(conn: Any, seq: int) -> None:
        twin = [e["seq"] for e in store.stored_list(conn) if e["seq"] != seq and e["kind"] == "rulings"
                and e["sha256"] == sha and (e["game"] or "bss") == game]
        if twin:                    # the same file landed meanwhile (a concurrent import): roll back
            raise _AlreadyStored(twin[0])
        store.put_rulings(conn, [{**r, "seq": seq} for r in rows])
        mark_replaced(conn, [{**m, "seq": seq} for m in pending])

    try:
        seq = store_import(db, "rulings", meta, raw, write)
    except _AlreadyStored as exc:
        return RulingsImport(count=0, already=exc.seq, **summary)
    conn = store.connect(db)
    try:
        unknown = sorted({r["card_number"] for r in store.unknown_card_rulings(conn) if r["seq"] == seq})
    finally:
        conn.close()
    return RulingsImport(count=len(new), unknown_cards=tuple(unknown), present=present, marked=len(pending),
                         rules_version=linker.rules_version(game), **summary)


class _AlreadyStored(Exception):
    def __init__(self, seq: int) -> None:
        super().__init__(seq)
        self.seq = seq


def _marked(conn: Any) -> set[tuple[str, str, str]]:
    """(ruling key, by kind, by ref) of every mark stored: the same mark twice changes nothing."""
    if not store.has_table(conn, "ruling_replacements"):
        return set()
    return {(r["key"], r["replaced_kind"], r["replaced_by"]) for r in store.replaced_rulings(conn)}


def replace_ruling(old: str, by: str, date: str = "", note: str = "", db_path: Path | None = None) -> RulingsImport:
    """Mark a stored ruling (id or key) replaced by `ruling:ID-or-KEY`, `erratum:WHAT` or
    `rules:VERSION`: stored as a one-record replacements import, so it survives every rebuild."""
    import json

    target = ruling_by_ref(old, db_path)
    kind, _, ref = by.partition(":")
    if kind == "ruling":
        ref = ruling_by_ref(ref, db_path).key
    elif kind == "rules":
        from judge.rules.kb import KB

        kb = KB(_db(db_path))
        try:
            kb.document(target.game, version=ref)       # an unknown version is refused with the known ones
        finally:
            kb.conn.close()
    elif kind != "erratum":
        raise BadInput(f"replaced by what? ruling:N, erratum:WHAT or rules:VERSION, not {by!r}")
    when = date or datetime.date.today().isoformat()
    payload = json.dumps([{"replaces": target.key, "by": f"{kind}:{ref}", "date": when, "note": note}],
                         ensure_ascii=False, indent=1)
    return import_payload(payload, f"replace-{target.key}.json", "judge rulings replace", target.game, db_path)


# --- reading back --------------------------------------------------------------------------
def _db(db_path: Path | None) -> Path:
    from judge.cards.db import ensure_cards

    return ensure_cards(db_path)


def _read(fn, db_path: Path | None) -> list[Ruling]:
    conn = store.connect(_db(db_path))
    try:
        return [ruling_from_row(r) for r in fn(conn)]
    finally:
        conn.close()


def card_rulings(game: str, number: str, db_path: Path | None = None) -> list[Ruling]:
    """The rulings about one card: the current ones first, then those replaced; each in the order
    they were published."""
    return _read(lambda conn: store.card_rulings(conn, game, number), db_path)


def term_rulings(game: str, words: list[str], db_path: Path | None = None) -> list[Ruling]:
    """Rulings about a keyword or term (any of its names)."""
    from judge.rules.terms import norm, stem

    keys = list(dict.fromkeys(k for w in words for k in (stem(norm(w)), norm(w)) if k))
    return _read(lambda conn: store.linked_rulings(conn, game, "term", keys), db_path)


def clause_rulings(conn: Any, game: str, numbers: list[str]) -> list[Ruling]:
    """Rulings linked to any of these clauses (on an open connection: `judge rule`'s two paths).
    A database without ruling tables yet simply has none."""
    return [ruling_from_row(r) for r in store.clause_rulings(conn, game, numbers)]


def search_rulings(text: str, game: str | None = None, limit: int = 20, db_path: Path | None = None) -> list[dict]:
    """Full-text search over the rulings: [{ruling, snippet}], best first."""
    from judge.cards.db import match_query

    if game is not None and game not in GAMES:
        raise BadInput(f"unknown game {game!r}", hints=GAMES)
    match = match_query(text)
    conn = store.connect(_db(db_path))
    try:
        return [{"ruling": ruling_from_row(r), "snippet": r["snip"]}
                for r in store.ruling_search(conn, match, game, max(1, min(limit, 500)))]
    finally:
        conn.close()


def ruling_by_id(rid: int, db_path: Path | None = None) -> Ruling:
    got = _read(lambda conn: store.ruling_rows(conn, [rid]), db_path)
    if not got:
        raise UnknownCard(f"no ruling {rid} (see judge rulings search)")
    return got[0]


def ruling_by_ref(ref: str, db_path: Path | None = None) -> Ruling:
    """A ruling by its id in this database (`12`) or its key (`bss-1a2b3c4d5e6f`)."""
    ref = str(ref).strip()
    if ref.isdigit():
        return ruling_by_id(int(ref), db_path)
    got = _read(lambda conn: store.ruling_by_key(conn, ref.lower()), db_path)
    if not got:
        raise UnknownCard(f"no ruling {ref!r} (give its number or key: see judge rulings search)")
    return got[0]


def link_counts(db_path: Path | None = None) -> list[dict]:
    """Per game and kind of link: how many clauses list rulings, and how many rulings are linked."""
    conn = store.connect(_db(db_path))
    try:
        return [dict(r) for r in store.clause_link_counts(conn)]
    finally:
        conn.close()


__all__ = ["FORMAT_NAMES", "Linker", "Replacement", "Ruling", "RulingsImport", "card_rulings", "clause_rulings",
           "detect", "import_payload", "import_rulings", "link_counts", "records", "replace_ruling",
           "ruling_by_id", "ruling_by_ref", "ruling_key", "search_rulings", "term_rulings", "topic_of"]
