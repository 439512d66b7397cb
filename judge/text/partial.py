"""Read what it can: a line the card grammar cannot read whole, read as far as it honestly goes.

An ability line that fails is read sentence by sentence (start rule `sentence`, where the game's
grammar has it). A sentence the grammar cannot read is narrowed to what follows its readable
leads ("When X enters the field, <not read>": the trigger is kept) and becomes a hole. The line is
then read again with each hole holding the game's `PLACEHOLDER` sentence (one effect node the
grammar reads anywhere a sentence stands, padded with blanks: every position stays that of the
printed text), so the header (levels, tags, timing, trigger, cost) and the sentences around the
holes are read in place by the game's own `build`; each placeholder node is then replaced by an
`Unread` node holding exactly the printed words of its hole. Nothing of the placeholder survives:
when a hole is too short for it, or its node is not found exactly once, the line is not read in
part. When the header itself (or the way the sentences join) is what fails, the whole line is one
`Unread` in an ability of kind `unread`: what sort of ability it is was not read either.

Every hole is also an `Unparsed` span of the result, so `ParseResult.ok` stays False and
coverage never counts such an ability as parsed or typed.
"""

from __future__ import annotations

import re
from dataclasses import is_dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

from judge.text import ast

if TYPE_CHECKING:
    from judge.text.parse import Prepared, Unparsed, _Parsers

_QUOTED = re.compile(r'"[^"]*"|“[^”]*”')

#: a hole: (start, end) in the grammar's view, and what the grammar expected there
Hole = tuple[int, int, tuple[str, ...]]


def read_partly(parsers: _Parsers, module: ModuleType, game: str, line: str | Prepared, offset: int,
                exc: Any) -> tuple[ast.Ability | None, list[Unparsed]]:
    """A failed line: the Ability of what it reads with `Unread` nodes in its holes, and the holes
    as Unparsed spans (printed positions); the whole line one `Unread` when no hole can be made."""
    from judge.text.parse import Prepared, Unparsed, _localise

    prepared = line if isinstance(line, Prepared) else Prepared.of(line)
    holes = _holes(parsers, module, game, prepared.view)
    if holes:
        ability = _with_holes(parsers, module, prepared, offset, holes)
        if ability is not None:
            return ability, [Unparsed(*_printed(prepared, offset, a, b), _words(prepared, a, b), why)
                             for a, b, why in holes]
    found = _localise(parsers, module, game, line, offset, exc)
    why = found[0].expected if found else ()
    start, end = offset, offset + len(prepared.source)
    words = prepared.source.strip()
    return whole_line(words, start, end), [Unparsed(start, end, words, why)]


def whole_line(words: str, start: int, end: int) -> ast.Ability:
    """A line none of which is read, not even what sort of ability it is: one `Unread`."""
    return ast.Ability(kind=ast.AbilityKind.UNREAD, effects=(ast.Unread(words=words, span=ast.Span(start, end)),),
                       text=words, span=ast.Span(start, end))


def _holes(parsers: _Parsers, module: ModuleType, game: str, view: str) -> list[Hole]:
    """The sentences of a line the grammar cannot read, each narrowed past its readable leads."""
    from lark.exceptions import UnexpectedInput

    from judge.text.grammar import start_rules
    from judge.text.parse import _expected, _parses, _sentences

    if "sentence" not in start_rules(game) or getattr(module, "PLACEHOLDER", None) is None:
        return []
    holes: list[Hole] = []
    for n, (a, b) in enumerate(_sentences(module, view)):
        try:
            _parses(parsers, view[a:b], "sentence")
        except UnexpectedInput as sub:
            start = _past_leads(parsers, module.PLACEHOLDER, view[a:b], sub)
            if n == 0 and start == 0 and ":" in _QUOTED.sub("", view[a:b]):
                return []        # a label the header pattern did not know ("Whenever …:"): the header is not read
            holes.append((a + start, b, _expected(parsers.lark, module, sub, view[a:b])))
        except RecursionError:
            holes.append((a, b, ("a shorter sentence",)))
    return holes


def _past_leads(parsers: _Parsers, placeholder: str, sentence: str, exc: Any) -> int:
    """Where the part not read starts in a sentence that fails: after the last comma before the
    failure whose leads read as a sentence with the placeholder after them ("If …, <not read>"),
    else at the sentence's start."""
    from lark.exceptions import UnexpectedInput

    from judge.text.parse import _error_pos, _parses

    stop = _error_pos(exc, sentence)
    for comma in [i for i in range(stop - 1, 0, -1) if sentence[i] == ","]:
        start = comma + 1
        while start < len(sentence) and sentence[start].isspace():
            start += 1
        if len(sentence) - start < len(placeholder):
            continue
        try:
            _parses(parsers, sentence[:start] + placeholder.ljust(len(sentence) - start), "sentence")
        except (UnexpectedInput, RecursionError):
            continue
        return start
    return 0


def _with_holes(parsers: _Parsers, module: ModuleType, prepared: Prepared, offset: int,
                holes: list[Hole]) -> ast.Ability | None:
    """The line read with the placeholder in each hole, its node replaced by the hole's words."""
    from lark.exceptions import UnexpectedInput

    from judge.text.parse import Prepared, _fast_tree

    placeholder = module.PLACEHOLDER
    view = prepared.view
    for a, b, _ in holes:
        if b - a < len(placeholder):
            return None
        view = view[:a] + placeholder.ljust(b - a) + view[b:]
    filled = Prepared(view, prepared.source, prepared.starts, prepared.ends)
    try:
        tree = _fast_tree(parsers, view, "line")
        if tree is None:
            tree = parsers.lark.parse(view, start="line")
        ability = module.build(tree, filled, offset)
    except (UnexpectedInput, RecursionError, ValueError, TypeError, KeyError):
        return None
    except Exception as exc:  # a transformer error (lark's VisitError): the line is not read in part
        if type(exc).__name__ != "VisitError":
            raise
        return None
    regions = {_printed(prepared, offset, a, b): _words(prepared, a, b) for a, b, _ in holes}
    found: dict[tuple[int, int], int] = dict.fromkeys(regions, 0)
    swapped = _swap(ability, regions, found)
    return swapped if all(n == 1 for n in found.values()) else None


def _swap(node: Any, regions: dict[tuple[int, int], str], found: dict[tuple[int, int], int]) -> Any:
    """`node` with every effect node inside a hole replaced by that hole's `Unread` (counted)."""
    if type(node) is tuple:
        new = tuple(_swap(n, regions, found) for n in node)
        return new if any(x is not y for x, y in zip(new, node, strict=True)) else node
    if not is_dataclass(node) or isinstance(node, type | ast.Span | ast.Enum):
        return node
    if isinstance(node, ast.Effect):
        span = getattr(node, "span", None)
        for (a, b), words in regions.items():
            if span is not None and a <= span.start and span.end <= b:
                found[(a, b)] += 1
                return ast.Unread(words=words, span=ast.Span(a, b))
    changes = {}
    for name in ast.field_names(type(node)):
        value = getattr(node, name)
        new = _swap(value, regions, found)
        if new is not value:
            changes[name] = new
    return ast.replace(node, **changes) if changes else node


def _printed(prepared: Prepared, offset: int, a: int, b: int) -> tuple[int, int]:
    """The printed span (shifted by `offset`) of view positions a..b, surrounding blanks left out."""
    start, end = prepared.to_source(a), prepared.to_source_end(b)
    text = prepared.source[start:end]
    lead = len(text) - len(text.lstrip())
    return offset + start + lead, offset + start + lead + len(text.strip())


def _words(prepared: Prepared, a: int, b: int) -> str:
    """The printed words of view positions a..b."""
    return prepared.source[prepared.to_source(a):prepared.to_source_end(b)].strip()


__all__ = ["read_partly", "whole_line"]
