"""`judge term`, `judge search`, `judge card` and `judge step FILE` answered without click or the
other commands.

Like `judge rule` (judge.cli.quick), these are the lookups a judge runs between games: they start
here, on a database known to be current, with the plain forms only (words, `--game G` / `-g G`,
the game first as in `judge term bss Armor`), and print the lines `judge.cli.answers` gives, the
same the click commands print. Anything else — another option, an error of any kind (the long way
words it, repairs a damaged database, says what was meant) — returns None before printing a line,
and `judge.cli.main` takes the long way.

`judge step FILE` (no option) resolves the scenario and prints the trace `judge.engine.output.to_text`
gives, as the click command does; any error returns None before printing, and the long way runs it
again to word the error (or repair the database) exactly as it always has.
"""

from __future__ import annotations

import sys

# typing is not imported at run time: this module is on the quick lookup path
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

COMMANDS = ("term", "search", "card", "step")
GAMES = ("bss", "bs", "fftcg")


def _options(args: list[str]) -> tuple[list[str], str | None] | None:
    """The words and the --game of a plain command line; None for anything else."""
    words: list[str] = []
    game = None
    it = iter(args)
    for a in it:
        if a in ("--game", "-g"):
            game = next(it, None)
            if game is None or game.lower() not in GAMES:
                return None
            game = game.lower()
        elif a.startswith("-") and not a[1:2].isdigit():
            return None
        else:
            words.append(a)
    return (words, game) if words else None


def _current_kb() -> Any | None:
    """The knowledge base, when the database is current and clean (the quick `judge rule` checks)."""
    from judge import store
    from judge.cli.quick import _db_path, _leftovers, _rules_dir
    from judge.rules.sources import source_stamp

    path, rules = _db_path(), _rules_dir()
    if path is None or rules is None or _leftovers(path):
        return None
    try:
        conn = store.open_current(path, source_stamp(rules, path))
    except OSError:
        return None
    if conn is None:
        return None
    conn.close()
    from judge.rules.kb import KB

    return KB(path)


def _term_rulings(kb: Any) -> Any:
    """Term rulings read on the knowledge base's own connection, as `judge rule` reads clause
    rulings (judge.cards.rulings.term_rulings makes sure of the card tables first: the long way)."""
    from judge import store
    from judge.cards.ruling_rows import ruling_from_row
    from judge.rules.terms import norm, stem

    try:
        if store.records_hash(kb.conn) is None:        # no card and ruling tables yet: the long way
            return None                                 # (term_rulings) builds them first
    except Exception:
        return None

    def rulings_of(game: str, words: list[str]) -> list:
        keys = list(dict.fromkeys(k for w in words for k in (stem(norm(w)), norm(w)) if k))
        return [ruling_from_row(r) for r in store.linked_rulings(kb.conn, game, "term", keys)]

    return rulings_of


def _answer(command: str, words: list[str], game: str | None) -> Any:
    from judge import limits
    from judge.cli import answers

    for i, w in enumerate(words):
        limits.check_arg(w, f"argument {i + 2} of the command line")
    if command == "card":
        if len(words) != 1:
            return None
        return answers.card_answer(words[0], game)
    kb = _current_kb()
    if kb is None:
        return None
    game, rest = answers.leading_game(kb, tuple(words), game)
    text = " ".join(rest)
    if command == "term":
        return answers.term_answer(kb, limits.check_arg(text, "the term"), game, _term_rulings(kb))
    return answers.search_answer(kb, limits.check_query(text, "the search query"), game, None, 20)


def step(args: list[str]) -> int | None:
    """`judge step FILE`: print the trace and return its exit code, or None for the long way."""
    import os

    if len(args) != 1 or args[0].startswith("-") or os.path.isdir(args[0]):
        return None                     # options, several files or a folder: click words them
    from judge import limits

    try:
        limits.check_arg(args[0], "argument 2 of the command line")
        from judge.engine.output import to_text
        from judge.engine.scenario import load_scenario, run_scenario

        result = run_scenario(load_scenario(args[0]))
        text = to_text(result)
    except KeyboardInterrupt:           # as the long way exits on Ctrl-C
        return 130
    except Exception:                   # any error: the long way says it in one line (and repairs what it can)
        return None
    notices = sys.modules.get("judge.dbfiles")
    try:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
    except BrokenPipeError:             # `judge step FILE | head`
        return 0
    for line in notices.take_notices() if notices else []:
        sys.stderr.write(f"judge: {line}\n")
    return 0 if result.ok else 1


def fast(args: list[str]) -> int | None:
    """Print the answer and return its exit code, or None to let the click command answer."""
    if not args or args[0] not in COMMANDS:
        return None
    if args[0] == "step":
        return step(args[1:])
    opts = _options(args[1:])
    if opts is None:
        return None
    if args[0] == "card" and _current_kb() is None:
        return None
    try:
        got = _answer(args[0], *opts)
    except Exception:                # any error (a damaged file, a bad byte): the long way words it
        return None                  # in one line and repairs what it can; this path only reads
    if got is None:
        return None
    notices = sys.modules.get("judge.dbfiles")        # what a rebuild on the way had to say
    err = [f"judge: {line}" for line in (notices.take_notices() if notices else [])] + got.err
    try:
        if got.out:
            sys.stdout.write("\n".join(got.out) + "\n")
            sys.stdout.flush()
    except BrokenPipeError:                            # `judge card cloud | head`
        return 0
    if err:
        sys.stderr.write("\n".join(err) + "\n")
    return got.code


__all__ = ["COMMANDS", "fast"]
