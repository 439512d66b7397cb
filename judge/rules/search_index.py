"""The search index of one document, made when the knowledge base is built.

Each clause has three fields, weighed differently when ranking: its own heading (`title`), its
text (`text`, without the heading it repeats) and the headings above it (`context`: "Applying
Damage" for 7-1-5-3-1, so a question in a heading's words still reaches the clauses under it).
Postings are (term, clause, BM25F weight); clause rows carry the field lengths, whether the clause
is a heading, and its ancestors (a heading never ranks above its own clauses). Changing anything
here or in judge/rules/search_text.py changes the index: bump `store.SCHEMA`.
"""

from __future__ import annotations

import json
import math
from collections import Counter

from judge.rules import search_text

FIELDS = ("title", "text", "context")
FIELD_WEIGHTS = {"title": 2.0, "text": 1.0, "context": 0.35}   # a heading's words count most
K1 = 1.2        # how fast more occurrences of a word stop adding up
B = 0.75        # how much a long field's counts are discounted


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
    (postings rows (doc, term, id, weight), clause rows) for `store.write_rules_db`.

    A posting's weight is the term's BM25F weight in that clause: everything it depends on (the
    counts per field, the field lengths against the document's average, the share of clauses
    holding the term) is known once the document is indexed, so a query only adds weights up."""
    by_id = {r["id"]: r for r in rows}
    title_terms = {r["id"]: _terms(r.get("title") or "", lang) for r in rows}
    clauses: list[tuple] = []
    counted: list[tuple[str, dict[str, Counter]]] = []
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
        counted.append((r["id"], fields))
    return _weighted(doc, counted), clauses


def _weighted(doc: str, counted: list[tuple[str, dict[str, Counter]]]) -> list[tuple]:
    """BM25F: each field's count, normalised by its length against the average, weighed, summed,
    saturated (K1), times the term's inverse document frequency within this document."""
    n = max(1, len(counted))
    avg = {f: max(1.0, sum(sum(c[f].values()) for _, c in counted) / n) for f in FIELDS}
    df: Counter = Counter(t for _, c in counted for t in set().union(*c.values()))
    out: list[tuple] = []
    for cid, fields in counted:
        norm = {f: 1 - B + B * sum(fields[f].values()) / avg[f] for f in FIELDS}
        for term in set().union(*fields.values()):
            tf = sum(FIELD_WEIGHTS[f] * fields[f][term] / norm[f] for f in FIELDS if fields[f][term])
            idf = math.log(1 + (n - df[term] + 0.5) / (df[term] + 0.5))
            out.append((doc, term, cid, round(idf * tf * (K1 + 1) / (K1 + tf), 5)))
    return out
