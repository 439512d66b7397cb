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


def test_registered_list_formats_count_alike(tmp_path: Path, db: Path) -> None:
    """`N CARD-NO`, `Nx CARD-NO`, `N x name` and `name xN` are one and the same entry."""
    deck = tmp_path / "d.txt"
    deck.write_text("2 JDS01-001\n1x JDS01-001\n# a comment\nBlaze Drake x1\n36 x JDS01-004\n", encoding="utf-8")
    report = check_deck(deck, "bs", db)
    over = [f for f in report.findings if f.level == "error" and "copies" in f.message]
    assert report.cards == 40 and over and "4 copies of Blaze Drake" in over[0].message


def test_an_unknown_card_never_passes_a_limit_check(tmp_path: Path, db: Path) -> None:
    deck = tmp_path / "d.txt"
    deck.write_text("50 BSS99-999\n", encoding="utf-8")
    report = check_deck(deck, "bss", db)
    assert not report.ok
    assert not any(f.level == "ok" and "copies" in f.message for f in report.findings)
    assert any(f.level == "error" and "not verified" in f.message for f in report.findings)


def _banlist(tmp_path: Path) -> Path:
    f = tmp_path / "bs.toml"
    f.write_text('game = "bs"\n'
                 '[[list]]\neffective = "2030-01-01"\nsource = "an invented list"\nlimits = { "Blaze Drake" = 1 }\n'
                 '[[list]]\neffective = "2031-06-01"\nlimits = { "Blaze Drake" = 0 }\n', encoding="utf-8")
    return f


@pytest.mark.parametrize(("day", "expect"), [("2029-12-31", "warning"), ("2030-03-01", "limited to 1"),
                                             ("2031-06-01", "banned")])
def test_bs_6_1_1_2_2_the_limited_list_in_force_on_the_event_date_applies(tmp_path: Path, db: Path, day: str,
                                                                          expect: str) -> None:
    deck = tmp_path / "d.txt"
    deck.write_text("2 JDS01-001\n38 JDS01-004\n", encoding="utf-8")
    report = check_deck(deck, "bs", db, on=day, banlist=_banlist(tmp_path))
    found = [f for f in report.findings if "limited/banned" in f.message or "limited to" in f.message
             or "banned" in f.message]
    if expect == "warning":
        assert found[0].level == "warning" and "2030-01-01" in found[0].message
    else:
        assert any(f.level == "error" and expect in f.message and "6-1-1-2-2" in f.cites for f in found)


def test_a_malformed_limited_list_is_named(tmp_path: Path, db: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[[list]]\neffective = "soon"\n', encoding="utf-8")
    deck = tmp_path / "d.txt"
    deck.write_text("40 JDS01-004\n", encoding="utf-8")
    with pytest.raises(DeckError, match="effective"):
        check_deck(deck, "bs", db, banlist=bad)
