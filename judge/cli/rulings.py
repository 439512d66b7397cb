"""`judge rulings import / search / show / replace / links`: the publishers' official rulings, in the
user's database.

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


def _linked() -> None:
    """The rulings' card-ability links made current (judge.engine.ruling_links) before they are read."""
    from judge.engine.ruling_links import ensure_card_links

    ensure_card_links()


@cli.group("rulings")
def rulings_group() -> None:
    """Official rulings (Q&A, FAQ): import them, search them, show one, mark one replaced. They stay
    in your database only.

    Example: judge rulings search "Immortal destroyed"
    """


def _report(got, file: str) -> None:
    """What an import did, in a judge's words."""
    if got.already:
        click.echo(f"{file} is already imported (import {got.already}, same content): nothing changed")
        return
    if got.format == "replacements" or (got.marked and not got.count):
        if got.marked:
            click.echo(f"marked {got.marked} {got.game} ruling(s) replaced")
        else:
            click.echo("every replacement in it is already recorded: nothing changed")
        return
    if not got.count:
        click.echo(f"every ruling in {file} is already stored ({got.present}): nothing changed")
        return
    click.echo(f"found {got.format_name} in {file}")
    click.echo(f"imported {got.count} {got.game} ruling(s) from {file}, checked against rules "
               f"{got.rules_version or '(no rules document)'}")
    if got.repeats:
        click.echo(f"{got.repeats} record(s) repeat an earlier ruling of the file word for word: kept once")
    if got.present:
        click.echo(f"{got.present} ruling(s) were already stored from another import: kept as they were")
    if got.truncated:
        click.echo(f"{got.truncated} ruling(s) are marked truncated in the file: shown as truncated")
    if got.marked:
        click.echo(f"marked {got.marked} earlier ruling(s) replaced by rulings of this file")
    if got.unknown_cards:
        shown = ", ".join(got.unknown_cards[:12]) + (" …" if len(got.unknown_cards) > 12 else "")
        click.echo(f"kept {len(got.unknown_cards)} card number(s) the card database does not know yet: {shown}")


@rulings_group.command("import")
@click.argument("file", type=InputFile(limits.RULINGS_FILE))
@click.option("--game", "-g", type=GAME_CHOICE, default=None,
              help="Game the rulings are for (default: from the format; the Saga Q&A is bss).")
@click.option("--title", default="", help="Where the publisher printed them (when the file does not say).")
@click.option("--url", default="", help="The page they were published on (when the file does not say).")
@click.option("--date", default="", help="When they were published, YYYY-MM-DD (when the file does not say).")
def rulings_import(file: Path, game: str | None, title: str, url: str, date: str) -> None:
    """Import an official rulings file, its format detected: the Saga card Q&A (`Card No.`, `Card
    Name`, `Question`, `Answer`), the Saga keyword Q&A (`Card Effects`, `Question`, `Answer`), the
    FFTCG FAQ (`code`, `ruling`, `source_title`, `source_url`, `opus`), or replacement marks
    (`replaces`, `by`). All or nothing; importing the same file again changes nothing. Each ruling
    keeps its source and the rules version it was checked against, and is linked to the clauses it
    is about (docs/rulings.md).

    Example: judge rulings import ../shared/corpus/fftcg-faq.json
    """
    from judge.cards.rulings import import_rulings
    from judge.cli.cards import link_after_import

    _report(import_rulings(file, game, title=title, url=url, date=date), str(file))
    link_after_import()


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

    _linked()
    hits = search_rulings(text, game, limit)
    if as_json:
        _json([{**h["ruling"].to_json(), "snippet": h["snippet"]} for h in hits])
        return
    if not hits:
        click.echo(f"judge: no ruling matches {text!r}", err=True)
        raise SystemExit(1)
    for h in hits:
        r = h["ruling"]
        flags = "".join((" [replaced]" if r.replaced else "", " [truncated]" if r.truncated else ""))
        click.echo(f"{r.label():<40} {' '.join(h['snippet'].split())}{flags}")
        click.echo(f"{'':<40} — {r.source_title or Path(r.source).name}")


@rulings_group.command("show")
@click.argument("ruling")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def rulings_show(ruling: str, as_json: bool) -> None:
    """One ruling in full (by its number here, or its key), with its source and the clauses it is
    linked to.

    Example: judge rulings show 12
    """
    from judge.cards.rulings import ruling_by_ref
    from judge.cli.cards import _ruling_lines

    _linked()
    r = ruling_by_ref(ruling)
    if as_json:
        _json(r.to_json())
        return
    for line in _ruling_lines([r]):
        click.echo(line)
    click.echo(f"    key: {r.key} (how the links table and replacements name it)")


@rulings_group.command("replace")
@click.argument("ruling")
@click.option("--by", "by", required=True,
              help="What replaced it: ruling:N (a later ruling, by number or key), erratum:WHAT, or rules:VERSION.")
@click.option("--date", default="", help="When it was replaced, YYYY-MM-DD (default: today).")
@click.option("--note", default="", help="Why, in a few words.")
def rulings_replace(ruling: str, by: str, date: str, note: str) -> None:
    """Mark a ruling replaced by a later ruling, an erratum or a new rules version. It is kept and
    shown as replaced, after the current rulings; the mark is stored like an import, so it survives
    every rebuild, and giving it again changes nothing.

    Example: judge rulings replace 12 --by rules:1.8.0 --date 2025-06-01 --note "Armor rewritten"
    """
    from judge.cards.rulings import replace_ruling
    from judge.cli.cards import link_after_import

    got = replace_ruling(ruling, by, date, note)
    link_after_import()
    if got.marked:
        click.echo(f"ruling {ruling} is marked replaced ({by})")
    else:
        click.echo(f"ruling {ruling} was already marked replaced by {by}: nothing changed")


@rulings_group.command("links")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def rulings_links(as_json: bool) -> None:
    """How many clauses list official rulings, per game and per kind of link (scenario cite, the
    ruling's words, its card's abilities).

    Example: judge rulings links
    """
    from judge.cards.ruling_links import HOW_SHOWN
    from judge.cards.rulings import link_counts

    _linked()
    got = link_counts()
    if as_json:
        _json(got)
        return
    if not got:
        click.echo("no ruling is linked to a clause yet (judge rulings import FILE)")
        return
    for r in got:
        how = "any kind" if r["how"] == "any" else HOW_SHOWN.get(r["how"], r["how"])
        click.echo(f"  {r['game']:<6} {how:<14} {r['clauses']:>4} clause(s) list {r['rulings']} ruling(s)")
