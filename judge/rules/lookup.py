"""Term lookup: a keyword or defined term -> the clause(s) that define it, in every language."""

from __future__ import annotations

from dataclasses import replace

from judge import store
from judge.errors import BadInput, UnknownTerm
from judge.rules.model import TermHit
from judge.rules.terms import _BRACKETS, KIND_RANK, norm, stem, variants

# typing is not imported at run time: this module is on the quick lookup path
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from judge.rules.model import ClauseStore


def term(kb: ClauseStore, word: str, game: str | None = None) -> list[TermHit]:
    """Defining clauses of `word` in the current documents; `bs` answers in ja and en together."""
    key = norm(word or "")
    if not key:
        raise BadInput("empty term: give a keyword, e.g. judge term Confront")
    if game:
        kb.document(game)
    current = {d.key: d for d in kb.documents() if d.current}
    rows = [r for r in store.terms(kb.conn, variants(key), game) if r["doc"] in current]
    have = {r["game"] for r in rows}
    games = [game] if game else sorted({d.game for d in current.values()})
    for g in games:
        if g not in have:
            rows += _containing(kb, key, g, current)
    if not rows:
        raise _unknown(kb, word, key, game, current)
    out: list[TermHit] = []
    seen: set[tuple[str, str]] = set()
    for r in _best_per_game(rows):
        out += _hits(kb, current, r["doc"], r, r["term"], seen)
        # the other language of the same game, by the shared clause number
        for other in current.values():
            if other.game == r["game"] and other.lang != r["lang"]:
                out += _hits(kb, current, other.key, r, None, seen)
    return _merged(out)


def _unknown(kb: ClauseStore, word: str, key: str, game: str | None, current: dict) -> UnknownTerm:
    """No such term: the terms spelt nearest (none when nothing is near: a Japanese word shares no
    letter with an English one, and a score of 0 is no suggestion), and the other games that
    define it when one game was asked."""
    from rapidfuzz import fuzz, process

    names = {r["norm"]: r["term"] for r in store.term_keys(kb.conn, game)}
    near = [names[m[0]] for m in process.extract(key, list(names), scorer=fuzz.WRatio, limit=4, score_cutoff=60)]
    where = f" in {game}" if game else ""
    if game:
        elsewhere = sorted({r["game"] for r in store.terms(kb.conn, variants(key), None)
                            if r["doc"] in current and r["game"] != game})
        if elsewhere:
            return UnknownTerm(f"no keyword or defined term {word!r}{where}, but {', '.join(elsewhere)} "
                               f"defines it (judge term {elsewhere[0]} {word})", hints=near)
    return UnknownTerm(f"no keyword or defined term {word!r}{where}" + ("" if near else f" (try judge search "
                       f"{game or 'GAME'} {word})"), hints=near)


def _merged(hits: list[TermHit]) -> list[TermHit]:
    """One entry per term and document: a term defined by several clauses (rules/terms.toml) lists
    them all under its first, defining clause."""
    by: dict[tuple, TermHit] = {}
    for n, h in enumerate(hits):
        k = (h.game, h.lang, h.version, h.term.lower()) if h.kind == "defined" else n
        first = by.get(k)
        if first is None:
            by[k] = h
            continue
        more = tuple(c for c in h.clauses if c not in first.clauses)
        by[k] = replace(first, clauses=first.clauses + more)
    return list(by.values())


def _containing(kb: ClauseStore, key: str, game: str, current: dict) -> list:
    """"party" → "Form a Party", "when destroyed" → '"When Destroyed" Effects': the shortest terms
    of a game holding every word of the query, for a game that has no entry under the query itself."""
    words = set(stem(key).split())
    cands = [r["norm"] for r in store.term_keys(kb.conn, game) if words <= set(r["norm"].split())]
    if not cands:
        return []
    shortest = min(len(c.split()) for c in cands)
    keys = sorted({c for c in cands if len(c.split()) == shortest})
    return [r for r in store.terms(kb.conn, keys, game) if r["doc"] in current]


def _best_per_game(rows: list) -> list:
    """Each game's strongest entries (a keyword beats a defined term beats a heading), games in the
    order of their best entry: a term several games define is listed once per game, labelled."""
    by_game: dict[str, list] = {}
    for r in rows:
        by_game.setdefault(r["game"], []).append(r)
    picked = []
    for game_rows in by_game.values():
        best = min(KIND_RANK.get(r["kind"], 9) for r in game_rows)
        picked += [r for r in game_rows if KIND_RANK.get(r["kind"], 9) == best] + \
                  [r for r in game_rows if KIND_RANK.get(r["kind"], 9) != best
                   and r["kind"] not in ("section", "example")]
    return sorted(picked, key=lambda r: KIND_RANK.get(r["kind"], 9))


def _hits(kb: ClauseStore, current: dict, doc_key: str, term_row: Any, name: str | None, seen: set) -> list[TermHit]:
    number, kind = term_row["number"], term_row["kind"]
    if (doc_key, number) in seen:
        return []
    seen.add((doc_key, number))
    doc = current[doc_key]
    rows = store.clauses_by_number(kb.conn, doc_key, number)
    if not rows:
        return []
    r = rows[0]
    if name is None:
        name = store.term_at(kb.conn, doc_key, number, kind)
    if name is None:   # the term as this language prints it: the section title above the clause
        parent = store.clause_by_id(kb.conn, doc_key, r["parent"]) if r["parent"] else None
        name = r["title"] or (parent["title"] if parent is not None and parent["title"] else number)
        name = name.strip(_BRACKETS + " ") or name
    body = r["text"] or r["title"] or ""
    if r["title"] and body.startswith(r["title"] + "\n"):
        body = body[len(r["title"]) + 1:]          # the heading is the term itself
    return [TermHit(term=name, game=doc.game, lang=doc.lang, number=number,
                    text=" ".join(body.split()), kind=kind, version=doc.version,
                    clauses=_section(kb, doc, term_row["section"] or number, number))]


def _section(kb: ClauseStore, doc: Any, section: str, number: str) -> tuple[tuple[str, str], ...]:
    """The clauses that say what a term does: its keyword section (every clause under the heading
    that names it) or, for a term defined in running text, the defining clause and those under it."""
    sep = "." if doc.numbering == "dot" else "-"
    under = store.clauses_under(kb.conn, doc.key, section, sep)
    if not any(r["number"] == number for r in under):
        under = store.clauses_under(kb.conn, doc.key, number, sep)
    return tuple((r["number"], " ".join((r["text"] or "").split())) for r in under
                 if (r["text"] or "").strip() and (r["text"] or "").strip() != (r["title"] or "").strip())
