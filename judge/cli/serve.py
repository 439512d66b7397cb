"""`judge serve`: Datasette over a snapshot, read-only (optional extra: pip install '.[serve]')."""

from __future__ import annotations

import signal
import sys
import tempfile
from pathlib import Path

import click

from judge.cli.group import cli


def _check_snapshot(path: Path) -> None:
    """Only a judge snapshot is served: a YAML file or another SQLite file is refused in words, and
    so is a live database (it may change under the server, which reads it as immutable)."""
    from judge import store
    from judge.errors import BadInput

    with open(path, "rb") as fh:
        head = fh.read(16)
    if head != b"SQLite format 3\x00":
        raise BadInput(f"{path} is not a judge database (not an SQLite file); make a snapshot with "
                       "`judge snapshot FILE` and serve that")
    if store.meta_value(path, "complete") != "1" or store.meta_value(path, "schema") is None:
        raise BadInput(f"{path} is an SQLite file but not a judge database; make a snapshot with "
                       "`judge snapshot FILE` and serve that")
    if not store.is_snapshot(path):
        raise BadInput(f"{path} is a judge database but not a snapshot (it may change while served); "
                       f"make one with `judge --db {path} snapshot FILE` and serve that")


def _exit_on_term(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


@cli.command("serve")
@click.option("--snapshot", type=click.Path(dir_okay=False, exists=True, path_type=Path), default=None,
              help="Serve this snapshot (default: make one of the database on start).")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8001, show_default=True, type=click.IntRange(1, 65535), help="TCP port.")
@click.option("--allow-sql", is_flag=True,
              help="Also answer arbitrary read-only SQL (?sql=), bounded in time, rows and bytes; off by default.")
def serve_cmd(snapshot: Path | None, host: str, port: int, allow_sql: bool) -> None:
    """Serve the rules, cards and rulings over HTTP for bots and many judges (Datasette, read-only),
    with canned queries rule, term, search, card and card_rulings. Every answer is bounded (1,000
    rows, 4 MB, 2 s of SQL); each address has at most 4 canned queries and 1 other request
    running, and 32 waiting.

    Example: judge serve --port 8001 && curl 'http://127.0.0.1:8001/judge/rule.json?game=bss&number=7-1-5-2'
    """
    try:
        import uvicorn

        from judge.serve import make_app
    except ImportError as exc:
        from judge.errors import BadInput

        raise BadInput(f"judge serve needs the optional extra ({exc.name} is missing): "
                       "pip install 'judge[serve]' (or '.[serve]' from the repository)") from None
    if snapshot is not None:
        _check_snapshot(snapshot)
    # SIGTERM ends the process through Python's exit, so the temporary snapshot is removed (uvicorn
    # re-raises the signal it caught once it has shut down: this handler then takes it)
    previous = signal.signal(signal.SIGTERM, _exit_on_term)
    try:
        with tempfile.TemporaryDirectory(prefix="judge-serve-") as tmp:
            if snapshot is None:
                from judge.doctor import make_snapshot

                snapshot = Path(tmp) / "judge.db"
                make_snapshot(snapshot)
            app = make_app(snapshot, allow_sql=allow_sql).app()
            click.echo(f"judge serve: {snapshot} on http://{host}:{port}/{snapshot.stem} (ctrl+c stops)"
                       + ("; arbitrary SQL allowed" if allow_sql else ""), err=True)
            uvicorn.run(app, host=host, port=port, log_level="warning")
    finally:
        signal.signal(signal.SIGTERM, previous)
    sys.stdout.flush()
