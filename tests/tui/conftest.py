"""Fixtures for the TUI tests: an app on the stand-in KB, and settings kept out of the user's home."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Callable
from pathlib import Path

import pytest
from tui_fakes import FakeKB

from judge.tui.app import JudgeApp


@pytest.fixture(autouse=True)
def _isolated_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """platformdirs honours XDG_CONFIG_HOME: the remembered game never touches the real home."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return tmp_path / "config"


@pytest.fixture
def fake_app() -> Callable[..., JudgeApp]:
    """A JudgeApp whose knowledge base is the stand-in (screen behaviour, not rules content)."""

    def make(game: str = "tg", lang: str | None = None) -> JudgeApp:
        app = JudgeApp(game, lang, remember=False)
        app.library._kb = FakeKB()
        return app

    return make


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    """Run `async def` Pilot tests on a fresh event loop (no asyncio plugin needed)."""
    if not inspect.iscoroutinefunction(pyfuncitem.obj):
        return None
    args = {name: pyfuncitem.funcargs[name] for name in pyfuncitem._fixtureinfo.argnames}
    asyncio.run(pyfuncitem.obj(**args))
    return True
