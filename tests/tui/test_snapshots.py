"""Snapshot tests of the main screens at 80×24 and 120×40 (pytest-textual-snapshot).

The Rules screen runs on the stand-in KB so its snapshots do not change when the rules documents
are re-ingested; the Cards screen is shown in its starting state; the Board screen with a Saga
battle and an FFTCG block decision on invented cards. Update with
`pytest tests/tui/test_snapshots.py --snapshot-update` after checking the new SVGs by eye.
"""

from __future__ import annotations

from pathlib import Path

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


BATTLE = Path(__file__).parent / "fixtures" / "tui_battle.yaml"


async def board_after(pilot, job) -> None:
    """Open the Board screen, change its session directly (no toast), redraw, settle."""
    await pilot.press("f3")
    await idle(pilot)
    board = pilot.app.screen
    board.run_session(job)
    await idle(pilot)
    await idle(pilot)


def test_board_saga_battle_80x24(snap_compare) -> None:
    """A Saga battle in its flash window after blocking: the defender's menu, the battle line."""
    async def before(pilot) -> None:
        await board_after(pilot, lambda s: s.load(BATTLE))

    assert snap_compare(JudgeApp("bss", remember=False), terminal_size=(80, 24), run_before=before)


def test_board_fftcg_block_decision_80x24(snap_compare) -> None:
    """An FFTCG attack waiting for the defender's block: the decision as a menu."""
    from board_keys import import_fixture_cards

    from judge.tui import board_model as bm

    import_fixture_cards()

    def build(s: bm.BoardSession) -> None:
        s.new("fftcg")
        prof = s.profile
        s.edit(lambda d: bm.add_to_zone(d, prof, "A", "field", "TUI-F01", {}))
        s.edit(lambda d: bm.add_to_zone(d, prof, "B", "field", "TUI-F02", {}))
        s.edit(lambda d: bm.set_turn(d, prof, 3, "A", "attack"))
        for raw in ({"player": "A", "attack": "a1"}, {"player": "A", "pass": True}, {"player": "B", "pass": True}):
            s.play(raw)

    async def before(pilot) -> None:
        await board_after(pilot, build)

    assert snap_compare(JudgeApp("fftcg", remember=False), terminal_size=(80, 24), run_before=before)
