"""Official rulings (the publisher's Q&A): imported into the user's database, never shipped.

Two formats, told apart by their fields:
- card Q&A: `Card No.`, `Card Name`, `Question`, `Answer` — stored per card;
- keyword Q&A: `Card Effects`, `Question`, `Answer` — stored per keyword or topic
  (`Card Effects "Immortal"` is about the keyword Immortal).

Each ruling is linked to the clauses and terms it mentions, found with the knowledge base's own
detection: clause numbers as `judge.rules.links.mentions` finds them in clause text (only numbers
the game's current document has), terms as the `terms` table names them (bracketed names such as
【Armor】, and keyword names as printed). A card ruling whose card is not in the database is kept;
`judge card` cannot show it until the card is imported, and imports report it.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from pathlib import Path

from judge import store
from judge.cards import fields
from judge.cards.model import GAMES
from judge.errors import BadInput, CardFileError, JudgeError

# typing is not imported at run time: this module is on the quick lookup path
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

CARD_FIELDS = ("Card No.", "Card Name", "Question", "Answer")
KEYWORD_FIELDS = ("Card Effects", "Question", "Answer")
FORMAT_NAMES = {"qa-cards": "official card Q&A (per card)", "qa-keywords": "official keyword Q&A (per keyword)"}
MAX_BYTES = 64 * 1024 * 1024


@dataclass(frozen=True)
class Ruling:
    """One official ruling with what it mentions."""

    id: int
    game: str
    kind: str                   # card | keyword
    card_number: str
    card_name: str
    topic: str
    question: str
    answer: str
    source: str
    card_known: bool = True
    clauses: tuple[str, ...] = ()
    terms: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The contract of `judge card X --json`'s "rulings" list and `judge rulings … --json`."""
        return {"id": self.id, "game": self.game, "kind": self.kind, "card_number": self.card_number or None,
                "card_name": self.card_name or None, "topic": self.topic or None, "question": self.question,
                "answer": self.answer, "source": self.source, "card_known": self.card_known,
                "clauses": list(self.clauses), "terms": list(self.terms)}

    def label(self) -> str:
        """`ruling 12 (BSS01-003 Name)` / `ruling 40 (keyword Immortal)`."""
        about = f"{self.card_number} {self.card_name}".strip() if self.kind == "card" else f"keyword {self.topic}"
        return f"ruling {self.id} ({about})"


def ruling_from_row(row: Any) -> Ruling:
    links = (row["links"] or "").split()
    return Ruling(id=row["id"], game=row["game"], kind=row["kind"], card_number=row["card_number"] or "",
                  card_name=row["card_name"] or "", topic=row["topic"] or "", question=row["question"],
                  answer=row["answer"], source=row["source"] or "", card_known=bool(row["card_known"]),
                  clauses=tuple(x[7:] for x in links if x.startswith("clause:")),
                  terms=tuple(x[5:] for x in links if x.startswith("term:")))


# --- reading -------------------------------------------------------------------------------
def detect(data: Any, name: str) -> str:
    """"qa-cards" or "qa-keywords", from the first record's fields."""
    first = data[0] if isinstance(data, list) and data and isinstance(data[0], dict) else None
    if first is None:
        raise CardFileError(f"{name}: expected a JSON list of Q&A records")
    if "Card No." in first:
        return "qa-cards"
    if "Card Effects" in first:
        return "qa-keywords"
    raise CardFileError(f"{name}: record 1: not an official Q&A record (expected the fields "
                        f"{', '.join(CARD_FIELDS)} or {', '.join(KEYWORD_FIELDS)})")


def topic_of(label: str) -> str:
    """`Card Effects "Immortal"` -> `Immortal`; `Card Effects Attacking a Spirit` -> `Attacking a Spirit`."""
    quoted = re.search(r"[\"“]([^\"”]{1,60})[\"”]", label)
    if quoted:
        return quoted.group(1).strip()
    return re.sub(r"^card effects?\s*[:\-–]?\s*", "", label.strip(), flags=re.I) or label.strip()


def records(data: Any, name: str, game: str) -> tuple[str, list[dict]]:
    """Validated ruling records (field by field, typed), or CardFileError naming record and field."""
    fmt = detect(data, name)
    out = []
    for i, rec in enumerate(data, 1):
        where = f"{name}: record {i}"
        if not isinstance(rec, dict):
            raise CardFileError(f"{where}: a record must be a mapping of fields, not {type(rec).__name__}")
        try:
            q = fields.text(rec, "Question", required=True, numbers_ok=False)
            a = fields.text(rec, "Answer", required=True, numbers_ok=False)
            if fmt == "qa-cards":
                number = fields.text(rec, "Card No.", required=True)
                where += f" ({number})"
                item = {"kind": "card", "card_number": number, "topic": "",
                        "card_name": fields.text(rec, "Card Name", numbers_ok=False)}
            else:
                label = fields.text(rec, "Card Effects", required=True, numbers_ok=False)
                item = {"kind": "keyword", "card_number": "", "card_name": "", "topic": topic_of(label)}
        except fields.BadField as exc:
            raise CardFileError(f"{where}: {exc}") from None
        out.append({**item, "game": game, "question": q, "answer": a})
    if not out:
        raise CardFileError(f"{name}: no rulings in it; nothing was imported")
    return fmt, out


# --- linking -------------------------------------------------------------------------------
class Linker:
    """The knowledge base's clause numbers and terms, to find what a ruling mentions."""

    _BRACKET = re.compile(r"[【\[《「『]([^】\]》」』\n]{1,40})[】\]》」』]")

    def __init__(self, db_path: Path) -> None:
        self.db_path = db_path
        self._games: dict[str, tuple[str, set[str], dict[str, str], re.Pattern | None]] = {}

    def _game(self, game: str) -> tuple[str, set[str], dict[str, str], re.Pattern | None]:
        if game not in self._games:
            from judge.rules.kb import KB
            from judge.rules.terms import norm, stem

            kb = KB(self.db_path)
            try:
                doc = kb.document(game)
                numbering = "dash" if doc.numbering == "unnumbered" else doc.numbering
                numbers = set(store.numbers(kb.conn, doc.key))
                keys: dict[str, str] = {}
                plain: list[str] = []
                for r in store.term_names(kb.conn, game):
                    keys[r["norm"]] = r["norm"]
                    shown = str(r["term"] or "").strip()
                    if r["kind"] == "keyword" and re.fullmatch(r"[A-Z][\w'\-]+(?: [A-Z][\w'\-]+){0,3}", shown):
                        plain.append(shown)
                        keys.setdefault(stem(norm(shown)), r["norm"])
            finally:
                kb.conn.close()
            pat = re.compile(r"\b(" + "|".join(re.escape(t) for t in sorted(set(plain), key=len, reverse=True))
                             + r")\b") if plain else None
            self._games[game] = (numbering, numbers, keys, pat)
        return self._games[game]

    def links(self, game: str, text: str, topic: str = "") -> list[tuple[str, str]]:
        """[(kind, ref)]: ("clause", number) and ("term", term key), each once, in order found."""
        from judge.rules.links import mentions
        from judge.rules.terms import norm, stem

        try:
            numbering, numbers, keys, pat = self._game(game)
        except JudgeError:           # a game without a rules document: nothing to link to
            return []
        out: list[tuple[str, str]] = [("clause", n) for n in mentions(text, numbering) if n in numbers]
        found = [m.group(1) for m in self._BRACKET.finditer(text)]
        if pat is not None:
            found += [m.group(1) for m in pat.finditer(text)]
        if topic:
            found.insert(0, topic)
        for word in found:
            key = keys.get(stem(norm(word)))
            if key and ("term", key) not in out:
                out.append(("term", key))
        return list(dict.fromkeys(out))


def rows_for(recs: list[dict], source: str, seq: int, linker: Linker) -> list[dict]:
    return [{**r, "source": source, "seq": seq,
             "links": linker.links(r["game"], f"{r['question']}\n{r['answer']}", r["topic"])} for r in recs]


def stored_ruling_rows(stored: Any, linker: Linker) -> list[dict]:
    """The ruling rows of a stored import (its payload read and validated again)."""
    from judge.cards.importers import _parse

    name = stored.meta.get("name") or stored.file
    _, recs = records(_parse(stored.payload, name, True), name, stored.meta.get("game") or "bss")
    return rows_for(recs, stored.meta.get("source") or name, stored.seq, linker)


# --- importing and reading back ------------------------------------------------------------
@dataclass(frozen=True)
class RulingsImport:
    """What `judge rulings import` stored."""

    format: str
    count: int
    source: str
    unknown_cards: tuple[str, ...] = field(default=())

    @property
    def format_name(self) -> str:
        return FORMAT_NAMES[self.format]


def import_rulings(file: Path | str, game: str = "bss", db_path: Path | None = None) -> RulingsImport:
    """Store an official Q&A file: every record validated, then stored in one transaction."""
    from judge.cards.db import _db_path, ensure_cards, store_import
    from judge.cards.importers import _parse, _read_text

    if game not in GAMES:
        raise BadInput(f"unknown game {game!r}", hints=GAMES)
    path = Path(file)
    raw = _read_text(path)
    if len(raw) > MAX_BYTES:
        raise CardFileError(f"{path}: larger than {MAX_BYTES // 2**20} MB")
    fmt, recs = records(_parse(raw, path.name, True), path.name, game)
    db = ensure_cards(_db_path(db_path))
    linker = Linker(db)
    meta = {"name": path.name, "game": game, "format": fmt, "source": str(path), "records": len(recs),
            "fetched": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")}
    rows = rows_for(recs, str(path), 0, linker)
    seq = store_import(db, "rulings", meta, raw,
                       lambda conn, seq: store.put_rulings(conn, [{**r, "seq": seq} for r in rows]))
    conn = store.connect(db)
    try:
        unknown = sorted({r["card_number"] for r in store.unknown_card_rulings(conn) if r["seq"] == seq})
    finally:
        conn.close()
    return RulingsImport(fmt, len(recs), str(path), tuple(unknown))


def _read(fn, db_path: Path | None) -> list[Ruling]:
    from judge.cards.db import ensure_cards

    conn = store.connect(ensure_cards(db_path))
    try:
        return [ruling_from_row(r) for r in fn(conn)]
    finally:
        conn.close()


def card_rulings(game: str, number: str, db_path: Path | None = None) -> list[Ruling]:
    """The rulings about one card, in the order they were published."""
    return _read(lambda conn: store.card_rulings(conn, game, number), db_path)


def term_rulings(game: str, words: list[str], db_path: Path | None = None) -> list[Ruling]:
    """Rulings about a keyword or term (any of its names)."""
    from judge.rules.terms import norm, stem

    keys = list(dict.fromkeys(k for w in words for k in (stem(norm(w)), norm(w)) if k))
    return _read(lambda conn: store.linked_rulings(conn, game, "term", keys), db_path)


def clause_rulings(conn: Any, game: str, numbers: list[str]) -> list[Ruling]:
    """Rulings that mention any of these clauses (on an open connection: `judge rule`'s two paths).
    A database without ruling tables yet simply has none."""
    return [ruling_from_row(r) for r in store.clause_rulings(conn, game, numbers)]


def search_rulings(text: str, game: str | None = None, limit: int = 20, db_path: Path | None = None) -> list[dict]:
    """Full-text search over the rulings: [{ruling, snippet}], best first."""
    from judge.cards.db import match_query

    if game is not None and game not in GAMES:
        raise BadInput(f"unknown game {game!r}", hints=GAMES)
    match = match_query(text)
    from judge.cards.db import ensure_cards

    conn = store.connect(ensure_cards(db_path))
    try:
        return [{"ruling": ruling_from_row(r), "snippet": r["snip"]}
                for r in store.ruling_search(conn, match, game, max(1, min(limit, 500)))]
    finally:
        conn.close()


def ruling_by_id(rid: int, db_path: Path | None = None) -> Ruling:
    from judge.errors import UnknownCard

    got = _read(lambda conn: store.ruling_rows(conn, [rid]), db_path)
    if not got:
        raise UnknownCard(f"no ruling {rid} (see judge rulings search)")
    return got[0]


__all__ = ["FORMAT_NAMES", "Linker", "Ruling", "RulingsImport", "card_rulings", "clause_rulings", "detect",
           "import_rulings", "records", "ruling_by_id", "search_rulings", "term_rulings", "topic_of"]
