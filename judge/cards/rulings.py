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
from judge.cards.ruling_links import HOW_SHOWN, Linker
from judge.errors import BadInput, CardFileError, UnknownCard

# typing is not imported at run time: this module is on the quick lookup path
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

MAX_BYTES = 64 * 1024 * 1024


@dataclass(frozen=True)
class Replacement:
    """What replaced a ruling, and when: a later ruling (its key), an erratum, a rules version."""

    kind: str                   # ruling | erratum | rules
    ref: str
    date: str = ""
    note: str = ""
    by_id: int | None = None    # the replacing ruling's id in this database, when it is stored

    def label(self) -> str:
        what = {"ruling": f"ruling {self.by_id if self.by_id else self.ref}", "erratum": f"erratum {self.ref}",
                "rules": f"rules version {self.ref}"}[self.kind]
        return f"replaced by {what}" + (f" on {self.date}" if self.date else "") + (f" ({self.note})" if self.note
                                                                                   else "")

    def to_json(self) -> dict[str, Any]:
        return {"by": self.kind, "ref": self.ref, "ruling_id": self.by_id, "date": self.date or None,
                "note": self.note or None}


@dataclass(frozen=True)
class Ruling:
    """One official ruling, where it came from, and what it is about."""

    id: int
    game: str
    kind: str                   # card | keyword
    card_number: str
    card_name: str
    topic: str
    question: str               # empty where the publisher states a ruling without a question (FFTCG)
    answer: str
    source: str                 # the file it was imported from
    card_known: bool = True
    clauses: tuple[str, ...] = ()
    terms: tuple[str, ...] = ()
    key: str = ""
    ordinal: int = 1
    source_title: str = ""
    source_url: str = ""
    published: str = ""
    set_name: str = ""
    set_from: str = ""          # file | card number
    rules_version: str = ""
    truncated: bool = False
    lang: str = ""
    clause_links: tuple[tuple[str, str], ...] = ()     # (number, how)
    replaced: Replacement | None = None

    @property
    def current(self) -> bool:
        return self.replaced is None

    def to_json(self) -> dict[str, Any]:
        """The contract of `judge card X --json`'s "rulings" list and `judge rulings … --json`."""
        return {"id": self.id, "key": self.key, "game": self.game, "kind": self.kind,
                "card_number": self.card_number or None, "card_name": self.card_name or None,
                "topic": self.topic or None, "question": self.question, "answer": self.answer, "source": self.source,
                "card_known": self.card_known, "clauses": list(self.clauses), "terms": list(self.terms),
                "clause_links": [{"number": n, "how": how} for n, how in self.clause_links],
                "provenance": {"file": self.source, "title": self.source_title or None,
                               "url": self.source_url or None, "date": self.published or None,
                               "set": self.set_name or None, "set_from": self.set_from or None,
                               "rules_version": self.rules_version or None, "ordinal": self.ordinal,
                               "lang": self.lang or None},
                "truncated": self.truncated, "current": self.current,
                "replaced": self.replaced.to_json() if self.replaced else None}

    def about(self) -> str:
        return f"{self.card_number} {self.card_name}".strip() if self.kind == "card" else f"keyword {self.topic}"

    def label(self) -> str:
        """`ruling 12 (BSS01-003 Name)` / `ruling 40 (keyword Immortal)`."""
        return f"ruling {self.id} ({self.about()})"

    def provenance(self) -> str:
        """`Official FAQ - From Nightmares, Opus XIX, https://…; checked against rules current`."""
        parts = [self.source_title or Path(self.source).name]
        if self.published:
            parts.append(self.published)
        if self.set_name:
            parts.append(self.set_name if self.set_from == "file" else f"card set {self.set_name}")
        if self.source_url:
            parts.append(self.source_url)
        version = self.rules_version if self.rules_version[:1].isdigit() else f'"{self.rules_version}"'
        checked = f"; checked against rules version {version}" if self.rules_version else ""
        return ", ".join(parts) + checked

    def links_by_how(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for number, how in self.clause_links:
            out.setdefault(HOW_SHOWN.get(how, how), []).append(number)
        return out


def _links(row: Any) -> list[tuple[str, str, str]]:
    out = []
    for item in (row["links"] or "").split(chr(31)):
        kind, _, rest = item.partition(":")
        how, _, ref = rest.partition(":")
        if ref:
            out.append((kind, how, ref))
    return out


def ruling_from_row(row: Any) -> Ruling:
    links = _links(row)
    keys = row.keys()
    replaced = None
    if row["replaced_kind"]:
        replaced = Replacement(row["replaced_kind"], row["replaced_by"], row["replaced_date"] or "",
                               row["replaced_note"] or "", row["replaced_by_id"] if "replaced_by_id" in keys else None)
    clause_links = tuple((ref, how) for kind, how, ref in links if kind == "clause")
    return Ruling(id=row["id"], game=row["game"], kind=row["kind"], card_number=row["card_number"] or "",
                  card_name=row["card_name"] or "", topic=row["topic"] or "", question=row["question"],
                  answer=row["answer"], source=row["source"] or "", card_known=bool(row["card_known"]),
                  clauses=tuple(dict.fromkeys(n for n, _ in clause_links)),
                  terms=tuple(dict.fromkeys(ref for kind, _, ref in links if kind == "term")),
                  key=row["key"], ordinal=row["ordinal"] or 1, source_title=row["source_title"] or "",
                  source_url=row["source_url"] or "", published=row["published"] or "", set_name=row["set_name"] or "",
                  set_from=row["set_from"] or "", rules_version=row["rules_version"] or "",
                  truncated=bool(row["truncated"]), lang=row["lang"] or "", clause_links=clause_links,
                  replaced=replaced)


# --- from records to rows ------------------------------------------------------------------
def _card_set(number: str) -> str:
    """The set a card number names (BSS02-127 → BSS02; 19-001R → 19), for rulings the file does not date."""
    m = re.match(r"^([A-Za-z]*\d+)-", number or "")
    return m.group(1) if m else ""


def rows_for(recs: list[dict], meta: dict, seq: int, linker: Linker) -> list[dict]:
    """The ruling rows of validated records, with their provenance and links."""
    out = []
    for r in recs:
        set_name, set_from = (r["set_name"], "file") if r["set_name"] else (_card_set(r["card_number"]), "card number")
        out.append({**r, "source": meta.get("source") or meta.get("name"), "seq": seq,
                    "source_title": r["source_title"] or meta.get("title") or
                    f"{FORMAT_NAMES[meta['format']]}, file {meta.get('name')}",
                    "source_url": r["source_url"] or meta.get("url") or None,
                    "published": r["published"] or meta.get("date") or None,
                    "set_name": set_name or None, "set_from": set_from if set_name else None,
                    "rules_version": (meta.get("rules_version") or {}).get(r["game"]) or linker.rules_version(r["game"]),
                    "truncated": int(r["truncated"]), "lang": r["lang"] or None, "links": linker.links(r)})
    return out


def marks_for(recs: list[dict], fmt: str, meta: dict, seq: int) -> list[dict]:
    """Replacement marks (by ruling key) a file makes: its replacement records, or its rulings'
    `replaces` fields (the new ruling replaces the old one, on its date or the import's)."""
    when = (meta.get("fetched") or "")[:10]
    if fmt == "replacements":
        return [{"replaces": r["replaces"], "by_kind": r["by_kind"], "by_ref": r["by_ref"],
                 "date": r["date"] or meta.get("date") or when, "note": r["note"], "seq": seq} for r in recs]
    return [{"replaces": old, "by_kind": "ruling", "by_ref": r["key"], "date": r["published"] or meta.get("date") or when,
             "note": "", "seq": seq} for r in recs for old in r["replaces"]]


def mark_replaced(conn: Any, marks: list[dict]) -> list[str]:
    """Write replacement marks, resolving keys to ids; returns the keys it could not find."""
    ids = store.ruling_ids(conn, sorted({m["replaces"] for m in marks}))
    store.put_replacements(conn, [{**m, "ruling": ids[m["replaces"]]} for m in marks if m["replaces"] in ids])
    return sorted({m["replaces"] for m in marks if m["replaces"] not in ids})


def stored_ruling_rows(stored: Any, linker: Linker) -> tuple[list[dict], list[dict]]:
    """The ruling rows and replacement marks of a stored import (its payload read and validated again)."""
    from judge.cards.importers import _parse

    name = stored.meta.get("name") or stored.file
    if stored.meta.get("format") == "judge-db-rows":          # a copy rewritten from the database's rows
        return _rewritten_rows(stored, linker)
    fmt, _, recs = records(_parse(stored.payload, name, True), name, stored.meta.get("game") or None)
    meta = {**stored.meta, "format": fmt}
    rows = [] if fmt == "replacements" else rows_for(recs, meta, stored.seq, linker)
    return rows, marks_for(recs, fmt, meta, stored.seq)


def _rewritten_rows(stored: Any, linker: Linker) -> tuple[list[dict], list[dict]]:
    """The ruling rows and replacement marks of a copy `judge.salvage` rewrote from the database
    (the rows of any earlier schema: what they lack is made as an import makes it, links found again)."""
    import json

    from judge.cards.ruling_formats import FORMAT_NAMES, ruling_key
    from judge.errors import CardFileError

    try:
        data = json.loads(stored.payload)
        recs = []
        for i, r in enumerate(data["rows"], 1):
            about = r.get("card_number") or r.get("topic") or ""
            rec = {"kind": r["kind"], "card_number": r.get("card_number") or "", "card_name": r.get("card_name") or "",
                   "topic": r.get("topic") or "", "question": r["question"], "answer": r["answer"],
                   "game": r["game"], "record": i, "repeats": 0, "ordinal": r.get("ordinal") or 1,
                   "source_title": r.get("source_title") or "", "source_url": r.get("source_url") or "",
                   "published": r.get("published") or "", "set_name": r.get("set_name") or "",
                   "lang": r.get("lang") or "", "truncated": bool(r.get("truncated")), "replaces": ()}
            rec["key"] = r.get("key") or ruling_key(rec["game"], rec["kind"], about, rec["question"], rec["answer"])
            recs.append(rec)
        marks = [{**m, "seq": stored.seq} for m in data.get("marks") or ()]
    except (ValueError, TypeError, KeyError, AttributeError) as exc:
        raise CardFileError(f"{stored.file}: a rewritten copy that cannot be read ({exc})") from None
    fmt = stored.meta.get("original_format") or "qa-cards"
    meta = {**stored.meta, "format": fmt if fmt in FORMAT_NAMES else "qa-cards"}
    return rows_for(recs, meta, stored.seq, linker), marks


# --- importing -----------------------------------------------------------------------------
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
