"""`judge web` serves the judge's terminal to a browser (`judge` with no command starts it here:
`judge.cli.launch`).

Textual and textual-serve are imported inside the functions: `judge rule …` never pays for them.
The server itself (token, Origin, session cap, file policy, clean stop) is `judge.web.server`.
"""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path

import click

from judge.cli.group import cli
from judge.cli.params import Count


def _public_url(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is None:
        return None
    from yarl import URL

    try:
        url = URL(value)
    except ValueError:
        url = None
    if url is None or url.scheme not in ("http", "https") or not url.host:
        raise click.BadParameter(f"{value[:80]!r} is not an http(s) address such as https://judge.example:8443")
    return value


@cli.command("web")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (0.0.0.0: every network of this machine, e.g. the event's).")
@click.option("--port", default=8000, show_default=True, type=Count(0, 65535),
              help="TCP port to listen on (0: any free port).")
@click.option("--public-url", default=None, callback=_public_url,
              help="The address browsers use to reach this server, when it differs from http://HOST:PORT "
                   "(a proxy, https).")
@click.option("--allow-files", "allow_files", default=None,
              type=click.Path(exists=True, file_okay=False, dir_okay=True, path_type=Path),
              help="Let sessions open, save, export and import files, only inside this folder.")
@click.option("--read-only", is_flag=True,
              help="Files off even on this machine's own address (the default beyond it).")
@click.option("--max-sessions", default=8, show_default=True, type=Count(1, 64),
              help="At most this many browser sessions (app processes) at once.")
@click.pass_context
def web(ctx: click.Context, host: str, port: int, public_url: str | None, allow_files: Path | None,
        read_only: bool, max_sessions: int) -> None:
    """Serve the judge's terminal to web browsers (phones, tablets), one app per browser tab.

    The first line printed is the address to open, with a random token: the server refuses every
    request without it, and every websocket not opened by the page it served. On 127.0.0.1 sessions
    may use files in the folder judge web starts in; on any other address files are off. Either
    way, --allow-files DIR confines them to DIR and --read-only turns them off. SIGINT or SIGTERM
    ends every session and stops the server.

    Example: judge web --host 0.0.0.0 --port 8765 --allow-files ~/rulings
    """
    from judge.access import Policy
    from judge.errors import BadInput
    from judge.web.server import JudgeWebServer, is_loopback

    if read_only and allow_files is not None:
        raise BadInput("choose one of --read-only and --allow-files")
    if allow_files is not None and not allow_files.is_dir():
        raise BadInput(f"--allow-files: {allow_files} is not a folder")
    if allow_files is not None:
        files = Policy(folder=Path(os.path.realpath(allow_files)))
    elif read_only or not is_loopback(host):
        files = Policy(off=True)
    else:
        files = Policy(folder=Path(os.path.realpath(os.getcwd())))
    parent = ctx.parent.params if ctx.parent else {}
    command = [sys.executable, "-m", "judge"]
    if parent.get("db"):
        command += ["--db", os.path.abspath(str(parent["db"]))]
    for option in ("game", "lang"):
        if parent.get(option):
            command += [f"--{option}", str(parent[option])]
    server = JudgeWebServer(shlex.join(command), host=host, port=port, public_url=public_url,
                            max_sessions=max_sessions, files=files)
    try:
        server.serve_announcing(lambda s: click.echo(
            f"judge web: open the address above (its token is the key); {files.describe()}; at most "
            f"{max_sessions} sessions; ctrl+c stops", err=True))
    except OSError as exc:
        raise BadInput(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
