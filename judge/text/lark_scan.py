"""The contextual lexer of a Lark LALR parser, matched by first character.

Lark's contextual lexer matches, in each parser state, one regular expression made of every
terminal the state accepts (`(?P<A>…)|(?P<B>…)|…`, in Lark's priority order): Python tries the
alternatives one after another, and compiles each such expression (thousands of characters) on
its first use in a process. Most alternatives cannot match at a given position because they cannot
start with the character there. So here each terminal gets the class of characters it can start
with (read from the parsed regular expression, conservatively: anything unclear counts as "any
character"), and a state's expression is built, on first need, for the character at hand from
only the terminals that can start with it, in the same order. Python's alternation takes the first
alternative that matches, and every dropped one could not match there, so the token found (text
and type) is exactly Lark's. Smaller expressions are also much quicker to compile, which is most of
what a fresh process spends on its first parses.
"""

from __future__ import annotations

import re
from typing import Any

try:                                  # the parser of Python's own `re` (private, but stable since 3.11)
    import re._constants as _sre
    import re._parser as _sre_parse
except ImportError:  # pragma: no cover - another Python: every terminal may start anywhere
    _sre = _sre_parse = None          # type: ignore[assignment]


class _AnyChar(Exception):
    """The first character of a pattern cannot be told (or may be anything)."""


_CATEGORY = {}
if _sre is not None:
    _CATEGORY = {_sre.CATEGORY_DIGIT: r"\d", _sre.CATEGORY_NOT_DIGIT: r"\D", _sre.CATEGORY_SPACE: r"\s",
                 _sre.CATEGORY_NOT_SPACE: r"\S", _sre.CATEGORY_WORD: r"\w", _sre.CATEGORY_NOT_WORD: r"\W"}


def _char(code: int) -> str:
    return f"\\U{code:08x}"


def _with_flags(source: str, flags: int) -> str:
    """One character class under the flags in force where it stood (case folding, ASCII classes)."""
    inline = ("i" if flags & re.IGNORECASE else "") + ("a" if flags & re.ASCII else "")
    return f"(?{inline}:{source})" if inline else source


def _class_of_set(items: list, flags: int) -> str:
    """An `IN` item (a bracketed set) as a character class."""
    parts, negate = [], ""
    for op, av in items:
        if op is _sre.NEGATE:
            negate = "^"
        elif op is _sre.LITERAL:
            parts.append(_char(av))
        elif op is _sre.RANGE:
            parts.append(f"{_char(av[0])}-{_char(av[1])}")
        elif op is _sre.CATEGORY and av in _CATEGORY:
            parts.append(_CATEGORY[av])
        else:
            raise _AnyChar
    return _with_flags(f"[{negate}{''.join(parts)}]", flags)


def _first(items: Any, flags: int, out: list[str]) -> bool:
    """Add to `out` the classes of characters a sequence of pattern items can start with; whether
    the sequence can match the empty string (then what follows it can start the match too)."""
    for op, av in items:
        if op is _sre.LITERAL:
            out.append(_with_flags(_char(av), flags))
            return False
        if op is _sre.IN:
            out.append(_class_of_set(av, flags))
            return False
        if op is _sre.SUBPATTERN:
            _group, add, remove, sub = av
            if not _first(sub, (flags | add) & ~remove, out):
                return False
        elif op is _sre.BRANCH:
            nullable = False
            for alternative in av[1]:
                nullable = _first(alternative, flags, out) or nullable
            if not nullable:
                return False
        elif op in (_sre.MAX_REPEAT, _sre.MIN_REPEAT, _sre.POSSESSIVE_REPEAT):
            low, _high, sub = av
            if not _first(sub, flags, out) and low > 0:
                return False
        elif op is _sre.ATOMIC_GROUP:
            if not _first(av, flags, out):
                return False
        elif op in (_sre.AT, _sre.ASSERT, _sre.ASSERT_NOT):
            continue                  # zero width: what follows starts the match (a superset: fine)
        else:                         # ANY, NOT_LITERAL, back references, …
            raise _AnyChar
    return True


def first_class(regexp: str, flags: int = 0) -> re.Pattern | None:
    """A pattern matching every character `regexp` can start a match with (maybe more); None when
    it may start with any character (or cannot be analysed)."""
    if _sre_parse is None:
        return None
    try:
        parsed = _sre_parse.parse(regexp, flags)
        out: list[str] = []
        if _first(parsed.data, parsed.state.flags, out) or not out:
            return None
        return re.compile("|".join(out))
    except (_AnyChar, re.error, TypeError, ValueError, OverflowError, RecursionError):
        return None


class StateScanner:
    """One state's lexer (a Lark BasicLexer): its terminals in Lark's order, with those that
    cannot start with a character left out of that character's expression."""

    __slots__ = ("by_char", "callback", "flags", "ignore", "newline", "re", "skip", "terminals")

    def __init__(self, basic: Any) -> None:
        from lark.lexer import _create_unless

        if basic.user_callbacks or basic.use_bytes:
            raise ValueError("lexer callbacks and bytes input are not supported here")
        terminals, self.callback = _create_unless(basic.terminals, basic.g_regex_flags, basic.re, basic.use_bytes)
        self.re, self.flags = basic.re, basic.g_regex_flags
        self.terminals = [(t.name, t.pattern.to_regexp(), _first_of(t, self.flags)) for t in terminals]
        self.ignore, self.newline = basic.ignore_types, basic.newline_types
        self.skip = frozenset(t for t in self.ignore if t not in self.callback)   # no token made at all
        self.by_char: dict[str, tuple] = {}

    def expressions(self, ch: str) -> tuple:
        """The compiled expressions to try, in order, at a position holding `ch`."""
        found = self.by_char.get(ch)
        if found is None:
            chosen = tuple((name, regexp) for name, regexp, first in self.terminals
                           if first is None or first.fullmatch(ch))
            found = self.by_char[ch] = _compiled(chosen, self.flags, self.re)
        return found


_FIRSTS: dict[tuple[str, str, int], re.Pattern | None] = {}
_COMPILED: dict[tuple, tuple] = {}


def _first_of(terminal: Any, flags: int) -> re.Pattern | None:
    key = (terminal.name, terminal.pattern.to_regexp(), flags)
    if key not in _FIRSTS:
        _FIRSTS[key] = first_class(key[1], flags)
    return _FIRSTS[key]


def _compiled(chosen: tuple, flags: int, re_module: Any) -> tuple:
    """The alternation of these terminals as compiled expressions (split like Lark's own when
    Python's group limit is reached); shared by every state that chooses the same terminals."""
    key = (chosen, flags)
    found = _COMPILED.get(key)
    if found is not None:
        return found
    out, rest, size = [], list(chosen), max(1, len(chosen))
    while rest:
        try:
            out.append(re_module.compile("|".join(f"(?P<{n}>{r})" for n, r in rest[:size]), flags))
        except AssertionError:            # too many groups for one expression: halve, as Lark does
            size = max(1, size // 2)
            continue
        rest = rest[size:]
    found = _COMPILED[key] = tuple(out)
    return found


__all__ = ["StateScanner", "first_class"]
