"""The rows of official rulings: a ruling record of a stored import made into the database's rows
(its key, provenance, the clauses it is linked to), and those rows read back as values. No database
work beyond the connection it is given: below both the card database (judge.cards.db), which replays
stored ruling imports into these rows when it rebuilds, and the import and queries
(judge.cards.rulings), which use the card database, so neither imports the other for it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from judge import store
from judge.cards.ruling_formats import FORMAT_NAMES, records, ruling_key
from judge.cards.ruling_links import HOW_SHOWN, Linker

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

    from judge.cards.ruling_formats import FORMAT_NAMES
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


__all__ = ["MAX_BYTES", "Replacement", "Ruling", "mark_replaced", "marks_for", "rows_for", "ruling_from_row", "stored_ruling_rows"]
