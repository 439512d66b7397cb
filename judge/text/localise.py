"""Where a line the grammar does not read stopped, and what it expected there: the two parsers of
a game (the fast driver and Lark's own) and the report of a failed line, sentence by sentence.
Below the driver (`judge.text.parse`) and the partial reader (`judge.text.partial`), which both
use it, so neither imports the other for it."""

from __future__ import annotations

import re
from types import ModuleType
from typing import Any

from judge.text.prepared import Prepared, Unparsed

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


class Parsers:
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


def _fast_tree(parsers: Parsers, text: str, start: str) -> Any:
    """The tree of `text` from the fast driver (judge.text.lark_speed); None when Lark must parse it."""
    fast = parsers.fast
    if fast is None:
        return None
    from judge.text.lark_speed import Fallback

    try:
        return fast.parse(text, start)
    except Fallback:
        return None


def _parses(parsers: Parsers, text: str, start: str) -> None:
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


def _localise(parsers: Parsers, module: ModuleType, game: str, line: str | Prepared, offset: int,
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


__all__ = ["Parsers", "found_sentences"]
