"""The card store: shipped cards by default, atomic imports that survive rebuilds, lookups."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from judge import store
from judge.cards.db import ensure_cards, find_card, load_card_file, search_cards
from judge.dbfiles import stored_dir
from judge.errors import CardFileError, UnknownCard

FIX = Path(__file__).parent / "fixtures"


def _count(db: Path) -> int:
    conn = sqlite3.connect(db)
    try:
        return conn.execute("select count(*) from cards").fetchone()[0]
    finally:
        conn.close()


def test_shipped_cards_are_there_without_any_import(db: Path) -> None:
    card = find_card("JDS01-001", db_path=db)
    assert card.name == "Blaze Drake" and card.game == "bs" and card.block == "A"


def test_find_by_number_any_case_and_by_fuzzy_name(db: Path) -> None:
    assert find_card("jdg01-002", db_path=db).name == "Cinderhorn Drake"
    assert find_card("cinderhorn drak", db_path=db).number == "JDG01-002"
    assert find_card("Blaze Drake", game="bs", db_path=db).number == "JDS01-001"


def test_unknown_card_names_the_nearest(db: Path) -> None:
    with pytest.raises(UnknownCard) as err:
        find_card("Cinder Wyrm Overlord", db_path=db)
    assert err.value.hints


def test_full_text_search_over_text(db: Path) -> None:
    found = search_cards("Curse", db_path=db)
    assert "JDG01-003" in [c.number for c in found]


def test_import_then_find_and_search(db: Path) -> None:
    cards = load_card_file(FIX / "saga-records.json", "bss", db_path=db)
    assert len(cards) == 2
    assert find_card("Test Flamecub", db_path=db).number == "TST01-001"
    listed = store.stored_imports(db)
    assert [e["name"] for e in listed] == ["saga-records.json"]
    assert (stored_dir(db) / listed[0]["file"]).is_file()


def test_failed_import_changes_nothing(db: Path) -> None:
    before = _count(db)
    with pytest.raises(CardFileError):
        load_card_file(FIX / "bad-cost.yaml", db_path=db)
    assert _count(db) == before
    with pytest.raises(UnknownCard):
        find_card("TST02-001", db_path=db)
    assert store.stored_imports(db) == []
    assert not stored_dir(db).exists() or not list(stored_dir(db).iterdir())


def test_imports_survive_a_rebuild_of_the_database(db: Path) -> None:
    load_card_file(FIX / "saga-records.json", "bss", db_path=db)
    conn = sqlite3.connect(db)
    conn.executescript("drop table cards; drop table cards_fts; drop table cards_meta;")
    conn.close()
    conn = sqlite3.connect(db)
    conn.close()
    ensure_cards(db)
    assert find_card("TST01-002", db_path=db).name == "Test Reversal"
    db.unlink()                       # the whole file gone: rules and cards are rebuilt, imports replayed
    assert find_card("TST01-001", db_path=db).name == "Test Flamecub"


def test_a_name_shared_by_several_cards_is_ambiguous_but_a_unique_subset_is_found(db: Path) -> None:
    load_card_file(FIX / "saga-records.json", "bss", db_path=db)
    assert find_card("flamecub test", db_path=db).number == "TST01-001"
    with pytest.raises(UnknownCard) as err:
        find_card("test", game="bss", db_path=db)
    assert len(err.value.hints) >= 2


def test_import_reports_progress_up_to_every_record(db: Path) -> None:
    """The TUI's import bar is driven by this callback; its last call must be (n, n)."""
    from judge.paths import cards_dir

    calls: list[tuple[int, int | None]] = []
    cards = load_card_file(cards_dir() / "fftcg-samples.yaml", "fftcg", db_path=db, progress=lambda d, t: calls.append((d, t)))
    assert calls and calls[-1] == (len(cards), len(cards))
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)
