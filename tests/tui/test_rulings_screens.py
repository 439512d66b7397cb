"""The official rulings on the Cards and Rules screens, driven by keys as a judge would: the card
shows its rulings with their source, the clause lists the rulings about it and how each is linked.
Invented rulings (tests/cards/fixtures) in the publishers' shapes, in a database of their own."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static
from tui_fakes import jump, plain, settle

from judge.tui.app import JudgeApp
from judge.tui.clause_pane import ClausePane

FIX = Path(__file__).parents[1] / "cards" / "fixtures"


@pytest.fixture(scope="module")
def rulings_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from judge.cards.db import ensure_cards
    from judge.cards.rulings import import_rulings

    db = ensure_cards(tmp_path_factory.mktemp("tui-rulings") / "judge.db")
    import_rulings(FIX / "qa-cards.json", db_path=db)
    import_rulings(FIX / "faq-fftcg.json", db_path=db)
    return db


@pytest.fixture
def app_db(rulings_db: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("JUDGE_DB", str(rulings_db))
    return rulings_db


async def _open_card(pilot, query: str) -> None:
    await pilot.press("f2")
    await settle(pilot)
    await pilot.press(*["space" if ch == " " else ch for ch in query])
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)


@pytest.mark.usefixtures("app_db")
async def test_the_cards_screen_shows_a_cards_rulings_with_their_source_and_truncation() -> None:
    app = JudgeApp("fftcg", remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open_card(pilot, "JDG-001")
        shown = " ".join(plain(app.screen.query_one("#card-data", Static)).split())
        assert "Official rulings (2)" in shown, [n.message for n in app._notifications]
        assert "Ruling: Invented ruling: the damage is dealt when Orla enters the field" in shown
        assert "source: Invented FAQ - Judge Samples, Opus XXX, https://example.invalid/faq/judge-samples" in shown
        assert "(truncated: the stored copy ends mid-sentence" in shown
        info = app.screen.query_one("#card-info")
        assert info.scroll_y == 0
        await pilot.press("r")                           # Rulings: the card pane, scrolled to them
        await settle(pilot)
        assert app.focused is info and info.scroll_y > 0


@pytest.mark.usefixtures("app_db")
async def test_the_rules_screen_lists_the_rulings_about_a_clause_and_how_each_is_linked() -> None:
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await jump(pilot, "7-1-5-2")
        pane = app.screen.query_one("#main", ClausePane)
        shown = " ".join(plain(pane.query_one(".text")).split())
        assert "Official rulings (1)" in shown
        assert "ruling 1 (JDG01-002 Cinderhorn Drake) §7-1-5-2 (words)" in shown
        await jump(pilot, "11-5-1")
        shown = " ".join(plain(pane.query_one(".text")).split())
        assert "ruling 2 (JDG01-002 Cinderhorn Drake) §11-5-1 (words)" in shown
        assert "ruling 1 (" not in shown               # a ruling is listed only under the clauses it is about
