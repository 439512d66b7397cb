"""`judge parse`, `judge card`, `judge cards …`, `judge deck check`: thin shells over judge.cards
and judge.text (library imports inside each command, so other commands never load Lark)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from judge.cli import cli
from judge.errors import BadInput

GAME_CHOICE = click.Choice(["bss", "bs", "fftcg"])


def _json(obj) -> None:
    click.echo(json.dumps(obj, ensure_ascii=False, indent=2))


def _result_json(result, game: str) -> dict:
    from judge.text.ast import to_json
    from judge.text.links import cites

    return {"abilities": [to_json(a, lambda n: cites(n, game)) for a in result.abilities],
            "unparsed": [{"start": u.start, "end": u.end, "text": u.text, "expected": list(u.expected)}
                         for u in result.unparsed]}


def _print_result(result, game: str) -> None:
    from judge.text.render import node_lines

    for i, ability in enumerate(result.abilities, 1):
        click.echo(f"ability {i}: {ability.text}")
        for line in node_lines(ability, game, 1):
            click.echo(line)
    for u in result.unparsed:
        click.echo(f"unparsed {u.start}-{u.end}: {u.text}")
        if u.expected:
            click.echo(f"  expected: {', '.join(u.expected)}")


@cli.command("parse")
@click.argument("text")
@click.option("--game", "-g", type=GAME_CHOICE, required=True, help="Game whose templating the text uses.")
@click.option("--json", "as_json", is_flag=True, help="Print {abilities, unparsed} as JSON.")
def parse_cmd(text: str, game: str, as_json: bool) -> None:
    """Parse card text into its effect AST, each node with the clauses it invokes.

    One ability per line (use a real newline or the two characters \\n between abilities).
    Exits 1 when part of the text could not be parsed (and says which part, and what was expected).

    Example: judge parse "[LV1][LV2] When Summoned: Draw a card." --game bss
    """
    from judge.cards.db import card_lexicon
    from judge.text.parse import parse_text

    result = parse_text(text.replace("\\n", "\n"), game, lexicon=card_lexicon(game))
    if as_json:
        _json(_result_json(result, game))
    else:
        _print_result(result, game)
    if result.unparsed:
        if not as_json:
            click.echo(f"judge: {len(result.unparsed)} part(s) of the text could not be parsed", err=True)
        sys.exit(1)


def _card_summary(card) -> list[str]:
    lines = [f"{card.number}  {card.name}  ({card.game}, {card.type})"]
    facts = []
    if card.colors:
        facts.append("colour " + "/".join(card.colors))
    if card.cost is not None:
        facts.append(f"cost {card.cost}")
    if card.reduction:
        facts.append("reduction " + "/".join(card.reduction))
    if card.symbols:
        facts.append("symbols " + "/".join(card.symbols))
    if card.power is not None:
        facts.append(f"power {card.power}")
    if card.rarity:
        facts.append(f"rarity {card.rarity}")
    if card.block:
        facts.append(f"block {card.block}")
    if facts:
        lines.append("  " + ", ".join(facts))
    if card.levels:
        lines.append("  levels " + ", ".join(f"LV{lv} {c} core(s) {bp} BP" if bp is not None else f"LV{lv} {c} core(s)"
                                             for lv, (c, bp) in sorted(card.levels.items())))
    for label, values in (("families", card.families), ("job", card.job), ("category", card.category),
                          ("flags", card.flags)):
        if values:
            lines.append(f"  {label}: " + ", ".join(values))
    return lines


@cli.command("card")
@click.argument("query")
@click.option("--game", "-g", type=GAME_CHOICE, default=None, help="Only this game's cards.")
@click.option("--json", "as_json", is_flag=True, help="Print the card, its abilities and cites as JSON.")
def card_cmd(query: str, game: str | None, as_json: bool) -> None:
    """Look a card up by number or (fuzzy) name: its data, text, abilities and their clauses.

    Example: judge card "Blaze Drake" --game bs
    """
    from judge.cards.db import card_lexicon, find_card

    card = find_card(query, game)
    result = card.parse(card_lexicon(card.game))
    if as_json:
        _json({"card": card.to_dict(), **_result_json(result, card.game)})
        return
    for line in _card_summary(card):
        click.echo(line)
    click.echo("")
    click.echo(card.text or "(no text)")
    click.echo("")
    _print_result(result, card.game)


@cli.group("cards")
def cards_group() -> None:
    """Card database: import card files, search, measure grammar coverage.

    Example: judge cards search "destroy" --game bss
    """


@cards_group.command("import")
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--game", "-g", type=GAME_CHOICE, default=None, help="Game of the cards (default: from the file).")
@click.option("--format", "fmt", type=click.Choice(["yaml", "bssdb", "fftcg"]), default=None,
              help="File format (default: detected).")
def cards_import(file: Path, game: str | None, fmt: str | None) -> None:
    """Import a card file into the database (all or nothing; kept for rebuilds).

    Example: judge cards import my-cards.yaml --game bs
    """
    from judge.cards.db import load_card_file

    cards = load_card_file(file, game, fmt)
    games = sorted({c.game for c in cards})
    click.echo(f"imported {len(cards)} card(s) ({', '.join(games)}) from {file}")


@cards_group.command("search")
@click.argument("query")
@click.option("--game", "-g", type=GAME_CHOICE, default=None, help="Only this game's cards.")
@click.option("--limit", default=20, show_default=True, help="At most this many cards.")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list of cards.")
def cards_search(query: str, game: str | None, limit: int, as_json: bool) -> None:
    """Full-text search over card names and text.

    Example: judge cards search "gale" --game bs
    """
    from judge.cards.db import search_cards

    found = search_cards(query, game, limit)
    if as_json:
        _json([c.to_dict() for c in found])
        return
    if not found:
        click.echo(f"judge: no card matches {query!r}", err=True)
        sys.exit(1)
    for c in found:
        first = (c.text.splitlines() or [""])[0]
        click.echo(f"{c.number:<14} {c.game:<5} {c.name}  — {first[:70]}")


@cards_group.command("coverage")
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--game", "-g", type=GAME_CHOICE, required=True, help="Game whose grammar to use.")
@click.option("--format", "fmt", type=click.Choice(["yaml", "bssdb", "fftcg"]), default=None,
              help="File format (default: detected).")
@click.option("--top", default=15, show_default=True, help="How many unparsed patterns to list.")
@click.option("--sets", default="", help="Count only cards of these sets (comma-separated).")
@click.option("--exclude-sets", default="", help="Leave out cards of these sets (comma-separated).")
@click.option("--json", "as_json", is_flag=True, help="Print the measures as JSON.")
def cards_coverage(file: Path, game: str, fmt: str | None, top: int, sets: str, exclude_sets: str,
                   as_json: bool) -> None:
    """Parse every card of a file (without importing it) and report how much the grammar reads
    and how much of it is fully typed (no part kept as text to re-read).

    Example: judge cards coverage cards/bs-samples.yaml --game bs --exclude-sets BSS05,BSS06
    """
    from judge.cards.coverage import coverage

    def _list(value: str) -> tuple[str, ...]:
        return tuple(s.strip() for s in value.split(",") if s.strip())

    report = coverage(file, game, fmt, top, sets=_list(sets), exclude_sets=_list(exclude_sets))
    if as_json:
        _json(report)
        return
    n, full = report["cards"], report["cards_fully_parsed"]
    a, a_ok = report["abilities"], report["abilities_fully_parsed"]
    click.echo(f"cards fully parsed:     {full}/{n} ({100 * full / max(n, 1):.1f}%)")
    click.echo(f"abilities fully parsed: {a_ok}/{a} ({100 * a_ok / max(a, 1):.1f}%)")
    t, a_t = report["cards_fully_typed"], report["abilities_fully_typed"]
    click.echo(f"cards fully typed:      {t}/{n} ({100 * t / max(n, 1):.1f}%)")
    click.echo(f"abilities fully typed:  {a_t}/{a} ({100 * a_t / max(a, 1):.1f}%)")
    click.echo(f"time: {report['seconds']:.2f}s")
    if report["top_unparsed"]:
        click.echo("most frequent unparsed patterns:")
        for t in report["top_unparsed"]:
            click.echo(f"  {t['count']:>4}  {t['pattern']}   e.g. {t['example'][:90]}")


@cli.group("deck")
def deck_group() -> None:
    """Decklists: check one against the game's deck-construction rules.

    Example: judge deck check my-deck.txt --game bss
    """


@deck_group.command("check")
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--game", "-g", type=GAME_CHOICE, required=True, help="Game (and so deck rules) to check against.")
@click.option("--json", "as_json", is_flag=True, help="Print the findings as JSON.")
def deck_check(file: Path, game: str, as_json: bool) -> None:
    """Check a decklist ("4 BSS01-001" or "3x 16-015H" per line): size, copies, legality, with clauses.

    Example: judge deck check my-deck.txt --game bs
    """
    from judge.cards.deck import check_deck

    if not file.is_file():
        raise BadInput(f"no such decklist file: {file}")
    report = check_deck(file, game)
    if as_json:
        _json(report.to_dict())
    else:
        for line in report.lines():
            click.echo(line)
    if not report.ok:
        sys.exit(1)
