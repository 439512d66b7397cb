"""`/`: search the rules as you type; ranked hits with the match highlighted; Enter opens one."""

from __future__ import annotations

import asyncio
import re
from typing import Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

MATCH_STYLE = "bold reverse"
_MARKED = re.compile(r"«([^«»]*)»|\[([^\[\]]*)\]")


def _is_match(inner: str, query: str | None) -> bool:
    """Whether a bracketed part is the KB's match mark (not a bracket printed in the rules)."""
    if not query:
        return True
    inner, query = inner.lower(), query.lower()
    return inner in query or any(term[:3] in inner for term in query.split() if term)


def marked_text(snippet: str, query: str | None = None) -> Text:
    """A snippet whose matches the KB marked with [ ] (or « ») as Text with the matches highlighted.

    Rules text has brackets of its own (【[Confront]】, [LV1]); with the query known, only a
    bracketed part that contains a query word is taken for a mark.
    """
    text = Text()
    last = 0
    for match in _MARKED.finditer(snippet):
        inner = match.group(1) if match.group(1) is not None else match.group(2)
        if match.group(1) is None and not _is_match(inner, query):
            continue
        text.append(snippet[last:match.start()])
        text.append(inner, style=MATCH_STYLE)
        last = match.end()
    text.append(snippet[last:])
    return text


def hit_label(hit: Any, query: str | None = None) -> Text:
    """`bss en 7-1-5-2  …snippet…` on one or two lines, with the words it holds when it holds only
    some of the query's or holds one by a synonym (`[untap→refresh, block]`)."""
    label = Text(f"{hit.game} {hit.lang} ", style="dim")
    label.append(f"§{hit.number}", style="bold")
    label.append("  ")
    label.append_text(marked_text(" ".join(str(hit.snippet).split()), query))
    matched = tuple(getattr(hit, "matched", ()) or ())
    if matched and (not getattr(hit, "all_words", True) or any("→" in w or w.endswith("≈") for w in matched)):
        label.append(f"  [{', '.join(matched)}]", style="dim italic")   # which words it holds, synonyms as →
    return label


def term_label(term: Any) -> Text:
    """`defines 【Confront】  bss en §11-2-1  …text…`: a term hit above the full-text hits."""
    label = Text("defines ", style="italic")
    label.append(f"{term.term}", style=MATCH_STYLE)
    label.append(f"  {term.game} {term.lang} ", style="dim")
    label.append(f"§{term.number}", style="bold")
    text = " ".join(str(term.text).split())
    label.append(f"  {text[:120]}{'…' if len(text) > 120 else ''}")
    return label


class SearchScreen(ModalScreen[tuple[str, str | None, str] | None]):
    """Search box and ranked results; searching runs in a worker so typing never stutters."""

    DEFAULT_CSS = """
    SearchScreen { align: center top; }
    SearchScreen > Vertical { width: 95%; height: 90%; margin-top: 1; border: thick $primary;
                              background: $surface; padding: 0 1; }
    SearchScreen #hits { height: 1fr; }
    SearchScreen #status { height: 1; color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Close"),
        Binding("down", "to_hits", "Results", show=False),
        Binding("ctrl+a", "toggle_all", "All games"),
    ]

    def __init__(self, game: str | None) -> None:
        super().__init__()
        self.game = game
        self.all_games = False
        self.hits: list[Any] = []
        self.results_for: str | None = None    # the query `hits` answers
        self.submitted: str | None = None      # a query Enter was pressed on before its answer came

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self._scope_label(), id="scope")
            yield Input(placeholder="words, a keyword or a number (English or 日本語)", id="query")
            yield Label("", id="status")
            yield OptionList(id="hits")

    def _scope_label(self) -> str:
        where = "all games" if self.all_games or not self.game else self.game
        return f"Search the rules of {where}   (ctrl+a: all games · ↓ results · Enter open · Esc close)"

    @on(Input.Changed, "#query")
    def query_changed(self, event: Input.Changed) -> None:
        self.run_search(event.value)

    @on(Input.Submitted, "#query")
    def query_submitted(self, event: Input.Submitted) -> None:
        """Enter opens the best hit of the typed query — once its search has answered, when Enter came first."""
        event.stop()
        if event.value.strip() != self.results_for:
            self.submitted = event.value.strip()
        elif self.hits:
            self._choose(0)

    @work(exclusive=True, group="search")
    async def run_search(self, query: str) -> None:
        from judge.tui.service import FAILED

        query = query.strip()
        hits_list = self.query_one("#hits", OptionList)
        status = self.query_one("#status", Label)
        if not query:
            self.hits, self.results_for = [], ""
            hits_list.clear_options()
            status.update("")
            return
        await asyncio.sleep(0.08)  # let fast typing cancel this search before it starts
        app: Any = self.app
        game = None if self.all_games else self.game
        hits = await app.ask(app.library.kb("search", query, game=game, limit=50))
        if hits is FAILED:
            return
        try:  # a keyword or defined term first: the clause that defines it
            terms = list(await app.library.kb("term", query, game=game))
        except Exception:  # most queries are not terms; nothing to add
            terms = []
        self.hits = terms + list(hits)
        options = [Option(term_label(t), id=str(i)) for i, t in enumerate(terms)]
        options += [Option(hit_label(hit, query), id=str(i + len(terms))) for i, hit in enumerate(hits)]
        hits_list.set_options(options)
        partial = bool(hits) and not any(getattr(h, "all_words", True) for h in hits)
        status.update(f"{len(self.hits)} result{'s' if len(self.hits) != 1 else ''} for {query!r}, best first"
                      + (" (no clause holds every word: those holding the most)" if partial else "")
                      if self.hits else f"No clause holds any word of {query!r}")
        self.results_for = query
        if self.submitted == query:
            self.submitted = None
            if self.hits:
                self._choose(0)

    @on(OptionList.OptionSelected, "#hits")
    def hit_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._choose(int(event.option.id or 0))

    def _choose(self, index: int) -> None:
        hit = self.hits[index]
        self.dismiss((hit.game, hit.lang, hit.number))

    def action_to_hits(self) -> None:
        hits = self.query_one("#hits", OptionList)
        if self.hits:
            hits.focus()
            if hits.highlighted is None:
                hits.highlighted = 0

    def action_toggle_all(self) -> None:
        self.all_games = not self.all_games
        self.query_one("#scope", Label).update(self._scope_label())
        self.run_search(self.query_one("#query", Input).value)

    def action_cancel(self) -> None:
        self.dismiss(None)
