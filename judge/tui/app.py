"""The judge's terminal: one Textual app with a Rules, a Cards and a Board screen.

The app owns what every screen shares: the library door (`Library`, one background thread), the
game / language / version in view, the keys that work everywhere, the help screen, the command
palette, the theme, and `ask()`, which turns every library error into a notification.
"""

from __future__ import annotations

from collections.abc import Awaitable, Iterable
from pathlib import Path
from typing import Any, ClassVar

from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen

from judge.errors import JudgeError
from judge.tui.commands import JudgeCommands
from judge.tui.service import FAILED, Library

SCREENS_IN_ORDER = ("rules", "cards", "board")


def _rules_screen() -> Screen:
    from judge.tui.rules_screen import RulesScreen

    return RulesScreen()


def _cards_screen() -> Screen:
    from judge.tui.cards_screen import CardsScreen

    return CardsScreen()


def _board_screen() -> Screen:
    from judge.tui.board_screen import BoardScreen

    return BoardScreen()


class JudgeApp(App[None]):
    """Rules browser, card lookup and board resolver for a judge at the table."""

    TITLE = "judge"
    SUB_TITLE = "rules judge assistant"
    MODES: ClassVar[dict[str, Any]] = {
        "rules": _rules_screen,
        "cards": _cards_screen,
        "board": _board_screen,
    }
    COMMANDS = App.COMMANDS | {JudgeCommands}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "show_screen('rules')", "Rules", tooltip="Browse the rules documents"),
        Binding("f2", "show_screen('cards')", "Cards", tooltip="Look up a card, its text and its AST"),
        Binding("f3", "show_screen('board')", "Board", tooltip="Set up a board and resolve actions"),
        Binding("g", "jump", "Jump", tooltip="Jump to a clause by number (7-1-5-2, 7.1.5.2, §7-1-5-2)"),
        Binding("question_mark", "help", "Help", key_display="?", tooltip="Every key, on one screen"),
        Binding("ctrl+t", "toggle_theme", "Theme", show=False, tooltip="Switch between the light and dark theme"),
        Binding("q", "request_quit", "Quit", tooltip="Leave judge (asks first when the board is unsaved)"),
        Binding("ctrl+q", "request_quit", "Quit", show=False, tooltip="Leave judge"),
    ]

    def __init__(self, game: str = "bss", lang: str | None = None, *, db_path: Path | None = None,
                 remember: bool = True, library: Library | None = None, remembered: bool = False) -> None:
        super().__init__()
        #: the game opened is the one remembered from the last session (said once, at start)
        self.remembered = remembered
        self.game = game
        self.lang = lang
        self.version: str | None = None
        self.remember = remember
        self.library = library or Library(db_path)
        self.theme = "textual-dark"
        self.board: Any = None            # the Board screen, once it has been opened

    # -- lifecycle ------------------------------------------------------------------------
    def on_mount(self) -> None:
        self.switch_mode("rules")
        if self.remembered:
            self.notify(f"Opened on {self.game}, the game you chose last time (d picks another document; "
                        f"judge --game GAME starts on one)", timeout=6)

    def on_unmount(self) -> None:
        self.library.close()

    # -- the one place library errors become notifications -----------------------------------
    async def ask(self, call: Awaitable[Any]) -> Any:
        """Await a library call; on failure notify the user and return FAILED (never raise).

        A screen's worker whose screen went away while the library worked (the judge switched
        screens, or quit) is cancelled here, not resumed on widgets that are gone."""
        try:
            result = await call
        except JudgeError as exc:
            self.notify(str(exc), title=exc.title, severity="error", timeout=8)
        except Exception as exc:  # a bug below the UI must not kill a judge's session
            self.log.error(f"library call failed: {exc!r}")
            self.notify(f"judge could not finish this ({exc or 'no details'}); the log has the details — "
                        "please report it", title="Something went wrong inside judge", severity="error",
                        timeout=10)
        else:
            _still_attached()
            return result
        return FAILED

    def set_document(self, game: str, lang: str | None, version: str | None = None, *, chosen: bool = False) -> None:
        """Change the document in view; a document the judge `chosen` (picked, searched into) is
        remembered for the next start. Opening on a game (`--game`, the last one) or following a
        link is not a choice: `judge --game fftcg` once must not open FFTCG next time."""
        self.game, self.lang, self.version = game, lang, version
        if self.remember and chosen:
            from judge.tui.settings import save_last

            save_last(game, lang)

    # -- actions that work everywhere --------------------------------------------------------
    async def action_show_screen(self, mode: str) -> None:
        if self.current_mode != mode:
            await self.switch_mode(mode)

    async def action_jump(self) -> None:
        await self.action_show_screen("rules")
        await self.screen.run_action("jump")

    def action_help(self) -> None:
        from judge.tui.help_screen import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_request_quit(self) -> None:
        """Quit; when the board has changes not saved to a file, ask first."""
        if self.board is None or not self.board.session.unsaved():
            self.exit()
            return
        from judge.tui.dialogs import PickDialog

        def done(choice: str | None) -> None:
            if choice == "quit":
                self.exit()

        self.push_screen(PickDialog("The board has changes that are not saved. Quit anyway?",
                                    [("stay", "Stay (then w saves the board)"), ("quit", "Quit without saving")],
                                    current="stay"), done)

    def action_toggle_theme(self) -> None:
        self.theme = "textual-light" if self.theme == "textual-dark" else "textual-dark"
        self.notify(f"Theme: {'light' if self.theme == 'textual-light' else 'dark'}", timeout=2)

    async def run_screen_action(self, mode: str, action: str) -> None:
        """Run a screen's action from anywhere (the command palette): show the screen, then act."""
        await self.action_show_screen(mode)
        await self.screen.run_action(action)

    # -- what the help screen and the command palette list (screens never import the app) --------
    def screen_bindings(self) -> dict[str, list[Binding]]:
        """Every screen's own bindings, by mode name (for the help screen and the palette)."""
        from judge.tui.board_screen import BoardScreen
        from judge.tui.cards_screen import CardsScreen
        from judge.tui.rules_screen import RulesScreen

        return {mode: list(Binding.make_bindings(cls.BINDINGS))
                for mode, cls in (("rules", RulesScreen), ("cards", CardsScreen), ("board", BoardScreen))}

    def app_bindings(self) -> list[Binding]:
        """The keys that work on every screen."""
        return list(Binding.make_bindings(self.BINDINGS))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("Toggle light/dark theme", "Switch between the light and dark theme",
                            self.action_toggle_theme)


__all__ = ["FAILED", "JudgeApp"]


def _still_attached() -> None:
    """Raise CancelledError (the worker ends as cancelled) when the node whose worker is running
    is no longer in the app (its screen removed, the app exiting)."""
    import asyncio

    from textual.worker import NoActiveWorker, get_current_worker

    try:
        node = get_current_worker().node
    except NoActiveWorker:
        return
    if not node.is_attached:
        raise asyncio.CancelledError

