"""Deck checks cite the deck-construction clauses of the game."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.cards.deck import check_deck
from judge.errors import DeckError

FIX = Path(__file__).parent / "fixtures"


def test_bss_5_1_1_1_fifty_cards_four_copies_is_legal(db: Path) -> None:
    report = check_deck(FIX / "deck-bss-ok.txt", "bss", db)
    assert report.ok and report.cards == 50
    assert all("5-1-1-1" in f.cites for f in report.findings if "limited/banned" not in f.message)
    assert "5-1-1-1" in report.clauses and "fifty" in report.clauses["5-1-1-1"]


def test_bs_6_1_1_size_copies_standard_block_and_unknown_card(db: Path) -> None:
    report = check_deck(FIX / "deck-bs-bad.txt", "bs", db)
    assert not report.ok
    by_msg = {f.message: f for f in report.findings if f.level == "error"}
    size = next(f for f in report.findings if "deck has" in f.message)
    assert size.level == "error" and size.cites == ("6-1-1",)
    standard = next(f for f in by_msg.values() if "Standard" in f.message)
    assert "JDS01-015" in standard.message and "2-13-1-2-1" in standard.cites and standard.line == 2
    unknown = next(f for f in by_msg.values() if "unknown card" in f.message)
    assert unknown.line == 4


def test_bs_6_1_1_2_copy_limit_counts_by_name(tmp_path: Path, db: Path) -> None:
    deck = tmp_path / "d.txt"
    deck.write_text("2 JDS01-001\n2 Blaze Drake\n40 JDS01-004\n", encoding="utf-8")
    report = check_deck(deck, "bs", db)
    over = [f for f in report.findings if f.level == "error" and "copies" in f.message]
    assert over and "6-1-1-2" in over[0].cites and "4 copies of Blaze Drake" in over[0].message


def test_a_malformed_line_is_a_deck_error_with_its_line(tmp_path: Path, db: Path) -> None:
    deck = tmp_path / "d.txt"
    deck.write_text("4 JDS01-001\nfour of them\n", encoding="utf-8")
    with pytest.raises(DeckError, match="line 2"):
        check_deck(deck, "bs", db)
