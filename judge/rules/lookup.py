"""Term lookup: a keyword or defined term -> the clause(s) that define it, in every language."""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge import store
from judge.errors import BadInput, UnknownTerm
from judge.rules.model import TermHit
from judge.rules.terms import _BRACKETS, KIND_RANK, norm, stem, variants

if TYPE_CHECKING:
    from judge.rules.kb import KB


def term(kb: KB, word: str, game: str | None = None) -> list[TermHit]:
    """Defining clauses of `word` in the current documents; `bs` answers in ja and en together."""
    key = norm(word or "")
    if not key:
        raise BadInput("empty term: give a keyword, e.g. judge term Confront")
    if game:
        kb.document(game)
    current = {d.key: d for d in kb.documents() if d.current}
    keys = variants(key)
    rows = [r for r in store.terms(kb.conn, keys, game) if r["doc"] in current]
    if not rows:
        # "party" -> "Form a Party": every word of the query inside a longer term
        words = set(stem(key).split())
        cands = {r["norm"] for r in store.term_keys(kb.conn, game) if words <= set(r["norm"].split())}
        rows = [r for r in store.terms(kb.conn, sorted(cands), game) if r["doc"] in current] if cands else []
    if not rows:
        from rapidfuzz import process

        names = {r["norm"]: r["term"] for r in store.term_keys(kb.conn, game)}
        near = [names[m[0]] for m in process.extract(key, list(names), limit=4)]
        raise UnknownTerm(f"no keyword or defined term {word!r}" + (f" in {game}" if game else ""), hints=near)
    best = min(KIND_RANK.get(r["kind"], 9) for r in rows)
    rows = [r for r in rows if KIND_RANK.get(r["kind"], 9) == best] + \
           [r for r in rows if KIND_RANK.get(r["kind"], 9) != best and r["kind"] not in ("section", "example")]
    out: list[TermHit] = []
    seen: set[tuple[str, str]] = set()
    for r in rows:
        out += _hits(kb, current, r["doc"], r["number"], r["term"], r["kind"], seen)
        # the other language of the same game, by the shared clause number
        for other in current.values():
            if other.game == r["game"] and other.lang != r["lang"]:
                out += _hits(kb, current, other.key, r["number"], None, r["kind"], seen)
    return out


def _hits(kb: KB, current: dict, doc_key: str, number: str, name: str | None, kind: str,
          seen: set) -> list[TermHit]:
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
                    text=" ".join(body.split()), kind=kind, version=doc.version)]
