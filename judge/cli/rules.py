"""Rules commands: games, rule, rules dump/check/import, search, term, diff.

Thin: parse arguments, call judge.rules.kb, print. Plain text goes through click.echo (rich is not
needed for this and would cost startup time); `--json` output is the stable contract.
"""

from __future__ import annotations

import json
import textwrap
import unicodedata
from pathlib import Path

import click

from judge import limits
from judge.cli.clause_text import doc_line, rule_lines, wrap
from judge.cli.group import cli
from judge.cli.params import QUERY, RESULTS, InputFile, Text

CLAUSE_NUMBER = Text("the clause number", limits.check_digits)


def _kb():
    from judge.rules.kb import open_kb

    return open_kb()

def _json(obj) -> None:
    click.echo(json.dumps(obj, ensure_ascii=False, indent=2))

@cli.command("games")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def games(as_json: bool) -> None:
    """List the stored rules documents (game, language, version, date, clause count).

    Example: judge games --json
    """
    docs = _kb().documents()
    if as_json:
        _json([d.to_json() for d in docs])
        return
    for d in docs:
        mark = "*" if d.current else " "
        click.echo(f"{mark} {d.game:<6} {d.lang}  {d.version:<8} {d.date or 'undated':<10} "
                   f"{d.clauses:>4} clauses  {d.title}")
    click.echo("(* = current version, cited by default)")
    from judge.cards.db import card_sources
    from judge.cli.cards import sources_lines

    for line in sources_lines(card_sources()):
        click.echo(line)

@cli.command("rule")
@click.argument("game")
@click.argument("number", type=CLAUSE_NUMBER)
@click.option("--lang", default=None, help="Language (bs: ja default, en, or both).")
@click.option("--version", "version", default=None, help="Document version (default: current).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option("--cite", is_flag=True, help="Print one pasteable citation line.")
@click.option("--only", is_flag=True, help="The clause alone, without its sub-clauses.")
@click.option("--history", is_flag=True, help="Trace the clause through every stored version.")
def rule(game: str, number: str, lang: str | None, version: str | None, as_json: bool, cite: bool,
         only: bool, history: bool) -> None:
    """Show clause NUMBER of GAME with its context, sub-clauses and links.

    Tolerates 7.1.5.2, §7-1-5-2 and trailing dots.

    Example: judge rule bss 7-1-5-2
    """
    kb = _kb()
    if lang and lang.lower() == "both":
        if cite:
            for lg in sorted({d.lang for d in kb.documents() if d.game == game.lower()}, reverse=True):
                click.echo(kb.citation(game, number, lg))
            return
        _rule_both(kb, game, number, version, as_json, only)
        return
    doc = kb.document(game, lang, version)
    if history:
        entries = kb.history(game, number, doc.lang)
        if as_json:
            _json({"game": doc.game, "lang": doc.lang, "number": kb.clause(game, number, doc.lang).number,
                   "versions": entries})
            return
        click.echo(f"History of {doc.game} §{kb.clause(game, number, doc.lang).number} ({doc.lang}):")
        for e in entries:
            click.echo(f"- {e['title']} {e['version']} ({e['date'] or 'undated'}): {e['status']}")
            if e["present"]:
                click.echo(textwrap.indent(wrap(e["diff"] or e["text"]), "    "))
            for ch in e["changelog"]:
                click.echo(f"    change log {ch['date']}: {ch['action']} {ch['number']}")
        return
    if cite:
        click.echo(kb.citation(game, number, doc.lang, doc.version))
        return
    clauses = [kb.clause(game, number, doc.lang, doc.version)] if only else \
        kb.subtree(game, number, doc.lang, doc.version)
    if as_json:
        obj = clauses[0].to_json()
        obj["document"] = {"title": doc.title, "version": doc.version, "date": doc.date}
        obj["citation"] = kb.citation(game, clauses[0].id, doc.lang, doc.version)
        obj["changes"] = [ch.to_json() for ch in kb.changes_for(game, clauses[0].id, doc.lang, doc.version)]
        if not only:
            obj["subclauses"] = [c.to_json() for c in clauses[1:]]
        from judge.cards.rulings import clause_rulings
        from judge.engine.ruling_links import ensure_card_links

        ensure_card_links(kb.path)
        obj["rulings"] = [r.to_json() for r in clause_rulings(kb.conn, doc.game, [c.number for c in clauses])]
        _json(obj)
        return
    changes = kb.changes_for(game, clauses[0].id, doc.lang, doc.version)
    from judge import store
    from judge.engine.ruling_links import ensure_card_links

    ensure_card_links(kb.path)           # the long way: ruling tables made current (the quick path reads them)
    rulings = store.clause_rulings(kb.conn, doc.game, [c.number for c in clauses])
    click.echo("\n".join(rule_lines(doc, clauses, changes, rulings)))

def _width(s: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in s)

def _cut(s: str, width: int) -> list[str]:
    """Wrap to a display width, counting East Asian wide characters as two columns."""
    out: list[str] = []
    for para in s.split("\n"):
        if not any(_width(ch) == 2 for ch in para):
            out += textwrap.wrap(para, width) or [""]
            continue
        cur = ""
        for ch in para:
            if _width(cur + ch) > width:
                out.append(cur)
                cur = ""
            cur += ch
        out.append(cur)
    return out

def _rule_both(kb, game: str, number: str, version: str | None, as_json: bool, only: bool) -> None:
    docs = sorted({d.lang for d in kb.documents() if d.game == game.lower()})
    if len(docs) < 2:
        from judge.errors import BadInput

        raise BadInput(f"--lang both needs a game with two languages; {game} has {', '.join(docs) or 'none'}",
                       hints=["bs"])
    langs = ["ja", "en"] if "ja" in docs else docs[:2]
    cols = []
    for lg in langs:
        d = kb.document(game, lg, version if lg == langs[0] else None)
        cl = [kb.clause(game, number, lg, d.version)] if only else kb.subtree(game, number, lg, d.version)
        cols.append((d, cl))
    if as_json:
        main = cols[0][1][0].to_json()
        main["translations"] = {d.lang: cl[0].to_json() for d, cl in cols[1:]}
        main["subclauses"] = {d.lang: [c.to_json() for c in cl[1:]] for d, cl in cols} if not only else {}
        _json(main)
        return
    half = 58
    for d, _ in cols:
        click.echo(doc_line(d))
    left = {c.id: c for c in cols[0][1]}
    right = {c.id: c for c in cols[1][1]}
    order = [c.id for c in cols[0][1]] + [c.id for c in cols[1][1] if c.id not in left]
    for cid in order:
        a = left.get(cid)
        b = right.get(cid)
        la = _cut(f"{cid} {a.text if a else '(missing in this language)'}", half)
        lb = _cut(f"{cid} {b.text if b else '(missing in this language)'}", half)
        click.echo("")
        for i in range(max(len(la), len(lb))):
            x = la[i] if i < len(la) else ""
            y = lb[i] if i < len(lb) else ""
            click.echo(x + " " * max(1, half - _width(x)) + " │ " + y)

@cli.group("rules")
def rules_group() -> None:
    """Whole documents: dump, anomaly report, import a new release.

    Example: judge rules check bss
    """

@rules_group.command("dump")
@click.argument("game")
@click.option("--lang", default=None, help="Language (default: the game's default).")
@click.option("--version", "version", default=None, help="Document version (default: current).")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON array of clause objects.")
def rules_dump(game: str, lang: str | None, version: str | None, as_json: bool) -> None:
    """Print every clause of a document, in order.

    Example: judge rules dump bss --json
    """
    kb = _kb()
    clauses = kb.dump(game, lang, version)
    if as_json:
        _json([c.to_json() for c in clauses])
        return
    click.echo(doc_line(kb.document(game, lang, version)))
    for c in clauses:
        click.echo(f"{c.id}  {' '.join(c.text.split())}")

@rules_group.command("check")
@click.argument("game", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def rules_check(game: str | None, as_json: bool) -> None:
    """Report what is odd in the source documents: repeats, gaps, splits, unattached lines,
    translation mismatches, alignment confidence of the older Saga text.

    Example: judge rules check bs --json
    """
    kb = _kb()
    found = kb.check(game)
    changes = kb.changes(game)
    from judge import store

    integrity = store.quick_check(kb.path)
    if as_json:
        _json({"database": str(kb.path), "integrity": integrity,
               "anomalies": [a.to_json() for a in found], "changes": [c.to_json() for c in changes]})
        return
    click.echo(f"database {kb.path}: integrity {integrity}")
    docs = [d for d in kb.documents() if not game or d.game == game.lower()]
    for d in docs:
        mine = [a for a in found if a.doc == d.key]
        click.echo(f"\n{doc_line(d)}: {d.clauses} clauses, {len(mine)} anomalies")
        if d.numbering == "unnumbered":
            conf = [c.confidence for c in kb.dump(d.game, d.lang, d.version)]
            if conf:
                low = sum(1 for x in conf if x < 0.85)
                click.echo(f"  aligned to numbered clauses: mean similarity {sum(conf) / len(conf):.3f}, "
                           f"{low} below 0.85")
        for a in mine:
            where = f"line {a.line}" if a.line else ""
            click.echo(f"  {a.kind:<15} {a.number or '-':<12} {where:<9} {a.message}")
        for c in (c for c in changes if c.doc == d.key):
            click.echo(f"  {'change log' if c.action != 'updated' else 'updated':<15} {c.number:<12} "
                       f"{('line ' + str(c.line)) if c.line else '':<9} {c.date or ''} {c.action}")

@rules_group.command("import")
@click.argument("file", type=InputFile(limits.RULES_DOCUMENT))
@click.option("--game", required=True, help="Game id: bss, bs or fftcg.")
@click.option("--version", "version", required=True, help="Version label of the new release.")
@click.option("--lang", required=True, help="Language: en or ja.")
@click.option("--title", default=None, help="Title (default: that of the game's current document).")
@click.option("--date", default="", help="Release date (YYYY-MM-DD).")
def rules_import(file: Path, game: str, version: str, lang: str, title: str | None, date: str) -> None:
    """Add a newer release of a game's rules document (atomic: a failure changes nothing).

    Example: judge rules import CR-1.8.0.txt --game bss --version 1.8.0 --lang en
    """
    from judge.rules.importer import import_document

    doc = import_document(file, game=game, version=version, lang=lang, title=title, date=date)
    click.echo(f"imported {file} as {doc_line(doc)}: {doc.clauses} clauses; now the current version")

def _leading_game(kb, words: tuple[str, ...], game: str | None) -> tuple[str | None, tuple[str, ...]]:
    from judge.cli.answers import leading_game

    return leading_game(kb, words, game)


@cli.command("search")
@click.argument("words", nargs=-1, required=True)
@click.option("--game", default=None, help="Only this game.")
@click.option("--lang", default=None,
              help="Only this language; both: the other language's clause of the same number beside each hit.")
@click.option("--limit", default=20, show_default=True, type=RESULTS, help="At most this many hits.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def search(words: tuple[str, ...], game: str | None, lang: str | None, limit: int, as_json: bool) -> None:
    """Search the rules text with a question or words (English or Japanese), best matches first.

    Words players use are found under the document's own ("untap" finds refresh); when no clause
    holds every word, the clauses holding most of them are listed, each with the words it holds.
    The game may also come first: `judge search bss can a tapped spirit block`.

    Example: judge search "can a tapped spirit block" --game bss
    """
    kb = _kb()
    game, words = _leading_game(kb, words, game)
    query = QUERY.convert(" ".join(words), None, click.get_current_context())
    both = bool(lang) and lang.lower() == "both"
    from judge.cli.answers import hit_line, search_answer
    from judge.cli.cards import emit

    if not both and not as_json:
        emit(search_answer(kb, query, game, lang, limit))
        return
    if both:
        _check_both(kb, game)
    hits = kb.search(query, game=game, lang=None if both else lang, limit=limit)
    beside = [_other_language(kb, h) for h in hits] if both else [None] * len(hits)
    if as_json:
        out = []
        for h, b in zip(hits, beside, strict=True):
            obj = h.to_json()
            if both:
                obj["translation"] = {k: getattr(b, k) for k in ("game", "lang", "version", "number", "id", "text")} \
                    if b else None
            out.append(obj)
        _json(out)
        return
    if not hits:
        emit(search_answer(kb, query, game, None, limit))
    if not any(h.all_words for h in hits):
        click.echo("No clause holds all the words of the question; these hold the most of them "
                   "(→ a synonym, ≈ part of a word):")
    for h, b in zip(hits, beside, strict=True):
        _side_by_side(hit_line(h), b)


def _check_both(kb, game: str | None) -> None:
    if game and len({d.lang for d in kb.documents() if d.game == game.lower()}) < 2:
        from judge.errors import BadInput

        kb.document(game)
        raise BadInput(f"--lang both needs a game with two languages; {game} has one", hints=["bs"])


def _other_language(kb, hit):
    """The clause of the same number in the game's other language (None: it has no other language)."""
    from judge.errors import UnknownRule

    other = sorted({d.lang for d in kb.documents() if d.game == hit.game and d.lang != hit.lang and d.current})
    if not other:
        return None
    try:
        return kb.clause(hit.game, hit.number, other[0])
    except UnknownRule:
        return None


def _side_by_side(line: str, clause) -> None:
    half = 58
    right = f"{clause.lang} {clause.number} {' '.join((clause.text or clause.title).split())}" if clause \
        else "(no clause of this number in the other language)"
    la, lb = _cut(line, half), _cut(right, half)
    for i in range(max(len(la), len(lb))):
        x = la[i] if i < len(la) else ""
        y = lb[i] if i < len(lb) else ""
        click.echo(x + " " * max(1, half - _width(x)) + " │ " + y)
    click.echo("")

@cli.command("term")
@click.argument("words", nargs=-1, required=True)
@click.option("--game", default=None, help="Only this game.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def term(words: tuple[str, ...], game: str | None, as_json: bool) -> None:
    """What a keyword or term is and what it does: the defining clause and the clauses under it,
    for every game that defines it (【Armor】, [Armor] and (Armor) are one keyword). The game may
    also come first (`judge term bss Armor`); a term of several words needs no quotes.

    Example: judge term Haste --game fftcg
    """
    kb = _kb()
    game, words = _leading_game(kb, words, game)
    word = limits.check_arg(" ".join(words), "the term")
    if not as_json:
        from judge.cli.answers import term_answer
        from judge.cli.cards import emit

        emit(term_answer(kb, word, game))
        return
    hits = kb.term(word, game=game)
    from judge.cards.rulings import term_rulings

    rulings = {h.game: term_rulings(h.game, [word, h.term]) for h in hits}
    _json([{**h.to_json(), "rulings": [r.to_json() for r in rulings.get(h.game, [])]} for h in hits])

@cli.command("diff")
@click.argument("game")
@click.argument("from_version")
@click.argument("to_version")
@click.option("--lang", default=None, help="Language (default: the game's default).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def diff(game: str, from_version: str, to_version: str, lang: str | None, as_json: bool) -> None:
    """Compare two versions of a game's rules: changed, added, removed, renumbered clauses.

    Example: judge diff bss bssdb 1.7.0
    """
    kb = _kb()
    d = kb.diff(game, from_version, to_version, lang)
    touched = [c["number"] for c in d["changed"]] + [c["number"] for c in d["removed"]] + \
        [c["from"] for c in d["renumbered"]]
    rulings = _rulings_about(kb, d["game"], touched)
    if as_json:
        _json({**d, "rulings": [{**r.to_json(), "changed_clauses": list(dict.fromkeys(n for n, _ in hit))} for r, hit in rulings]})
        return
    s = d["summary"]
    click.echo(f"{d['game']}/{d['lang']}: {d['from']['title']} {d['from']['version']} "
               f"({d['from']['date'] or 'undated'}) → {d['to']['version']} ({d['to']['date'] or 'undated'}): "
               f"{s['changed']} changed, {s['added'] - s['headings_added']} added, "
               f"{s['removed'] - s['headings_removed']} removed, {s['renumbered']} renumbered "
               f"(+ {s['headings_added']} section headings added, {s['headings_removed']} removed)")
    for c in d["changed"]:
        click.echo(f"\n~ {c['number']}\n" + textwrap.indent(wrap(c["diff"]), "    "))
    for c in d["added"]:
        if not c["heading"]:
            click.echo(f"\n+ {c['number']}  " + " ".join(c["text"].split())[:200])
    for c in d["removed"]:
        if not c["heading"]:
            click.echo(f"\n- {c['number']}  " + " ".join(c["text"].split())[:200])
    for c in d["renumbered"]:
        click.echo(f"\n> {c['from']} → {c['to']} ({c['similarity']:.0%} same)")
    for line in changed_ruling_lines(rulings):
        click.echo(line)


def _rulings_about(kb, game: str, numbers: list[str]) -> list:
    """The official rulings linked to these clauses (the record tables brought up to date first)."""
    from judge.cards.ruling_checks import rulings_about_changes
    from judge.engine.ruling_links import ensure_card_links

    if numbers:
        ensure_card_links(kb.path)
    return rulings_about_changes(kb.conn, game, numbers)


def changed_ruling_lines(rulings: list) -> list[str]:
    """`judge diff` and `judge step --recheck`: the rulings whose clauses changed, and how linked."""
    from judge.cards.ruling_links import HOW_SHOWN

    if not rulings:
        return []
    out = ["", f"Official rulings linked to clauses that changed ({len(rulings)}): recheck them"]
    for r, hit in rulings:
        hows: dict[str, list[str]] = {}
        for n, how in hit:
            hows.setdefault(n, []).append(HOW_SHOWN.get(how, how))
        refs = ", ".join(f"§{n} ({', '.join(h)})" for n, h in hows.items())
        out.append(f"  {r.label()}{' [replaced]' if r.replaced else ''}, checked against "
                   f"{r.rules_version or 'an unrecorded version'}: {refs}")
    return out


rules_group.add_command(diff, "diff")
