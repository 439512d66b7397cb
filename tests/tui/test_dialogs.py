"""The shared dialogs: a question a menu builds from card names can be long (a real card's name,
its level and cores, the answers so far), and the judge must read all of it."""

from __future__ import annotations

from textual.app import App
from textual.widgets import Label

from judge.tui.dialogs import PickDialog, PromptDialog

LONG = ("How many from Exceedingly Long Invented Spirit Name of the Test (a2): LV2, 3 cores? "
        "2 cores")


async def test_a_long_question_wraps_inside_the_dialog_instead_of_being_cut() -> None:
    for dialog in (PickDialog(f"Awaken\n{LONG}", [("0", "1 core")]), PromptDialog(LONG)):
        app = App()
        async with app.run_test(size=(100, 30)) as pilot:
            app.push_screen(dialog)
            await pilot.pause()
            label = app.screen.query_one(Label)
            lines = len(dialog.title_text.splitlines())
            assert label.size.width < len(LONG)                 # narrower than the line …
            assert label.size.height > lines                    # … so it takes more rows, whole
            assert label.region.right <= app.screen.query_one("Vertical").region.right
