"""Which validation-split abilities the unseen meaning tables state facts about (issue 11.3: "the same
is measured on unseen cards"), by a rule fixed before any of those cards was read.

The rule, per game: take the cards of the validation split (bench/validation.toml) that have text,
leaving out any whose text is printed identically on a training-split card (a reprint is not
unseen); sort them by card number; keep every Nth card starting with the first (N = 4 for Battle
Spirits Saga, 5 for FFTCG: the smallest step that yields at least 60 abilities); every ability of
a kept card is in the table (BS: every non-empty line of its text; FFTCG: every ability the source
splitter finds). The tables (bss_unseen_facts.py, fftcg_unseen_facts.py) were written from the card
text and the rules before the parser was run on those cards; they are a measure
(bench/bench_meaning.py), never a gate.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

STEP = {"bss": 4, "fftcg": 5}


def _kept(cards: list[tuple[str, str, str]], validation: set[str], step: int) -> list[tuple[str, str]]:
    """(number, text) of every `step`th unseen validation card; cards are (number, set, text)."""
    training = {text for _, card_set, text in cards if card_set not in validation}
    unseen = sorted((n, t) for n, s, t in cards if s in validation and t.strip() and t not in training)
    return unseen[::step]


def bss_selection(cards: Iterable[Any], validation: set[str]) -> list[tuple[str, int]]:
    """(card number, line) of every Battle Spirits ability the rule selects."""
    rows = [(c.number, c.set, c.text or "") for c in cards]
    return [(n, i) for n, t in _kept(rows, validation, STEP["bss"])
            for i, line in enumerate(t.split("\n")) if line.strip()]


def fftcg_selection(records: Iterable[dict], validation: set[str]) -> list[tuple[str, int]]:
    """(card number, ability index) of every FFTCG ability the rule selects."""
    from judge.text.fftcg.source import split_abilities

    records = list(records)
    names = {r["id"]: r["name"] for r in records}
    rows = [(r["id"], r["set"], r["text"] or "") for r in records]
    return [(n, i) for n, t in _kept(rows, validation, STEP["fftcg"])
            for i in range(len(split_abilities(t, names[n])))]
