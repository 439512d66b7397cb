"""Card text parsed once: results kept in the database, so a card already read loads no grammar.

`parse_cached(text, game, name=…, lexicon=…)` gives exactly what `judge.text.parse.parse_text`
gives. It looks the text up first in this process, then in the database's `ast_cache` table
(judge.store), keyed by

- the text key: a hash of the game, the text, the card's own name and everything else the parse
  reads besides the text (the lexicon in use: families, card names, keywords, Jobs, Categories;
  without one, the shipped samples and the card database's version the default lexicon is read
  from), so the same words read against other lists are another entry;
- the grammar version: a hash of the grammar files, of every module of `judge.text` (the
  transformers, the AST classes, this cache's own JSON form), the card reader that builds the
  default lexicon, and the Lark release. Any change to them makes every stored result unreachable
  (and the first write after it drops the old version's rows).

Only on a miss is the text parsed (Lark loaded, on first use in the process) and the result
written through: best effort, a short wait for another writer, any failure ignored (a read-only
snapshot, a busy or damaged file: the command goes on with the fresh parse). Stored results are
JSON (judge.text.ast_json) and come back as the same frozen dataclasses.

`JUDGE_AST_CACHE=0` in the environment turns the database part off (every text is parsed; the
in-process memory stays).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from functools import cache, lru_cache
from pathlib import Path

# typing is not imported at run time: this module is on the quick lookup path
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from judge.text.lexicon import Lexicon
    from judge.text.parse import ParseResult

#: Code outside `judge/text` whose change changes a parse (the default lexicon is read through it).
_OTHER_CODE: tuple[str, ...] = ()   # code outside judge/text that decides a parse (none: the lexicon reads plain records)

_MEMORY: dict[tuple[str, str, str], Any] = {}
_MEMORY_SIZE = 4096
_PRUNED: set[tuple[str, str, str]] = set()


def enabled() -> bool:
    """Whether stored results are read and written (`JUDGE_AST_CACHE=0` turns it off)."""
    return os.environ.get("JUDGE_AST_CACHE", "1").strip().lower() not in ("0", "off", "no", "false")


@cache
def grammar_version() -> str:
    """A hash of everything that decides what a text parses to, bar the text and its context: the
    grammar files, the `judge.text` package, the card reader, the Lark release (its version line)."""
    return digest_files(version_files())


def version_files() -> list[Path]:
    """The files `grammar_version` hashes: grammar/*.lark, judge/text/**/*.py (transformers, AST,
    this cache and its JSON form), the card reader of the default lexicon, Lark's `__init__`."""
    import importlib.util

    from judge.paths import grammar_dir

    package = Path(__file__).resolve().parent                        # judge/text
    files = sorted(grammar_dir().glob("*.lark")) + sorted(package.rglob("*.py"))
    files += [package.parent / rel for rel in _OTHER_CODE]
    spec = importlib.util.find_spec("lark")
    if spec is not None and spec.origin:
        files.append(Path(spec.origin))
    return files


def digest_files(files: list[Path]) -> str:
    """One hash of the names and contents of files (a missing one counts as missing)."""
    digest = hashlib.sha256()
    for f in files:
        try:
            data = f.read_bytes()
        except OSError:
            data = b"<missing>"
        digest.update(f"{f.name}:{len(data)}:".encode() + data)
    return digest.hexdigest()[:32]


@lru_cache(maxsize=16)
def _lexicon_digest(lexicon: Lexicon) -> str:
    """The words of a lexicon (identity-hashed, so computed once per lexicon object)."""
    words = [sorted(lexicon.families), sorted(lexicon.names), sorted(lexicon.keywords), sorted(lexicon.jobs),
             sorted(lexicon.categories)]
    return hashlib.sha256(json.dumps(words, ensure_ascii=False).encode()).hexdigest()


@cache
def _default_lexicon_digest() -> str:
    """What `judge.text.lexicon.default_lexicon` is read from: the shipped sample cards (hashing the
    files is cheap; reading them as cards is not) and the card database's version (its records hash)."""
    from judge.paths import cards_dir

    digest = hashlib.sha256(b"default-lexicon:")
    for f in sorted(cards_dir().glob("*.yaml")):
        digest.update(f.name.encode() + b"\0" + f.read_bytes())
    digest.update(b"\0db:" + (_records_hash() or "").encode())
    return digest.hexdigest()


def _records_hash() -> str | None:
    """The card database's records hash (None: no database, or unreadable)."""
    from judge import store

    path = _db_path(None)
    if path is None or not path.is_file():
        return None
    try:
        conn = store.connect(path)
        try:
            return store.cards_hash(conn)
        finally:
            conn.close()
    except Exception:  # damaged or locked: the samples alone key the default lexicon
        return None


def text_key(text: str, game: str, name: str | None = None, lexicon: Lexicon | None = None) -> str:
    """The key of a text's parse: a hash of the game, text, own name and the lists read besides."""
    lex = _lexicon_digest(lexicon) if lexicon is not None else _default_lexicon_digest()
    payload = json.dumps([game, name or "", text, lex], ensure_ascii=False)
    return hashlib.sha256(payload.encode()).hexdigest()


def parse_card(card: Any, lexicon: Lexicon | None = None) -> ParseResult:
    """The parsed abilities of a card record (anything with `text`, `game` and `name`, such as a
    `judge.cards.model.Card`): `parse_cached` of its text under its own name."""
    return parse_cached(card.text or "", card.game, name=card.name, lexicon=lexicon)


def parse_cached(text: str, game: str, *, name: str | None = None, lexicon: Lexicon | None = None,
                 db_path: Path | str | None = None) -> ParseResult:
    """`parse_text(text, game, name=name, lexicon=lexicon)`, read from the store when this text
    was parsed before with this grammar version (see the module docstring)."""
    return parse_many([(text, name)], game, lexicon=lexicon, db_path=db_path)[0]


def parse_many(items: Sequence[tuple[str, str | None]], game: str, *, lexicon: Lexicon | None = None,
               db_path: Path | str | None = None) -> list[ParseResult]:
    """`parse_cached` for many (text, own name) pairs of one game: one read and one write."""
    texts = [("" if t is None else str(t), n) for t, n in items]
    version = grammar_version()
    keys = [text_key(t, game, n, lexicon) for t, n in texts]
    out: list[Any] = [_MEMORY.get((game, k, version)) for k in keys]
    missing = [i for i, r in enumerate(out) if r is None]
    path = _db_path(db_path) if missing and enabled() else None
    if path is not None:
        for i, result in _read(path, game, [keys[i] for i in missing], version, missing).items():
            out[i] = result
    fresh: list[tuple[str, str]] = []
    for i in [i for i in missing if out[i] is None]:
        out[i] = _parse(texts[i][0], game, texts[i][1], lexicon)
        if path is not None:
            stored = _encoded(out[i])
            if stored is not None:
                fresh.append((keys[i], stored))
    if fresh and path is not None:
        _write(path, game, fresh, version)
    for k, r in zip(keys, out, strict=True):
        _remember((game, k, version), r)
    return out


def _parse(text: str, game: str, name: str | None, lexicon: Lexicon | None) -> ParseResult:
    from judge.text.parse import parse_text

    return parse_text(text, game, name=name, lexicon=lexicon)


def _db_path(db_path: Path | str | None) -> Path | None:
    """The database to keep results in: the one given, else the one in use (JUDGE_DB / default)."""
    if db_path is not None:
        return Path(db_path)
    from judge.paths import default_db_path

    try:
        return default_db_path()
    except OSError:
        return None


def _read(path: Path, game: str, keys: list[str], version: str, where: list[int]) -> dict[int, Any]:
    """Stored results of these keys, by the caller's index; a row that does not decode is a miss."""
    from judge import store
    from judge.text.ast_json import decode

    got = store.ast_cache_get(path, game, keys, version)
    out: dict[int, Any] = {}
    for i, key in zip(where, keys, strict=True):
        text = got.get(key)
        if text is None:
            continue
        try:
            out[i] = decode(text)
        except (ValueError, TypeError, KeyError, RecursionError):   # damaged or foreign: parse again
            continue
    return out


def _encoded(result: Any) -> str | None:
    from judge.text.ast_json import NotStorable, encode

    try:
        return encode(result)
    except (NotStorable, ValueError, RecursionError):
        return None


def _write(path: Path, game: str, rows: list[tuple[str, str]], version: str) -> bool:
    """Write through, best effort; the first write of a process for a grammar version also drops
    the game's rows of other versions (they can never be read again)."""
    from judge import store

    mark = (str(path), game, version)
    done = store.ast_cache_put(path, game, rows, version, prune=mark not in _PRUNED)
    if done:
        _PRUNED.add(mark)
    return done


def _remember(key: tuple[str, str, str], result: Any) -> None:
    if len(_MEMORY) >= _MEMORY_SIZE:
        _MEMORY.clear()
    _MEMORY[key] = result


def forget() -> None:
    """Empty this process's memory of results (the store is untouched): tests, benchmarks."""
    _MEMORY.clear()
    _PRUNED.clear()
    for cached in (grammar_version, _default_lexicon_digest):
        getattr(cached, "cache_clear", lambda: None)()


__all__ = ["enabled", "forget", "grammar_version", "parse_cached", "parse_many", "text_key"]
