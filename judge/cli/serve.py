"""`judge serve`: Datasette over a snapshot, read-only (optional extra: pip install '.[serve]')."""

from __future__ import annotations

import tempfile
from pathlib import Path

import click

from judge.cli.group import cli


@cli.command("serve")
@click.option("--snapshot", type=click.Path(dir_okay=False, exists=True, path_type=Path), default=None,
              help="Serve this snapshot (default: make one of the database on start).")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8001, show_default=True, type=click.IntRange(1, 65535), help="TCP port.")
def serve_cmd(snapshot: Path | None, host: str, port: int) -> None:
    """Serve the rules, cards and rulings over HTTP for bots and many judges (Datasette, read-only),
    with canned queries rule, term, search, card and card_rulings.

    Example: judge serve --port 8001 && curl 'http://127.0.0.1:8001/judge/rule.json?game=bss&number=7-1-5-2'
    """
    try:
        import uvicorn

        from judge.serve import make_app
    except ImportError as exc:
        from judge.errors import BadInput

        raise BadInput(f"judge serve needs the optional extra ({exc.name} is missing): "
                       "pip install 'judge[serve]' (or '.[serve]' from the repository)") from None
    with tempfile.TemporaryDirectory(prefix="judge-serve-") as tmp:
        if snapshot is None:
            from judge.doctor import make_snapshot

            snapshot = Path(tmp) / "judge.db"
            make_snapshot(snapshot)
        app = make_app(snapshot).app()
        click.echo(f"judge serve: {snapshot} on http://{host}:{port}/{snapshot.stem} (ctrl+c stops)", err=True)
        uvicorn.run(app, host=host, port=port, log_level="warning")
