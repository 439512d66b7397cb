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
        if not rows and len(tokens) > 1 and not phrase:
            rows = store.search_fts(kb.conn, "fts_en", " OR ".join(_quote(t) for t in tokens), en, limit * 2)
        hits += [_hit(by_key[r["doc"]], r["id"], r["snip"], -r["rank"], r["doc"] in cur) for r in rows]
    if ja:
        short = [t for t in tokens if len(t) < 3]
        long_ = [t for t in tokens if len(t) >= 3]
        if long_:
            rows = store.search_fts(kb.conn, "fts_ja", " ".join(_quote(t) for t in long_), ja, limit * 2)
            rows = [r for r in rows if all(s in (r["snip"] or "") or True for s in short)]
            hits += [_hit(by_key[r["doc"]], r["id"], r["snip"], -r["rank"], r["doc"] in cur) for r in rows]
        else:
            for r in store.search_like(kb.conn, tokens[0], ja, limit * 2):
                text = r["text"] or r["title"] or ""
                pos = text.find(tokens[0])
                snip = _mark(text, tokens[0], pos)
                hits.append(_hit(by_key[r["doc"]], r["id"], snip, 1.0 / (1 + max(pos, 0) / 50), r["doc"] in cur))
    hits.sort(key=lambda h: (-h.score))
    return hits[:limit]


def _mark(text: str, needle: str, pos: int, width: int = 40) -> str:
    if pos < 0:
        return text[: width * 2]
    start = max(0, pos - width)
    end = min(len(text), pos + len(needle) + width)
    pre = "…" if start else ""
    post = "…" if end < len(text) else ""
    return f"{pre}{text[start:pos]}[{needle}]{text[pos + len(needle):end]}{post}"


def _hit(doc, cid: str, snippet: str, score: float, current: bool) -> Hit:
    number = cid.split("#")[0]
    snippet = " ".join((snippet or "").split())
    return Hit(game=doc.game, lang=doc.lang, number=number, snippet=snippet,
               score=round(score * (1.0 if current else 0.5), 4), version=doc.version, id=cid)
