"""The search index of one document, made when the knowledge base is built.

Each clause has three fields, weighed differently when ranking: its own heading (`title`), its
text (`text`, without the heading it repeats) and the headings above it (`context`: "Applying
Damage" for 7-1-5-3-1, so a question in a heading's words still reaches the clauses under it).
Postings are (term, clause, count per field); clause rows carry the field lengths, whether the
clause is a heading, and its ancestors (a heading never ranks above its own clauses).
"""

from __future__ import annotations

import json
from collections import Counter

from judge.rules import search_text

FIELDS = ("title", "text", "context")


def _body(r: dict) -> str:
    """The clause text without the heading it starts with (a heading's text is often its title)."""
    text, title = r.get("text") or "", r.get("title") or ""
    if title and text.startswith(title):
        return text[len(title):].lstrip(" \n:：")
    return text


def _terms(text: str, lang: str) -> list[str]:
    toks = search_text.words(text, lang)
    out = [t.term for t in toks]
    if lang == "ja":
        out += [g.term for g in search_text.grams(toks, text)]
    return out


def index_document(doc: str, lang: str, rows: list[dict]) -> tuple[list[tuple], list[tuple]]:
    """rows: the document's clause rows in order (id, title, text, parent, children as JSON) ->
    (postings rows, clause rows) for `store.write_rules_db`."""
    by_id = {r["id"]: r for r in rows}
    postings: list[tuple] = []
    clauses: list[tuple] = []
    title_terms: dict[str, list[str]] = {}
    for r in rows:
        title_terms[r["id"]] = _terms(r.get("title") or "", lang)
    for seq, r in enumerate(rows):
        ancestors: list[str] = []
        parent = r.get("parent")
        while parent and parent in by_id and len(ancestors) < 20:
            ancestors.append(parent)
            parent = by_id[parent].get("parent")
        fields = {"title": Counter(title_terms[r["id"]]), "text": Counter(_terms(_body(r), lang)),
                  "context": Counter(t for a in ancestors for t in title_terms[a])}
        children = json.loads(r["children"]) if isinstance(r.get("children"), str) else r.get("children") or []
        heading = int(bool(r.get("title")) and bool(children))
        clauses.append((doc, r["id"], seq, *(sum(fields[f].values()) for f in FIELDS), heading,
                        json.dumps(ancestors)))
        for term in set().union(*fields.values()):
            postings.append((doc, term, r["id"], *(fields[f][term] for f in FIELDS)))
    return postings, clauses
