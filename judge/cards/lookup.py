"""Which card a judge means by what they typed: a number, a whole or partial name, a name with typos.

A judge types `1-182`, `cloud`, `deadly`, `Thunder Leonn` or `BSS01-014` and expects the card, or
the short list to pick from, or the nearest real numbers and names, never a card of another game
without a word about it. The rules, in order (the first that finds something decides):

1. the number, any case (`bss01-013`), also without an FFTCG rarity letter (`1-182` → `1-182L`);
2. the whole name (`Cloud`: every printing of that name);
3. every typed word is a word of the name (`thunder leon`), else begins one (`deadly` → Deadly
   Balance, Doubly Deadly);
4. every typed word is a near spelling of a word of the name (`Thunder Leonn` → … Thunder Leon),
   then the whole name spelt nearly (`thunderleon`), by rapidfuzz.

One card found: that card. Several: `Several` names them all (numbers and games), best first.
None: the nearest numbers of the same set and game first for a number, the nearest names (of the
game asked, else of every game) for a name.

This module reads (game, number, name) rows and knows nothing of SQL or of card records.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

#: a card number as printed: a set prefix (letters and/or digits), a dash, a number, maybe a
#: rarity letter (BSS01-013, ST07-005, 1-182L, PR-012, Re-190L/19-114L)
NUMBER = re.compile(r"^(?P<prefix>[A-Za-z]*\d*)-(?P<num>\d+)(?P<rarity>[A-Za-z]?)$")

#: how near a typed word must be to a word of a name to count as a typo of it (rapidfuzz ratio)
WORD_NEAR = 80
#: how near a whole typed name must be to a card's name (rapidfuzz token_sort_ratio)
NAME_NEAR = 85
#: most cards a "several match" list names
LISTED = 30


@dataclass(frozen=True)
class Row:
    """One card as the lookup sees it."""

    game: str
    number: str
    name: str

    def label(self) -> str:
        return f"{self.number} {self.name} ({self.game})"


@dataclass(frozen=True)
class Match:
    """What a query found: `rows` best first (one: that card; several: a list to pick from; none:
    `hints`, the nearest numbers or names), and `how` it was read ("number", "name",
    "partial name", "nearest name")."""

    rows: tuple[Row, ...]
    how: str
    hints: tuple[str, ...] = ()


def _words(text: str) -> list[str]:
    from rapidfuzz import utils

    return utils.default_process(text).split()


def _number_key(number: str) -> str:
    """A printed number without its FFTCG rarity letter, folded (1-182L → 1-182)."""
    m = NUMBER.match(number)
    return f"{m['prefix']}-{int(m['num'])}".casefold() if m else number.casefold()


def _by_number(q: str, rows: Sequence[Row]) -> list[Row]:
    """The card of that number; else the reprints carrying it (20-063C/15-058C for 15-058C); else
    the number without its rarity letter (1-182 for 1-182L)."""
    folded = q.casefold()
    for same in (lambda r: r.number.casefold() == folded,
                 lambda r: any(part.casefold() == folded for part in r.number.split("/"))):
        found = [r for r in rows if same(r)]
        if found:
            return found
    if not NUMBER.match(q):
        return []
    key = _number_key(q)
    return [r for r in rows if any(_number_key(part) == key for part in r.number.split("/"))]


def _by_words(typed: list[str], rows: Sequence[Row], words: dict[str, list[str]]) -> list[Row]:
    """Rows whose name has, for every typed word, a word it begins."""
    return [r for r in rows if all(any(w.startswith(t) for w in words[r.name]) for t in typed)]


def _near_words(typed: list[str], rows: Sequence[Row], words: dict[str, list[str]]) -> list[Row]:
    """Rows whose name has a near spelling of every typed word, the nearest names first."""
    from rapidfuzz import fuzz

    scored: dict[str, float] = {}
    for name, ws in words.items():
        total = 0.0
        for t in typed:
            best = max((100.0 if w.startswith(t) else fuzz.ratio(t, w) for w in ws), default=0.0)
            if best < (100 if len(t) < 4 else WORD_NEAR):
                break
            total += best
        else:
            scored[name] = total / len(typed) - 0.5 * max(0, len(ws) - len(typed))
    if not scored:
        return []
    top = max(scored.values())
    best_names = {n for n, s in scored.items() if s >= top - 1e-9}
    return [r for r in rows if r.name in best_names]


def _near_name(q: str, rows: Sequence[Row]) -> list[Row]:
    from rapidfuzz import fuzz, process, utils

    names = sorted({r.name for r in rows})
    got = process.extract(q, names, scorer=fuzz.token_sort_ratio, processor=utils.default_process, limit=2)
    if not got or got[0][1] < NAME_NEAR or (len(got) > 1 and got[1][1] == got[0][1]):
        return []
    return [r for r in rows if r.name == got[0][0]]


def _number_hints(q: str, rows: Sequence[Row], limit: int = 3) -> list[str]:
    """The nearest real numbers to a number that is not printed: same set prefix first, then sets of
    the same letters (BSS99 → BSS…), then the same shape; each nearest by its number."""
    m = NUMBER.match(q)
    if not m:
        return []
    prefix, num = m["prefix"].casefold(), int(m["num"])
    letters = re.sub(r"\d+", "", prefix)

    def rank(r: Row) -> tuple:
        rm = NUMBER.match(r.number.split("/")[-1])
        if not rm:
            return (9, 0, 0)
        rp = rm["prefix"].casefold()
        rl = re.sub(r"\d+", "", rp)
        set_gap = abs(int(re.sub(r"\D", "", rp) or 0) - int(re.sub(r"\D", "", prefix) or 0))
        tier = 0 if rp == prefix else 1 if rl == letters else 2
        return (tier, set_gap if tier else 0, abs(int(rm["num"]) - num))

    best = sorted(rows, key=rank)
    return [r.label() for r in best[:limit] if rank(r)[0] < 2]


def _name_hints(q: str, rows: Sequence[Row], limit: int = 3) -> list[str]:
    from rapidfuzz import fuzz, process, utils

    names: dict[str, Row] = {}
    for r in rows:
        names.setdefault(r.name, r)
    got = process.extract(q, list(names), scorer=fuzz.WRatio, processor=utils.default_process, limit=limit)
    return [names[n].label() for n, score, _ in got if score >= 50]


def resolve(query: str, rows: Sequence[Row]) -> Match:
    """Read what a judge typed against these cards (see the module's rules)."""
    q = " ".join(query.split())
    found = _by_number(q, rows)
    if found:
        return Match(tuple(found), "number")
    from rapidfuzz import utils

    folded = utils.default_process(q)
    found = [r for r in rows if utils.default_process(r.name) == folded]
    if found and folded:
        return Match(tuple(found), "name")
    typed = folded.split()
    if typed:
        words = {r.name: _words(r.name) for r in rows}
        found = ([r for r in rows if set(typed) <= set(words[r.name])]     # whole words first ("s jaw")
                 or _by_words(typed, rows, words))
        if found:
            return Match(tuple(sorted(found, key=lambda r: (len(words[r.name]), r.name, r.game, r.number))),
                         "partial name")
        found = _near_words(typed, rows, words) or _near_name(q, rows)
        if found:
            return Match(tuple(found), "nearest name")
    hints = _number_hints(q, rows) if NUMBER.match(q) else []
    return Match((), "none", tuple(hints or _name_hints(q, rows)))


def distinct_cards(match: Match) -> int:
    """How many cards a match names."""
    return len({(r.game, r.number) for r in match.rows})


__all__ = ["LISTED", "NUMBER", "Match", "Row", "distinct_cards", "resolve"]
