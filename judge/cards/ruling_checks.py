"""Official rulings against the rules as they change: which rulings a change of clauses touches.

A ruling is checked against the rules version that was newest when it was imported. When a newer
version reads otherwise at a clause the ruling is linked to, the ruling is not wrong for it, but a
judge should recheck it: `judge card` says so beside the ruling, `judge diff` and `judge step
--recheck` list the rulings linked to what changed.
"""

from __future__ import annotations

from pathlib import Path

from judge.errors import JudgeError

# typing is not imported at run time: this module is on the quick lookup path
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from judge.cards.ruling_rows import Ruling


def rulings_about_changes(conn: Any, game: str, numbers: list[str]) -> list[tuple[Ruling, list[tuple[str, str]]]]:
    """The rulings linked to any of these (changed) clauses, each with the (number, how) it links."""
    from judge.cards.rulings import clause_rulings

    wanted = set(numbers)
    return [(r, [(n, how) for n, how in r.clause_links if n in wanted]) for r in clause_rulings(conn, game, numbers)]


def changed_since_checked(rulings: list[Ruling], db_path: Path | None = None,
                          kb: Any = None) -> dict[int, tuple[str, list[str]]]:
    """Rulings checked against an older rules version whose linked clauses read otherwise in the
    newest one: {ruling id: (newest version, [clause numbers])}. A ruling is not wrong for it, but
    a judge should recheck it (the clause it relies on changed since it was published).

    `kb`: a knowledge base already open on a current database (the caller's, left open), so a
    lookup that has one does not check the card tables again only to compare clause texts."""
    from judge.rules.diff import _same

    todo = [r for r in rulings if r.rules_version and r.clause_links]
    if not todo:
        return {}
    own = kb is None
    if own:
        from judge.cards.rulings import _db
        from judge.rules.kb import KB

        kb = KB(_db(db_path))
    out: dict[int, tuple[str, list[str]]] = {}
    try:
        for r in todo:
            try:
                newest = kb.document(r.game)
                old = kb.document(r.game, newest.lang, r.rules_version)
            except JudgeError:
                continue                  # a version the knowledge base no longer holds: nothing to compare
            if old.version == newest.version:
                continue
            changed = []
            for number in dict.fromkeys(n for n, _ in r.clause_links):
                then = kb.clause(r.game, number, old.lang, old.version).text if kb.exists_in(old, number) else None
                now = kb.clause(r.game, number, newest.lang, newest.version).text if kb.exists_in(newest, number) \
                    else None
                if then is None or now is None or not _same(then, now):
                    changed.append(number)
            if changed:
                out[r.id] = (newest.version, changed)
    finally:
        if own:
            kb.conn.close()
    return out


__all__ = ["changed_since_checked", "rulings_about_changes"]
