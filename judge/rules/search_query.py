"""A search query taken apart: the words that count, what each may appear as in the documents.

Each word of a query becomes a `Concept`: its own index term, and the other ways a clause may say
it (`Alt`): the game's synonym table (rules/synonyms/<game>.toml: untap → refresh, タップ → 疲労),
and for Japanese the character bigrams of the word (置換効果 meets 置換型効果). Words that only
shape a question ("how", "does", 何, できる) are dropped; common ones ("can", "all", とき) weigh
less. A clause that a query's words name as a defined term or keyword (`judge term`) is marked so
the ranking can lift it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from judge.rules import search_text
from judge.rules.search_text import GRAM, Token

SYNONYM_WEIGHT = 0.9     # a document word found for a player's word
GRAM_WEIGHT = 0.55       # the character-bigram fallback of a Japanese word
WEAK_WEIGHT = 0.3        # common words of questions
PHRASE_WEIGHT = 0.6     # a table phrase of common words ("has to", "how many")
NUMBER = "#"             # in a synonym key: any number
LITERAL = "="            # prefix of a quoted piece of a query, looked for in the text as written
_QUOTED = re.compile(r"「([^」]+)」|『([^』]+)』|“([^”]+)”|\"([^\"]+)\"|‘([^’]+)’")
_ANY = "987654321"
MAX_KEY = 5              # longest synonym key, in words

_EN_DROP_WORDS = """a an the and or but of to in on at by for with from into onto about as is are was were be been
being am do does did doing done i me my mine we us our you your he she him her it its they them their this that
these those there here what which who whom whose how why where will would should could shall so just also
really anything something get gets got happen happens happened work works mean means ok okay s t d ll ve re
please rule rules does"""
_EN_WEAK_WORDS = """can may need needs have has had if then both either each every other another more much many
some all any only up out same time way thing things like want go goes going come comes make makes made use
used using still again ever when while after before during not no yes"""
# normalised forms (SudachiPy) of words that only shape a Japanese question
_JA_DROP = {"為る", "成る", "有る", "居る", "出来る", "何", "どう", "何の", "どれ", "何方", "誰", "何時", "いつ",
            "何処", "どこ", "事", "物", "様", "良い", "下さる", "ない", "無い", "ん", "の", "か", "って",
            "どうなる", "それ", "これ", "此れ", "其れ", "幾", "幾つ", "いくつ", "幾ら", "つ", "くらい", "位",
            "ぐらい", "どれくらい"}
_JA_WEAK = {"時", "場合", "とき", "方", "前", "後"}


@dataclass(frozen=True)
class Alt:
    """One way a concept may appear in a clause: every term of `terms` (a phrase's words)."""

    terms: tuple[str, ...]
    weight: float
    via: str = ""        # the document word it stands for ("refresh"), or "" for the word itself


@dataclass(frozen=True)
class Concept:
    """One word (or a synonym table's phrase) of the query, and the ways it may appear."""

    word: str
    weight: float
    alts: tuple[Alt, ...]


@dataclass(frozen=True)
class Query:
    """The analysed query: its concepts, its language, whether it was a quoted phrase."""

    text: str
    lang: str                      # "ja" or "en"
    concepts: tuple[Concept, ...]
    phrase: bool = False

    def terms(self) -> list[str]:
        """Every index term any concept may match (for one postings read)."""
        return sorted({t for c in self.concepts for a in c.alts for t in a.terms if not t.startswith(LITERAL)})

    def literals(self) -> list[str]:
        """The quoted pieces of the query, as written."""
        return sorted({t for c in self.concepts for a in c.alts for t in a.terms if t.startswith(LITERAL)})


def _tokens(text: str, lang: str) -> list[Token]:
    return search_text.japanese(text) if lang == "ja" else search_text.english(text)


@lru_cache(maxsize=8)
def synonyms(game: str) -> dict[tuple[str, ...], tuple[tuple[tuple[str, ...], str], ...]]:
    """The game's synonym table as term sequences: (player's words) -> ((document words, shown), …)."""
    import tomllib

    from judge.errors import ManifestError
    from judge.paths import rules_dir

    path = rules_dir() / "synonyms" / f"{game}.toml"
    if not path.is_file():
        return {}
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ManifestError(f"{path}: {exc}") from exc
    out: dict[tuple[str, ...], list[tuple[tuple[str, ...], str]]] = {}
    for key, values in (data.get("words") or {}).items():
        if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
            raise ManifestError(f"{path}: {key!r} must map to a list of words")
        lang = "ja" if search_text.is_cjk(key) else "en"
        k = tuple(NUMBER if t.term == _ANY else t.term for t in _tokens(key.replace(NUMBER, f" {_ANY} "), lang))
        if not k or len(k) > MAX_KEY:
            raise ManifestError(f"{path}: {key!r} has no words, or more than {MAX_KEY}")
        for v in values:
            vlang = "ja" if search_text.is_cjk(v) else "en"
            every = [t.term for t in _tokens(v, vlang)]
            terms = tuple(t for t in every if _weight(t, vlang) is not None) or tuple(every)
            if terms and terms != k and terms not in [t for t, _ in out.get(k, [])]:
                out.setdefault(k, []).append((terms, v))
    return {k: tuple(dict.fromkeys(v)) for k, v in out.items()}


#: the meta key under which a database holds a game's synonym table, read at build (`stored_synonyms`)
SYNONYMS_KEY = "synonyms:"


def synonym_rows(game: str) -> str:
    """A game's synonym table as JSON, for the database build: the table is the same for every
    query, so it is read, tokenised and stemmed once, when the database is built, not in every
    process that searches."""
    import json

    return json.dumps([[list(k), [[list(t), shown] for t, shown in v]] for k, v in synonyms(game).items()],
                      ensure_ascii=False)


def stored_synonyms(raw: str) -> dict[tuple[str, ...], tuple[tuple[tuple[str, ...], str], ...]]:
    """The synonym table a database holds (`synonym_rows`), as `synonyms` gives it."""
    import json

    return {tuple(k): tuple((tuple(t), shown) for t, shown in v) for k, v in json.loads(raw)}


@lru_cache(maxsize=1)
def _en_lists() -> tuple[frozenset[str], frozenset[str]]:
    """The English lists as index terms (stemmed like every word)."""
    return (frozenset(search_text.stem(w) for w in _EN_DROP_WORDS.split()),
            frozenset(search_text.stem(w) for w in _EN_WEAK_WORDS.split()))


def _weight(term: str, lang: str) -> float | None:
    """None: a word that only shapes the question; else how much the word counts."""
    if lang == "ja":
        return None if term in _JA_DROP else WEAK_WEIGHT if term in _JA_WEAK else 1.0
    drop, weak = _en_lists()
    return None if term in drop else WEAK_WEIGHT if term in weak else 1.0


def _gram_alt(tok: Token, text: str) -> list[Alt]:
    """The character bigrams of a Japanese word, as one weaker way to meet it."""
    gs = tuple(dict.fromkeys(g.term for g in search_text.grams([tok], text)))
    if not gs or gs == (GRAM + tok.term,):
        return [Alt(gs, GRAM_WEIGHT)] if gs and len(text[tok.start:tok.end]) > 1 else []
    return [Alt(gs, GRAM_WEIGHT)]


def analyse(text: str, game: str | None, lang: str, table: dict | None = None) -> Query:
    """The concepts of a query in language `lang`, with the synonym table of `game` (all games:
    none): `table` when the caller read it from the database, else read from the sources."""
    raw = text.strip()
    phrase = len(raw) > 2 and raw[0] == raw[-1] == '"' and raw.count('"') == 2
    body = raw.strip('"') if phrase else raw
    literals: list[Concept] = []
    if not phrase:      # 「しなければならない」, "up to": quoted words are looked for as written
        for m in _QUOTED.finditer(body):
            lit = next(g for g in m.groups() if g is not None).strip()
            if lit:
                literals.append(Concept(lit, 1.0, (Alt((LITERAL + lit,), 1.0),)))
        body = _QUOTED.sub(lambda m: " " * len(m.group()), body)
    toks = _tokens(body, lang)
    if table is None:
        table = synonyms(game) if game else {}
    concepts: list[Concept] = []
    i = 0
    while i < len(toks):
        step, concept = _synonym_at(toks, i, body, table, lang)
        if concept is None:
            tok = toks[i]
            w = _weight(tok.term, lang)
            if w is not None or phrase:
                alts = [Alt((tok.term,), 1.0)] + (_gram_alt(tok, body) if lang == "ja" else [])
                concept = Concept(body[tok.start:tok.end], w or 1.0, tuple(alts))
        if concept is not None:
            concepts.append(concept)
        i += step
    if lang == "ja":
        concepts += _potential(toks)
    if not concepts and not literals:      # a question made only of common words: search them after all
        concepts = [Concept(body[t.start:t.end], 1.0, (Alt((t.term,), 1.0),)) for t in toks]
    return Query(raw, lang, tuple(_merge(literals + concepts)), phrase)


#: the potential form in Japanese rules text: 「ブロックできる」 (noun + 出来る) is written 「ブロックを行えます」
#: (行う's potential, normalised to 行う) or 「ブロックすることができます」 in the documents
_POTENTIAL = ("出来る", "行う")


def _potential(toks: list[Token]) -> list[Concept]:
    """「Xできる」 asks whether, or who, may X: the possibility is a weak word of the question (its
    clause says X can be done), met by 出来る or 行える, instead of being dropped as a question's shape."""
    for i, tok in enumerate(toks):
        if tok.term == _POTENTIAL[0] and i > 0 and _weight(toks[i - 1].term, "ja") is not None:
            return [Concept("できる", WEAK_WEIGHT, (Alt((_POTENTIAL[0],), 1.0), Alt((_POTENTIAL[1],), 1.0, "行える")))]
    return []


def _synonym_at(toks: list[Token], i: int, body: str, table: dict, lang: str) -> tuple[int, Concept | None]:
    """The longest synonym key starting at word i: (words it spans, its concept) or (1, None)."""
    for n in range(min(MAX_KEY, len(toks) - i), 0, -1):
        key = tuple(t.term for t in toks[i:i + n])
        if key not in table:
            key = tuple(NUMBER if t.isdigit() else t for t in key)     # "only #": "only 2", "only 3", …
        if key in table:
            word = body[toks[i].start:toks[i + n - 1].end]
            own = [t for t in key if _weight(t, lang) is not None] or list(key)
            alts = [Alt(tuple(own), 1.0)] + [Alt(terms, SYNONYM_WEIGHT, shown) for terms, shown in table[key]]
            ws = [_weight(t, lang) or 0.0 for t in key]
            # a phrase weighs what its words would have ("leave the field": two), one of common words a little
            weight = sum(w for w in ws if w >= 1.0) or (PHRASE_WEIGHT if n > 1 else ws[0] or 1.0)
            return n, Concept(word, weight, tuple(alts))
    return 1, None


def _merge(concepts: list[Concept]) -> list[Concept]:
    """One concept per distinct word ("block ... blocks" counts once)."""
    seen: dict[tuple, Concept] = {}
    for c in concepts:
        seen.setdefault(c.alts[0].terms, c)
    return list(seen.values())


def defined_keys(text: str, lang: str) -> list[str]:
    """Keys (as `judge term` stores them) of every run of up to four words of the query."""
    from judge.rules.terms import norm, stem

    if lang == "ja":
        toks = [(t.start, t.end, t.term) for t in search_text.japanese(text)]
    else:
        toks = [(t.start, t.end, t.term) for t in search_text.english(text)]
    ends = [_weight(t, lang) is not None for _, _, t in toks]     # a term neither starts nor ends on "the"
    keys = {stem(norm(text[toks[i][0]:toks[i + n - 1][1]]))
            for n in range(1, 4) for i in range(len(toks) - n + 1) if ends[i] and ends[i + n - 1]}
    return sorted(k for k in keys if k)
