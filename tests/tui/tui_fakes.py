"""A small stand-in knowledge base with the documented KB API, for Pilot tests of screen behaviour.

The real knowledge base is exercised by the integration tests; this one makes the screen tests
independent of the rules documents' exact wording. It holds invented clauses, not real rules text.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from judge.errors import UnknownGame, UnknownRule


@dataclass(frozen=True)
class Doc:
    game: str
    lang: str
    version: str
    title: str
    short: str
    date: str
    clauses: int
    current: bool
    order: int = 1


@dataclass(frozen=True)
class Clause:
    game: str
    lang: str
    version: str
    number: str
    title: str
    text: str
    parent: str | None
    children: list[str] = field(default_factory=list)
    refs: list[str] = field(default_factory=list)
    cited_by: list[str] = field(default_factory=list)
    breadcrumbs: list[tuple[str, str]] = field(default_factory=list)
    line: int = 0

    @property
    def id(self) -> str:
        return self.number


@dataclass(frozen=True)
class Hit:
    game: str
    lang: str
    number: str
    snippet: str
    score: float


_TEXT = {
    "1": ("Overview", ""),
    "1-1": ("Players", "A game is played by two players."),
    "1-2": ("Winning", "A player whose life reaches zero loses. See 2-1."),
    "2": ("Cards", ""),
    "2-1": ("Life", "Each player begins with five life. Damage to life is described in 1-2."),
    "2-1-1": ("", "Life is a zone of cores."),
}


def _norm(number: str) -> str:
    return number.strip().lstrip("§").rstrip(".").replace(".", "-")


class FakeKB:
    """Two games: `tg` (en, two versions) and `tb` (ja authoritative + en)."""

    def __init__(self) -> None:
        self.docs = [
            Doc("tg", "en", "2.0", "Test Game Rules", "TG CR", "2025-01-01", 6, True, 2),
            Doc("tg", "en", "1.0", "Test Game Rules", "TG CR", "2024-01-01", 5, False, 1),
            Doc("tb", "ja", "1.0", "テストルール", "TB ルール", "2025-02-02", 6, True),
            Doc("tb", "en", "1.0", "Test B Rules", "TB Rules", "2025-02-01", 6, True),
        ]

    def documents(self) -> list[Doc]:
        return list(self.docs)

    def document(self, game: str, lang: str | None = None, version: str | None = None) -> Doc:
        for doc in self.docs:
            if doc.game == game and (lang in (None, doc.lang)) and (
                    version == doc.version or (version is None and doc.current)):
                return doc
        raise UnknownGame(f"no rules document for {game!r}", hints=("tg", "tb"))

    def clause(self, game: str, number: str, lang: str | None = None, version: str | None = None) -> Clause:
        doc = self.document(game, lang, version)
        n = _norm(number)
        if n not in _TEXT:
            raise UnknownRule(f"no clause {number} in {game} {doc.lang}", hints=("1-1", "1-2"))
        title, text = _TEXT[n]
        if doc.lang == "ja":
            text = f"【日本語】{text}"
        parts = n.split("-")
        parent = "-".join(parts[:-1]) or None
        children = [k for k in _TEXT if k.rsplit("-", 1)[0] == n and k != n]
        refs = [k for k in _TEXT if k != n and k in text.replace(".", " ").split()]
        cited = [k for k, (_t, body) in _TEXT.items() if n in body.replace(".", " ").split()]
        crumbs = [("-".join(parts[:i]), _TEXT["-".join(parts[:i])][0]) for i in range(1, len(parts))]
        return Clause(game, doc.lang, doc.version, n, title, text, parent, children, refs, cited, crumbs)

    def subtree(self, game: str, number: str, lang: str | None = None, version: str | None = None) -> list:
        top = self.clause(game, number, lang, version)
        out = [top]
        for child in top.children:
            out += self.subtree(game, child, lang, version)
        return out

    def exists(self, game: str, number: str, lang: str | None = None) -> bool:
        return _norm(number) in _TEXT

    def citation(self, game: str, number: str, lang: str | None = None, version: str | None = None) -> str:
        c = self.clause(game, number, lang, version)
        return f"{self.document(game, lang, version).short} {c.version} §{c.number}: {c.text}"

    def sections(self, game: str, lang: str | None = None, version: str | None = None) -> list:
        return [("1", "Overview", ["1-1", "1-2"]), ("2", "Cards", ["2-1"])]

    def search(self, query: str, game: str | None = None, lang: str | None = None, limit: int = 20) -> list[Hit]:
        hits = []
        for number, (title, text) in _TEXT.items():
            body = f"{title} {text}"
            at = body.lower().find(query.lower())
            if at >= 0:
                snippet = body[:at] + "[" + body[at:at + len(query)] + "]" + body[at + len(query):]
                hits.append(Hit(game or "tg", lang or "en", number, snippet, 1.0 / (1 + at)))
        return sorted(hits, key=lambda h: -h.score)[:limit]

    def diff(self, game: str, from_version: str, to_version: str) -> dict:
        return {"changed": [{"number": "1-2", "old_text": "A player loses.", "new_text": _TEXT["1-2"][1]}],
                "added": [{"number": "2-1-1"}], "removed": [], "renumbered": []}


def plain(widget) -> str:
    """What a Static shows, as plain text (Rich groups and tables rendered at a wide width)."""
    from io import StringIO

    from rich.console import Console
    from rich.text import Text

    content = widget.content
    if isinstance(content, str):
        return content
    if isinstance(content, Text):
        return content.plain
    console = Console(file=StringIO(), width=200, record=True, color_system=None)
    console.print(content)
    return console.export_text()


async def settle(pilot) -> None:
    """Let the library worker finish and the screen catch up (Pilot helper shared by the TUI tests)."""
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def jump(pilot, number: str) -> None:
    """Press `g`, type a clause number, Enter: the judge's jump from anywhere."""
    await pilot.press("g")
    await pilot.pause()
    await pilot.press(*number, "enter")
    await settle(pilot)
