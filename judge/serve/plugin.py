"""The Datasette plugin: the project's own lookups as SQL functions on every connection.

`judge_search(q, game, lang, limit)`, `judge_term(word, game)` and `judge_card(q, game)` return
JSON arrays computed by the same library calls as `judge search`, `judge term` and `judge card`
(on the snapshot being served); `judge_clause_number(game, number)` normalises what a judge types
(`7.1.5.2`, `§7-1-5-2`); `judge_plain(text)` is card text as a judge reads it. An error (unknown term, no card) is an empty array: HTTP gets no rows,
as the CLI gets a one-line error.
"""

from __future__ import annotations

import json
import re
import sqlite3
import threading
import weakref
from pathlib import Path
from typing import Any

from datasette import hookimpl

SNAPSHOT: Path | None = None
_LOCAL = threading.local()


def _kb() -> Any:
    from judge.rules.kb import KB

    kb = getattr(_LOCAL, "kb", None)
    if kb is None or kb.path != SNAPSHOT:
        kb = _LOCAL.kb = KB(SNAPSHOT)
    return kb


def _safe(fn):
    def call(*args: Any) -> str:
        from judge.errors import JudgeError

        try:
            return json.dumps(fn(*args), ensure_ascii=False)
        except JudgeError:
            return "[]"
        except Exception:            # a bug: in the server's log, and the query fails (never a wrong answer)
            import sys
            import traceback

            traceback.print_exc(file=sys.stderr)
            raise

    return call


def judge_search(q: str | None, game: str | None, lang: str | None, limit: int | None) -> list[dict]:
    hits = _kb().search(q or "", game=game or None, lang=lang or None, limit=max(1, min(int(limit or 20), 100)))
    return [h.to_json() for h in hits]


def judge_term(word: str | None, game: str | None) -> list[dict]:
    return [h.to_json() for h in _kb().term(word or "", game=game or None)]


def judge_card(q: str | None, game: str | None) -> list[dict]:
    from judge.cards.db import _find

    kb = _kb()
    names = getattr(_LOCAL, "names", {})
    if (game or None) not in names:      # the snapshot never changes: read the names once per thread
        from judge import store

        names[game or None] = store.card_names(kb.conn, game or None)
        _LOCAL.names = names
    card = _find(kb.conn, " ".join(str(q or "").split())[:200], game or None, names[game or None])
    return [{"game": card.game, "number": card.number}]


def judge_clause_number(game: str | None, number: str | None) -> str | None:
    from judge.rules.numbers import normalize

    numbering = "dot" if (game or "").lower() == "fftcg" else "dash"
    return normalize(number or "", numbering)


#: the largest value (text or blob) any query may make: `zeroblob(300000000)` is refused by SQLite itself
MAX_VALUE_BYTES = 1024 * 1024
#: the largest answer one query may give (its values summed), said in words when exceeded
MAX_RESPONSE_BYTES = 4 * 1024 * 1024
#: columns of one result (a clause row has 11)
MAX_COLUMNS = 64
#: characters of one SQL text
MAX_SQL_CHARS = 20_000


class ResponseTooLarge(sqlite3.OperationalError):
    """An answer over MAX_RESPONSE_BYTES (Datasette shows it as the query's error)."""


def _bounded_rows(limit: int = MAX_RESPONSE_BYTES):
    """A row factory counting the bytes of each query's rows (a query is one cursor) and stopping
    the query, in words, once they pass `limit`: the time limit stops slow queries, this stops
    fast ones whose answer is huge (a thousand rows of a megabyte each)."""
    state: dict[str, Any] = {"cursor": None, "bytes": 0}

    def factory(cursor: sqlite3.Cursor, row: tuple) -> sqlite3.Row:
        ref = state["cursor"]
        if ref is None or ref() is not cursor:
            state["cursor"], state["bytes"] = weakref.ref(cursor), 0
        state["bytes"] += 16 + sum(len(v) if isinstance(v, str | bytes) else 8 for v in row)
        if state["bytes"] > limit:
            raise ResponseTooLarge(f"the answer is over {limit // (1024 * 1024)} MB, the most judge serve gives "
                                   "for one query; ask for fewer rows or columns")
        return sqlite3.Row(cursor, row)

    return factory


#: the widest field printf() may pad to (the value limit): SQLite pads one character at a time,
#: past the time limit's reach (`printf('%.*c', 400000000, 'x')` ran for 30 s and answered NULL)
MAX_PRINTF_WIDTH = MAX_VALUE_BYTES
_SPEC = re.compile(r"%[-+ 0#,!]*(\*|\d+)?(?:\.(\*|\d+))?(?:ll|l)?([a-zA-Z%])")
_PRINTF = threading.local()


def _printf(fmt: Any, *args: Any) -> Any:
    """SQLite's own printf, on a private connection, after refusing widths and precisions over
    MAX_PRINTF_WIDTH (written in the format or given by `*`)."""
    if not isinstance(fmt, str):
        fmt = "" if fmt is None else str(fmt)
    i = 0
    for m in _SPEC.finditer(fmt):
        if m.group(3) == "%":
            continue
        for part in m.group(1), m.group(2):
            if part == "*":
                value = args[i] if i < len(args) else 0
                i += 1
                n = abs(value) if isinstance(value, int) else 0
            else:
                n = int(part) if part else 0
            if n > MAX_PRINTF_WIDTH:        # its answer would pass the value limit: SQLite says so itself
                return "x" * (MAX_VALUE_BYTES + 1)
        i += 1
    conn = getattr(_PRINTF, "conn", None)
    if conn is None:
        conn = _PRINTF.conn = sqlite3.connect(":memory:", check_same_thread=False)
        conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE_BYTES)
    marks = ", ".join("?" * (len(args) + 1))
    return conn.execute(f"select printf({marks})", (fmt, *args)).fetchone()[0]


def bound(conn: sqlite3.Connection) -> None:
    """SQLite's own limits on one connection, and the answer-size count."""
    conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE_BYTES)
    conn.setlimit(sqlite3.SQLITE_LIMIT_COLUMN, MAX_COLUMNS)
    conn.setlimit(sqlite3.SQLITE_LIMIT_SQL_LENGTH, MAX_SQL_CHARS)
    conn.setlimit(sqlite3.SQLITE_LIMIT_ATTACHED, 0)
    conn.row_factory = _bounded_rows()
    for name in ("printf", "format"):
        conn.create_function(name, -1, _printf, deterministic=True)


#: the door's numbers, set by `judge.serve.make_app`
GATE: Any = None


@hookimpl
def asgi_wrapper(datasette: Any) -> Any:
    from judge.serve.gate import Gate, Limits

    canned = frozenset(QUERY_NAMES)
    limits = GATE or Limits()
    return lambda app: Gate(app, canned, limits)


QUERY_NAMES: tuple[str, ...] = ()


def judge_plain(text: str | None) -> str:
    """Card text as a judge reads it (judge.cards.markup: the one reading of every shell)."""
    from judge.cards.markup import readable

    return readable(text or "")


@hookimpl
def prepare_connection(conn: Any) -> None:
    bound(conn)
    # deterministic (the snapshot is immutable): SQLite computes each once per query, not per row
    conn.create_function("judge_search", 4, _safe(judge_search), deterministic=True)
    conn.create_function("judge_term", 2, _safe(judge_term), deterministic=True)
    conn.create_function("judge_card", 2, _safe(judge_card), deterministic=True)
    conn.create_function("judge_clause_number", 2, judge_clause_number, deterministic=True)
    conn.create_function("judge_plain", 1, judge_plain, deterministic=True)
