"""Fixtures for the web tests: async tests on a fresh event loop, a stand-in app process."""

from __future__ import annotations

import asyncio
import inspect
import sys
from pathlib import Path

import pytest

#: a stand-in for `python -m judge` under textual-serve: announces itself the way a Textual app
#: does, then waits until it is asked to quit (a meta packet naming "quit") or its input closes
FAKE_APP = Path(__file__).parent / "fake_app.py"


@pytest.fixture
def fake_command() -> str:
    return f"{sys.executable} {FAKE_APP}"


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    """Run `async def` tests on a fresh event loop, each bounded in time (no asyncio plugin)."""
    if not inspect.iscoroutinefunction(pyfuncitem.obj):
        return None
    args = {name: pyfuncitem.funcargs[name] for name in pyfuncitem._fixtureinfo.argnames}
    asyncio.run(asyncio.wait_for(pyfuncitem.obj(**args), timeout=120))
    return True
