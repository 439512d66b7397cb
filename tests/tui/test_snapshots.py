"""Snapshot tests of the main screens at 80×24 and 120×40 (pytest-textual-snapshot).

The Rules screen runs on the stand-in KB so its snapshots do not change when the rules documents
are re-ingested; the Cards and Board screens are shown in their starting state. Update with
`pytest tests/tui/test_snapshots.py --snapshot-update` after checking the new SVGs by eye.
"""

from __future__ import annotations

from tui_fakes import FakeKB

from judge.tui.app import JudgeApp


def fake_app(game: str = "tg") -> JudgeApp:
    app = JudgeApp(game, remember=False)
    app.library._kb = FakeKB()
    return app


async def idle(pilot) -> None:
    """Let workers finish and the screen settle; a blinking cursor would make snapshots flaky."""
    from textual.widgets import Input

    for _ in range(2):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause(0.05)
    for widget in pilot.app.screen.query(Input):
        widget.cursor_blink = False
    await pilot.pause()


def test_rules_screen_80x24(snap_compare) -> None:
    async def before(pilot) -> None:
        await idle(pilot)
        await pilot.press("g", *"1-2", "enter")
        await idle(pilot)

    assert snap_compare(fake_app(), terminal_size=(80, 24), run_before=before)


def test_rules_side_by_side_120x40(snap_compare) -> None:
    async def before(pilot) -> None:
        await idle(pilot)
        await pilot.press("g", *"2-1", "enter")
        await idle(pilot)
        await pilot.press("s")
        await idle(pilot)

    assert snap_compare(fake_app("tb"), terminal_size=(120, 40), run_before=before)


def test_search_80x24(snap_compare) -> None:
    async def before(pilot) -> None:
        await idle(pilot)
        await pilot.press("slash", *"life")
        await idle(pilot)

    assert snap_compare(fake_app(), terminal_size=(80, 24), run_before=before)


def test_help_screen_120x40(snap_compare) -> None:
    async def before(pilot) -> None:
        await idle(pilot)
        await pilot.press("question_mark")
        await idle(pilot)

    assert snap_compare(fake_app(), terminal_size=(120, 40), run_before=before)


def test_cards_screen_start_80x24(snap_compare) -> None:
    async def before(pilot) -> None:
        await idle(pilot)
        await pilot.press("f2")
        await idle(pilot)

    assert snap_compare(fake_app(), terminal_size=(80, 24), run_before=before)
