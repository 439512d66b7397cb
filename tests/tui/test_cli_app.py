"""`judge` with no command and `judge web`: the CLI side of the TUI."""

from __future__ import annotations

import sys

import pytest
from click.testing import CliRunner

from judge.cli import _register, cli


@pytest.fixture
def runner() -> CliRunner:
    _register()
    return CliRunner()


def test_web_serves_this_python_running_judge_with_the_options(runner, monkeypatch, tmp_path) -> None:
    seen: dict = {}

    def fake_serve(self, ready) -> None:
        seen.update(command=self.command, host=self.host, port=self.port, files=self.files,
                    sessions=self.max_sessions, served=True)

    monkeypatch.setattr("judge.web.server.JudgeWebServer.serve_announcing", fake_serve)
    result = runner.invoke(cli, ["--game", "bs", "--lang", "en", "web", "--port", "8765"])
    assert result.exit_code == 0, result.output
    assert seen["served"] and seen["host"] == "127.0.0.1" and seen["port"] == 8765 and seen["sessions"] == 8
    assert seen["command"].startswith(f"{sys.executable} -m judge")
    assert "--game bs --lang en" in seen["command"]
    result = runner.invoke(cli, ["web", "--host", "0.0.0.0", "--max-sessions", "2"])
    assert result.exit_code == 0 and seen["files"].off and seen["sessions"] == 2
    result = runner.invoke(cli, ["web", "--host", "0.0.0.0", "--allow-files", str(tmp_path)])
    assert result.exit_code == 0 and seen["files"].folder == tmp_path.resolve()


def test_web_rejects_a_port_out_of_range(runner) -> None:
    result = runner.invoke(cli, ["web", "--port", "70000"])
    assert result.exit_code != 0 and "70000" in result.output


def test_no_command_starts_the_tui_on_the_remembered_game(runner, monkeypatch) -> None:
    from judge.tui.settings import save_last

    started: dict = {}

    def fake_run(self) -> None:
        started.update(game=self.game, lang=self.lang)

    monkeypatch.setattr("judge.tui.app.JudgeApp.run", fake_run)
    save_last("fftcg", "en")
    assert runner.invoke(cli, []).exit_code == 0
    assert started == {"game": "fftcg", "lang": "en"}
    assert runner.invoke(cli, ["--game", "bs"]).exit_code == 0
    assert started == {"game": "bs", "lang": None}
