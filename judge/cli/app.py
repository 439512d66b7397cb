"""`judge` with no command starts the TUI; `judge web` serves the same app to a browser.

Textual and textual-serve are imported inside the functions: `judge rule …` never pays for them.
"""

from __future__ import annotations

import shlex
import sys

import click

from judge.cli.group import cli


def run_tui(game: str | None = None, lang: str | None = None) -> None:
    """Start the Textual app on `game`/`lang`, or on the last ones used, or on bss."""
    from judge.tui.service import Library
    from judge.tui.settings import resolve_start

    library = Library()
    library.warm_up()  # the knowledge base opens on its thread while Textual is imported
    from judge.tui.app import JudgeApp

    start_game, start_lang = resolve_start(game, lang)
    JudgeApp(start_game, start_lang, library=library).run()


@cli.command("web")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (0.0.0.0 to serve the event's local network).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535),
              help="TCP port to listen on.")
@click.option("--public-url", default=None,
              help="The URL browsers use to reach this server, when it differs from http://HOST:PORT.")
@click.pass_context
def web(ctx: click.Context, host: str, port: int, public_url: str | None) -> None:
    """Serve the judge's terminal in a web browser (textual-serve), for phones and tablets.

    Each browser tab gets its own session of the same app `judge` starts in a terminal.

    Example: judge web --host 0.0.0.0 --port 8765
    """
    from textual_serve.server import Server

    parent = ctx.parent.params if ctx.parent else {}
    command = [sys.executable, "-m", "judge"]
    for option in ("game", "lang"):
        if parent.get(option):
            command += [f"--{option}", str(parent[option])]
    if parent.get("db"):
        command[3:3] = ["--db", str(parent["db"])]
    click.echo(f"judge web: serving on http://{host}:{port} (ctrl+c stops)", err=True)
    Server(shlex.join(command), host=host, port=port, title="judge", public_url=public_url).serve()
