"""The values the rules knowledge base hands out (frozen: callers can share and cache them)."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field


@dataclass(frozen=True, kw_only=True)
class Clause:
    """One numbered clause of one document, with its place in the tree and its links."""

    game: str
    lang: str
    version: str
    number: str
    id: str
    title: str = ""
    text: str = ""
    parent: str | None = None
    children: list[str] = field(default_factory=list)
    refs: list[str] = field(default_factory=list)
    cited_by: list[str] = field(default_factory=list)
    breadcrumbs: list[tuple[str, str]] = field(default_factory=list)
    line: int = 0
    confidence: float = 1.0

    def __post_init__(self) -> None:
        if not self.id:
            raise ValueError("a clause needs an id")

    def to_json(self) -> dict:
        """The stable JSON object of the CLI contract (`judge rule --json`, `rules dump`)."""
        return {
            "game": self.game, "lang": self.lang, "version": self.version,
            "number": self.number, "id": self.id, "title": self.title, "text": self.text,
            "parent": self.parent, "children": list(self.children), "refs": list(self.refs),
            "cited_by": list(self.cited_by),
            "breadcrumbs": [list(b) for b in self.breadcrumbs], "line": self.line,
            "confidence": self.confidence,
        }


@dataclass(frozen=True, kw_only=True)
class Document:
    """One stored rules document: a (game, lang, version) triple and what the manifest says."""

    game: str
    lang: str
    version: str
    title: str
    short: str
    date: str
    clauses: int
    current: bool
    numbering: str = "dash"
    order: int = 0
    authoritative: bool = False
    imported: bool = False
    source: str = ""

    @property
    def key(self) -> str:
        """`game/lang/version`, the document's key in the database."""
        return f"{self.game}/{self.lang}/{self.version}"

    def label(self) -> str:
        """`Battle Spirits Saga CR 1.7.0 (2024-11-14)`: what a judge needs to know is in force."""
        date = f" ({self.date})" if self.date else " (undated)"
        return f"{self.short} {self.version}{date}"

    def to_json(self) -> dict:
        return {
            "game": self.game, "lang": self.lang, "version": self.version, "title": self.title,
            "short": self.short, "date": self.date, "clauses": self.clauses,
            "current": self.current, "numbering": self.numbering, "order": self.order,
            "authoritative": self.authoritative, "imported": self.imported,
        }


@dataclass(frozen=True)
class Hit:
    """A search result: where it is and the matched words marked « » (rules text prints [ ] itself)."""

    game: str
    lang: str
    number: str
    snippet: str
    score: float
    version: str = ""
    id: str = ""
    matched: tuple[str, ...] = ()   # the query's words this clause holds ("untap→refresh": by a synonym)
    all_words: bool = True          # False: it lacks one of them (an any-of-the-words hit; common words aside)

    def to_json(self) -> dict:
        return {"game": self.game, "lang": self.lang, "version": self.version, "number": self.number,
                "id": self.id, "snippet": self.snippet, "score": self.score, "matched": list(self.matched),
                "all_words": self.all_words}


@dataclass(frozen=True)
class TermHit:
    """A keyword or defined term, the clause that defines it, and the clauses that say what it does.

    `number` / `text` are the defining clause ("Haste is a field ability."); `clauses` holds it and
    the rest of its section in document order (what Haste lets a Character do), as (number, text).
    """

    term: str
    game: str
    lang: str
    number: str
    text: str
    kind: str = "term"
    version: str = ""
    clauses: tuple[tuple[str, str], ...] = ()

    @property
    def numbers(self) -> tuple[str, ...]:
        """Every clause number of the entry: the defining one first."""
        return tuple(dict.fromkeys([self.number, *(n for n, _ in self.clauses)]))

    def to_json(self) -> dict:
        return {"term": self.term, "game": self.game, "lang": self.lang, "version": self.version,
                "number": self.number, "text": self.text, "kind": self.kind, "numbers": list(self.numbers),
                "clauses": [{"number": n, "text": t} for n, t in self.clauses]}


@dataclass(frozen=True)
class Anomaly:
    """Something odd in a source document, reported rather than silently fixed."""

    kind: str          # repeated | out_of_sequence | gap | split | unattached | translation | alignment
    doc: str           # game/lang/version
    number: str = ""
    line: int = 0
    message: str = ""
    likely: str = ""   # the number the sequence suggests was meant

    def to_json(self) -> dict:
        return {"kind": self.kind, "doc": self.doc, "number": self.number, "line": self.line,
                "message": self.message, "likely": self.likely}


@dataclass(frozen=True)
class Change:
    """A change-log entry or an "Updated" marker: when, what, which clause."""

    doc: str
    date: str
    action: str        # changed | added | deleted | updated
    number: str
    line: int = 0

    def to_json(self) -> dict:
        return {"doc": self.doc, "date": self.date, "action": self.action, "number": self.number,
                "line": self.line}


# typing is not imported at run time (this module is on the quick lookup paths): the protocol is
# for the type checker only, and its users import it under TYPE_CHECKING
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Protocol

    class ClauseStore(Protocol):
        """What the search, term look-up and version diff read from the knowledge base
        (judge.rules.kb.KB is the one implementation): a protocol, so those modules need not import
        the knowledge base that offers them as methods (no import cycle)."""

        conn: sqlite3.Connection

        def documents(self) -> list[Document]: ...

        def document(self, game: str, lang: str | None = None, version: str | None = None) -> Document: ...

        def clause(self, game: str, number: str, lang: str | None = None, version: str | None = None) -> Clause: ...

        def dump(self, game: str, lang: str | None = None, version: str | None = None) -> list[Clause]: ...

        def exists_in(self, doc: Document, number: str) -> bool: ...

        def changes(self, game: str | None = None) -> list[Change]: ...
