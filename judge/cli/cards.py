"""`judge parse`, `judge card`, `judge cards …`, `judge deck check`: thin shells over judge.cards
and judge.text (library imports inside each command, so other commands never load Lark)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from judge import limits
from judge.cli.group import cli
from judge.cli.params import CARD_TEXT, RESULTS, Count, DataSource, InputFile
from judge.errors import BadInput, UnknownCard

GAME_CHOICE = click.Choice(["bss", "bs", "fftcg"])


def _json(obj) -> None:
    click.echo(json.dumps(obj, ensure_ascii=False, indent=2))


def _result_json(result, game: str) -> dict:
    from judge.text.ast import to_json
    from judge.text.links import cites
    # (contract: these two keys; the words not read are `unread` nodes in place in the abilities, and
    # unparsed spans too)
    return {"abilities": [to_json(a, lambda n: cites(n, game)) for a in result.abilities],
            "unparsed": [{"start": u.start, "end": u.end, "text": u.text, "expected": list(u.expected)}
                         for u in result.unparsed]}


def _print_result(result, game: str, name: str | None = None) -> None:
    from judge.cli.card_lines import parse_lines

    for line in parse_lines(result, game, name):
        click.echo(line)


@cli.command("parse")
@click.argument("text", type=CARD_TEXT)
@click.option("--game", "-g", type=GAME_CHOICE, required=True, help="Game whose templating the text uses.")
@click.option("--json", "as_json", is_flag=True, help="Print {abilities, unparsed} as JSON.")
def parse_cmd(text: str, game: str, as_json: bool) -> None:
    """Parse card text into its effect AST, each node with the clauses it invokes.

    One ability per line (use a real newline or the two characters \\n between abilities).
    Exits 1 when part of the text could not be parsed (and says which part, and what was expected).

    Example: judge parse "[LV1][LV2] When Summoned: Draw a card." --game bss
    """
    from judge.text.parse import parse_text

    if not text.strip():
        raise BadInput('nothing to parse: give the card text in quotes, e.g. judge parse "Draw 1 card." --game fftcg')
    text = text.replace("\\n", "\n")
    result = parse_text(text, game, lexicon=_own_words(text, game))
    if as_json:
        _json(_result_json(result, game))
    else:
        _print_result(result, game)
    if result.unparsed:
        if not as_json:
            click.echo(f"judge: {len(result.unparsed)} part(s) of the text could not be parsed", err=True)
        sys.exit(1)


def _own_words(text: str, game: str) -> Any:
    """The words a text given alone is read against: the database's, and for Battle Spirits the spirit
    types it names in a type's place (BSS 2-5, `judge.text.lexicon.named_families`), as the coverage
    reads a card file; None (the database's) for FFTCG, whose Jobs and names come marked."""
    if game not in ("bss", "bs"):
        return None
    from judge.text.lexicon import Lexicon, default_lexicon

    return default_lexicon().merged(Lexicon.from_cards([{"text": text}]))


def _card_summary(card) -> list[str]:
    from judge.cli.answers import card_summary

    return card_summary(card)


def _clause_refs(r) -> str:
    from judge.cli.answers import clause_refs

    return clause_refs(r)


def _ruling_lines(rulings) -> list[str]:
    from judge.cli.answers import ruling_lines

    return ruling_lines(rulings)


def emit(answer) -> None:
    """Print an Answer (judge.cli.answers) and exit with its code when it is not 0."""
    for line in answer.out:
        click.echo(line)
    for line in answer.err:
        click.echo(line, err=True)
    if answer.code:
        sys.exit(answer.code)


def link_after_import() -> None:
    """The rulings' card-ability links, made now if they can be: the import itself has landed, so a
    failure here (another process swapping the database in) must not make the command run again;
    the next command that shows rulings makes them (judge.engine.ruling_links)."""
    import contextlib

    from judge.engine.ruling_links import ensure_card_links
    from judge.errors import JudgeError

    with contextlib.suppress(JudgeError):
        ensure_card_links()


def _rulings_of_an_unknown_card(number: str, game: str | None, as_json: bool) -> bool:
    """A card number the card database lacks but official rulings are about: show those rulings
    (they are kept, not dropped). False when there are none, so the lookup's error stands."""
    from judge.cards.model import GAMES
    from judge.cards.rulings import card_rulings

    found = [r for g in ([game] if game else GAMES) for r in card_rulings(g, " ".join(number.split()))]
    if not found:
        return False
    if as_json:
        _json({"card": None, "number": found[0].card_number, "rulings": [r.to_json() for r in found]})
        return True
    click.echo(f"{found[0].card_number} is not in the card database (import its set to see the card); "
               f"the official rulings about it are kept:")
    click.echo(f"\n{rulings_heading(found)}")
    for line in _ruling_lines(found):
        click.echo(line)
    return True


def rulings_heading(rulings) -> str:
    from judge.cli.answers import rulings_heading as heading

    return heading(rulings)


@cli.command("card")
@click.argument("query")
@click.option("--game", "-g", type=GAME_CHOICE, default=None, help="Only this game's cards.")
@click.option("--json", "as_json", is_flag=True, help="Print the card, its abilities, cites and rulings as JSON.")
def card_cmd(query: str, game: str | None, as_json: bool) -> None:
    """Look a card up by number or (fuzzy) name: its data, text, abilities and their clauses, and
    the official rulings about it (once imported with `judge rulings import`), current ones first,
    each with its source and the clauses it is linked to. A card number the pool lacks still shows
    the rulings kept about it.

    Example: judge card "Blaze Drake" --game bs
    """
    from judge.cards.db import lookup_card
    from judge.cards.rulings import card_rulings
    from judge.cli.answers import card_answer, several_answer
    from judge.cli.card_lines import card_support
    from judge.engine.ruling_links import ensure_card_links
    from judge.errors import SeveralCards
    from judge.text.cache import parse_card

    ensure_card_links()
    try:
        if not as_json:
            emit(card_answer(query, game))
            return
        card = lookup_card(query, game).card
    except SeveralCards as exc:
        if as_json:
            _json({"several": [{"game": g, "number": n, "name": name} for g, n, name in exc.cards]})
        hint = several_answer(exc)
        if as_json:
            hint.out = []               # the list went out as JSON; the one-line hint to stderr
        emit(hint)
        return
    except UnknownCard:
        if not _rulings_of_an_unknown_card(query, game, as_json):
            raise
        return
    result = parse_card(card)
    _json({"card": card.to_dict(), **_result_json(result, card.game),
           "support": [s.to_json() for s in card_support(card)],
           "rulings": [r.to_json() for r in card_rulings(card.game, card.number)]})


class _Bar:
    """A progress bar on stderr (drawn only on a terminal), fed (done, total) by the library."""

    def __init__(self, label: str) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, DownloadColumn, MofNCompleteColumn, Progress, TextColumn

        self.label = label
        self.bytes = "download" in label
        counter = DownloadColumn() if self.bytes else MofNCompleteColumn()
        self.progress = Progress(TextColumn("{task.description}"), BarColumn(), counter,
                                 console=Console(stderr=True), transient=True)
        self.task = None

    def __call__(self, done: int, total: int | None = None) -> None:
        if not self.progress.console.is_terminal:
            return                          # a pipe or a log: no bar, no stray lines
        if self.task is None:
            self.progress.start()
            self.task = self.progress.add_task(self.label, total=total)
        self.progress.update(self.task, completed=done, total=total)

    def __enter__(self) -> _Bar:
        return self

    def __exit__(self, *exc) -> None:
        if self.task is not None:
            self.progress.stop()


@cli.group("cards", invoke_without_command=True)
@click.option("--json", "as_json", is_flag=True, help="With no subcommand: the summary as JSON.")
@click.pass_context
def cards_group(ctx: click.Context, as_json: bool) -> None:
    """Card database: what it holds (with no subcommand), import, update, search, coverage.

    Example: judge cards search "destroy" --game bss
    """
    if ctx.invoked_subcommand is not None:
        return
    from judge.cards.db import card_sources

    info = card_sources()
    if as_json:
        _json(info)
        return
    for line in sources_lines(info):
        click.echo(line)


def sources_lines(info: dict) -> list[str]:
    """What `judge cards` and `judge games` print about the card pool and its sources."""
    out = []
    for c in info["cards"]:
        out.append(f"  {c['game']:<6} {c['cards']:>5} card(s)  from {c['source']}")
    for e in info["imports"]:
        what = "card" if e["kind"] == "cards" else e["kind"][:-1] if e["kind"].endswith("s") else e["kind"]
        out.append(f"  import {e['seq']}: {e['records']} {what}(s) ({e['format']}) from {e['source']}, "
                   f"{e['fetched'] or 'undated'}")
    unknown = info.get("rulings_unknown_cards") or []
    out.append(f"  {info['rulings']} official ruling(s)"
               + (f", {info['rulings_card_unknown']} about cards not in the database" if info["rulings_card_unknown"]
                  else "")
               + (f" ({', '.join(unknown[:12])}{' …' if len(unknown) > 12 else ''}: judge card NUMBER shows them)"
                  if unknown else ""))
    for name in info["skipped"]:
        out.append(f"  stored import {name} is damaged and was skipped (judge doctor; import it again)")
    return ["cards:", *out]


@cards_group.command("import")
@click.argument("source", type=DataSource(limits.CARD_FILE))
@click.option("--game", "-g", type=GAME_CHOICE, default=None, help="Game of the cards (default: from the file).")
@click.option("--format", "fmt", type=click.Choice(["yaml", "bssdb", "fftcg", "fftcg-official"]), default=None,
              help="File format (default: detected and named).")
def cards_import(source: str, game: str | None, fmt: str | None) -> None:
    """Import cards from a file, a folder of per-card files, a zip or an http(s) URL: the format is
    detected and named; all or nothing; kept for rebuilds.

    Example: judge cards import my-cards.yaml --game bs
    """
    from judge.cards.db import import_cards

    with _Bar(f"reading {Path(source).name or source}") as bar:
        got = import_cards(source, game, fmt, progress=bar)
    games = sorted({c.game for c in got.cards})
    click.echo(f"found {got.format_name} ({got.format}) in {source}")
    click.echo(f"imported {len(got.cards)} card(s) ({', '.join(games)}) from {source}")
    link_after_import()                 # rulings kept about these cards: linked by their abilities


@cards_group.command("update")
@click.argument("game", type=click.Choice(["fftcg"]))
@click.option("--set", "sets", multiple=True, help="Only this set (repeat for several; default: every set).")
@click.option("--url", default=None, help="The card browser's endpoint (default: the official one).")
@click.option("--timeout", default=30.0, show_default=True, type=click.FloatRange(1, 600),
              help="Seconds to wait for an answer.")
@click.option("--retries", default=3, show_default=True, type=click.IntRange(0, 10),
              help="Tries again after a timeout, a dropped connection or a 5xx/429 answer.")
def cards_update(game: str, sets: tuple[str, ...], url: str | None, timeout: float, retries: int) -> None:
    """Fetch the whole card pool from the official card browser and store it as one import (all or
    nothing; the publisher's current text, errata included; replaces the previous update).

    Example: judge cards update fftcg
    """
    from judge.cards.update import ENDPOINT, Policy, update_fftcg

    policy = Policy(timeout=timeout, attempts=retries + 1)
    with _Bar("download" if not sets else "sets") as fetched, _Bar("checking records") as converted:
        got = update_fftcg(url or ENDPOINT, sets, policy=policy, fetched=fetched, converted=converted)
    click.echo(f"updated {game}: {len(got.cards)} card(s) from {got.source} on {got.fetched}")
    link_after_import()


@cards_group.command("search")
@click.argument("query")
@click.option("--game", "-g", type=GAME_CHOICE, default=None, help="Only this game's cards.")
@click.option("--limit", default=20, show_default=True, type=RESULTS, help="At most this many cards.")
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
    from judge.cards.markup import readable

    for c in found:
        first = (readable(c.text).splitlines() or [""])[0]
        click.echo(f"{c.number:<14} {c.game:<5} {c.name}  — {first[:70]}")


@cards_group.command("coverage")
@click.argument("file", type=DataSource(limits.CARD_FILE))
@click.option("--game", "-g", type=GAME_CHOICE, required=True, help="Game whose grammar to use.")
@click.option("--format", "fmt", type=click.Choice(["yaml", "bssdb", "fftcg", "fftcg-official"]), default=None,
              help="File format (default: detected).")
@click.option("--top", default=15, show_default=True, type=Count(0, limits.MAX_RESULTS),
              help="How many unparsed patterns to list.")
@click.option("--sets", default="", help="Count only cards of these sets (comma-separated).")
@click.option("--exclude-sets", default="", help="Leave out cards of these sets (comma-separated).")
@click.option("--json", "as_json", is_flag=True, help="Print the measures as JSON.")
def cards_coverage(file: Path, game: str, fmt: str | None, top: int, sets: str, exclude_sets: str,
                   as_json: bool) -> None:
    """Parse every card of a file (without importing it) and report how much the grammar reads
    and how much of it is fully typed (no part kept as text to re-read).

    Example: judge cards coverage cards/bs-samples.yaml --game bs --exclude-sets BSS05,BSS06
    """
    from judge.engine.coverage import coverage

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
    x, a_x = report["cards_executed"], report["abilities_executed"]
    click.echo(f"cards executed:         {x}/{n} ({100 * x / max(n, 1):.1f}%)")
    click.echo(f"abilities executed:     {a_x}/{a} ({100 * a_x / max(a, 1):.1f}%)")
    click.echo(f"abilities read in part: {report['abilities_unread']} (each with words not read: never counted "
               "as parsed)")
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
@click.argument("file", type=InputFile(limits.DECKLIST))
@click.option("--game", "-g", type=GAME_CHOICE, required=True, help="Game (and so deck rules) to check against.")
@click.option("--date", default=None, help="Event date YYYY-MM-DD: the limited/banned list in force (default today).")
@click.option("--banlist", type=InputFile(limits.BANLIST), default=None,
              help="A limited/banned list file (default: cards/banlists/GAME.toml).")
@click.option("--json", "as_json", is_flag=True, help="Print the findings as JSON.")
def deck_check(file: Path, game: str, date: str | None, banlist: Path | None, as_json: bool) -> None:
    """Check a decklist ("4 BSS01-001", "3x 16-015H", "Blaze Drake x3" per line): size, copies,
    limited/banned cards, legality, with clauses.

    Example: judge deck check my-deck.txt --game bs
    """
    from judge.cards.deck import check_deck

    if not file.is_file():
        raise BadInput(f"no such decklist file: {file}")
    limits.check_decklist(limits.read_bytes(file, limits.DECKLIST).decode("utf-8", "replace"), str(file))
    if banlist is not None:
        limits.check_nesting(limits.read_bytes(banlist, limits.BANLIST).decode("utf-8", "replace"), str(banlist))
    report = check_deck(file, game, on=date, banlist=banlist)
    if as_json:
        _json(report.to_dict())
    else:
        for line in report.lines():
            click.echo(line)
    if not report.ok:
        sys.exit(1)
