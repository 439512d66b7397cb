"""The fast parse path (judge.text.lark_speed, judge.text.lark_scan) changes speed only, never a result.

Every shipped sample card, and invented sentences that fail, are read twice: with the fast driver
and expected-terminal replay, and exactly as Lark does it (`use_fast(False)`). ASTs, unparsed
spans and the "expected" hints must be the same; the driver's trees (positions included) must be
Lark's on every sample line and, when the corpus is present, on every corpus line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from lark import Tree
from lark.exceptions import UnexpectedInput, UnexpectedToken

from judge.cards.importers import read_cards
from judge.paths import cards_dir
from judge.text.grammar import fast_enabled, load_fast, load_parser, use_fast
from judge.text.lark_scan import first_class
from judge.text.lark_speed import Fallback, accepts
from judge.text.lexicon import Lexicon
from judge.text.parse import line_spans, parse_text, transform_module

SAMPLES = {"bss": "bs-samples.yaml", "fftcg": "fftcg-samples.yaml"}

#: invented lines that do not parse (typos, unknown words, a missing period)
BROKEN = {
    "bss": ["When Summoned: Draw a crad.", "[LV1] When Summoned: Destroy one opposing spirit and",
            "Flash: Refresh your life.", "[LV2] 【Gale: one】"],
    "fftcg": ["When Orla enters the field, draw 1 crad.", "Choose 1 Forward. Deal it 4000 damage and",
              "《火》《ダル》: Choose 1 Backup. Dull it", "EX BURST Break all the Forwards"],
}


@pytest.fixture(autouse=True)
def _restore_fast() -> Iterator[None]:
    previous = fast_enabled()
    yield
    use_fast(previous)


def _cards(game: str) -> list:
    return read_cards(cards_dir() / SAMPLES[game], game)


def _lines(game: str) -> list[str]:
    """The ability lines of the game's sample cards, as its grammar reads them."""
    module = transform_module(game)
    split = getattr(module, "split", None) or line_spans
    prepare = getattr(module, "prepare", None)
    out = []
    for card in _cards(game):
        for a, b in split(card.text):
            line = card.text[a:b]
            view = prepare(line) if prepare else line
            view = getattr(view, "view", view)          # a Prepared view (judge.text.parse.Prepared)
            out.append(view if len(view) == len(line) or prepare is not None else line)
    return out


def _shown(result: object) -> str:
    """A result as text; an object compared by identity shows its type, not its address."""
    return re.sub(r" object at 0x[0-9a-f]+", " object", repr(result))


@pytest.mark.parametrize("game", sorted(SAMPLES))
def test_every_sample_card_parses_to_the_same_abilities_and_unparsed_spans(game: str) -> None:
    cards = _cards(game)
    use_fast(False)
    reference = [parse_text(c.text, game, name=c.name) for c in cards]
    reference += [parse_text(line, game) for line in BROKEN[game]]
    use_fast(True)
    fast = [parse_text(c.text, game, name=c.name) for c in cards]
    fast += [parse_text(line, game) for line in BROKEN[game]]
    assert [_shown(r) for r in fast] == [_shown(r) for r in reference]
    assert any(r.unparsed for r in fast)        # the failing path was compared too


@pytest.mark.parametrize("game", sorted(SAMPLES))
def test_expected_terminals_are_those_lark_computes(game: str) -> None:
    use_fast(False)
    parser = load_parser(game)
    checked = 0
    for line in BROKEN[game] + [line + " extra words" for line in _lines(game)[:20]]:
        try:
            parser.parse(line, start="line")
        except UnexpectedToken as exc:
            assert accepts(exc) == exc.accepts
            checked += 1
        except Exception:
            continue
    assert checked


# --- the fast LALR driver (judge.text.lark_speed.FastParser) ------------------------------------
CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus"
CORPUS_FILES = {"bss": "bss-cards.json", "fftcg": "fftcg-cards.json"}


def _positions(tree: Tree) -> list:
    """Every node's name and position record (container positions included), top down."""
    return [(t.data, sorted(vars(t.meta).items())) for t in tree.iter_subtrees_topdown()]


def _same_as_lark(game: str, lines: list[str]) -> tuple[int, int]:
    """(lines both read, lines both refused); fails on the first line where they differ."""
    lark = load_parser(game)
    fast = load_fast(game)                    # the tables kept between processes
    assert fast is not None
    read = refused = 0
    for line in lines:
        try:
            expected = lark.parse(line, start="line")
        except UnexpectedInput:
            expected = None
        try:
            got = fast.parse(line, "line")
        except Fallback:
            got = None
        if expected is None:
            assert got is None, line          # the driver never reads what Lark refuses
            refused += 1
            continue
        assert got is not None, line          # nor refuses what Lark reads (every corpus line)
        assert got == expected, line
        assert _positions(got) == _positions(expected), line
        read += 1
    return read, refused


@pytest.mark.parametrize("game", sorted(SAMPLES))
def test_the_fast_driver_builds_larks_own_tree_for_every_sample_line(game: str) -> None:
    read, refused = _same_as_lark(game, _lines(game) + BROKEN[game])
    assert read and refused


@pytest.mark.parametrize("game", sorted(CORPUS_FILES))
def test_the_fast_driver_builds_larks_own_tree_for_every_corpus_line(game: str) -> None:
    path = CORPUS / CORPUS_FILES[game]
    if not path.is_file():
        pytest.skip(f"real cards not available: {path} is absent (the corpus lives beside the project)")
    module = transform_module(game)
    lines = []
    cards = read_cards(path, game)
    lexicon = Lexicon.from_cards(cards)
    for card in cards:
        for a, b in module.split(card.text, name=card.name) if game == "fftcg" else line_spans(card.text):
            lines.append(module.prepare(card.text[a:b], lexicon=lexicon, name=card.name).view)
    read, _ = _same_as_lark(game, lines)
    assert read > len(lines) * 0.8


@pytest.mark.parametrize(("regexp", "starts", "never"), [
    (r"(?i:draw)", "dD", "xr "),
    (r"(?i:k)", "kKK", "x"),                             # the Kelvin sign folds to k
    (r"(?i:s)", "sSſ", "t"),                             # so does the long s
    (r"(?:the\s+)?spirits?", "ts", "Tx "),
    (r"(?=\d)\w+", "3a_", " -"),                         # a lookahead does not start the match
    (r"\s+|,", " \t\n,", "a"),
    (r"[A-Z][a-z]*|\u3010", "AZ\u3010", "a\u3011"),
    (r"(?:up\s+to\s+)?(?:one|two)", "uot", "a"),
    (r"\bword", "w", "a "),                              # so does a word boundary
    (r"(a)\1", "a", "b"),
])
def test_a_terminal_is_tried_at_every_character_it_can_start_with(regexp: str, starts: str, never: str) -> None:
    first = first_class(regexp)
    assert first is not None
    for ch in starts:
        assert first.fullmatch(ch), (regexp, ch)
    for ch in never:                                     # no match can start there, so none is missed
        assert not first.fullmatch(ch), (regexp, ch)
        assert not any(re.match(regexp, ch + rest) for rest in ("raw", "ord", "", "1", " to one")), (regexp, ch)


@pytest.mark.parametrize("regexp", [r".+", r"(?s:.)x", r"(?:x)?", r"y*z?"])
def test_a_terminal_that_may_start_anywhere_is_tried_everywhere(regexp: str) -> None:
    assert first_class(regexp) is None


@pytest.mark.parametrize("game", sorted(SAMPLES))
def test_tables_kept_between_processes_drive_the_parser_as_the_ones_just_built(game: str, tmp_path: Path) -> None:
    from judge.text import grammar
    from judge.text.lark_speed import FastParser, tables_of

    tables = tables_of(load_parser(game))
    kept = tmp_path / "kept.tables.cache"
    grammar._write_cache(kept, tables)
    again = grammar._read_tables(kept)
    assert again == tables
    fresh, reread = FastParser(tables), FastParser(again)
    for line in _lines(game):
        try:
            expected = fresh.parse(line, "line")
        except Fallback:
            continue
        got = reread.parse(line, "line")
        assert got == expected and _positions(got) == _positions(expected)
    kept.write_bytes(kept.read_bytes()[:100])            # a truncated file is built again, not trusted
    assert grammar._read_tables(kept) is None


# --- the lexicon's words as one trie-shaped expression (judge.text.lexicon.words_regex) ----------
_WORD_LISTS = [
    ["Dragon", "Dragonoid", "Star Dragon", "Drake", "A.T. Field", "D"],
    ["Wyvern", "Wyvern (Tentative)", "Wy", "Crimson Keep", "Crimson"],
    ["Sky Knight", "Sky Baker", "Sky", "Knight", "Knights"],
]
_TEXTS = ["the Star Dragon and a Dragonoid meet a Drake, then D.", "Dragonoids are not Dragon-kin",
          "Wyvern (Tentative) or Wyvern or Wyverns at Crimson Keep", "Sky Knights and Sky Baker, a Knight"]


def _alternation(words: list[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


@pytest.mark.parametrize("words", _WORD_LISTS)
@pytest.mark.parametrize("text", _TEXTS)
def test_the_lexicon_trie_finds_what_the_longest_first_alternation_finds(words: list[str], text: str) -> None:
    from judge.text.lexicon import words_regex

    wrap = r"(?<![\w\-.'])(?:{})(?![\w']|-\w)"
    old = re.compile(wrap.format(_alternation(words)))
    new = re.compile(wrap.format(words_regex(words)))
    assert [m.span() for m in new.finditer(text)] == [m.span() for m in old.finditer(text)]
    assert [m.span() for m in re.finditer(words_regex(words), text)] == \
        [m.span() for m in re.finditer(_alternation(words), text)]


def test_the_lexicon_trie_of_the_corpus_finds_what_the_alternation_finds() -> None:
    path = CORPUS / CORPUS_FILES["bss"]
    if not path.is_file():
        pytest.skip(f"corpus not present at {path}")
    from judge.text.bs.normalise import _lexicon_pattern
    from judge.text.lexicon import Lexicon, words_regex

    cards = read_cards(path, "bss")
    pattern, kinds = _lexicon_pattern(Lexicon.from_cards(cards))
    old = re.compile(pattern.pattern.replace(f"(?:{words_regex(kinds)})", f"(?:{_alternation(list(kinds))})"))
    assert old.pattern != pattern.pattern
    for card in cards:
        assert [m.span() for m in pattern.finditer(card.text)] == [m.span() for m in old.finditer(card.text)]
