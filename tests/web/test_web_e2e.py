"""`judge web` as a judge runs it, end to end: the real command in its own process, the real app
behind a real websocket, a path outside --allow-files typed into the Save dialog, a second
session beyond --max-sessions 1, and SIGTERM. Bounded in time throughout.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGTERM and process groups are POSIX")

F3, CTRL_U, ENTER = "\x1bOR", "\x15", "\r"
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Za-z0-9]|\x1b[=>]|\x1b\][^\x07]*\x07")


def children(pid: int) -> set[int]:
    out: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with open(task / "children", encoding="ascii") as fh:
            out |= {int(x) for x in fh.read().split()}
    return out


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
            return fh.read().split(") ")[1][:1] != "Z"
    except FileNotFoundError:
        return False


class Screen:
    """What the app has drawn so far, as text (escape sequences dropped)."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws, self.raw = ws, bytearray()
        self.task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for msg in self.ws:
            if msg.type == aiohttp.WSMsgType.BINARY:
                self.raw += msg.data

    async def until(self, words: str, limit: float = 60) -> bool:
        """Wait until the app has drawn `words` after this call (or `limit` seconds pass)."""
        start, end = len(self.raw), time.monotonic() + limit
        while time.monotonic() < end:
            if words in _ANSI.sub("", self.raw[start:].decode("utf-8", "replace")):
                return True
            await asyncio.sleep(0.1)
        return False

    async def type(self, *keys: str) -> None:
        for key in keys:
            await self.ws.send_json(["stdin", key])
            await asyncio.sleep(0.1)


async def save_as(screen: Screen, path: str, then: str) -> bool:
    """Press w, wait for the Save dialog, type `path`, Enter: True once `then` is drawn."""
    await asyncio.sleep(1)                      # the previous dialog and toast settle first
    dialog = asyncio.create_task(screen.until("Save the scenario as"))
    await screen.type("w")
    assert await dialog
    await asyncio.sleep(0.5)                    # the dialog's input takes the focus
    await screen.type(CTRL_U, path)
    await asyncio.sleep(0.5)
    drawn = asyncio.create_task(screen.until(then))
    await screen.type(ENTER)
    return await drawn


async def _drive(url: str, folder: Path, outside: Path) -> None:
    base = url.split("/?", 1)[0]
    token = url.rsplit("=", 1)[1]
    jar = aiohttp.CookieJar(unsafe=True)
    async with aiohttp.ClientSession(cookie_jar=jar, timeout=aiohttp.ClientTimeout(total=60)) as http:
        async with http.get(base + "/") as r:
            assert r.status == 403
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(f"{base}/ws/{token}", headers={"Origin": "http://evil.example"})
        assert refused.value.status == 403
        ws = await http.ws_connect(f"{base}/ws/{token}?width=120&height=40", headers={"Origin": base})
        screen = Screen(ws)
        assert await screen.until("Rules", 90), "the app starts and draws its first screen"
        with pytest.raises(aiohttp.WSServerHandshakeError) as full:
            await http.ws_connect(f"{base}/ws/{token}", headers={"Origin": base})
        assert full.value.status == 503
        board = asyncio.create_task(screen.until("Rules in play"))
        await screen.type(F3)
        assert await board
        assert await save_as(screen, str(outside / "escaped.yaml"), then="is outside")
        assert await save_as(screen, "kept.yaml", then="Saved the scenario")
        screen.task.cancel()


def test_judge_web_end_to_end(tmp_path: Path) -> None:
    folder, outside = tmp_path / "allowed", tmp_path / "outside"
    folder.mkdir()
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config"), "PYTHONUNBUFFERED": "1"}
    env.pop("JUDGE_FILES", None)
    proc = subprocess.Popen([sys.executable, "-m", "judge", "web", "--port", "0", "--allow-files", str(folder),
                             "--max-sessions", "1"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env, cwd=tmp_path)
    try:
        url = proc.stdout.readline().strip()
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/\?token=[A-Za-z0-9_-]{32}", url), url
        asyncio.run(asyncio.wait_for(_drive(url, folder, outside), 240))
        assert (folder / "kept.yaml").is_file()
        assert not outside.exists()
        apps = children(proc.pid)
        assert apps, "the session's app process is running"
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            out, err = proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, err = proc.communicate()
            pytest.fail(f"judge web did not stop on SIGTERM: {err[-2000:]}")
    assert proc.returncode == 0, err
    assert "Traceback" not in err and "Event loop is closed" not in err, err
    assert "Traceback" not in out and "Event loop is closed" not in out, out
    assert not any(alive(pid) for pid in apps)
