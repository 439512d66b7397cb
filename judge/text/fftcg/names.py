"""The closed lists of Jobs, Categories and card names a reference without markup may use (6.6.2, 5.2.2).

Card text names a Job, a Category or another card inside markup ([[i]]Job Samurai[[/]],
[Card Name (Laguna)]) or, on older cards, plainly ("search for 1 Job Samurai or Card Name Samurai").
A plain name is read only when it is one the card database has: the masker (source.py) joins such a
span's words with \\x02 so the grammar reads it as one reference, and any other words after "Job"
stay words the grammar does not accept. The lists are those of the `Lexicon` the parse is given
(judge.text.lexicon: the card database's, a board's cards, a coverage run's file), as for Battle
Spirits; nothing is kept between calls but caches keyed by the lexicon itself.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from judge.text.lexicon import Lexicon


@dataclass(frozen=True, eq=False)
class Vocabulary:
    """The names a plain reference may use, lower case, longest first (so the longest one wins);
    identity-hashed like its Lexicon (one per lexicon, `vocabulary`), so the caches keyed by it never
    hash thousands of names per ability."""

    jobs: tuple[str, ...]
    categories: tuple[str, ...]
    names: tuple[str, ...]


@lru_cache(maxsize=16)
def vocabulary(lexicon: Lexicon) -> Vocabulary:
    """A lexicon's Jobs, Categories and card names as the masker reads them (cached per lexicon)."""
    def order(words: frozenset[str]) -> tuple[str, ...]:
        low = {w.strip().lower() for w in words if w and w.strip()}
        return tuple(sorted(low, key=lambda n: (-len(n), n)))
    return Vocabulary(order(lexicon.jobs), order(lexicon.categories), order(lexicon.names))


@lru_cache(maxsize=16)
def plain_ref_pattern(v: Vocabulary) -> re.Pattern[str] | None:
    """One regex for "job X" / "card name X" / "category X" with X a known name (None: no names)."""
    from judge.text.lexicon import words_regex

    parts = []
    for label, names in (("job", v.jobs), ("card name", v.names), ("category", v.categories)):
        if names:
            parts.append(rf"{label}\s+(?:{words_regex(names)})")
    if not parts:
        return None
    return re.compile(r"(?<![\w\[(\]])(?:" + "|".join(parts) + r")(?![\w'])")


def plain_ref_spans(view: str, lexicon: Lexicon) -> list[tuple[int, int]]:
    """Where `view` (lower case) names a Job / Card Name / Category of `lexicon` without markup."""
    if not any(w in view for w in ("job ", "card name ", "category ")):
        return []
    pattern = plain_ref_pattern(vocabulary(lexicon))
    return [(m.start(), m.end()) for m in pattern.finditer(view)] if pattern is not None else []


def join_plain_refs(view: str, lexicon: Lexicon) -> str:
    """The grammar's view with each plain reference to a name of `lexicon` joined by \\x02 (same length)."""
    labelled = any(w in view for w in ("job ", "card name ", "category "))
    if not labelled and "primes" not in view:
        return view
    v = vocabulary(lexicon)
    pattern = plain_ref_pattern(v) if labelled else None
    if pattern is None:
        return _join_primer(view, v) if "primes" in view else view
    marked = [(m.start(), m.end()) for m in _MARKED.finditer(view)]

    def join(m: re.Match[str]) -> str:
        if any(a <= m.start() < b for a, b in marked):
            return m.group()                      # inside [[i]]…[[/]] or [Job (…)]: the markup says it
        return re.sub(r"\s", "\x02", m.group())
    view = pattern.sub(join, view)
    if "primes" in view:
        view = _join_primer(view, v)
    return view


def _join_primer(view: str, v: Vocabulary) -> str:
    """"hugo primes into": a card the database names, before "primes into", joined with \x02."""
    for m in re.finditer(r"\s+primes\s+into\b", view):
        before = view[:m.start()]
        name = next((n for n in v.names if before.endswith(n) and (len(before) == len(n)
                                                                    or not before[-len(n) - 1].isalnum())), None)
        if name is None:
            continue
        start = m.start() - len(name)
        joined = re.sub(r"\s", "\x02", view[start:m.start()]) + "\x02" + view[m.start() + 1:m.end()]
        view = view[:start] + joined + view[m.end():]
    return view


#: the capitalised words of the templating language itself, which end a plain name ("Job Samurai Forward")
_GAME_WORDS = frozenset(["forward", "forwards", "backup", "backups", "monster", "monsters", "character", "characters", "summon", "summons", "card", "cards", "fire", "ice", "wind", "earth", "lightning", "water", "light", "dark", "break", "damage", "zone", "ex", "burst", "haste", "brave", "first", "back", "warp", "priming", "special", "ability", "abilities", "name", "job", "category", "counter", "counters", "party", "deck", "hand", "lb", "cp", "element", "elements"])
#: a label the printed text gives a name without markup, then the name's capitalised words
_PLAIN_LABEL = re.compile(r"(?<![\w\[(\]])(Card Name|Job|Category)((?:\s+(?:of\s+|the\s+)*[A-Z0-9][\w'’&·.-]*)+)")


def join_printed_refs(printed: str, view: str) -> str:
    """A plain "Card Name X" / "Job X" / "Category X" whose name is not in the lexicon: the name is the
    run of capitalised words the printed text gives after its label (names are printed capitalised,
    the game's own words such as "Forward" end it), joined by \x02 in the view (same length). A
    span already joined or marked up is left as it is."""
    if not any(w in printed for w in ("Card Name ", "Job ", "Category ")):
        return view
    marked = [(m.start(), m.end()) for m in _MARKED.finditer(view)]
    for m in _PLAIN_LABEL.finditer(printed):
        words = list(re.finditer(r"\S+", m.group(2)))
        keep = 0
        for w in words:
            bare = w.group().rstrip(".,:;").lower()
            if bare in _GAME_WORDS or (not w.group()[:1].isupper() and not w.group()[:1].isdigit() \
                    and bare not in ("of", "the")):
                break
            if w.group()[:1].isupper() or w.group()[:1].isdigit():
                keep = w.end() - len(w.group()) + len(w.group().rstrip(".,:;"))
        end = m.start(2) + keep
        if keep == 0 or "\x02" in view[m.start():end] or any(a <= m.start() < b for a, b in marked):
            continue
        view = view[:m.start()] + re.sub(r"\s", "\x02", view[m.start():end]) + view[end:]
    return view


_MARKED = re.compile(r"\[\[i\]\].*?\[\[/\]\]|\[[a-z ]+\([^)\]]*\)\]", re.S)


__all__ = ["Vocabulary", "join_plain_refs", "join_printed_refs", "plain_ref_spans", "vocabulary"]
