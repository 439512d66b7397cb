"""Loading the card-text grammars: one function, one cached parser per game and algorithm.

Grammars live in `grammar/*.lark` (found through `judge.paths.grammar_dir()`, so an installed
wheel finds them too) and are split by concern with `%import`: shared pieces sit in
`grammar/common.lark` and are imported relatively (`%import .common (count, ...)`), which
resolves beside the importing file and never collides with Lark's own `common` grammar.

Conventions every game grammar follows (the parse pipeline relies on them):
- start rule `line`: one whole ability line of the project's text convention;
- optional start rule `sentence`: one effect sentence, used only to localise what failed.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING, Any

from judge.errors import GrammarError, UnknownGame

if TYPE_CHECKING:
    from pathlib import Path

    from lark import Lark

    from judge.text.lark_speed import FastParser

#: game id → grammar file. Saga and Standard share the Battle Spirits templating.
GRAMMAR_FILES: dict[str, str] = {"bss": "bs.lark", "bs": "bs.lark", "fftcg": "fftcg.lark"}

#: Whether a failed line's expected terminals come from `judge.text.lark_speed.accepts` (a state-stack
#: replay) rather than Lark's slower `UnexpectedToken.accepts`; the benchmark and the equivalence
#: tests switch it off for a reference (see `use_fast`).
_FAST = [True]

#: The start rules a grammar may define, in the order the pipeline tries them.
START_RULES: tuple[str, ...] = ("line", "sentence", "label")


def grammar_file(game: str):
    """The grammar file of a game (raises UnknownGame for anything else)."""
    from judge.paths import grammar_dir

    try:
        name = GRAMMAR_FILES[game]
    except KeyError:
        raise UnknownGame(f"no card grammar for game {game!r}", hints=sorted(GRAMMAR_FILES)) from None
    return grammar_dir() / name


@cache
def start_rules(game: str) -> tuple[str, ...]:
    """Which of the conventional start rules (`line`, `sentence`) the game's grammar defines."""
    text = grammar_file(game).read_text(encoding="utf-8")
    found = tuple(r for r in START_RULES if re.search(rf"^[?!]?{r}\s*:", text, re.M))
    if "line" not in found:
        raise GrammarError(f"grammar {grammar_file(game).name} has no `line` start rule")
    return found


def load_parser(game: str, parser: str = "lalr") -> Lark:
    """The Lark parser for a game's card text (cached: building an LALR table is the slow part).

    `parser` is "lalr" (the production parser) or "earley" (the same grammar under Earley, for
    the benchmark's ratio). Positions are propagated so every AST node can carry its span.
    """
    return _game_parser(game, parser)


@cache
def _game_parser(game: str, parser: str) -> Lark:
    """`load_parser`, cached per game and algorithm."""
    path = grammar_file(game)
    if not path.is_file():
        raise GrammarError(f"grammar file {path.name} for game {game!r} is missing")
    return _load(str(path), parser, start_rules(game))


@cache
def load_fast(game: str) -> FastParser | None:
    """The fast driver of a game's LALR parser (judge.text.lark_speed): its tables are kept in the
    user cache dir beside Lark's, so a process whose lines all parse never loads Lark's parser.
    None when the parser is not of the shape the driver runs (then Lark parses every line)."""
    from judge.text.lark_speed import FastParser, tables_of

    path = grammar_file(game)
    if not path.is_file():
        raise GrammarError(f"grammar file {path.name} for game {game!r} is missing")
    tables_file = _cache_file(str(path), {**_options("lalr", start_rules(game)), "tables": _tables_version()},
                              suffix=".tables")
    tables = _read_tables(tables_file)
    if tables is None:
        try:
            tables = tables_of(load_parser(game))
        except ValueError:
            return None
        _write_cache(tables_file, tables)
    return FastParser(tables)


def _tables_version() -> str:
    """The driver's table layout and the code that makes and reads the tables (a change to either
    makes tables kept by an older version unreachable)."""
    import hashlib
    from pathlib import Path

    from judge.text.lark_speed import TABLES_FORMAT

    here = Path(__file__).resolve().parent
    digest = hashlib.sha256(str(TABLES_FORMAT).encode())
    for name in ("lark_speed.py", "lark_scan.py"):
        digest.update((here / name).read_bytes())
    return digest.hexdigest()[:16]


def _read_tables(tables_file: Path | None) -> dict | None:
    """Tables kept by an earlier process; None when absent, unreadable or not of this layout."""
    import pickle

    from judge.text.lark_speed import TABLES_FORMAT

    if tables_file is None:
        return None
    try:
        with open(tables_file, "rb") as fh:
            tables = pickle.load(fh)
    except Exception:  # absent, truncated, from another version: build them again
        return None
    needed = {"states", "starts", "ends", "rules", "lexer_of", "lexers"}
    if not isinstance(tables, dict) or tables.get("format") != TABLES_FORMAT or not needed <= tables.keys():
        return None
    return tables


def use_fast(on: bool) -> bool:
    """Switch the fast path (`judge.text.lark_speed`: the LALR driver, and the expected-terminal
    replay for failures) on or off; the previous setting. Off, every line is parsed and every
    failure reported exactly as Lark does it: the reference the benchmark and the equivalence tests
    compare against."""
    previous, _FAST[0] = _FAST[0], bool(on)
    return previous


def fast_enabled() -> bool:
    """Whether the fast path is on (it is unless `use_fast(False)` was called)."""
    return _FAST[0]


@cache
def _load(path: str, parser: str, starts: tuple[str, ...]) -> Lark:
    """One parser per grammar file and algorithm (Saga and Standard share theirs)."""
    from pathlib import Path

    from lark import Lark
    from lark.exceptions import GrammarError as LarkGrammarError
    from lark.exceptions import LarkError


    name = Path(path).name
    options = _options(parser, starts)
    cache_file = _cache_file(path, options) if parser == "lalr" else None
    cached = _read_cache(cache_file)
    if cached is not None:
        return cached
    from judge.progress import working

    working(f"building the parser for {name}, about half a minute")
    try:
        lark = Lark.open(path, **options)
    except (LarkGrammarError, LarkError, OSError) as exc:
        raise GrammarError(f"grammar {name} failed to load: {exc}") from exc
    _write_cache(cache_file, lark)
    return lark


def _options(parser: str, starts: tuple[str, ...]) -> dict:
    """Lark's options for a game grammar under `parser` (lalr | earley)."""
    from judge.paths import grammar_dir

    options: dict = {"parser": parser, "propagate_positions": True, "maybe_placeholders": False,
                     "start": list(starts), "import_paths": [grammar_dir()]}
    if parser == "lalr":
        options["lexer"] = "contextual"
    elif parser == "earley":
        options["lexer"] = "dynamic"
        options["ambiguity"] = "resolve"
    else:
        raise GrammarError(f"unknown parser algorithm {parser!r} (lalr or earley)")
    return options


def _cache_file(path: str, options: dict, suffix: str = ".lark") -> Path | None:
    """Where the built LALR tables of this grammar are kept between processes: the user cache dir,
    named by a hash of every grammar file, the options, the Lark release and the Python version
    (so two checkouts or two grammar versions never overwrite each other's); None if unavailable."""
    import hashlib
    import sys
    from pathlib import Path

    import lark

    try:
        from platformdirs import user_cache_dir

        folder = Path(user_cache_dir("judge", appauthor=False)) / "grammar"
        folder.mkdir(parents=True, exist_ok=True)
        digest = hashlib.sha256(f"{lark.__version__}|{sys.version_info[:2]}|{sorted(map(str, options.items()))}"
                                .encode())
        for f in sorted(Path(path).parent.glob("*.lark")):
            digest.update(f.name.encode() + b"\0" + f.read_bytes())
        return folder / f"{Path(path).stem}-{digest.hexdigest()[:20]}{suffix}.cache"
    except OSError:
        return None


def _read_cache(cache_file: Path | None) -> Lark | None:
    """The parser kept in `cache_file`; None when absent or unreadable (it is then built again)."""
    if cache_file is None:
        return None
    from lark import Lark

    try:
        with open(cache_file, "rb") as fh:
            return Lark.load(fh)
    except Exception:  # absent, truncated, from another Lark: build it again
        return None


def _write_cache(cache_file: Path | None, built: Any) -> None:
    """Keep a built parser (a Lark, or the fast driver's tables) for the next process: written
    beside its place and renamed into it (a reader never sees half a file); files of older grammar
    versions left for 3 days go. Best effort."""
    import contextlib
    import os
    import tempfile
    import time

    if cache_file is None:
        return
    with contextlib.suppress(Exception):
        fd, tmp = tempfile.mkstemp(prefix=".building-", dir=str(cache_file.parent))
        try:
            with os.fdopen(fd, "wb") as fh:
                if isinstance(built, dict):
                    import pickle

                    pickle.dump(built, fh, protocol=pickle.HIGHEST_PROTOCOL)
                else:
                    built.save(fh)
            os.replace(tmp, cache_file)
        finally:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        stem, kind = cache_file.name.split("-", 1)[0], cache_file.name.split(".", 1)[1]
        old = time.time() - 3 * 86400
        for other in cache_file.parent.glob(f"{stem}-*.{kind}"):
            with contextlib.suppress(OSError):
                if other != cache_file and other.stat().st_mtime < old:
                    other.unlink()


__all__ = ["GRAMMAR_FILES", "START_RULES", "fast_enabled", "grammar_file", "load_fast", "load_parser",
           "start_rules", "use_fast"]
