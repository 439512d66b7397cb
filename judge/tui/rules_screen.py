"""Rules: a section tree, the clause in view with its links, history, jump, search, side by side.

Everything shown comes from the knowledge base (`judge.rules.kb`) through the app's library door;
the screen only keeps what a browser keeps: the document in view and the back/forward history.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, OptionList, Tree

from judge.tui.clause_pane import ClausePane, load_view


@dataclass(frozen=True)
class Place:
    """One entry of the history: a clause of one document."""

    game: str
    lang: str | None
    version: str | None
    number: str


def _section_parts(section: Any) -> tuple[str, str, list[Any]]:
    """(number, title, children) of a section, whether the KB gives objects, dicts or tuples."""
    if isinstance(section, dict):
        return str(section.get("number")), section.get("title") or "", list(section.get("children") or ())
    if isinstance(section, tuple | list):
        number, title, *rest = [*section, None, None][:3]
        return str(number), title or "", list(rest[0] or ()) if rest else []
    return str(section.number), getattr(section, "title", "") or "", list(getattr(section, "children", ()) or ())


class RulesScreen(Screen[None]):
    """Browse one rules document; follow links; jump by number; search; compare languages."""

    DEFAULT_CSS = """
    RulesScreen #sections { width: 30%; min-width: 24; max-width: 44; border-right: vkey $panel; }
    RulesScreen #other { display: none; border-left: vkey $panel; }
    RulesScreen.side-by-side #other { display: block; }
    RulesScreen { layers: base overlay; }
    RulesScreen #jump { display: none; dock: bottom; layer: overlay; margin-bottom: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("slash", "search", "Search", key_display="/", tooltip="Search the rules as you type"),
        Binding("b", "back", "Back", tooltip="Back to the previous clause"),
        Binding("f", "forward", "Fwd", show=False, tooltip="Forward again after going back"),
        Binding("c", "copy", "Cite", tooltip="Copy a citation line of this clause (OSC 52)"),
        Binding("l", "pick_document", "Game", tooltip="Pick the game, language and version"),
        Binding("s", "side_by_side", "Side", show=False, tooltip="Japanese and English side by side (bs)"),
        Binding("d", "diff", "Diff", show=False, tooltip="Changes between two versions of this document"),
        Binding("t", "focus_tree", "Tree", show=False, tooltip="Move to the section tree"),
        Binding("alt+left", "back", "Back", show=False),
        Binding("alt+right", "forward", "Forward", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.history: list[Place] = []
        self.position = -1
        self.documents: list[Any] = []
        self.other_lang: str | None = None

    @property
    def japp(self) -> Any:
        return self.app

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal():
            yield Tree("Sections", id="sections")
            yield ClausePane(id="main")
            yield ClausePane(id="other")
        yield Input(id="jump")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.query_one("#sections", Tree).show_root = False
        self.load_document()

    # -- loading a document --------------------------------------------------------------
    @work(exclusive=True, group="document")
    async def load_document(self, number: str | None = None) -> None:
        app = self.japp
        lib = app.library
        from judge.tui.service import FAILED

        documents = await app.ask(lib.kb("documents"))
        if documents is FAILED:
            return
        self.documents = list(documents)
        games = list(dict.fromkeys(doc.game for doc in self.documents))
        if app.game not in games and games:
            app.notify(f"no rules document for game {app.game!r}; showing {games[0]} (games: "
                       f"{', '.join(games)})", severity="warning")
            app.game, app.lang, app.version = games[0], None, None
        doc = await app.ask(lib.kb("document", app.game, lang=app.lang, version=app.version))
        if doc is FAILED:
            doc = await app.ask(lib.kb("document", app.game))
            if doc is FAILED:
                return
        app.set_document(doc.game, doc.lang, doc.version if not doc.current else None)
        self.sub_title = f"Rules · {doc.short or doc.title} {doc.version} · {doc.lang}"
        self.other_lang = next((d.lang for d in self.documents if d.game == doc.game
                                and d.version == doc.version and d.lang != doc.lang), None)
        if not self.other_lang:
            self.remove_class("side-by-side")
        sections = await app.ask(lib.kb("sections", doc.game, lang=doc.lang, version=app.version))
        if sections is FAILED or not self.is_attached:   # the app may have closed while it loaded
            return
        found = self.query("#sections").results(Tree)
        tree = next(found, None)
        if tree is None:            # the screen is being taken down (the app closing) while it loaded
            return
        tree.clear()
        tree.root.label = doc.short or doc.title
        first: str | None = None
        for section in sections:
            added = self._add_section(tree.root, section)
            first = first or added
        tree.root.expand()
        target = number or first
        if target:
            self.open_number(target, focus_links=number is not None)

    def _add_section(self, parent: Any, section: Any) -> str:
        number, title, children = _section_parts(section)
        label = f"{number} {title}".strip()
        if children:
            node = parent.add(label, data=number)
            for child in children:
                if isinstance(child, str):
                    node.add_leaf(child, data=child)
                else:
                    self._add_section(node, child)
        else:
            parent.add_leaf(label, data=number)
        return number

    # -- showing a clause ----------------------------------------------------------------
    def open_number(self, number: str, *, record: bool = True, focus_links: bool = True) -> None:
        """Show clause `number` of the document in view (worker: never blocks the screen)."""
        app = self.japp
        self._open(Place(app.game, app.lang, app.version, number), record, focus_links)

    @work(exclusive=True, group="open")
    async def _open(self, place: Place, record: bool, focus_links: bool = False) -> None:
        from judge.tui.service import FAILED

        app = self.japp
        lib = app.library
        view = await app.ask(lib.run(lambda: load_view(lib.kb_sync(), place.game, place.number,
                                                       place.lang, place.version)))
        main = self._part("#main", ClausePane)
        if main is None:        # the screen is being taken down (the app closing) while it loaded
            return
        self._hide_jump()
        if view is FAILED:
            return
        place = Place(place.game, view.clause.lang, place.version, view.clause.number)
        main.show(view)
        self._sync_tree(view.clause)
        if focus_links:
            main.query_one(OptionList).focus()
        if record:
            del self.history[self.position + 1:]
            if not self.history or self.history[-1] != place:
                self.history.append(place)
            self.position = len(self.history) - 1
        if self.has_class("side-by-side") and self.other_lang:
            await self._show_other(place)

    async def _show_other(self, place: Place) -> None:
        app = self.japp
        lib = app.library
        other = self._part("#other", ClausePane)
        if other is None:
            return
        try:
            view = await lib.run(lambda: load_view(lib.kb_sync(), place.game, place.number,
                                                   self.other_lang, place.version))
        except Exception as exc:
            other.show_message(f"§{place.number}: not in the {self.other_lang} text ({exc})")
            return
        other.show(view)

    def _sync_tree(self, clause: Any) -> None:
        """Put the tree's cursor on the clause's deepest section shown there (without opening it)."""
        tree = self._part("#sections", Tree)
        if tree is None:        # a clause loaded after the screen went away (the app closing)
            return
        wanted = [clause.number, *[number for number, _title in reversed(clause.breadcrumbs or [])]]
        by_number = {}
        stack = list(tree.root.children)
        while stack:
            node = stack.pop()
            by_number.setdefault(str(node.data), node)
            stack.extend(node.children)
        for number in wanted:
            node = by_number.get(str(number))
            if node is not None:
                if node.parent is not None and not node.parent.is_expanded:
                    node.parent.expand()
                tree.move_cursor(node)
                return

    def current_place(self) -> Place | None:
        return self.history[self.position] if 0 <= self.position < len(self.history) else None

    # -- following links -----------------------------------------------------------------
    @on(OptionList.OptionSelected, ".links")
    def follow_link(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id and "|" in event.option.id:
            self.open_number(event.option.id.split("|", 1)[1])

    @on(Tree.NodeSelected, "#sections")
    def tree_selected(self, event: Tree.NodeSelected) -> None:
        if event.node.data:
            self.open_number(str(event.node.data), focus_links=False)

    def action_open_number(self, number: str) -> None:
        """Breadcrumb links call this."""
        self.open_number(number)

    def action_back(self) -> None:
        if self.position <= 0:
            self.notify("No earlier clause in the history", timeout=2)
            return
        self.position -= 1
        self._go(self.history[self.position])

    def action_forward(self) -> None:
        if self.position >= len(self.history) - 1:
            self.notify("Nothing to go forward to", timeout=2)
            return
        self.position += 1
        self._go(self.history[self.position])

    def _go(self, place: Place) -> None:
        app = self.japp
        if (place.game, place.lang, place.version) != (app.game, app.lang, app.version):
            app.set_document(place.game, place.lang, place.version)
            self.load_document(place.number)
            return
        self._open(place, False)

    def action_focus_tree(self) -> None:
        self.query_one("#sections", Tree).focus()

    # -- dialogs ---------------------------------------------------------------------------
    def action_jump(self) -> None:
        """Show the jump line above the footer (no dialog: the pane updates the moment Enter lands)."""
        jump = self.query_one("#jump", Input)
        jump.value = ""
        jump.placeholder = f"Jump to a clause of {self.japp.game}: 7-1-5-2, 7.1.5.2 or §7-1-5-2 (Esc cancels)"
        jump.display = True
        jump.focus()

    @on(Input.Submitted, "#jump")
    def jump_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        number = event.value.strip()
        if number:
            self.open_number(number)  # the jump line is hidden with the same repaint as the clause
        else:
            self._hide_jump()

    def _hide_jump(self) -> None:
        jump = self._part("#jump", Input)
        if jump is not None and jump.display:
            jump.display = False

    def _part(self, selector: str, kind: type[Any]) -> Any:
        """The screen's part, or None once the screen is detached or its children are being removed:
        a worker resuming after an await must not crash the closing app with NoMatches."""
        if not self.is_attached:
            return None
        return next(self.query(selector).results(kind), None)

    def on_key(self, event: Any) -> None:
        jump = self.query_one("#jump", Input)
        if event.key == "escape" and jump.display:
            event.stop()
            self._hide_jump()
            self.query_one("#main .links", OptionList).focus()

    def action_search(self) -> None:
        from judge.tui.search_screen import SearchScreen

        def done(hit: tuple[str, str | None, str] | None) -> None:
            if hit is None:
                return
            game, lang, number = hit
            app = self.japp
            if (game, lang) != (app.game, app.lang):
                app.set_document(game, lang, None, chosen=True)
                self.load_document(number)
            else:
                self.open_number(number)

        self.app.push_screen(SearchScreen(self.japp.game), done)

    def action_pick_document(self) -> None:
        from judge.tui.dialogs import PickDialog

        app = self.japp
        choices = [(f"{d.game}|{d.lang}|{d.version}",
                    f"{d.game:<6}{d.lang:<4}{d.version:<9}{d.title}{'' if d.current else '  (older)'}")
                   for d in self.documents]
        current = next((key for key in (c[0] for c in choices)
                        if key.startswith(f"{app.game}|{app.lang}|")), None)

        def done(key: str | None) -> None:
            if not key:
                return
            game, lang, version = key.split("|", 2)
            doc = next(d for d in self.documents if (d.game, d.lang, d.version) == (game, lang, version))
            app.set_document(game, lang, None if doc.current else version, chosen=True)
            self.history.clear()
            self.position = -1
            self.load_document()

        self.app.push_screen(PickDialog("Rules document (game · language · version)", choices, current),
                             done)

    def action_side_by_side(self) -> None:
        if not self.other_lang:
            self.notify(f"{self.japp.game} has one language only; side by side is for bs (ja + en)",
                        timeout=4)
            return
        self.toggle_class("side-by-side")
        place = self.current_place()
        if place and self.has_class("side-by-side"):
            self._open(place, False)

    async def action_copy(self) -> None:
        from judge.tui.service import FAILED

        app = self.japp
        place = self.current_place()
        if place is None:
            self.notify("No clause in view to cite", severity="warning")
            return
        line = await app.ask(app.library.kb("citation", place.game, place.number, lang=place.lang,
                                            version=place.version))
        if line is FAILED:
            return
        app.copy_to_clipboard(line)
        # OSC 52 is silently ignored by some terminals: always show the line so it can be copied by hand.
        self.notify(line, title="Citation sent to the clipboard (OSC 52)", timeout=15)

    def action_diff(self) -> None:
        from judge.tui.dialogs import PickDialog
        from judge.tui.diff_screen import DiffScreen

        app = self.japp
        versions = [d for d in self.documents if d.game == app.game and d.lang == app.lang]
        if len(versions) < 2:
            self.notify(f"Only one version of the {app.game} {app.lang} rules is stored: nothing to compare",
                        timeout=4)
            return
        versions.sort(key=lambda d: getattr(d, "order", 0))
        newest = next((d for d in versions if d.current), versions[-1])
        def opened(number: str | None) -> None:
            if number:
                if app.version not in (None, newest.version):
                    app.set_document(app.game, app.lang, None)
                    self.load_document(number)
                else:
                    self.open_number(number)

        if len(versions) == 2:
            older = next(d for d in versions if d is not newest)
            self.app.push_screen(DiffScreen(app.game, older.version, newest.version), opened)
            return
        choices = [(d.version, f"{d.version}  {d.date}") for d in versions if d is not newest]

        def done(version: str | None) -> None:
            if version:
                self.app.push_screen(DiffScreen(app.game, version, newest.version), opened)

        self.app.push_screen(PickDialog(f"Compare which version with {newest.version}?", choices), done)
