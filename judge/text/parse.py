"""Card text → abilities: split into ability lines, parse each with the game's grammar, transform.

The contract (other layers code against it): `parse_text(text, game) -> ParseResult` never raises
for any text. Every line that parses becomes an `Ability`; every part that does not becomes an
`Unparsed` span (offsets into the ORIGINAL text, what was found, what the grammar expected).

Each game has a transform module registered in `TRANSFORMS`. It provides
- `build(tree, text, offset) -> Ability`: the Lark tree of one `line` to an Ability, spans shifted
  by `offset` so they point into the original text;
- optionally `split(text, name=…, lexicon=…) -> list[(start, end)]`: where the abilities of a text are (default:
  one per non-blank line), and `prepare(segment) -> str`: the segment as the grammar reads it,
  SAME LENGTH (e.g. markup masked, letters lower-cased), so positions stay those of the text;
  or `prepare(segment, lexicon=…, name=…) -> Prepared`: a view of any length with the map back
  to printed positions (`Prepared`), then `build(tree, prepared, offset)` receives the Prepared.
  The lexicon (judge.text.lexicon: families, card names, keywords, Jobs, Categories) is the one
  way a game learns the closed word lists of the card database: no module keeps them;
- optionally `not_understood(segment) -> list[(start, end, expected)]`: parts of a segment the grammar
  must not guess at (an icon the game does not know): each is reported unparsed at its position and
  the segment is not parsed;
- `PHRASES`: the kinds of phrase of the game's templating language (judge.text.expect.PhraseKind:
  words, and the rule or terminals that open it), and optionally `TERMINAL_WORDS` (terminal → how
  it reads): a failure says where it stopped and what kind of phrase was expected, the same way
  for every game (judge.text.expect);
- optionally `sentence_spans(line) -> list[(start, end)]`: where the effect sentences of a line
  are (to report exactly the sentence that failed), and `EXAMPLES`: {friendly label: [bad
  inputs]} for Lark's `match_examples`, so "expected" reads like a hint rather than a token list.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from functools import cache, lru_cache
from types import ModuleType
from typing import Any

from judge.errors import UnknownGame
from judge.text.ast import Ability
from judge.text.lexicon import Lexicon

#: game id → module turning that game's parse trees into AST nodes.
TRANSFORMS: dict[str, str] = {
    "bss": "judge.text.bs.transform",
    "bs": "judge.text.bs.transform",
    "fftcg": "judge.text.fftcg.transform",
}

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


@dataclass(frozen=True)
class Unparsed:
    """A part of the text the grammar could not read: where, what, and what it expected."""

    start: int
    end: int
    text: str
    expected: tuple[str, ...] = ()


@dataclass(frozen=True)
class Prepared:
    """One ability's text as the grammar reads it (`view`) and the printed text (`source`): view
    character `i` stands for the printed characters `starts[i]:ends[i]` (an inserted character
    for none: it starts where the next printed character starts and ends where the previous ends)."""

    view: str
    source: str
    starts: tuple[int, ...]
    ends: tuple[int, ...]

    @classmethod
    def of(cls, text: str) -> Prepared:
        """A text as printed: every character stands for itself."""
        return cls(text, text, tuple(range(len(text))), tuple(range(1, len(text) + 1)))

    @classmethod
    def in_place(cls, view: str, source: str) -> Prepared:
        """A view as long as the printed text (characters masked or lower-cased in place): each
        character stands for itself."""
        starts, ends = _identity(len(source))
        return cls(view, source, starts, ends)

    def to_source(self, i: int) -> int:
        """The printed position where a span starting at view position `i` starts."""
        return self.starts[i] if 0 <= i < len(self.starts) else (len(self.source) if i > 0 else 0)

    def to_source_end(self, i: int) -> int:
        """The printed position where a span ending at view position `i` (exclusive) ends."""
        return self.ends[i - 1] if 0 < i <= len(self.ends) else (0 if i <= 0 else len(self.source))


@lru_cache(maxsize=1024)
def _identity(n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return tuple(range(n)), tuple(range(1, n + 1))


@dataclass(frozen=True)
class ParseResult:
    """Everything parsed (abilities) and everything not (unparsed spans), in text order."""

    abilities: tuple[Ability, ...] = ()
    unparsed: tuple[Unparsed, ...] = ()
    segments: tuple[tuple[int, int], ...] = ()   # where the ability lines are (the game's split)

    @property
    def ok(self) -> bool:
        """True when every part of the text was read by the grammar."""
        return not self.unparsed


@cache
def transform_module(game: str) -> ModuleType:
    """The transform module of a game (raises UnknownGame for an unknown id)."""
    try:
        name = TRANSFORMS[game]
    except KeyError:
        raise UnknownGame(f"no card grammar for game {game!r}", hints=sorted(TRANSFORMS)) from None
    return importlib.import_module(name)


def line_spans(text: str) -> list[tuple[int, int]]:
    """The (start, end) of every non-blank line, stripped of surrounding whitespace."""
    spans = []
    for m in re.finditer(r"[^\n]+", text):
        seg = m.group()
        lead = len(seg) - len(seg.lstrip())
        body = seg.strip()
        if body:
            spans.append((m.start() + lead, m.start() + lead + len(body)))
    return spans


def parse_text(text: str, game: str, *, name: str | None = None, lexicon: Lexicon | None = None) -> ParseResult:
    """Parse card text of `game` (bss | bs | fftcg); one ability per line. Never raises on text.

    `name` is the card's own name when known (a card refers to itself by name, 5.2.4.1); without
    it a game that needs it guesses the name from the text. `lexicon` holds the families, card
    names, keywords, Jobs and Categories of the card database (`judge.text.lexicon`); without it
    a game uses the default one (the shipped sample cards and the card database in use)."""
    if not isinstance(text, str):
        text = "" if text is None else str(text)
    module = transform_module(game)
    abilities: list[Ability] = []
    unparsed: list[Unparsed] = []
    split = getattr(module, "split", None) or line_spans
    prepare = getattr(module, "prepare", None)
    context = {"name": name, "lexicon": lexicon}
    try:
        segments = list(split(text, **{k: v for k, v in context.items() if v is not None and k in _accepts_args(split)}))
    except Exception as exc:  # a splitter bug must not become the user's traceback
        return ParseResult((), (Unparsed(0, len(text), text, (f"could not split the text: {exc}",)),))
    refuse = getattr(module, "not_understood", None)
    parsers = _Parsers(game)
    for start, end in segments:
        line: str | Prepared = text[start:end]
        refused = refuse(line) if refuse is not None else []
        if refused:
            unparsed.extend(Unparsed(start + a, start + b, text[start + a:start + b], (why,)) for a, b, why in refused)
            continue
        if prepare is not None:
            try:
                prepared = prepare(line, **{k: v for k, v in context.items() if k in _accepts_args(prepare)})
            except Exception as exc:  # never raise for any text
                prepared, line = None, line
                unparsed.append(Unparsed(start, end, text[start:end], (f"internal error: {exc}",)))
                continue
            if isinstance(prepared, Prepared) or len(prepared) == len(line):
                line = prepared
        try:
            ability, missing = _parse_line(parsers, module, game, line, start)
        except Exception as exc:  # never raise for any text: report the line as unparsed
            ability, missing = None, [Unparsed(start, end, text[start:end], (f"internal error: {exc}",))]
        if ability is not None:
            abilities.append(ability)
        unparsed.extend(Unparsed(u.start, u.end, text[u.start:u.end], u.expected) for u in missing)
    return ParseResult(tuple(abilities), tuple(unparsed), tuple((a, b) for a, b in segments))


class _Parsers:
    """A game's two parsers, each loaded on first need: the fast driver (judge.text.lark_speed,
    from tables kept between processes) reads the lines that parse; Lark's own parser is loaded
    only for a line the driver leaves (a syntax error first of all) and to say what was expected."""

    def __init__(self, game: str) -> None:
        self.game = game
        self._fast: Any = False
        self._lark: Any = None

    @property
    def fast(self) -> Any:
        """The fast driver, or None (switched off with `grammar.use_fast(False)`, or not available)."""
        from judge.text import grammar

        if not grammar.fast_enabled():
            return None
        if self._fast is False:
            self._fast = grammar.load_fast(self.game)
        return self._fast

    @property
    def lark(self) -> Any:
        if self._lark is None:
            from judge.text.grammar import load_parser

            self._lark = load_parser(self.game)
        return self._lark


@cache
def _accepts_args(fn: Any) -> frozenset[str]:
    """The keyword arguments a game's `split` or `prepare` accepts (`lexicon`, `name`)."""
    import inspect

    return frozenset(inspect.signature(fn).parameters)


def _parse_line(parsers: _Parsers, module: ModuleType, game: str, line: str | Prepared,
                offset: int) -> tuple[Ability | None, list[Unparsed]]:
    """One ability line: an Ability, or the unparsed parts with what was expected there.

    The tree comes from the fast driver of the parser (judge.text.lark_speed: the same tree as
    Lark's) when it can; anything the driver leaves (a syntax error first of all) is parsed by
    Lark itself, so failures are reported exactly as Lark sees them."""
    from lark.exceptions import UnexpectedInput, VisitError

    view = line.view if isinstance(line, Prepared) else line
    whole = [(offset, offset + len(line.source if isinstance(line, Prepared) else line))]
    try:
        tree = _fast_tree(parsers, view, "line")
        if tree is None:
            tree = parsers.lark.parse(view, start="line")
    except UnexpectedInput as exc:      # read what it can (judge.text.partial): the rest is `unread`
        from judge.text.partial import read_partly

        return read_partly(parsers, module, game, line, offset, exc)
    except RecursionError:
        return _unread_line(line, whole[0], ("a shorter ability",))
    try:
        return module.build(tree, line, offset), []
    except VisitError as exc:
        return _unread_line(line, whole[0], (str(exc.orig_exc) or type(exc.orig_exc).__name__,))
    except (ValueError, TypeError, KeyError) as exc:
        return _unread_line(line, whole[0], (str(exc) or type(exc).__name__,))


def _unread_line(line: str | Prepared, span: tuple[int, int],
                 why: tuple[str, ...]) -> tuple[Ability, list[Unparsed]]:
    """A line none of which is read: one `unread` ability, and the line as an Unparsed span."""
    from judge.text.partial import whole_line

    words = (line.source if isinstance(line, Prepared) else line).strip()
    return whole_line(words, *span), [Unparsed(*span, words, why)]


def _fast_tree(parsers: _Parsers, text: str, start: str) -> Any:
    """The tree of `text` from the fast driver (judge.text.lark_speed); None when Lark must parse it."""
    fast = parsers.fast
    if fast is None:
        return None
    from judge.text.lark_speed import Fallback

    try:
        return fast.parse(text, start)
    except Fallback:
        return None


def _parses(parsers: _Parsers, text: str, start: str) -> None:
    """Parse `text` from `start` for its verdict only: the fast driver, else Lark (which raises)."""
    if _fast_tree(parsers, text, start) is None:
        parsers.lark.parse(text, start=start)


def _sentences(module: ModuleType, line: str) -> list[tuple[int, int]]:
    """Where the sentences of a line are (the module knows its header syntax best)."""
    split = getattr(module, "sentence_spans", None)
    if split is not None:
        return list(split(line))
    spans, pos = [], 0
    for m in _SENTENCE_END.finditer(line):
        spans.append((pos, m.start()))
        pos = m.end()
    spans.append((pos, len(line)))
    return [(a, b) for a, b in spans if b > a]


def _error_pos(exc: Any, line: str) -> int:
    """The character offset (within the line) where the parser gave up."""
    pos = getattr(exc, "pos_in_stream", None)
    token = getattr(exc, "token", None)
    if token is not None and getattr(token, "start_pos", None) is not None:
        pos = token.start_pos
    if pos is None or pos < 0:
        pos = len(line)
    return min(pos, len(line))


def _localise(parsers: _Parsers, module: ModuleType, game: str, line: str | Prepared, offset: int,
              exc: Any) -> list[Unparsed]:
    """Report the sentences of a failed line that do not parse, each with what was expected."""
    from lark.exceptions import UnexpectedInput

    from judge.text.grammar import start_rules

    parser = parsers.lark
    view = line.view if isinstance(line, Prepared) else line

    def where(a: int, b: int) -> tuple[int, int]:
        if isinstance(line, Prepared):
            return offset + line.to_source(a), offset + line.to_source_end(b)
        return offset + a, offset + b

    spans = _sentences(module, view)     # none: the line is all header (a cost not closed, a label)
    found: list[Unparsed] = []
    if spans and "sentence" in start_rules(game):
        for a, b in spans:
            try:
                _parses(parsers, view[a:b], "sentence")
            except UnexpectedInput as sub:
                found.append(Unparsed(*where(a, b), view[a:b], _expected(parser, module, sub, view[a:b])))
            except RecursionError:
                found.append(Unparsed(*where(a, b), view[a:b], ("a shorter sentence",)))
    if found:
        return found
    spans = spans or [(0, len(view))]
    pos = _error_pos(exc, view)
    a, b = next(((a, b) for a, b in spans if a <= pos < b), (0, len(view)))
    header = pos < spans[0][0] or not found_sentences(spans)
    if pos < spans[0][0]:          # the failure is in the header (levels, timing label, keyword)
        a, b = 0, spans[0][0] or len(view)
    return [Unparsed(*where(a, b), view[a:b], _expected(parser, module, exc, view, header))]


def found_sentences(spans: list[tuple[int, int]]) -> bool:
    """Whether a line has effect sentences at all (a bare keyword or label line has none)."""
    return bool(spans) and spans[0][1] > spans[0][0]


def _expected(parser: Any, module: ModuleType, exc: Any, text: str, header: bool = False) -> tuple[str, ...]:
    """What the grammar expected: a friendly label by example when one matches (for a line's
    header, where the examples are), else where it stopped and the kind of phrase that could have
    gone on there, in words (judge.text.expect, from the game module's table of phrase kinds)."""
    from judge.text.expect import expected

    examples = getattr(module, "EXAMPLES", None)
    if examples and header:
        try:
            label = exc.match_examples(lambda s: parser.parse(s, start="line"), examples,
                                       use_accepts=True)
        except Exception:  # match_examples re-parses; it must never turn into an error
            label = None
        if label:
            return (str(label),)
    names = _accepts(exc) or getattr(exc, "expected", None) or getattr(exc, "allowed", None) or ()
    return expected(parser, module, names, _found_word(exc, text))


def _found_word(exc: Any, text: str) -> str | None:
    """The word the parser stopped at (the whole word, not one character; the lexicon's marker
    characters dropped, the masked own name said as such), or None at the end of the text."""
    token = getattr(exc, "token", None)
    if token is not None and getattr(token, "type", "") == "$END":
        return None
    pos = _error_pos(exc, text)
    m = re.match(r"[^\s.,:;\"()]+|\S", text[pos:])
    if m is None:
        return None
    word = _MARKERS.sub("", m.group()).replace("\x02", " ")
    if "\x01" in word:
        word = word.replace("\x01", "") or "the card's own name"
    return word or None


#: characters the games' preparation adds to the grammar's view (lexicon markers, joined names)
_MARKERS = re.compile(r"[\ue000-\ue005]")


def _accepts(exc: Any) -> Any:
    """`exc.accepts` (the terminals that would have let the parse go on), from the state stack
    alone when the fast LALR bookkeeping is on: Lark copies the whole parser per terminal."""
    from judge.text import grammar

    if grammar.fast_enabled() and type(exc).__name__ in ("UnexpectedToken", "UnexpectedCharacters"):
        from judge.text.lark_speed import accepts

        found = accepts(exc)
        if found is not None:
            return found
    got = getattr(exc, "accepts", None)
    if got is None and type(exc).__name__ == "UnexpectedCharacters" and getattr(exc, "interactive_parser", None):
        got = exc.interactive_parser.accepts()      # a word no terminal reads: what the parser could read there
    return got


_PATTERN_SUBS = (
    (re.compile(r"\"[^\"]*\"|“[^”]*”"), '"…"'),
    (re.compile(r"\d[\d,]*"), "N"),
    (re.compile(r"\b(one|two|three|four|five|six|seven|eight|nine|ten)\b", re.I), "N"),
    (re.compile(r"\b(red|purple|green|white|yellow|blue|fire|ice|wind|earth|lightning|water|light|dark)\b",
                re.I), "COLOR"),
)


def unparsed_pattern(u: Unparsed, words: int = 8) -> str:
    """A normalised shape of an unparsed span (numbers, colours, quoted names abstracted), so
    coverage reports can count which constructs fail most often."""
    s = u.text
    for rx, rep in _PATTERN_SUBS:
        s = rx.sub(rep, s)
    return " ".join(s.split()[:words])


__all__ = ["TRANSFORMS", "ParseResult", "Prepared", "Unparsed", "line_spans", "parse_text", "transform_module",
           "unparsed_pattern"]
