"""A private database per test module for the card store (imports mutate it)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from judge.cards.db import ensure_cards


@pytest.fixture(scope="session")
def built_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Rules and shipped cards built once; tests copy it."""
    return ensure_cards(tmp_path_factory.mktemp("cards-built") / "judge.db")


@pytest.fixture
def db(built_db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh copy of the built database, also set as JUDGE_DB for the CLI."""
    path = tmp_path / "judge.db"
    shutil.copyfile(built_db, path)
    monkeypatch.setenv("JUDGE_DB", str(path))
    return path


@pytest.fixture
def run(invoke, db: Path):
    """The real `judge` entry point against this test's database (see tests/conftest.py)."""
    return invoke
