"""`judge snapshot FILE` and `judge doctor`: a read-only copy that travels, and the full check.

A snapshot is one consistent copy of the database (rules, cards, rulings) made with SQLite's
backup API, marked read-only: `judge --db FILE` reads it on a laptop without internet, and
`judge serve` serves it. `judge doctor` runs every check the fast start skips and repairs what
it finds by rebuilding from the sources and the stored imports.
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from judge.cli.group import cli


@cli.command("snapshot")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
def snapshot_cmd(file: Path) -> None:
    """Write a consistent, read-only copy of the database (rules, cards, rulings) to FILE.

    Example: judge snapshot venue.db && judge --db venue.db card "Blaze Drake"
    """
    from judge.doctor import make_snapshot

    info = make_snapshot(file)
    click.echo(f"wrote snapshot {file}: {info['documents']} rules document(s), {info['cards']} card(s), "
               f"{info['rulings']} ruling(s); read-only (use it with judge --db {file})")


@cli.command("doctor")
@click.option("--json", "as_json", is_flag=True, help="Print the findings as JSON.")
def doctor_cmd(as_json: bool) -> None:
    """Check the whole database (SQLite integrity, every full-text index, tables, row counts,
    stored imports and their copies) and repair what is damaged by rebuilding it from the sources
    and the stored imports. Exits 0 when nothing was wrong, 2 when something was repaired (each
    repair named), 1 when something could not be repaired or an import is lost.

    Example: judge doctor
    """
    from judge.doctor import doctor

    report = doctor()
    if as_json:
        click.echo(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        click.echo(f"database {report['database']}")
        for p in report["problems"]:
            click.echo(f"  problem: {p}")
        for s in report["stored_imports"]:
            click.echo(f"  stored import {s['file']}: {s['status']}")
        for line in report["repairs"]:
            click.echo(f"  repaired: {line}")
        for line in report["lost"]:
            click.echo(f"  LOST: {line}")
        if report["repaired"]:
            click.echo(f"  repaired: rebuilt from the sources and {report['replayed']} stored import(s)")
        for p in report["remaining"]:
            click.echo(f"  still wrong: {p}")
        click.echo("  ok" if report["sound"] else "  ok after repair" if report["ok"] else "  NOT ok")
    if not report["ok"]:
        raise SystemExit(1)
    if not report["sound"]:
        raise SystemExit(2)
