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
from functools import cache
from types import ModuleType
from typing import Any

from judge.errors import UnknownGame
from judge.text.ast import Ability
from judge.text.lexicon import Lexicon
from judge.text.localise import Parsers, _fast_tree
from judge.text.localise import _localise as _localise
from judge.text.prepared import Prepared, Unparsed

#: game id → module turning that game's parse trees into AST nodes.
TRANSFORMS: dict[str, str] = {
    "bss": "judge.text.bs.transform",
    "bs": "judge.text.bs.transform",
    "fftcg": "judge.text.fftcg.transform",
}



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
    parsers = Parsers(game)
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


@cache
def _accepts_args(fn: Any) -> frozenset[str]:
    """The keyword arguments a game's `split` or `prepare` accepts (`lexicon`, `name`)."""
    import inspect

    return frozenset(inspect.signature(fn).parameters)


def _parse_line(parsers: Parsers, module: ModuleType, game: str, line: str | Prepared,
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
