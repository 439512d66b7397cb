"""The words of the rules search: one pipeline for the index and for queries, so the two always meet.

English: lower case, number words as digits ("four" and "4" are one word), Snowball's English
stemmer ("summoning" and "summoned" are "summon"). Japanese: SudachiPy with its small dictionary
splits the text into words in their normalised form (出来る for できる, LV for Lv), particles,
auxiliaries and punctuation dropped; character bigrams of each word (`GRAM` + 置換) are the
fallback that lets compounds and variants meet (置換効果 / 置換型効果). The tokenizer and the stemmer
load on first use only: `judge rule` never imports them.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from collections import namedtuple
from functools import cache, lru_cache

GRAM = "~"      # prefix of a character bigram term (never the first character of a word term)
# Japanese character classes span tens of thousands of code points, and re compiles such a class
# in milliseconds: compiled on first use (an English query never needs one; issue 23.5)
_CJK = r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff66-\uff9f]"
_EN_ANY = re.compile(r"[A-Za-z0-9\uff10-\uff19\uff21-\uff3a\uff41-\uff5a]+(?:['’][A-Za-z]+)?|▶")
_NOT_WORDS = {"ca": "cannot", "wo": "will not", "can": "cannot"}
_MIXED = re.compile(r"^(?:[a-z]+\d+|\d+[a-z]+)$")
_ALNUM = re.compile(r"[a-z]+|\d+")
# forms a stemmer cannot fold ("broken" and "break", "frozen" and "freeze"), and "level" as "lv"
_IRREGULAR = {"left": "leave", "took": "take", "taken": "take", "died": "die", "drew": "draw", "drawn": "draw",
              "went": "go", "gone": "go", "lost": "lose", "dealt": "deal", "paid": "pay", "chose": "choose",
              "chosen": "choose", "won": "win", "got": "get", "gotten": "get", "gave": "give", "given": "give",
              "made": "make", "came": "come", "did": "do", "done": "do", "said": "say", "shown": "show",
              "seen": "see", "saw": "see", "began": "begin", "begun": "begin", "kept": "keep", "held": "hold",
              "fell": "fall", "fallen": "fall", "broke": "break", "broken": "break", "froze": "freeze",
              "frozen": "freeze", "struck": "strike", "written": "write", "wrote": "write", "sent": "send",
              "spent": "spend", "told": "tell", "brought": "bring", "thrown": "throw", "threw": "throw",
              "hid": "hide", "hidden": "hide", "bound": "bind", "level": "lv", "levels": "lv", "lvl": "lv",
              "lower": "low", "higher": "high", "fewer": "few", "less": "few", "greater": "great"}
_NUMBERS = {"zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
            "seven": "7", "eight": "8", "nine": "9", "ten": "10", "twenty": "20", "thirty": "30",
            "forty": "40", "fifty": "50", "sixty": "60", "single": "1", "twice": "2", "once": "1"}
# word classes SudachiPy marks that carry no meaning of their own in a rules question
_JA_SKIP = {"助詞", "助動詞", "補助記号", "空白", "記号"}
_SYMBOLS = {"▶"}          # symbols the rules give a meaning (the cost of an activated effect comes before ▶)
_HIRAGANA = re.compile(r"^[\u3040-\u309f]+$")
_KANA_OR_KANJI = r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]"


@cache
def pattern(source: str) -> re.Pattern:
    """A wide character class compiled once, when it is first used."""
    return re.compile(source)


class Token(namedtuple("Token", "term start end")):
    """One word of a text: the index term (str) and where the word stands in the text (start, end:
    int offsets, for marking). A plain namedtuple: typing is not imported on the quick search path."""

    __slots__ = ()


def is_cjk(text: str) -> bool:
    """Whether the text holds Japanese (kana or kanji): such text is searched in Japanese documents."""
    text = text or ""
    return not text.isascii() and bool(pattern(_CJK).search(text))     # ASCII holds no kana or kanji


# --- English ---------------------------------------------------------------------------------
_STEMMER = threading.local()


def _stemmer():
    """This thread's stemmer: a Snowball stemmer keeps the word it is stemming in itself, so two
    threads sharing one garble each other's words (the server's SQL threads search at once)."""
    got = getattr(_STEMMER, "stemmer", None)
    if got is None:
        from snowballstemmer.english_stemmer import EnglishStemmer

        got = _STEMMER.stemmer = EnglishStemmer()
    return got


#: every word this process stemmed (a database build stores them: judge.rules.kb.rebuild)
_STEMS: dict[str, str] = {}
#: stems read from the database for the words of a query (`know`): the stemmer is then not loaded
_KNOWN: dict[str, str] = {}
#: where `stem` reads a stored stem of a word not known yet (set while a search runs: `reading`)
_SOURCE: list = []


@lru_cache(maxsize=20000)
def stem(word: str) -> str:
    """The index term of one lower-case English word."""
    word = _NUMBERS.get(word, word)
    word = _IRREGULAR.get(word, word)
    if word.isdigit() or len(word) < 3:
        return word
    got = _KNOWN.get(word)
    if got is None and _SOURCE:
        got = _SOURCE[-1](word)
    if got is None:
        got = _stemmer().stemWord(word)
    _STEMS[word] = got
    return got


def stems_seen() -> dict[str, str]:
    """Every (word, stem) this process computed: the words of the documents after a build."""
    return dict(_STEMS)


def know(stems: dict[str, str]) -> None:
    """Stems stored with the database (the same stemmer made them at build): a query whose words
    are all known needs no stemmer (loading Snowball costs more than the search)."""
    _KNOWN.update(stems)


class reading:
    """While a search runs, `stem` reads stems stored with its database (`lookup(word)` → stem or
    None) before it loads the stemmer: the words of the hits it marks are the documents' words."""

    def __init__(self, lookup) -> None:
        self.lookup = lookup

    def __enter__(self) -> None:
        _SOURCE.append(self.lookup)

    def __exit__(self, *exc: object) -> None:
        _SOURCE.remove(self.lookup)


def query_words(text: str) -> set[str]:
    """The lower-case English words `stem` may be asked for while reading `text` (a superset)."""
    words = set(_ALNUM.findall(unicodedata.normalize("NFKC", text or "").lower()))
    return words | {x for w in words for x in _NOT_WORDS.get(w, "").split()} | {"not"} | _FIXED


#: the words `stem` is asked for whatever the text: the targets of the fixed forms
_FIXED = frozenset((*_NUMBERS.values(), *_IRREGULAR.values()))


def _split_alnum(word: str) -> list[str]:
    """"lv1" is "lv" and "1", "bp3000" is "bp" and "3000" (documents print both ways)."""
    return _ALNUM.findall(word) if _MIXED.match(word) else [word]


def _word_terms(word: str) -> tuple[str, ...]:
    """The index terms of one English word as printed ("can't" is cannot, "LV1" is lv and 1)."""
    if word in _SYMBOLS:
        return (word,)
    w = word.lower() if word.isascii() else unicodedata.normalize("NFKC", word).lower().replace("’", "'")
    if w.endswith("n't"):
        return tuple(stem(x) for x in _NOT_WORDS.get(w[:-3], w[:-3] + " not").split())
    return tuple(stem(x) for x in _split_alnum(w.split("'")[0]))


_WORD_TERMS: dict[str, tuple[str, ...]] = {}


def english(text: str) -> list[Token]:
    """English words of `text` as index terms, with their places in `text` ("opponent's" is opponent)."""
    out: list[Token] = []
    for m in _EN_ANY.finditer(text or ""):
        w = m.group()
        terms = _WORD_TERMS.get(w)
        if terms is None:
            terms = _WORD_TERMS[w] = _word_terms(w)
        a, b = m.span()
        out += [Token(t, a, b) for t in terms]
    return out


def english_marks(text: str, terms: set[str], among: frozenset[str] | None = None) -> list[tuple[int, int]]:
    """Where the words of `text` whose term is in `terms` stand (offsets into `text` itself).
    One regular expression finds the words that may stem to a term (a stem begins its words, save
    number words and irregular forms, which are added); only those are stemmed to make sure.
    `among`: a superset of `terms` shared by several calls, so the expression is made once."""
    out = []
    for m in _mark_pattern(among if among is not None else frozenset(terms)).finditer(text or ""):
        w = m.group()
        got = _WORD_TERMS.get(w)
        if got is None:
            got = _WORD_TERMS[w] = _word_terms(w)
        if not terms.isdisjoint(got):
            out.append(m.span())
    return out


@lru_cache(maxsize=256)
def _mark_pattern(terms: frozenset[str]) -> re.Pattern:
    starts = {t[:-1] if t.endswith("i") and len(t) > 3 else t for t in terms if t}
    starts |= {w for w, t in (*_NUMBERS.items(), *_IRREGULAR.items()) if t in terms or stem(t) in terms}
    alts = "|".join(re.escape(x) for x in sorted(starts, key=len, reverse=True)) or "(?!)"
    return re.compile(rf"(?i)(?<![A-Za-z0-9])(?:{alts})[A-Za-z0-9]*(?:['’][A-Za-z]+)?")


# --- Japanese --------------------------------------------------------------------------------
@lru_cache(maxsize=1)
def _sudachi_dictionary():
    from sudachipy import Dictionary

    return Dictionary(dict="small")


_SUDACHI = threading.local()


def _sudachi():
    """This thread's tokenizer: a SudachiPy tokenizer may be used by one thread at a time ("Tokenizer
    is already in use"), so each thread (the server's SQL threads, the TUI's workers) has its own,
    made from the one dictionary."""
    tok = getattr(_SUDACHI, "tokenizer", None)
    if tok is None:
        from sudachipy import SplitMode

        d = _sudachi_dictionary()
        make = getattr(d, "tokenizer", None) or d.create      # tokenizer() from 0.6.8, create() before
        tok = _SUDACHI.tokenizer = make(mode=SplitMode.A)
    return tok


def tokenizer_id() -> str:
    """Which tokenizer and dictionary made the index (a different one means rebuild)."""
    from importlib.metadata import version

    return f"sudachipy {version('sudachipy')} sudachidict-small {version('sudachidict-small')}"


def japanese(text: str) -> list[Token]:
    """Words of a Japanese text in SudachiPy's normalised form (English words inside go through `english`)."""
    out: list[Token] = []
    text = text or ""
    for m in _sudachi().tokenize(text):
        surface = m.surface()
        if surface in _SYMBOLS:
            out.append(Token(surface, m.begin(), m.end()))
            continue
        if not surface.strip() or m.part_of_speech()[0] in _JA_SKIP:
            continue
        if not is_cjk(surface):
            out += [Token(t.term, m.begin() + t.start, m.begin() + t.end) for t in english(surface)]
            continue
        out.append(Token(unicodedata.normalize("NFKC", m.normalized_form()).lower(), m.begin(), m.end()))
    return out


def grams(tokens: list[Token], text: str) -> list[Token]:
    """Character bigrams of each Japanese word as it is written (a one-character word is its own
    gram); pairs of hiragana alone carry no meaning and are left out."""
    out: list[Token] = []
    for t in tokens:
        word = text[t.start:t.end]
        if word.isascii() or not pattern(_KANA_OR_KANJI).search(word):
            continue
        if len(word) == 1:
            if not _HIRAGANA.match(word):
                out.append(Token(GRAM + word, t.start, t.end))
            continue
        for i in range(len(word) - 1):
            pair = word[i:i + 2]
            if not _HIRAGANA.match(pair):
                out.append(Token(GRAM + pair, t.start + i, t.start + i + 2))
    return out


def words(text: str, lang: str) -> list[Token]:
    """The word terms of a text in a document of language `lang`."""
    return japanese(text) if lang == "ja" else english(text)
