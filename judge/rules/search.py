"""Rules search, best first: a question in players' words finds the clause that answers it.

One engine for `judge search` and the TUI's search-as-you-type. A query is taken apart into
concepts (judge/rules/search_query.py: words, their synonyms, for Japanese their character bigrams)
and every clause holding any of them is ranked by BM25F over three fields (its heading, its text,
the headings above it), each concept weighed on its own: a synonym or a bigram counts a little less
than the word itself, a common word much less, and a clause holding more of the query's concepts
ranks higher than one holding fewer. So a query never finds nothing while any of its words is in a
document; each hit says which words it matched (`Hit.matched`, synonyms as "untap→refresh") and
whether it holds all of them (`Hit.all_words`). A clause a query names as a keyword or defined term
(`judge term`) is lifted; a heading never ranks above its own clauses; an older version's clause
shows only where the current version did not match the same number.
"""

from __future__ import annotations

import json
import math
import re
import weakref
from collections import defaultdict
from dataclasses import dataclass, field

from judge import store
from judge.errors import BadInput
from judge.limits import check_query
from judge.rules import search_text
from judge.rules.model import Hit
from judge.rules.search_query import LITERAL, Alt, Concept, Query, analyse, defined_keys
from judge.rules.search_text import GRAM

# typing is not imported at run time: this module is on the quick lookup path
TYPE_CHECKING = False
if TYPE_CHECKING:
    from judge.rules.model import ClauseStore, Document

COORDINATION = 1.5                    # how strongly holding more of the query's concepts counts
DEFINED_BOOST = 0.6                   # a clause defining a keyword or term the query names
OLDER_VERSION = 0.5                   # an older version's clause, against the current one's
LITERAL_WEIGHT = 1.5                  # a quoted piece found as written, against one word's BM25F weight
COMMON = 0.2                          # a word in more of a document's clauses makes no candidate alone
_KANA_TAIL = r"(?<=[\u3400-\u9fff\u30a0-\u30ff])[\u3040-\u309f]+$"   # search_text.pattern: compiled when used
_NUMBER = re.compile(r"§?\s*\d+(?:\s*[-.]\s*\d+)+\.?")


@dataclass(slots=True)
class _Scored:
    doc: str
    id: str
    score: float
    all_words: bool
    per: list          # the query's (concept, {clause: (weight, way)}) of its group, to say what matched

    def matched(self) -> list[tuple[Concept, str]]:
        """(concept, how it matched: "" the word, "≈" its bigrams, else the synonym) for each concept held."""
        k = (self.doc, self.id)
        out = []
        for c, best in self.per:
            hit = best.get(k)
            if hit is not None:
                out.append((c, hit[1].via or ("≈" if hit[1] is not c.alts[0] else "")))
        return out

    def terms(self) -> set[str]:
        """The index terms through which it matched (to mark them in the snippet)."""
        k = (self.doc, self.id)
        return {t for _, best in self.per if (hit := best.get(k)) is not None for t in hit[1].terms}


@dataclass(frozen=True)
class _DocInfo:
    n: int
    clauses: dict[str, tuple[int, int, tuple[str, ...]]]     # id -> place in the document, heading?, ancestors


@dataclass
class _Cache:
    """What a knowledge base's searches read once (kept with the KB object: its connection never
    sees the database change, a rebuild swaps in a new file): clause info and postings per word,
    so a long-lived process (the TUI's search-as-you-type) reads a word's postings once."""

    info: dict[str, _DocInfo] = field(default_factory=dict)
    postings: dict[tuple[str, str], dict[tuple[str, str], float]] = field(default_factory=dict)
    synonyms: dict[str, dict] = field(default_factory=dict)
    primed: set[str] = field(default_factory=set)


_CACHES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _cache(kb: ClauseStore) -> _Cache:
    got = _CACHES.get(kb)
    if got is None:
        got = _CACHES[kb] = _Cache()
    return got


def _prime(kb: ClauseStore, query: str) -> None:
    """Give the stemmer's answers for the query's words from the database (stored at build)."""
    from judge.rules.search_query import _EN_DROP_WORDS, _EN_WEAK_WORDS

    cache = _cache(kb)
    words = search_text.query_words(query)
    if not cache.primed:
        words |= set(_EN_DROP_WORDS.split()) | set(_EN_WEAK_WORDS.split())
    need = sorted(words - cache.primed)
    search_text.know(store.stems(kb.conn, need))
    cache.primed.update(need)


def _synonyms(kb: ClauseStore, game: str) -> dict | None:
    """The game's synonym table as the database holds it (built once, with the database); None
    (read from the sources) for a database built before it held them."""
    cache = _cache(kb)
    if game not in cache.synonyms:
        from judge.rules.search_query import SYNONYMS_KEY, stored_synonyms

        raw = store.meta(kb.conn).get(SYNONYMS_KEY + game)
        cache.synonyms[game] = stored_synonyms(raw) if raw else None
    return cache.synonyms[game]


def search(kb: ClauseStore, query: str, game: str | None = None, lang: str | None = None, limit: int = 20) -> list[Hit]:
    """Ranked hits for `query` (a question, words, a "quoted phrase", a clause number, Japanese text)."""
    with search_text.reading(lambda word: store.stems(kb.conn, [word]).get(word)):
        return _search(kb, query, game, lang, limit)


def _search(kb: ClauseStore, query: str, game: str | None, lang: str | None, limit: int) -> list[Hit]:
    q = (query or "").strip()
    if not q:
        raise BadInput("empty search: give some words, e.g. judge search \"equal BP\"")
    check_query(q)
    if limit < 1:
        raise BadInput(f"--limit must be at least 1 (got {limit})")
    docs = _scope(kb, game, lang)
    cur = {d.key for d in docs if d.current}
    if _NUMBER.fullmatch(q):
        return sorted(_exact_number(kb, q, docs, cur), key=lambda h: -h.score)[:limit]
    if not re.search(r"\w", q):
        raise BadInput(f"nothing to search for in {query!r}")
    cjk = search_text.is_cjk(q)
    if not cjk:
        _prime(kb, q)
    if not lang:
        docs = [d for d in docs if (d.lang == "ja") == cjk] or docs
    scored: list[_Scored] = []
    groups: dict[tuple[str, str], list[Document]] = defaultdict(list)
    for d in docs:
        groups[(d.game, d.lang)].append(d)
    for (g, lg), group in groups.items():
        analysed = analyse(q, g, "ja" if lg == "ja" else "en", _synonyms(kb, g))
        if not analysed.concepts:
            continue
        current = [d for d in group if d.key in cur] or group
        got = _rank(kb, analysed, current, g)
        older = [d for d in group if d not in current]
        if older and len(got) < limit:       # an older version, only where the current one leaves room
            got += _rank(kb, analysed, older, g)
        scored += got
    by_key = {d.key: d for d in docs}
    scored = _current_first(scored, by_key, cur)
    infos = {d: _info(kb, d).clauses for d in {s.doc for s in scored}}
    scored.sort(key=lambda s: (-s.score, s.doc, infos[s.doc].get(s.id, (0,))[0]))
    return _hits(kb, scored[:limit], by_key)


def _scope(kb: ClauseStore, game: str | None, lang: str | None) -> list[Document]:
    if game:
        kb.document(game)   # raises UnknownGame with hints
    docs = [d for d in kb.documents() if (not game or d.game == game.lower()) and (not lang or d.lang == lang)]
    if lang and not docs:
        from judge.errors import UnknownGame

        raise UnknownGame(f"no {lang!r} documents" + (f" for {game}" if game else ""),
                          hints=sorted({d.lang for d in kb.documents()}))
    return docs


def _info(kb: ClauseStore, doc: str) -> _DocInfo:
    """Places, headings and ancestors of a document's clauses (read once per knowledge base)."""
    info = _cache(kb).info
    if doc not in info:
        rows = store.search_clauses(kb.conn, [doc])
        info[doc] = _DocInfo(max(1, len(rows)), {r["id"]: (r["seq"], r["heading"], tuple(json.loads(r["ancestors"])))
                                                 for r in rows})
    return info[doc]


def _contributions(kb: ClauseStore, query: Query, docs: list[str]) -> tuple[dict[str, dict[tuple[str, str], float]],
                                                                   dict[str, float]]:
    """term -> {(doc, clause id): its BM25F weight there}, and term -> the largest share of a
    document's clauses that hold it."""
    out: dict[str, dict[tuple[str, str], float]] = defaultdict(dict)
    cache = _cache(kb).postings
    if len(cache) > 20000:
        cache.clear()
    wanted = query.terms()
    missing = [t for t in wanted if any((d, t) not in cache for d in docs)]
    if missing:
        for d in docs:
            for t in missing:
                cache[(d, t)] = {}
        for doc, term, cid, w in store.search_postings(kb.conn, docs, missing):
            cache[(doc, term)][(doc, cid)] = w
    for lit in query.literals():
        for d in docs:
            if (d, lit) not in cache:
                ids = store.search_literal(kb.conn, d, lit[1:])
                n = _info(kb, d).n
                w = LITERAL_WEIGHT * math.log(1 + (n - len(ids) + 0.5) / (len(ids) + 0.5))
                cache[(d, lit)] = {(d, cid): w for cid in ids}
    for t in [*wanted, *query.literals()]:
        for d in docs:
            got = cache[(d, t)]
            if got:
                out[t].update(got)
    share: dict[str, float] = {}
    for term, got in out.items():
        per: dict[str, int] = defaultdict(int)
        for doc, _ in got:
            per[doc] += 1
        share[term] = max(k / _info(kb, doc).n for doc, k in per.items())
    return out, share


def _concept_scores(c: Concept, contrib: dict) -> dict[tuple[str, str], tuple[float, Alt]]:
    """Each clause holding the concept -> (its best way's weight, that way). A way of several words
    holds only where all of them are; the bigrams of a word, where at least half of them are."""
    best: dict[tuple[str, str], tuple[float, Alt]] = {}
    for a in c.alts:
        acc: dict[tuple[str, str], float] = defaultdict(float)
        seen: dict[tuple[str, str], int] = defaultdict(int)
        for t in a.terms:
            for k, w in contrib.get(t, {}).items():
                acc[k] += w
                seen[k] += 1
        need = (len(a.terms) + 1) // 2 if a.terms[0].startswith(GRAM) else len(a.terms)
        f = a.weight / len(a.terms)
        for k, v in acc.items():
            if seen[k] >= need and v * f > best.get(k, (0.0, a))[0]:
                best[k] = (v * f, a)
    return best


def _rank(kb: ClauseStore, query: Query, docs: list[Document], game: str) -> list[_Scored]:
    """Every clause of `docs` holding a concept of the query (a common word alone does not make a
    clause a candidate), scored."""
    contrib, share = _contributions(kb, query, [d.key for d in docs])
    per = [(c, _concept_scores(c, contrib)) for c in query.concepts]
    # candidates: clauses holding a word that is neither common in questions nor in the document
    strong = [best for c, best in per if c.weight >= 1.0
              and min((share.get(t, 0.0) for a in c.alts for t in a.terms), default=1.0) < COMMON]
    keys = set().union(*strong) if strong else set().union(*(b for _, b in per))
    total_weight = sum(c.weight for c in query.concepts)
    defined = _defined(kb, query, game, {d.key for d in docs})
    weights = [c.weight for c, _ in per]
    full = [c.weight >= 1.0 for c, _ in per]
    bests = [best for _, best in per]
    out: list[_Scored] = []
    for k in keys:
        score = got = 0.0
        missing_full = False
        for w, f, best in zip(weights, full, bests, strict=True):
            hit = best.get(k)
            if hit is None:
                missing_full = missing_full or f
                continue
            score += w * hit[0]
            got += w
        score *= (got / total_weight) ** COORDINATION
        if (k[0], k[1].split("#")[0]) in defined:
            score *= 1 + DEFINED_BOOST
        # "all the words": every word that counts fully (a common word like "can" may be missing)
        out.append(_Scored(k[0], k[1], score, not missing_full, per))
    if query.phrase:
        out = _phrase_only(kb, query, [s for s in out if s.all_words])
    return _headings_below(kb, out)


def _defined(kb: ClauseStore, query: Query, game: str, docs: set[str]) -> set[tuple[str, str]]:
    """(doc, number) of clauses defining a keyword or term the query names ("pending state")."""
    keys = defined_keys(query.text.strip('"'), query.lang)
    if not keys:
        return set()
    return {(r["doc"], r["number"]) for r in store.terms(kb.conn, keys, game)
            if r["doc"] in docs and r["kind"] != "example"}


def _headings_below(kb: ClauseStore, scored: list[_Scored]) -> list[_Scored]:
    """A heading ranks below every one of its own clauses that matched too."""
    by = {(s.doc, s.id): s for s in scored}
    lowest: dict[tuple[str, str], float] = {}
    infos = {d: _info(kb, d).clauses for d in {s.doc for s in scored}}
    for s in scored:
        clauses = infos[s.doc]
        for a in clauses[s.id][2] if s.id in clauses else ():
            k = (s.doc, a)
            if k in by and clauses[a][1] and s.score < lowest.get(k, math.inf):
                lowest[k] = s.score
    for k, low in lowest.items():
        by[k].score = min(by[k].score, low * 0.999)
    return scored


def _phrase_only(kb: ClauseStore, query: Query, scored: list[_Scored]) -> list[_Scored]:
    """A "quoted phrase" keeps only clauses holding its words side by side."""
    want = [a.terms[0] for c in query.concepts for a in c.alts[:1]]
    out = []
    for doc, group in _by_doc(scored).items():
        rows = {r["id"]: r for r in store.clauses_by_ids(kb.conn, doc, [s.id for s in group])}
        for s in group:
            r = rows.get(s.id)
            have = [t.term for t in search_text.words(f"{r['title'] or ''} {r['text'] or ''}", query.lang)] if r else []
            if any(have[i:i + len(want)] == want for i in range(len(have) - len(want) + 1)):
                out.append(s)
    return out


def _by_doc(scored: list[_Scored]) -> dict[str, list[_Scored]]:
    out: dict[str, list[_Scored]] = defaultdict(list)
    for s in scored:
        out[s.doc].append(s)
    return out


def _current_first(scored: list[_Scored], by_key: dict, cur: set[str]) -> list[_Scored]:
    """Older versions weigh half, and show only numbers the current version did not match."""
    current = {(by_key[s.doc].game, by_key[s.doc].lang, s.id.split("#")[0]) for s in scored if s.doc in cur}
    out = []
    for s in scored:
        if s.doc not in cur:
            d = by_key[s.doc]
            if (d.game, d.lang, s.id.split("#")[0]) in current:
                continue
            s.score *= OLDER_VERSION
        out.append(s)
    return out


def _hits(kb: ClauseStore, scored: list[_Scored], by_key: dict) -> list[Hit]:
    """Hits with a snippet around the matched words, marked « » (never [ ]: rules print those)."""
    texts: dict[tuple[str, str], str] = {}
    for doc, group in _by_doc(scored).items():
        for cid, title, text in store.search_texts(kb.conn, doc, [s.id for s in group]):
            texts[(doc, cid)] = " ".join((text or title or "").split())
    out = []
    terms = {(s.doc, s.id): s.terms() for s in scored}
    among = frozenset().union(*terms.values())
    for s in scored:
        d = by_key[s.doc]
        text = texts.get((s.doc, s.id), "")
        out.append(Hit(game=d.game, lang=d.lang, number=s.id.split("#")[0], version=d.version, id=s.id,
                       snippet=_snippet(text, s, terms[(s.doc, s.id)], d.lang, among), score=round(s.score, 4),
                       matched=tuple(c.word + (f"→{how}" if how and how != "≈" else how) for c, how in s.matched()),
                       all_words=s.all_words))
    return out


def _snippet(text: str, s: _Scored, terms: set[str], lang: str, among: frozenset[str], width: int = 45) -> str:
    """A window of the clause around its first matched word, every matched word marked « »."""
    if lang == "ja":
        needles = {n for c, how in s.matched() for n in _ja_needles(c, how)}
        spans = sorted((m.start(), m.end()) for n in needles if n for m in re.finditer(n, text))
    else:
        spans = search_text.english_marks(text, terms, among)
        spans += [(m.start(), m.end()) for c, _ in s.matched() if c.alts[0].terms[0].startswith(LITERAL)
                  for m in re.finditer(re.escape(c.word), text, re.I)]
        spans.sort()
    merged: list[list[int]] = []
    for a, b in spans:
        if merged and a <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    start = _window(text, merged, width)
    end = min(len(text), start + width * 3)
    out, last = [], start
    for a, b in merged:
        if a < start or b > end:
            continue
        out += [text[last:a], "«", text[a:b], "»"]
        last = b
    out.append(text[last:end])
    return ("…" if start else "") + "".join(out) + ("…" if end < len(text) else "")


def _window(text: str, spans: list[list[int]], width: int) -> int:
    """Where the snippet starts: the window holding the most different matched words, earliest first."""
    best, start = -1, 0
    for a, _ in spans:
        lo = max(0, a - width // 2)
        if lo and lo < width // 2:
            lo = 0
        got = len({text[x:y].lower() for x, y in spans if lo <= x and y <= lo + width * 3})
        if got > best:
            best, start = got, lo
    if start:
        space = text.rfind(" ", max(0, start - 12), start)
        start = space + 1 if space >= 0 else start
    return start


def _ja_needles(c: Concept, how: str) -> list[str]:
    """Patterns of what to mark for a Japanese concept: the word as typed, its words whatever their
    inflection (決めます for 決める, not the 決 of 解決), its synonym, or its bigrams."""
    if how == "≈":
        return [re.escape(c.word[i:i + 2]) for i in range(max(1, len(c.word) - 1))]
    if how:
        return [re.escape(how)]
    out = [re.escape(c.word)]
    for t in c.alts[0].terms:
        core = search_text.pattern(_KANA_TAIL).sub("", t)
        if t.isascii() or core in ("", t):
            out.append(re.escape(t))
        else:      # an inflected word: its stem and whatever kana follow it, never inside a longer word
            out.append(("(?<![\u3400-\u9fff])" if len(core) == 1 else "") + re.escape(core) + "[\u3040-\u309f]*")
    return out


def _exact_number(kb: ClauseStore, q: str, docs: list, cur: set) -> list[Hit]:
    """A query that is a clause number (7-1-5-2, 10.1.4.2.) finds that clause first."""
    from judge.rules.numbers import normalize

    out = []
    for d in docs:
        n = normalize(q, "dot" if d.numbering == "dot" else "dash")
        if n and ("-" in n or "." in n):
            for r in store.clauses_by_number(kb.conn, d.key, n)[:1]:
                snip = " ".join((r["text"] or "").split())[:100]
                score = 1000.0 * (1.0 if d.key in cur else OLDER_VERSION)
                out.append(Hit(game=d.game, lang=d.lang, number=n, snippet=f"«{n}» {snip}", score=score,
                               version=d.version, id=r["id"], matched=(n,), all_words=True))
    return out
