"""Fixtures for the rules tests: one knowledge base for the session, built from rules/."""

from __future__ import annotations

import pytest

from judge.rules.kb import KB, open_kb


@pytest.fixture(scope="session")
def kb(tmp_path_factory: pytest.TempPathFactory) -> KB:
    """The knowledge base built from the shipped sources into a private database."""
    return open_kb(tmp_path_factory.mktemp("kb") / "judge.db")


@pytest.fixture
def run(capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch, kb: KB):
    """Run the real `judge` entry point in-process; returns (exit code, stdout, stderr)."""
    from judge.cli import main

    monkeypatch.setenv("JUDGE_DB", str(kb.path))

    def go(*args: str) -> tuple[int, str, str]:
        try:
            main(list(args))
            code = 0
        except SystemExit as exc:
            code = int(exc.code or 0)
        out = capsys.readouterr()
        return code, out.out, out.err

    return go
