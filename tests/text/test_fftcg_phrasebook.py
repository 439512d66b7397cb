"""The FFTCG phrasebook ratchet (issue 20): tests/text/fftcg_phrasebook.txt holds ability lines in the
templating language written in the project's own words, new combinations of its known parts, the way a card
nobody here has read would print them. Every line read fully typed stays read; the lines not read yet are named
in fftcg_phrasebook_unread.json, a list that may only shrink (a line read now must leave it). What the grammar
cannot read is never counted as read: a listed line must still fail."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from judge.text.parse import parse_text
from judge.text.typed import untyped_parts

HERE = Path(__file__).parent
BOOK = HERE / "fftcg_phrasebook.txt"
UNREAD = HERE / "fftcg_phrasebook_unread.json"
NAME = "Quillon"                       # the invented card name every line speaks of itself by


@cache
def lines() -> tuple[str, ...]:
    """The phrasebook's card texts (headings and blank lines left out)."""
    text = BOOK.read_text(encoding="utf-8").splitlines()
    return tuple(s.strip() for s in text if s.strip() and not s.lstrip().startswith("#"))


@cache
def known_unread() -> frozenset[str]:
    return frozenset(json.loads(UNREAD.read_text(encoding="utf-8"))["unread"])


def why_not_read(text: str) -> list[str]:
    """Empty when the whole text parses and every ability is fully typed; else what was not."""
    result = parse_text(text, "fftcg", name=NAME)
    why = [f"not read: {u.text}" for u in result.unparsed]
    if not why:
        for ability in result.abilities:
            why += untyped_parts(ability, "fftcg")
    return why


def test_the_phrasebook_is_large_and_has_no_repeated_line() -> None:
    assert len(lines()) >= 250
    assert len(set(lines())) == len(lines())


def test_the_known_unread_list_names_only_phrasebook_lines() -> None:
    assert known_unread() <= set(lines()), sorted(known_unread() - set(lines()))


@pytest.mark.parametrize("text", [t for t in lines() if t not in known_unread()])
def test_a_line_read_stays_read(text: str) -> None:
    assert why_not_read(text) == []


@pytest.mark.parametrize("text", sorted(known_unread()))
def test_a_listed_line_is_still_unread(text: str) -> None:
    """A line the grammar now reads must be taken off the list (the list only shrinks)."""
    assert why_not_read(text) != [], "read now: remove it from fftcg_phrasebook_unread.json"
