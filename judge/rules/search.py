"""Full-text search over every stored document, best first.

English goes through FTS5 with Porter stemming ("destroyed" finds "destruction"? no: it finds
"destroy", "destroys"); Japanese through the trigram tokenizer, with a substring scan for queries
shorter than three characters, which a trigram index cannot answer.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from judge import store
from judge.errors import BadInput
from judge.rules.model import Hit

if TYPE_CHECKING:
    from judge.rules.kb import KB

_WORD = re.compile(r"[\w\u3040-\u30ff\u3400-\u9fff]+", re.UNICODE)
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff66-\uff9f]")


def _quote(tok: str) -> str:
    return '"' + tok.replace('"', '""') + '"'


def search(kb: KB, query: str, game: str | None = None, lang: str | None = None, limit: int = 20) -> list[Hit]:
    """Ranked hits for `query` (words, a phrase in quotes, Japanese text)."""
    q = (query or "").strip()
    if not q:
        raise BadInput("empty search: give some words, e.g. judge search \"equal BP\"")
    if limit < 1:
        raise BadInput(f"--limit must be at least 1 (got {limit})")
    if game:
        kb.document(game)   # raises UnknownGame with hints
    docs = [d for d in kb.documents() if (not game or d.game == game.lower()) and (not lang or d.lang == lang)]
    if lang and not docs:
        from judge.errors import UnknownGame

        raise UnknownGame(f"no {lang!r} documents" + (f" for {game}" if game else ""),
                          hints=sorted({d.lang for d in kb.documents()}))
    if re.fullmatch(r"§?\s*\d+(?:\s*[-.]\s*\d+)+\.?", q):
        cur = {d.key for d in docs if d.current}
        hits = sorted(_exact_number(kb, q, docs, cur), key=lambda h: -h.score)
        return hits[:limit]
    cjk = bool(_CJK.search(q))
    if not lang:
        docs = [d for d in docs if (d.lang == "ja") == cjk] or docs
    # the current version of each (game, lang) first; older versions still searchable
    cur = {d.key for d in docs if d.current}
    hits: list[Hit] = []
    by_key = {d.key: d for d in docs}
    en = [d.key for d in docs if d.lang != "ja"]
    ja = [d.key for d in docs if d.lang == "ja"]
    tokens = _WORD.findall(q)
    if not tokens:
        raise BadInput(f"nothing to search for in {query!r}")
    if en:
        phrase = q.startswith('"') and q.endswith('"') and len(q) > 2
        match = _quote(q.strip('"')) if phrase else " ".join(_quote(t) for t in tokens)
        rows = store.search_fts(kb.conn, "fts_en", match, en, limit * 2)
        hits += [_hit(by_key[r["doc"]], r["id"], r["snip"], -r["rank"], r["doc"] in cur) for r in rows]
        if len(rows) < min(limit, 5) and len(tokens) > 1 and not phrase:
            # fewer clauses hold every word: add those holding some, ranked below them
            have = {(r["doc"], r["id"]) for r in rows}
            more = store.search_fts(kb.conn, "fts_en", " OR ".join(_quote(t) for t in tokens), en, limit * 2)
            floor = min((h.score for h in hits), default=1.0)
            hits += [_hit(by_key[r["doc"]], r["id"], r["snip"], min(-r["rank"], floor) * 0.5, r["doc"] in cur)
                     for r in more if (r["doc"], r["id"]) not in have]
    if ja:
        rows = []
        if all(len(t) >= 3 for t in tokens):
            rows = store.search_fts(kb.conn, "fts_ja", " ".join(_quote(t) for t in tokens), ja, limit * 2)
            hits += [_hit(by_key[r["doc"]], r["id"], r["snip"], -r["rank"], r["doc"] in cur) for r in rows]
        if not rows:
            # a trigram index cannot see words under three characters, nor "BP比べ" printed "BP 比べ":
            # scan for every piece, split where the script changes
            pieces = [p for t in tokens for p in re.findall(r"[A-Za-z0-9]+|[^A-Za-z0-9]+", t)]
            for r in store.search_like(kb.conn, pieces, ja, limit * 4):
                text = " ".join((r["text"] or r["title"] or "").split())
                pos = text.find(pieces[0])
                score = sum(text.count(t) for t in pieces) / (1 + len(text) / 200)
                hits.append(_hit(by_key[r["doc"]], r["id"], _mark(text, pieces, pos), score, r["doc"] in cur))
    hits.sort(key=lambda h: (-h.score))
    # an older version's clause is shown only when the current version did not match it too
    current_keys = {(h.game, h.lang, h.number) for h in hits if f"{h.game}/{h.lang}/{h.version}" in cur}
    hits = [h for h in hits if f"{h.game}/{h.lang}/{h.version}" in cur
            or (h.game, h.lang, h.number) not in current_keys]
    return hits[:limit]


def _mark(text: str, needles: list[str], pos: int, width: int = 40) -> str:
    """A window around the first match with every needle marked « » (never [ ]: rules print those)."""
    start = max(0, pos - width) if pos >= 0 else 0
    end = min(len(text), (pos if pos >= 0 else 0) + width * 2)
    window = text[start:end]
    for n in sorted(set(needles), key=len, reverse=True):
        window = window.replace(n, f"«{n}»")
    return ("…" if start else "") + window + ("…" if end < len(text) else "")


def _exact_number(kb: KB, q: str, docs: list, cur: set) -> list[Hit]:
    """A query that is a clause number (7-1-5-2, 10.1.4.2.) finds that clause first."""
    from judge.rules.numbers import normalize

    out = []
    for d in docs:
        n = normalize(q, "dot" if d.numbering == "dot" else "dash")
        if n and ("-" in n or "." in n):
            for r in store.clauses_by_number(kb.conn, d.key, n)[:1]:
                snip = " ".join((r["text"] or "").split())[:100]
                out.append(_hit(d, r["id"], f"«{n}» {snip}", 1000.0, d.key in cur))
    return out


def _hit(doc, cid: str, snippet: str, score: float, current: bool) -> Hit:
    number = cid.split("#")[0]
    snippet = " ".join((snippet or "").split())
    return Hit(game=doc.game, lang=doc.lang, number=number, snippet=snippet,
               score=round(score * (1.0 if current else 0.5), 4), version=doc.version, id=cid)
