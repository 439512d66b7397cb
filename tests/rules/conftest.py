"""Fixtures for the rules tests: one knowledge base for the session, built from rules/."""

from __future__ import annotations

import pytest

from judge.rules.kb import KB, open_kb


@pytest.fixture(scope="session")
def kb(tmp_path_factory: pytest.TempPathFactory) -> KB:
    """The knowledge base built from the shipped sources into a private database."""
    return open_kb(tmp_path_factory.mktemp("kb") / "judge.db")


@pytest.fixture
def run(invoke, monkeypatch: pytest.MonkeyPatch, kb: KB):
    """The real `judge` entry point against the session's knowledge base (see tests/conftest.py)."""
    monkeypatch.setenv("JUDGE_DB", str(kb.path))
    return invoke
