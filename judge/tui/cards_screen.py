"""Cards: find a card by name, number or text; read its data, printed text and AST with clauses.

Select an AST node to read the clauses it invokes beside it; unparsed spans are marked in red in
the printed text and in the tree. `i` imports a card file (a worker, with a progress bar).
"""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Any, ClassVar

from rich.console import Group
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, OptionList, ProgressBar, Static, Tree
from textual.widgets.option_list import Option

from judge.tui.card_view import CardView, OutlineNode, card_facts, load_card_view, marked_text, rulings_text
from judge.tui.clause_pane import clauses_renderable, fetch_clauses


def card_label(card: Any) -> Text:
    label = Text(f"{card.number} ", style="bold")
    label.append(card.name)
    label.append(f"  {card.game}", style="dim")
    return label


class CardsScreen(Screen[None]):
    """Search on the left; the card, its AST tree and the clauses of the selected node on the right."""

    DEFAULT_CSS = """
    CardsScreen #card-side { width: 30%; min-width: 22; max-width: 40; }
    CardsScreen #card-hits { height: 1fr; }
    CardsScreen #card-note { height: auto; max-height: 4; }
    CardsScreen #card-main { padding: 0 1; }
    CardsScreen #card-info { height: auto; max-height: 45%; }
    CardsScreen #card-lower { height: 1fr; }
    CardsScreen #ast { width: 3fr; border: round $panel; }
    CardsScreen #ast:focus { border: round $accent; }
    CardsScreen #node-clauses { width: 2fr; border: round $panel; padding: 0 1; }
    CardsScreen #import-bar { display: none; height: 1; }
    CardsScreen.importing #import-bar { display: block; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("slash", "focus_search", "Find", key_display="/", tooltip="Search cards by name, number or text"),
        Binding("i", "import_file", "Import", tooltip="Import a card file into the database"),
        Binding("a", "focus_ast", "AST", tooltip="Move to the AST tree of the card"),
        Binding("r", "show_rulings", "Rulings", tooltip="Scroll the card to its official rulings (arrows scroll)"),
        Binding("ctrl+a", "toggle_all_games", "All games", show=False,
                tooltip="Search every game's cards, or only the current game's"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.cards: list[Any] = []
        self.meant = 0
        self.results_for: str | None = None    # the query `cards` answers
        self.submitted: str | None = None      # a query Enter was pressed on before its answer came
        self.view: CardView | None = None
        self.all_games = True

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal():
            with Vertical(id="card-side"):
                yield Input(placeholder="name, number or text", id="card-query")
                yield Static("", id="card-note")
                yield OptionList(id="card-hits")
            with Vertical(id="card-main"):
                with VerticalScroll(id="card-info"):           # focusable: a judge scrolls to the rulings by keys
                    yield Static("Type in the search box to find a card.", id="card-data")
                with Horizontal(id="card-lower"):
                    yield Tree("AST", id="ast")
                    with VerticalScroll(id="node-clauses", can_focus=False):
                        yield Static("Select an AST node to read its clauses.", id="clause-text")
        yield ProgressBar(id="import-bar", show_eta=False)
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.sub_title = "Cards"
        self.query_one("#ast", Tree).show_root = False
        self.query_one("#card-query", Input).focus()

    # -- search --------------------------------------------------------------------------
    @on(Input.Changed, "#card-query")
    def query_changed(self, event: Input.Changed) -> None:
        self.run_search(event.value)

    @on(Input.Submitted, "#card-query")
    def query_submitted(self, event: Input.Submitted) -> None:
        """Enter opens what the typed query finds — once its search has answered, when Enter came first (a
        judge types fast): never the answer to what was typed before."""
        event.stop()
        query = event.value.strip()
        if query != self.results_for:
            self.submitted = query
            return
        self._take_results()

    def _take_results(self) -> None:
        self.submitted = None
        if self.meant > 1:         # several cards match: the judge picks one from the list
            self.query_one("#card-hits", OptionList).focus()
        elif self.cards:
            self.open_card(self.cards[0])

    @work(exclusive=True, group="card-search")
    async def run_search(self, query: str) -> None:
        import asyncio

        from judge.tui.service import FAILED

        hits = self.query_one("#card-hits", OptionList)
        if not query.strip():
            self.cards, self.meant, self.results_for = [], 0, ""
            hits.clear_options()
            self.query_one("#card-note", Static).update("")
            return
        await asyncio.sleep(0.08)
        app: Any = self.app
        game = None if self.all_games else app.game
        found = await app.ask(app.library.find_cards(query.strip(), game, limit=50))
        if found is FAILED:
            return
        self.cards = list(found.cards)
        self.meant = found.meant
        self.query_one("#card-note", Static).update(Text(found.note, style="dim"))
        hits.set_options([Option(card_label(card), id=str(i)) for i, card in enumerate(self.cards)]
                         or [Option(Text(f"No card matches {query.strip()!r}", style="dim"), disabled=True)])
        if self.cards:
            hits.highlighted = 0
        self.results_for = query.strip()
        if self.submitted == self.results_for:
            self._take_results()

    @on(OptionList.OptionSelected, "#card-hits")
    def hit_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.open_card(self.cards[int(event.option.id)])

    # -- one card ------------------------------------------------------------------------
    @work(exclusive=True, group="card-open")
    async def open_card(self, card: Any) -> None:
        from judge.tui.service import FAILED

        app: Any = self.app
        view = await app.ask(app.library.run(load_card_view, card))
        if view is FAILED:
            return
        self.view = view
        self._draw_card()
        tree = self.query_one("#ast", Tree)
        tree.clear()
        for node in view.nodes:
            self._add_node(tree.root, node)
        tree.root.expand_all()
        from judge.text.typed import unread_nodes

        parsed, unparsed = len(view.result.abilities), len(view.result.unparsed)
        partly = sum(bool(unread_nodes(a)) for a in view.result.abilities)
        self.query_one("#clause-text", Static).update(
            f"{parsed} abilit{'y' if parsed == 1 else 'ies'} read" + (f" ({partly} in part)" if partly else "")
            + (f", {unparsed} part{'s' if unparsed != 1 else ''} not read (marked in red)"
               if unparsed else "") + ".\nSelect an AST node to read its clauses.")
        tree.focus()

    def _draw_card(self, selected: tuple[int, int] | None = None) -> None:
        assert self.view is not None
        card, result = self.view.card, self.view.result
        title = Text(card.name, style="bold")
        title.append(f"  {card.number} · {card.game}", style="dim")
        printed = marked_text(card.text or "", result, selected) if card.text else Text("(no text)", style="dim")
        self.query_one("#card-data", Static).update(Group(title, printed, Text(""), card_facts(card),
                                                          rulings_text(self.view.rulings, self.view.changed)))

    def _add_node(self, parent: Any, node: OutlineNode) -> None:
        label = Text(node.label, style="bold red" if node.unparsed else "")
        if node.cites:
            label.append(f"  §{', §'.join(node.cites)}", style="cyan")
        if node.children:
            branch = parent.add(label, data=node, expand=True)
            for child in node.children:
                self._add_node(branch, child)
        else:
            parent.add_leaf(label, data=node)

    @on(Tree.NodeHighlighted, "#ast")
    def node_highlighted(self, event: Tree.NodeHighlighted) -> None:
        node = event.node.data
        if isinstance(node, OutlineNode):
            if self.view:
                self._draw_card(node.span)
            self.show_clauses(node)

    @work(exclusive=True, group="card-clauses")
    async def show_clauses(self, node: OutlineNode) -> None:
        app: Any = self.app
        target = self.query_one("#clause-text", Static)
        if node.reading or (node.unparsed and node.detail):   # an ability's reading: the print beside it
            target.update(Group(Text(node.detail), Text("\nThe parts not read are resolved by hand.", style="red")
                                if node.unparsed or "Not read:" in node.detail else Text("")))
            return
        if node.unparsed:
            target.update(Text(f"{node.label}\n\nThe grammar could not read this part of the text; "
                               "no clause is linked to it.", style="red"))
            return
        if not node.cites:
            target.update(Text(f"{node.label}\n\nNo clause is linked to this node kind.", style="dim"))
            return
        game = self.view.card.game if self.view else app.game
        lib = app.library
        from judge.tui.service import FAILED

        found = await app.ask(lib.run(lambda: fetch_clauses(lib.kb_sync(), game, node.cites)))
        if found is FAILED:
            return
        target.update(clauses_renderable(node.label, found))

    # -- actions ---------------------------------------------------------------------------
    def action_focus_search(self) -> None:
        self.query_one("#card-query", Input).focus()

    def action_focus_ast(self) -> None:
        self.query_one("#ast", Tree).focus()

    def action_show_rulings(self) -> None:
        """The card's official rulings, below its text and data: focus the card pane at its end."""
        info = self.query_one("#card-info", VerticalScroll)
        info.focus()
        info.scroll_end(animate=False)
        if self.view is not None and not self.view.rulings:
            self.notify("No official rulings are stored for this card (judge rulings import FILE adds them).")

    def action_toggle_all_games(self) -> None:
        self.all_games = not self.all_games
        app: Any = self.app
        self.notify("Searching every game's cards" if self.all_games else f"Searching {app.game} cards only",
                    timeout=3)
        self.run_search(self.query_one("#card-query", Input).value)

    def action_import_file(self) -> None:
        from judge.tui.dialogs import PickDialog, PromptDialog

        app: Any = self.app

        def got_path(text: str | None) -> None:
            if not text:
                return
            from judge.access import Purpose, checked_path
            from judge.errors import JudgeError

            try:                       # a web session: files off or in one folder; a file judge can read
                path = checked_path(text, Purpose.IMPORT)
            except JudgeError as exc:
                self.notify(str(exc), title=exc.title, severity="error", timeout=8)
                return
            choices = [(g, g) for g in ("bss", "bs", "fftcg")]

            def got_game(game: str | None) -> None:
                if game:
                    self.import_file(path, game)

            from judge.cards.importers import guess_game

            guess = guess_game(path) or app.game
            self.app.push_screen(PickDialog(f"Which game are the cards in {path.name}?", choices,
                                            guess), got_game)

        self.app.push_screen(PromptDialog("Import a card file (path)", "cards.json"), got_path)

    @work(exclusive=True, group="card-import")
    async def import_file(self, path: Path, game: str) -> None:
        from judge.cards.db import load_card_file
        from judge.tui.service import FAILED

        app: Any = self.app
        bar = self.query_one("#import-bar", ProgressBar)
        bar.update(total=None, progress=0)
        self.add_class("importing")
        kwargs: dict[str, Any] = {}
        if "progress" in inspect.signature(load_card_file).parameters:
            def progress(done: int, total: int | None = None) -> None:
                app.call_from_thread(bar.update, total=total, progress=done)

            kwargs["progress"] = progress
        try:
            result = await app.ask(app.library.load_card_file(path, game, None, **kwargs))
        finally:
            self.remove_class("importing")
        if result is FAILED:
            return
        count = result if isinstance(result, int) else len(result) if hasattr(result, "__len__") else None
        self.notify(f"Imported {count if count is not None else 'the'} card{'s' if count != 1 else ''} "
                    f"from {path.name} ({game})", title="Import done")
        query = self.query_one("#card-query", Input).value
        if query:
            self.run_search(query)
