"""Saga deck construction on real cards (named by number, read from ../shared/corpus at test time):
a card number is one card whatever name is printed beside it (2-1-2), so its copies share one limit
(5-1-1-1, 5-1-1-1#2; official keyword rulings "Matching Cards" #1 and #2), and a token is never part
of a deck (4-12-1; keyword ruling "Tokens" #2). The token and the other printed name are invented."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from judge.cards.db import find_card, import_cards
from judge.cards.deck import DeckReport, check_deck

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus"
#: twelve real Saga cards, four copies each: 48 cards of a legal deck
FILLER = ["BSS01-001", "BSS01-002", "BSS01-003", "BSS01-004", "BSS01-006", "BSS01-007", "BSS01-010", "BSS01-011",
          "BSS01-012", "BSS01-013", "BSS01-016", "BSS01-017"]
OTHER_NAME = "Crimson Visitor Collaboration"       # an invented additional name


@pytest.fixture
def real_db(db: Path) -> Path:
    if not (CORPUS / "bss-cards.json").is_file():
        pytest.skip(f"real cards not available: {CORPUS / 'bss-cards.json'} is absent")
    import_cards(CORPUS / "bss-cards.json", db_path=db)
    return db


def check(tmp_path: Path, db: Path, *lines: str) -> DeckReport:
    deck = tmp_path / "deck.txt"
    deck.write_text("\n".join([*(f"4 {n}" for n in FILLER), *lines]) + "\n", encoding="utf-8")
    return check_deck(deck, "bss", db)


def errors(report: DeckReport) -> list:
    return [f for f in report.findings if f.level == "error"]


def test_2_1_2_a_number_listed_with_another_printed_name_is_that_card(tmp_path: Path, real_db: Path) -> None:
    report = check(tmp_path, real_db, f"2 BSS02-016 {OTHER_NAME}")
    assert report.ok and report.cards == 50, report.lines()
    alias = next(f for f in report.findings if OTHER_NAME in f.message)
    assert alias.level == "warning" and alias.cites == ("2-1-2",) and alias.line == 13
    assert "BSS02-016" in alias.message


def test_5_1_1_1_2_one_number_under_two_names_shares_one_copy_limit(tmp_path: Path, real_db: Path) -> None:
    """Four of each printing would be eight copies: the four-copy limit counts them together."""
    report = check(tmp_path, real_db, "4 BSS02-016", f"4 BSS02-016 {OTHER_NAME}")
    over = [f for f in errors(report) if "copies" in f.message]
    assert len(over) == 1 and "8 copies" in over[0].message and OTHER_NAME in over[0].message
    assert {"5-1-1-1", "5-1-1-1#2", "2-1-2"} <= set(over[0].cites)
    assert "5-1-1-1#2" in report.clauses


def test_5_1_1_1_the_same_total_within_four_is_legal(tmp_path: Path, real_db: Path) -> None:
    report = check(tmp_path, real_db, "1 BSS02-016", f"1 BSS02-016 {OTHER_NAME}")
    assert report.ok and not errors(report), report.lines()


def test_a_number_with_its_own_card_name_is_no_other_name(tmp_path: Path, real_db: Path) -> None:
    name = find_card("BSS02-016", "bss", real_db).name
    report = check(tmp_path, real_db, f"2 BSS02-016 {name.upper()}")
    assert report.ok and not any("listed as" in f.message for f in report.findings), report.lines()


def test_a_name_that_begins_like_a_number_is_still_found_by_name(tmp_path: Path, real_db: Path) -> None:
    name = find_card("CB01-007", "bss", real_db).name           # it starts with letters, a dash, digits
    report = check(tmp_path, real_db, f"2 {name}")
    assert report.ok and report.cards == 50, report.lines()
    assert not any("listed as" in f.message for f in report.findings)


def test_an_unknown_number_with_a_name_is_an_unknown_card(tmp_path: Path, real_db: Path) -> None:
    report = check(tmp_path, real_db, f"2 BSS99-999 {OTHER_NAME}")
    assert not report.ok and any("unknown card" in f.message and f.line == 13 for f in errors(report))


def _token_file(tmp_path: Path) -> Path:
    path = tmp_path / "tokens.yaml"
    path.write_text(yaml.safe_dump({"game": "bss", "cards": [
        {"number": "TKN01-001", "name": "Test Sprout Token", "type": "spirit", "colors": ["green"], "cost": 0,
         "families": ["Testling"], "levels": {1: [1, 1000]}, "flags": ["token"], "text": ""},
        {"number": "TKN01-002", "name": "Test Pebble Token", "type": "token spirit", "colors": ["green"],
         "cost": 0, "levels": {1: [1, 1000]}, "text": ""}]}), encoding="utf-8")
    return path


@pytest.mark.parametrize("token", ["TKN01-001", "TKN01-002"])
def test_4_12_1_a_token_cannot_be_part_of_a_deck(tmp_path: Path, real_db: Path, token: str) -> None:
    import_cards(_token_file(tmp_path), db_path=real_db)
    report = check(tmp_path, real_db, f"2 {token}")
    bad = [f for f in errors(report) if "token" in f.message]
    assert not report.ok and len(bad) == 1 and bad[0].line == 13
    assert bad[0].cites == ("4-12-1", "5-1-1-1") and "4-12-1" in report.clauses
