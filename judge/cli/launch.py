"""`judge` with no command: the Textual app on this terminal.

Its own module so that the root command group (judge.cli.group) can start it without importing the
command modules that register themselves on that group (no import cycle), and Textual is imported
only when the app really starts: `judge rule …` never pays for it.
"""

from __future__ import annotations


def run_tui(game: str | None = None, lang: str | None = None) -> None:
    """Start the Textual app on `game`/`lang`, or on the last ones used, or on bss."""
    from judge.tui.service import Library
    from judge.tui.settings import DEFAULT_GAME, resolve_start

    library = Library()
    library.warm_up()  # the knowledge base opens on its thread while Textual is imported
    from judge.tui.app import JudgeApp

    start_game, start_lang = resolve_start(game, lang)
    JudgeApp(start_game, start_lang, library=library, remembered=not game and start_game != DEFAULT_GAME).run()
