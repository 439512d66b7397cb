"""The Datasette plugin: the project's own lookups as SQL functions on every connection.

`judge_search(q, game, lang, limit)`, `judge_term(word, game)` and `judge_card(q, game)` return
JSON arrays computed by the same library calls as `judge search`, `judge term` and `judge card`
(on the snapshot being served); `judge_clause_number(game, number)` normalises what a judge types
(`7.1.5.2`, `§7-1-5-2`); `judge_plain(text)` is card text as a judge reads it. An error (unknown term, no card) is an empty array: HTTP gets no rows,
as the CLI gets a one-line error.
"""

from __future__ import annotations

import json
import threading
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


def judge_plain(text: str | None) -> str:
    """Card text as a judge reads it (judge.cards.markup: the one reading of every shell)."""
    from judge.cards.markup import readable

    return readable(text or "")


@hookimpl
def prepare_connection(conn: Any) -> None:
    # deterministic (the snapshot is immutable): SQLite computes each once per query, not per row
    conn.create_function("judge_search", 4, _safe(judge_search), deterministic=True)
    conn.create_function("judge_term", 2, _safe(judge_term), deterministic=True)
    conn.create_function("judge_card", 2, _safe(judge_card), deterministic=True)
    conn.create_function("judge_clause_number", 2, judge_clause_number, deterministic=True)
    conn.create_function("judge_plain", 1, judge_plain, deterministic=True)
