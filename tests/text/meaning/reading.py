"""The real cards the meaning tables name, and the reading of one ability of one of them: shared by the
meaning tests and bench/bench_meaning.py, so both check the same AST in the same way.

The corpus is read from ../shared/corpus (never part of the repository); `corpus_file` says where it
is looked for, and the callers skip with that reason when it is absent.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
_FILES = {"bss": "bss-cards.json", "fftcg": "fftcg-cards.json"}


def corpus_file(game: str) -> Path:
    """Where the real cards of a game are looked for."""
    return ROOT.parent / "shared" / "corpus" / _FILES[game]


@cache
def validation_sets(game: str) -> frozenset[str]:
    """The sets of a game's validation split (bench/validation.toml)."""
    conf = tomllib.loads((ROOT / "bench" / "validation.toml").read_text(encoding="utf-8"))
    return frozenset(conf[game]["sets"])


@cache
def bss_cards() -> tuple[dict[str, Any], Any]:
    """Battle Spirits Saga cards by number, and the lexicon their names and families give the grammar."""
    from judge.cards.importers import read_cards
    from judge.text.lexicon import Lexicon

    cards = read_cards(corpus_file("bss"), "bss")
    return {c.number: c for c in cards}, Lexicon.from_cards(cards)


@cache
def fftcg_cards() -> dict[str, dict]:
    """FFTCG card records by number."""
    records = json.loads(corpus_file("fftcg").read_text(encoding="utf-8"))
    return {r["id"]: r for r in records}


@cache
def fftcg_lexicon() -> Any:
    """The names, Jobs and Categories of the FFTCG cards: the database supplies the names text may use."""
    from judge.text.lexicon import Lexicon

    return Lexicon.from_cards(fftcg_cards().values())


def card_set(game: str, number: str) -> str:
    """The set a card of the corpus belongs to (KeyError for a number the corpus lacks)."""
    return bss_cards()[0][number].set if game == "bss" else fftcg_cards()[number]["set"]


@dataclass(frozen=True)
class Reading:
    """One ability of a real card as the parser reads it: the ability found at its place (None when
    nothing was read there) and what of it was left unread."""

    ability: Any
    unread: tuple[str, ...]

    @property
    def parsed(self) -> bool:
        return self.ability is not None and not self.unread


def read_bss(number: str, line: int) -> Reading:
    """The ability on one line of a Battle Spirits card's text."""
    from judge.text.parse import parse_text

    cards, lexicon = bss_cards()
    card = cards[number]
    lines = card.text.split("\n")
    result = parse_text(card.text, "bss", name=card.name, lexicon=lexicon)
    start = sum(len(x) + 1 for x in lines[:line])
    found = [a for a in result.abilities if a.span.start == start]
    unread = tuple(u.text for u in result.unparsed if start <= u.start < start + len(lines[line]))
    return Reading(found[0] if found else None, unread)


def read_fftcg(number: str, index: int) -> Reading:
    """The ability at one index of an FFTCG card's text (as the source splitter divides it)."""
    from judge.text.fftcg.source import split_abilities
    from judge.text.parse import parse_text

    card = fftcg_cards()[number]
    text, name = card["text"] or "", card["name"]
    seg = split_abilities(text, name, fftcg_lexicon())[index]
    result = parse_text(text, "fftcg", name=name, lexicon=fftcg_lexicon())
    found = [a for a in result.abilities if a.span is not None and seg.start <= a.span.start < seg.end]
    unread = tuple(", ".join(u.expected) or u.text for u in result.unparsed if seg.start <= u.start < seg.end)
    return Reading(found[0] if found else None, unread)


READERS = {"bss": read_bss, "fftcg": read_fftcg}
