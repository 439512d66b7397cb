"""Shared fixtures: every test gets its own database, so no test touches the user's."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _isolated_db(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Point JUDGE_DB at a per-session database so tests never touch the user's data dir."""
    monkeypatch.setenv("JUDGE_DB", str(_session_db(tmp_path_factory)))


_DB: list = []


def _session_db(factory: pytest.TempPathFactory):
    if not _DB:
        _DB.append(factory.mktemp("db") / "judge.db")
    return _DB[0]


@pytest.fixture
def invoke(capsys: pytest.CaptureFixture):
    """Run the real `judge` entry point in-process; returns (exit code, stdout, stderr)."""
    from judge.cli import main

    def go(*args: str) -> tuple[int, str, str]:
        try:
            main(list(args))
            code = 0
        except SystemExit as exc:
            code = int(exc.code or 0)
        out = capsys.readouterr()
        return code, out.out, out.err

    return go
