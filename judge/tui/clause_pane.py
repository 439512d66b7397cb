"""One clause, readable: breadcrumbs, number and title, text, and its links to follow.

`load_view` gathers what the pane shows on the library thread (the clause and a label for every
child, reference and "cited by" link); `ClausePane.show` only draws it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.markup import escape
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

LINK_GROUPS = (("children", "Sub-clauses"), ("refs", "References"), ("cited_by", "Cited by"))


@dataclass(frozen=True)
class ClauseView:
    """A clause with a short label for each of its links (number → title or first words)."""

    clause: Any
    labels: dict[str, str] = field(default_factory=dict)
    doc_label: str = ""
    descendants: tuple[Any, ...] = ()
    rulings: tuple[Any, ...] = ()       # official rulings linked to the clause or those below it


def _label(clause: Any) -> str:
    """A clause's title, or the first words of its text."""
    words = (clause.title or clause.text or "").replace("\n", " ").strip()
    return words if len(words) <= 70 else words[:69] + "…"


def load_view(kb: Any, game: str, number: str, lang: str | None, version: str | None) -> ClauseView:
    """Fetch a clause and its link labels (runs on the library thread; raises UnknownRule)."""
    clause = kb.clause(game, number, lang=lang, version=version)
    labels: dict[str, str] = {}
    for attr, _title in LINK_GROUPS:
        for linked in getattr(clause, attr, None) or ():
            if linked in labels:
                continue
            try:
                labels[linked] = _label(kb.clause(game, linked, lang=clause.lang, version=clause.version))
            except Exception:  # a dangling reference is shown as the bare number
                labels[linked] = ""
    try:
        below = tuple(kb.subtree(game, clause.number, lang=clause.lang, version=clause.version)[1:])
    except Exception:  # the clause alone is still worth showing
        below = ()
    doc = kb.document(game, lang=clause.lang, version=clause.version)
    dated = f" ({doc.date})" if getattr(doc, "date", "") else ""
    return ClauseView(clause, labels, f"{doc.short or doc.title} {doc.version}{dated} · {clause.lang}",
                      below[:MAX_DESCENDANTS], _rulings(kb, game, [clause.number, *(c.number for c in below)]))


def _rulings(kb: Any, game: str, numbers: list[str]) -> tuple[Any, ...]:
    """The official rulings about these clauses (none when the database has no ruling tables)."""
    from judge.cards.rulings import clause_rulings
    from judge.engine.ruling_links import ensure_card_links
    from judge.errors import JudgeError

    if getattr(kb, "conn", None) is None or getattr(kb, "path", None) is None:
        return ()                 # a knowledge base without a database behind it (the TUI tests' fakes)
    try:
        ensure_card_links(kb.path)
        return tuple(clause_rulings(kb.conn, game, numbers))
    except JudgeError:            # a damaged ruling table leaves the clause readable
        return ()


def rulings_lines(view: ClauseView) -> Text:
    """`Official rulings (N)`: one line per ruling, with the clauses it is linked to and how."""
    from judge.cards.ruling_links import HOW_SHOWN

    out = Text()
    if not view.rulings:
        return out
    shown = {view.clause.number, *(c.number for c in view.descendants)}
    out.append(f"\n\nOfficial rulings ({len(view.rulings)})", style="bold")
    for r in view.rulings:
        hows: dict[str, list[str]] = {}
        for number, how in r.clause_links:
            if number in shown:
                hows.setdefault(number, []).append(HOW_SHOWN.get(how, how))
        words = " ".join((r.question or r.answer).split())
        out.append(f"\n{r.label()}", style="bold")
        if r.replaced:
            out.append(" [replaced]", style="yellow")
        refs = ", ".join(f"§{n} ({', '.join(h)})" for n, h in hows.items())
        out.append(f"  {refs}", style="cyan")
        out.append(f"\n  {words if len(words) <= 150 else words[:149] + '…'}")
    return out


MAX_DESCENDANTS = 60


def body_text(view: ClauseView) -> Text:
    """The clause's own text, then its sub-clauses indented (a heading alone says little)."""
    clause = view.clause
    out = Text()
    own = (clause.text or "").strip()
    if own and own != (clause.title or "").strip():
        out.append(own)
    depth0 = clause.number.count("-") + clause.number.count(".")
    for sub in view.descendants:
        indent = "  " * max(0, sub.number.count("-") + sub.number.count(".") - depth0 - 1)
        if out:
            out.append("\n")
        out.append(f"{indent}§{sub.number} ", style="bold")
        if sub.title:
            out.append(sub.title, style="bold")
        body = (sub.text or "").strip()
        if body and body != (sub.title or "").strip():
            out.append(("  " if sub.title else "") + body)
    if not out:
        out = Text("(a heading without text of its own)", style="dim")
    return out + rulings_lines(view)


def crumbs_markup(clause: Any) -> str:
    """Ancestors as clickable links: 7 Battle › 7-1 Attack step › …"""
    parts = []
    for number, title in getattr(clause, "breadcrumbs", None) or ():
        safe = "".join(ch for ch in str(number) if ch not in "'\\")
        label = escape(f"{number} {title}".strip())
        parts.append(f"[@click=screen.open_number('{safe}')]{label}[/]")
    return " › ".join(parts) if parts else "[dim](top level)[/dim]"


class ClausePane(Vertical):
    """The clause in view, with its links in a focusable list (Enter or click follows one)."""

    DEFAULT_CSS = """
    ClausePane { height: 1fr; width: 1fr; padding: 0 1; }
    ClausePane .crumbs { height: auto; color: $text-muted; }
    ClausePane .doc { height: 1; color: $text-muted; text-style: italic; }
    ClausePane > VerticalScroll { height: 1fr; }
    ClausePane .heading { text-style: bold; color: $accent; }
    ClausePane OptionList { height: auto; max-height: 45%; min-height: 3; border: round $panel; }
    ClausePane OptionList:focus { border: round $accent; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view: ClauseView | None = None

    def compose(self) -> ComposeResult:
        yield Static("", classes="crumbs")
        with VerticalScroll(can_focus=False):
            yield Static("Loading the rules…", classes="heading")
            yield Static("", classes="text")
        yield Static("", classes="doc")
        yield OptionList(classes="links")

    @property
    def number(self) -> str | None:
        return self.view.clause.number if self.view else None

    def _ready(self, again: Any, *args: Any) -> bool:
        """Whether the pane's parts are there to draw into: a load can finish before they are composed
        (drawn after the next refresh) or after the screen is gone (nothing to draw)."""
        if self.query(".crumbs"):
            return True
        if self.is_attached:
            self.call_after_refresh(again, *args)
        return False

    def show(self, view: ClauseView) -> None:
        """Draw a clause and its links (the list is reset to the first link), in one repaint."""
        if not self._ready(self.show, view):
            return
        with self.app.batch_update():
            self._show(view)

    def _show(self, view: ClauseView) -> None:
        self.view = view
        clause = view.clause
        self.query_one(".crumbs", Static).update(crumbs_markup(clause))
        heading = Text(f"§{clause.number}", style="bold")
        if clause.title:
            heading.append(f"  {clause.title}")
        self.query_one(".heading", Static).update(heading)
        self.query_one(".text", Static).update(body_text(view))
        self.query_one(".doc", Static).update(Text(view.doc_label))
        self.query_one(VerticalScroll).scroll_home(animate=False)
        options: list[Option | None] = []
        for attr, group_title in LINK_GROUPS:
            numbers = list(getattr(clause, attr, None) or ())
            if not numbers:
                continue
            options.append(Option(Text(f"{group_title} ({len(numbers)})", style="bold dim"), disabled=True))
            for number in numbers:
                label = Text(f"  {number}", style="bold")
                if view.labels.get(number):
                    label.append(f"  {view.labels[number]}", style="")
                options.append(Option(label, id=f"{attr}|{number}"))
        links = self.query_one(OptionList)
        links.set_options(options or [Option(Text("No links from this clause", style="dim"), disabled=True)])
        first = next((i for i, option in enumerate(options) if option and not option.disabled), None)
        if first is not None:
            links.highlighted = first

    def show_message(self, message: str) -> None:
        """Show a line instead of a clause (no clause with this number in this language)."""
        if not self._ready(self.show_message, message):
            return
        self.view = None
        self.query_one(".crumbs", Static).update("")
        self.query_one(".heading", Static).update(Text(message, style="dim"))
        self.query_one(".text", Static).update("")
        self.query_one(".doc", Static).update("")
        self.query_one(OptionList).clear_options()


def fetch_clauses(kb: Any, game: str, numbers: tuple[str, ...] | list[str]) -> list[tuple[str, Any]]:
    """Each cited clause, or the error explaining why it is missing (library thread)."""
    out: list[tuple[str, Any]] = []
    for number in numbers:
        try:
            out.append((number, kb.clause(game, number)))
        except Exception as exc:  # a citation the KB lacks is shown as such, never hidden
            out.append((number, exc))
    return out


def clauses_renderable(title: Text | str, found: list[tuple[str, Any]]) -> Any:
    """A heading, then each clause's number, title and text (what a judge reads out)."""
    from rich.console import Group

    parts: list[Text] = [title if isinstance(title, Text) else Text(title, style="bold")]
    for number, clause in found:
        if isinstance(clause, Exception):
            parts.append(Text(f"\n§{number}: {clause}", style="red"))
            continue
        head = Text(f"\n§{clause.number}", style="bold cyan")
        if clause.title:
            head.append(f" {clause.title}", style="bold")
        parts.append(head)
        own = (clause.text or "").strip()
        if own and own != (clause.title or "").strip():
            parts.append(Text(own))
    return Group(*parts)
