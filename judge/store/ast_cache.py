"""The parsed card text cache (judge/text/cache.py): a cache, not a record — every failure to
read or write it is answered by parsing again, and writes never wait long nor raise."""

from __future__ import annotations

import contextlib
import os
import sqlite3

from judge.store.connection import _read_stamp, _stamp, _write_stamp, read_only
from judge.store.schema import _AST_DDL

# typing is not imported at run time: this module is on the quick `judge rule` path
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path


def ast_cache_get(path: Path, game: str, keys: list[str], grammar: str) -> dict[str, str]:
    """The stored results of these text keys ({key: JSON}); {} when the file, the table or a row is
    missing or unreadable (the caller parses then)."""
    if not keys or not os.path.isfile(path):
        return {}
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=1)
    except sqlite3.Error:
        return {}
    try:
        marks = ",".join("?" * len(keys))
        got = conn.execute(f"select text_hash, result from ast_cache where game = ? and grammar = ? "
                           f"and text_hash in ({marks})", (game, grammar, *keys)).fetchall()
        return {k: r for k, r in got if isinstance(r, str)}
    except sqlite3.Error:       # no table yet, a damaged page, a lock: parse instead
        return {}
    finally:
        conn.close()


def ast_cache_put(path: Path, game: str, rows: list[tuple[str, str]], grammar: str, prune: bool = False,
                  wait: float = 0.2) -> bool:
    """Store (text key, result JSON) rows of one grammar version; `prune` first drops the game's
    rows of other grammar versions. Best effort: False (nothing written) when the database is
    missing, read-only, busy for longer than `wait` seconds, or damaged. A verified database stays
    verified (its `.ok` stamp is renewed when it was current before this write)."""
    if not rows or not os.path.isfile(path) or read_only(path):
        return False
    try:
        conn = sqlite3.connect(f"file:{path}?mode=rw", uri=True, timeout=wait, isolation_level=None)
    except sqlite3.Error:
        return False
    try:
        conn.execute("begin immediate")
        verified = _read_stamp(path) == _stamp(path)
        conn.execute(_AST_DDL)
        if prune:
            conn.execute("delete from ast_cache where game = ? and grammar != ?", (game, grammar))
        conn.executemany("insert or replace into ast_cache (game, text_hash, grammar, result) values (?, ?, ?, ?)",
                         [(game, key, grammar, result) for key, result in rows])
        conn.execute("commit")
    except (sqlite3.Error, OSError):
        with contextlib.suppress(sqlite3.Error):
            conn.execute("rollback")
        return False
    finally:
        conn.close()
    if verified:
        _write_stamp(path)
    return True


def ast_cache_clear(path: Path, game: str | None = None) -> int:
    """Drop stored parse results (of one game, or all); how many went. 0 when there are none."""
    if not os.path.isfile(path):
        return 0
    try:
        conn = sqlite3.connect(str(path), timeout=5, isolation_level=None)
    except sqlite3.Error:
        return 0
    try:
        if not conn.execute("select 1 from sqlite_master where name = 'ast_cache'").fetchone():
            return 0
        conn.execute("begin immediate")
        verified = _read_stamp(path) == _stamp(path)
        where, params = (" where game = ?", (game,)) if game else ("", ())
        gone = conn.execute(f"delete from ast_cache{where}", params).rowcount
        conn.execute("commit")
    except sqlite3.Error:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("rollback")
        return 0
    finally:
        conn.close()
    if verified:
        _write_stamp(path)
    return gone
