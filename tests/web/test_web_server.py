"""`judge web` on an event's network: a token, the page's own Origin, a cap on sessions, nothing
loaded from elsewhere, a clean stop. Driven with a real HTTP and websocket client (aiohttp) on a
free loopback port, against a stand-in app process (tests/web/fake_app.py) so that eight sessions
cost eight tiny processes, not eight Textual apps (tests/web/test_web_e2e.py runs the real one).
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
from yarl import URL

from judge.access import Policy
from judge.web.server import MAX_COLUMNS, MAX_ROWS, JudgeWebServer, _size, offline_page

TIMEOUT = aiohttp.ClientTimeout(total=20)


@contextlib.asynccontextmanager
async def serving(command: str, **options) -> AsyncIterator[JudgeWebServer]:
    lines: list[str] = []
    server = JudgeWebServer(command, host="127.0.0.1", port=0, out=lines.append, **options)
    ready = asyncio.Event()
    task = asyncio.create_task(server.run(lambda _s: ready.set()))
    await asyncio.wait_for(ready.wait(), 20)
    server.lines = lines
    try:
        yield server
    finally:
        server.stop()
        await asyncio.wait_for(task, 30)


def client() -> aiohttp.ClientSession:
    """A browser-like client: it keeps the page's cookie for a numeric address, as browsers do."""
    return aiohttp.ClientSession(timeout=TIMEOUT, cookie_jar=aiohttp.CookieJar(unsafe=True))


def base(server: JudgeWebServer) -> str:
    return f"http://127.0.0.1:{server.port}"


async def connect(session: aiohttp.ClientSession, server: JudgeWebServer, *, token: str | None = None,
                  origin: str | None = "page") -> aiohttp.ClientWebSocketResponse:
    token = server.token if token is None else token
    origin = base(server) if origin == "page" else origin
    headers = {"Origin": origin} if origin else {}
    return await session.ws_connect(f"{base(server)}/ws/{token}?width=80&height=24", headers=headers,
                                    autoping=True)


async def first_data(ws: aiohttp.ClientWebSocketResponse) -> bytes:
    msg = await asyncio.wait_for(ws.receive(), 20)
    assert msg.type == aiohttp.WSMsgType.BINARY, msg
    return msg.data


async def refused_status(session: aiohttp.ClientSession, server: JudgeWebServer, **kw) -> int:
    with pytest.raises(aiohttp.WSServerHandshakeError) as info:
        await connect(session, server, **kw)
    return info.value.status


async def test_the_first_line_printed_is_the_address_with_a_random_token(fake_command) -> None:
    async with serving(fake_command) as one, serving(fake_command) as two:
        assert re.fullmatch(rf"http://127\.0\.0\.1:{one.port}/\?token=[A-Za-z0-9_-]{{32}}", one.lines[0])
        assert one.token != two.token and one.port != two.port


async def test_every_request_without_the_token_is_refused(fake_command) -> None:
    async with serving(fake_command) as server, client() as http:
        for path in ("/", "/?token=wrong", "/static/js/textual.js", "/static/css/xterm.css", "/download/x",
                     "/ws", "/nowhere"):
            async with http.get(base(server) + path) as r:
                assert r.status == 403, path
        assert await refused_status(http, server, token="wrong") == 403
        assert server.refused["token"] == 8
        async with http.get(server.lines[0]) as r:
            assert r.status == 200
        async with http.get(base(server) + "/static/js/textual.js") as r:     # the page's cookie carries it
            assert r.status == 200


async def test_a_websocket_not_opened_by_the_served_page_is_refused(fake_command) -> None:
    async with serving(fake_command) as server, client() as http:
        for origin in ("http://evil.example", f"http://localhost:{server.port}", f"https://127.0.0.1:{server.port}",
                       "null", None):
            assert await refused_status(http, server, origin=origin) == 403, origin
        assert server.refused["origin"] == 5
        ws = await connect(http, server)
        assert b"hello from the stand-in app" in await first_data(ws)
        await ws.close()


async def test_a_page_reached_under_another_name_is_refused(fake_command) -> None:
    async with serving(fake_command) as server, client() as http:
        async with http.get(server.lines[0], headers={"Host": f"rebound.example:{server.port}"}) as r:
            assert r.status == 403
        async with http.get(server.lines[0], headers={"Host": f"localhost:{server.port}"}) as r:
            assert r.status == 200
        assert server.refused["host"] == 1


async def test_a_ninth_session_is_refused_until_one_ends(fake_command) -> None:
    async with serving(fake_command) as server, client() as http:
        assert server.max_sessions == 8
        sockets = [await connect(http, server) for _ in range(8)]
        for ws in sockets:
            await first_data(ws)
        assert await refused_status(http, server) == 503
        async with http.get(server.lines[0]) as r:
            assert r.status == 503 and "all 8 sessions are in use" in await r.text()
        await sockets.pop().close()
        for _ in range(100):
            if len(server.sessions) < 8:
                break
            await asyncio.sleep(0.1)
        sockets.append(await connect(http, server))
        await first_data(sockets[-1])
        assert server.refused["sessions"] == 2
        for ws in sockets:
            await ws.close()


async def test_folders_are_never_listed(fake_command) -> None:
    async with serving(fake_command) as server, client() as http:
        await http.get(server.lines[0])
        for path in ("/static/", "/static/js/", "/static/fonts", "/static/%2e%2e/", "/static/js/%2e%2e/%2e%2e/"):
            async with http.get(URL(base(server) + path, encoded=True)) as r:
                body = await r.text()
                assert r.status in (403, 404), path
                assert "textual.js" not in body and "Index of" not in body


_LOADS = re.compile(r"""(?:\b(?:src|href)\s*=\s*["']([^"']+)["'])|(?:url\(\s*["']?([^"')]+))""", re.I)


async def test_the_page_loads_nothing_from_another_machine(fake_command) -> None:
    async with serving(fake_command) as server, client() as http:
        async with http.get(server.lines[0]) as r:
            page = await r.text()
            policy = r.headers["Content-Security-Policy"]
        async with http.get(base(server) + "/static/css/xterm.css") as r:
            css = await r.text()
        loads = [a or b for a, b in _LOADS.findall(page + css)]
        assert any(u.endswith("js/textual.js") for u in loads) and any(u.endswith(".ttf") for u in loads)
        for url in loads:
            assert url.startswith((base(server) + "/", "data:")) or "://" not in url, url
        assert "fonts.googleapis.com" not in page
        assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
        for url in (u for u in loads if u.startswith(base(server))):
            async with http.get(url) as r:
                assert r.status == 200, url


def test_the_remote_font_link_is_replaced_by_the_bundled_font() -> None:
    page = ('<head><link rel="stylesheet" href="http://h:1/static/css/xterm.css" />\n'
            '<link rel="stylesheet" href="https://fonts.googleapis.com/css?family=Roboto%20Mono" />'
            '<link href="//cdn.example/x.css" rel="stylesheet"></head>')
    out = offline_page(page, "http://h:1/static/")
    assert "googleapis" not in out and "cdn.example" not in out and "http://h:1/static/css/xterm.css" in out
    assert 'url("http://h:1/static/fonts/RobotoMono-VariableFont_wght.ttf")' in out


async def test_each_app_process_is_told_the_file_policy(fake_command, tmp_path: Path) -> None:
    for files, expected in ((Policy(off=True), b"files=none"), (Policy(folder=tmp_path), f"files={tmp_path}".encode())):
        async with serving(fake_command, files=files) as server, client() as http:
            ws = await connect(http, server)
            assert expected in await first_data(ws)
            await ws.close()


async def test_a_malformed_message_ends_that_session_only(fake_command) -> None:
    async with serving(fake_command) as server, client() as http:
        bad = await connect(http, server)
        await first_data(bad)
        await bad.send_str("{not json")
        msg = await asyncio.wait_for(bad.receive(), 20)
        assert msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING)
        good = await connect(http, server)
        await first_data(good)
        await good.send_json(["ping", "x"])
        assert (await asyncio.wait_for(good.receive_json(), 20)) == ["pong", "x"]
        await good.close()


def test_a_terminal_size_asked_by_the_browser_is_bounded() -> None:
    assert _size("80", "24") == (80, 24)
    assert _size(10**9, 10**9) == (MAX_COLUMNS, MAX_ROWS)
    assert _size("-5", "nan") == (1, 24)
    assert _size("9" * 5000, None) == (MAX_COLUMNS, 24)


async def test_stopping_ends_every_session_and_returns(fake_command) -> None:
    async with serving(fake_command) as server, client() as http:
        sockets = [await connect(http, server) for _ in range(3)]
        for ws in sockets:
            await first_data(ws)
        assert len(server.sessions) == 3
    assert not server.sessions
    for ws in sockets:
        msg = await asyncio.wait_for(ws.receive(), 20)
        assert msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING)
