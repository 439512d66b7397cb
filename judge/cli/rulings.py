"""`judge rulings import / search / show`: the publisher's official rulings, in the user's database.

Thin: parse arguments, call judge.cards.rulings, print. `--json` output is the contract
(`Ruling.to_json`, the same objects `judge card X --json` lists under "rulings").
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from judge import limits
from judge.cli.group import cli
from judge.cli.params import InputFile

GAME_CHOICE = click.Choice(["bss", "bs", "fftcg"])


def _json(obj) -> None:
    click.echo(json.dumps(obj, ensure_ascii=False, indent=2))


@cli.group("rulings")
def rulings_group() -> None:
    """Official rulings (Q&A): import them, search them, show one. They stay in your database only.

    Example: judge rulings search "Immortal destroyed"
    """


@rulings_group.command("import")
@click.argument("file", type=InputFile(limits.RULINGS_FILE))
@click.option("--game", "-g", type=GAME_CHOICE, default="bss", show_default=True, help="Game the rulings are for.")
def rulings_import(file: Path, game: str) -> None:
    """Import an official Q&A file: per card (`Card No.`, `Card Name`, `Question`, `Answer`) or per
    keyword (`Card Effects`, `Question`, `Answer`); all or nothing; each ruling linked to the
    clauses and keywords it mentions.

    Example: judge rulings import bss-qa-cards.json
    """
    from judge.cards.rulings import import_rulings

    got = import_rulings(file, game)
    click.echo(f"found {got.format_name} in {file}")
    click.echo(f"imported {got.count} {game} ruling(s) from {file}")
    if got.unknown_cards:
        shown = ", ".join(got.unknown_cards[:12]) + (" …" if len(got.unknown_cards) > 12 else "")
        click.echo(f"kept {len(got.unknown_cards)} card number(s) the card database does not know yet: {shown}")


@rulings_group.command("search")
@click.argument("text")
@click.option("--game", "-g", type=GAME_CHOICE, default=None, help="Only this game's rulings.")
@click.option("--limit", default=20, show_default=True, type=click.IntRange(1, 500), help="At most this many.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def rulings_search(text: str, game: str | None, limit: int, as_json: bool) -> None:
    """Full-text search over the rulings' questions, answers, card names and topics.

    Example: judge rulings search "destroyed when summoned" --game bss
    """
    from judge.cards.rulings import search_rulings

    hits = search_rulings(text, game, limit)
    if as_json:
        _json([{**h["ruling"].to_json(), "snippet": h["snippet"]} for h in hits])
        return
    if not hits:
        click.echo(f"judge: no ruling matches {text!r}", err=True)
        raise SystemExit(1)
    for h in hits:
        click.echo(f"{h['ruling'].label():<40} {' '.join(h['snippet'].split())}")


@rulings_group.command("show")
@click.argument("ruling_id", type=click.IntRange(1, 10**9))
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def rulings_show(ruling_id: int, as_json: bool) -> None:
    """One ruling in full, with the clauses and keywords it mentions.

    Example: judge rulings show 12
    """
    from judge.cards.rulings import ruling_by_id
    from judge.cli.cards import _ruling_lines

    r = ruling_by_id(ruling_id)
    if as_json:
        _json(r.to_json())
        return
    for line in _ruling_lines([r]):
        click.echo(line.removeprefix("  "))
