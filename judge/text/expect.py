"""What a line that does not parse needed next, said in words, the same way for every game (issue 11.6).

When the LALR parser stops, it knows which terminals it could have read there. Each game's transform
module lists the kinds of phrase of its templating language (`PHRASES`: a tuple of `PhraseKind`, in
the order a report prefers them) and, optionally, how its word-like terminals read
(`TERMINAL_WORDS`). One function, `expected`, reads them: "stopped at 'potato'", then "expected a
selector such as 'one of your opponent's spirits'" naming the broadest kinds that fit (up to three
that do not overlap), or else the words that could have come next; never a regex fragment.

A kind fits when enough of the terminals that open it were acceptable there: the terminals are
named (`opens`) or are those that can begin a grammar rule (`rule`: its FIRST set, from the parser);
`enough` is how many must be acceptable (None: all of them), so a lone word that happens to start
a phrase does not make the message lie.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from types import ModuleType
from typing import Any

#: at most this many kinds of phrase, or this many words, are named in one report
MAX_KINDS = 3
MAX_WORDS = 8


@dataclass(frozen=True)
class PhraseKind:
    """A kind of phrase in words ("a selector such as …"), and the terminals that open it: those
    named in `opens`, and those that can begin the grammar rule `rule`."""

    words: str
    rule: str | None = None
    opens: frozenset[str] = frozenset()
    enough: int | None = None

    def openers(self, parser: Any) -> frozenset[str]:
        """Every terminal that opens this kind of phrase under `parser`."""
        return self.opens | (first_terminals(parser, self.rule) if self.rule else frozenset())

    def fits(self, parser: Any, acceptable: frozenset[str]) -> frozenset[str]:
        """The acceptable terminals that open it, when there are enough of them (else empty)."""
        openers = self.openers(parser)
        found = openers & acceptable
        need = len(openers) if self.enough is None else min(self.enough, len(openers))
        return found if found and len(found) >= need else frozenset()


def expected(parser: Any, module: ModuleType, names: Iterable[str], found: str | None) -> tuple[str, ...]:
    """Where the parse stopped (`found`: the word there; None: the end of the text) and what kind of
    phrase the game's templating language could have gone on with there (`names`: the terminals the
    parser could have read), from the game module's `PHRASES` and `TERMINAL_WORDS`."""
    acceptable = frozenset(names)
    head = f"stopped at {found!r}" if found else "stopped at the end of the text"
    kinds = _kinds(parser, tuple(getattr(module, "PHRASES", ())), acceptable)
    if kinds:
        return head, "expected " + either(kinds)
    words = _words(parser, getattr(module, "TERMINAL_WORDS", {}), acceptable)
    if not words:
        return head, "expected nothing more here: no phrase of the templating language goes on this way"
    return head, "expected " + either(words)


def _kinds(parser: Any, phrases: tuple[PhraseKind, ...], acceptable: frozenset[str]) -> list[str]:
    """The broadest kinds that fit (most acceptable openers first, the table's order between equals),
    each one adding terminals no kind named before it covers."""
    fitting = [(kind, kind.fits(parser, acceptable)) for kind in phrases]
    fitting = sorted(((k, f) for k, f in fitting if f), key=lambda kf: -len(kf[1]))
    named: list[str] = []
    covered: frozenset[str] = frozenset()
    for kind, found in fitting:
        if found & covered:
            continue
        named.append(kind.words)
        covered |= found
        if len(named) == MAX_KINDS:
            break
    return named


def _words(parser: Any, terminal_words: Mapping[str, str], acceptable: frozenset[str]) -> list[str]:
    """The words that could have come next: a word-like terminal as the game says it, a literal
    terminal as its word; a pattern no one can read is left out."""
    literal = _literals(parser)
    out = {terminal_words.get(n) or repr(literal[n]) for n in acceptable if n in terminal_words or n in literal}
    return sorted(out)[:MAX_WORDS]


@cache
def _literals(parser: Any) -> dict[str, str]:
    return {t.name: t.pattern.value for t in parser.terminals if t.pattern.type == "str"}


def either(items: list[str]) -> str:
    """"a", "a or b", "a, b or c"."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


@cache
def first_terminals(parser: Any, rule: str) -> frozenset[str]:
    """The terminals that can begin `rule` (its FIRST set), from the parser's rules."""
    by_origin: dict[str, list[list[Any]]] = {}
    for r in parser.rules:
        by_origin.setdefault(r.origin.name, []).append(list(r.expansion))
    nullable: set[str] = set()
    changed = True
    while changed:
        changed = False
        for origin, expansions in by_origin.items():
            if origin not in nullable and any(all(not s.is_term and s.name in nullable for s in e) for e in expansions):
                nullable.add(origin)
                changed = True
    seen: set[str] = set()
    out: set[str] = set()
    stack = [rule]
    while stack:
        name = stack.pop()
        if name in seen:
            continue
        seen.add(name)
        for expansion in by_origin.get(name, ()):
            for sym in expansion:
                if sym.is_term:
                    out.add(sym.name)
                    break
                stack.append(sym.name)
                if sym.name not in nullable:
                    break
    return frozenset(out)


__all__ = ["MAX_KINDS", "MAX_WORDS", "PhraseKind", "either", "expected", "first_terminals"]
