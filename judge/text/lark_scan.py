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


def lexer_spec(basic: Any, regex_cache: dict | None = None) -> tuple:
    """A Lark BasicLexer as plain data (what `StateScanner` needs, and what the parser snapshot
    keeps between processes): (terminals after Lark's "unless" step as (name, regexp), the string
    terminals each regexp terminal is re-typed to when it matches one exactly, ignored types,
    types that may hold a newline, regex flags). ValueError for lexers with user callbacks."""
    from lark.lexer import UnlessCallback, _create_unless

    if basic.user_callbacks or basic.use_bytes or basic.re is not re:
        raise ValueError("lexer callbacks, bytes input and the regex module are not supported here")
    terminals, callbacks = _create_unless(basic.terminals, basic.g_regex_flags, _Cached(regex_cache), False)
    unless = {}
    for kind, callback in callbacks.items():
        if not isinstance(callback, UnlessCallback):
            raise ValueError(f"unexpected lexer callback for {kind}")
        unless[kind] = tuple((t.name, t.pattern.to_regexp()) for t in callback.scanner.terminals)
    return (tuple((t.name, t.pattern.to_regexp()) for t in terminals), unless,
            tuple(sorted(basic.ignore_types)), tuple(sorted(basic.newline_types)), basic.g_regex_flags)


class _Cached:
    """`re` for Lark's "unless" step, keeping every compiled pattern (it matches each regexp
    terminal against each string terminal; Python's own cache holds 512 and would thrash)."""

    def __init__(self, cache: dict | None) -> None:
        self.cache = {} if cache is None else cache

    def match(self, pattern: str, text: str, flags: int = 0) -> Any:
        compiled = self.cache.get((pattern, flags))
        if compiled is None:
            compiled = self.cache[(pattern, flags)] = re.compile(pattern, flags)
        return compiled.match(text)

    def compile(self, pattern: str, flags: int = 0) -> re.Pattern:
        return re.compile(pattern, flags)


class _Retype:
    """Lark's UnlessCallback: a regexp terminal's token whose text is exactly one of the string
    terminals takes that terminal's type (the first in Lark's order)."""

    __slots__ = ("expressions",)

    def __init__(self, terminals: tuple, flags: int) -> None:
        self.expressions = _compiled(terminals, flags)

    def __call__(self, token: Any) -> Any:
        for expression in self.expressions:
            m = expression.fullmatch(token)
            if m is not None:
                token.type = m.lastgroup
                break
        return token


class StateScanner:
    """One state's lexer (from `lexer_spec`): its terminals in Lark's order, with those that
    cannot start with a character left out of that character's expression."""

    __slots__ = ("by_char", "callback", "flags", "ignore", "newline", "skip", "terminals")

    def __init__(self, spec: tuple) -> None:
        terminals, unless, ignore, newline, self.flags = spec
        self.terminals = [(name, regexp, _first_of(name, regexp, self.flags)) for name, regexp in terminals]
        self.callback = {kind: _Retype(strings, self.flags) for kind, strings in unless.items()}
        self.ignore, self.newline = frozenset(ignore), frozenset(newline)
        self.skip = frozenset(t for t in self.ignore if t not in self.callback)   # no token made at all
        self.by_char: dict[str, tuple] = {}

    def expressions(self, ch: str) -> tuple:
        """The compiled expressions to try, in order, at a position holding `ch`."""
        found = self.by_char.get(ch)
        if found is None:
            chosen = tuple((name, regexp) for name, regexp, first in self.terminals
                           if first is None or first.fullmatch(ch))
            found = self.by_char[ch] = _compiled(chosen, self.flags)
        return found


_FIRSTS: dict[tuple[str, str, int], re.Pattern | None] = {}
_COMPILED: dict[tuple, tuple] = {}


def _first_of(name: str, regexp: str, flags: int) -> re.Pattern | None:
    key = (name, regexp, flags)
    if key not in _FIRSTS:
        _FIRSTS[key] = first_class(regexp, flags)
    return _FIRSTS[key]


def _compiled(chosen: tuple, flags: int) -> tuple:
    """The alternation of these terminals as compiled expressions (split like Lark's own when
    Python's group limit is reached); shared by every state that chooses the same terminals."""
    key = (chosen, flags)
    found = _COMPILED.get(key)
    if found is not None:
        return found
    out, rest, size = [], list(chosen), max(1, len(chosen))
    while rest:
        try:
            out.append(re.compile("|".join(f"(?P<{n}>{r})" for n, r in rest[:size]), flags))
        except AssertionError:            # too many groups for one expression: halve, as Lark does
            size = max(1, size // 2)
            continue
        rest = rest[size:]
    found = _COMPILED[key] = tuple(out)
    return found


__all__ = ["StateScanner", "first_class", "lexer_spec"]
