"""A web session opens, saves, exports and imports files only as `judge web` allows: not at all,
or inside one folder. The TUI's file dialogs ask `judge.access` (the policy arrives in the
environment variable JUDGE_FILES); a refusal is a notification in words and no file is touched.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from textual.notifications import Notification, Notify
from textual.widgets import Input, OptionList

from judge.access import ENV, Policy, Purpose, checked_path, current
from judge.errors import FileRefused, LimitExceeded
from judge.tui.app import JudgeApp
from judge.tui.board_screen import BoardScreen

BATTLE = Path(__file__).parents[1] / "tui" / "fixtures" / "tui_battle.yaml"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A session confined to tmp_path/allowed, holding a copy of a scenario."""
    allowed = tmp_path / "allowed"
    allowed.mkdir()
    shutil.copy(BATTLE, allowed / "battle.yaml")
    monkeypatch.setenv(ENV, str(allowed))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return allowed


# -- the policy ---------------------------------------------------------------------------------

def test_in_a_terminal_every_path_is_allowed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV, raising=False)
    assert current() == Policy()
    assert checked_path(str(tmp_path / "x.yaml"), Purpose.SAVE) == tmp_path / "x.yaml"


def test_files_off_refuse_every_purpose(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(ENV, "none")
    for purpose in Purpose:
        with pytest.raises(FileRefused, match=f"files are off .* cannot {purpose.verb}"):
            checked_path(str(tmp_path / "x"), purpose)
    monkeypatch.setenv(ENV, "relative/folder")          # not an absolute folder: off, never anywhere
    assert current().off


def test_a_confined_session_refuses_every_way_out(folder: Path, tmp_path: Path) -> None:
    (tmp_path / "secret.yaml").write_text("game: bss\n", encoding="utf-8")
    os.symlink(tmp_path / "secret.yaml", folder / "link.yaml")
    os.symlink(tmp_path, folder / "up")
    for way_out in (str(tmp_path / "secret.yaml"), "../secret.yaml", "sub/../../secret.yaml", "link.yaml",
                    "up/secret.yaml", "~/x.yaml", "/etc/passwd", str(folder) + "-twin/x.yaml"):
        for purpose in Purpose:
            with pytest.raises(FileRefused, match=f"is outside {folder}, the only folder"):
                checked_path(way_out, purpose)
    assert checked_path("new/board.yaml", Purpose.SAVE) == folder / "new" / "board.yaml"
    assert checked_path(str(folder / "battle.yaml"), Purpose.OPEN) == folder / "battle.yaml"


def test_a_file_to_read_must_be_a_regular_file_within_its_size(folder: Path) -> None:
    os.mkfifo(folder / "pipe.yaml")
    with pytest.raises(LimitExceeded, match="named pipe"):
        checked_path("pipe.yaml", Purpose.OPEN)
    (folder / "big.yaml").write_bytes(b"#" * (2 * 1024 * 1024))
    with pytest.raises(LimitExceeded, match="over the scenario size limit of 1 MB"):
        checked_path("big.yaml", Purpose.OPEN)
    with pytest.raises(LimitExceeded, match="judge reads a card file only from a regular file"):
        checked_path("pipe.yaml", Purpose.IMPORT)
    assert checked_path("missing.yaml", Purpose.OPEN) == folder / "missing.yaml"   # the reader says so


# -- the TUI's dialogs ----------------------------------------------------------------------------

async def prompt(pilot, key: str, text: str) -> None:
    await pilot.press(key)
    await pilot.pause()
    pilot.app.screen.query_one(Input).value = text
    await pilot.press("enter")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


class RecordingApp(JudgeApp):
    """The app, keeping every notification it showed. Textual drops a notification from
    `app._notifications` once its timeout has passed on the wall clock, so a slow run (a loaded
    machine) would lose the early refusals before the test counts them."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.shown: list[Notification] = []

    def _on_notify(self, event: Notify) -> None:
        self.shown.append(event.notification)
        super()._on_notify(event)


def said(app: RecordingApp, words: str) -> int:
    """How many notifications so far said these words."""
    return sum(words in n.message for n in app.shown)


async def test_the_board_opens_saves_and_exports_only_inside_the_folder(folder: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    app = RecordingApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f3")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        board = app.screen
        assert isinstance(board, BoardScreen)
        await prompt(pilot, "o", str(BATTLE))                      # exists, but outside the folder
        assert said(app, "is outside") and not board.session.played
        await prompt(pilot, "o", "battle.yaml")                    # inside: relative to the folder
        assert board.session.played
        for key, name in (("w", "saved.yaml"), ("m", "ruling.md")):
            await prompt(pilot, key, str(outside / name))
            await prompt(pilot, key, f"../outside/{name}")
            assert not outside.exists()
            await prompt(pilot, key, name)
            assert (folder / name).is_file()
    assert said(app, "is outside") == 5


async def test_with_files_off_nothing_is_opened_saved_exported_or_imported(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV, "none")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    app = RecordingApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f3")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        await prompt(pilot, "o", str(BATTLE))
        await prompt(pilot, "w", str(tmp_path / "saved.yaml"))
        await prompt(pilot, "m", str(tmp_path / "ruling.md"))
        await pilot.press("f2")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        app.screen.query_one("#card-hits", OptionList).focus()
        await prompt(pilot, "i", str(BATTLE))
        assert said(app, "files are off in this web session") == 4
        assert all(n.title == "Not allowed in this session" for n in app.shown if "files are off" in n.message)
    assert not (tmp_path / "saved.yaml").exists() and not (tmp_path / "ruling.md").exists()
