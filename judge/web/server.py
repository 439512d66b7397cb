"""The `judge web` server: textual-serve's Server, with what an event's network needs added.

textual-serve starts one app process per browser websocket and checks nothing: any web page the
user visits could open a websocket to it and type into the app. This subclass adds:

- a random token, printed in the address on the first line; every request without it is refused
  (403): the page and its files take it from the query or a cookie set by the page, the
  websocket only from its own path;
- the websocket's Origin must be the page this server served (403 otherwise), and the Host header
  a name or address of this machine (a DNS-rebinding page has neither);
- at most `max_sessions` app processes (503 beyond);
- no directory listings, and a page that loads nothing from outside the machine: the remote font
  link of textual-serve's page is replaced by the font files it ships, and a Content-Security-
  Policy forbids any other origin;
- the app processes are told which files they may touch (`judge.access`, through JUDGE_FILES);
- SIGINT / SIGTERM end every session (each app asked to quit, then killed if it does not), close
  the server and the event loop in order: no traceback, no "Event loop is closed".
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import ipaddress
import json
import logging
import re
import secrets
import signal
import socket
import sys
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server
from yarl import URL

from judge.access import ENV, Policy

log = logging.getLogger("judge.web")

#: seconds an app process has to quit when its session ends, before it is killed
QUIT_TIMEOUT = 5.0
#: terminal sizes a browser may ask for (a huge one would make the app draw millions of cells)
MAX_COLUMNS, MAX_ROWS = 500, 300
#: a message from the browser (keys typed, a resize): larger ones end the session
MAX_MESSAGE_BYTES = 64 * 1024

_FONTS = """<style>
@font-face {{ font-family: "Roboto Mono"; font-style: normal; font-weight: 100 700;
  src: url("{static}fonts/RobotoMono-VariableFont_wght.ttf") format("truetype"); }}
@font-face {{ font-family: "Roboto Mono"; font-style: italic; font-weight: 100 700;
  src: url("{static}fonts/RobotoMono-Italic-VariableFont_wght.ttf") format("truetype"); }}
</style>"""
_LINK = re.compile(r"<link\b[^>]*\bhref\s*=\s*\"([^\"]*)\"[^>]*>", re.I | re.S)


def is_loopback(host: str) -> bool:
    """Whether `host` (as given to --host) only listens on this machine."""
    if host.strip("[]").lower() == "localhost":
        return True
    with contextlib.suppress(ValueError):
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    return False


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name.strip("[]"))
    except ValueError:
        return False
    return True


class _AppService(AppService):
    """One app process: started with the file policy in its environment, ended for sure."""

    def __init__(self, *args: Any, files: Policy, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.files = files

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        env = super()._build_environment(width=width, height=height)
        env[ENV] = self.files.spec
        return env

    async def end(self) -> None:
        """Ask the app to quit; kill it if it has not within QUIT_TIMEOUT; wait for the process;
        close its pipes while the event loop runs (left to the garbage collector after the loop
        has closed, they end in "RuntimeError: Event loop is closed" on the way out)."""
        try:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(self.stop()), QUIT_TIMEOUT)
            process = self._process      # textual-serve keeps the process here and nowhere public
            if process is not None and process.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
            if process is not None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(process.wait(), QUIT_TIMEOUT)
        finally:
            transport = getattr(self._process, "_transport", None)
            if transport is not None:
                transport.close()        # kills the process too, if it is somehow still running


class JudgeWebServer(Server):
    """textual-serve's Server with a token, Origin and Host checks, a session cap, an offline page,
    a file policy for the app processes and a clean stop (see the module docstring)."""

    def __init__(self, command: str, *, host: str = "127.0.0.1", port: int = 8000, title: str = "judge",
                 public_url: str | None = None, max_sessions: int = 8, files: Policy | None = None,
                 token: str | None = None, out: Callable[[str], None] | None = None) -> None:
        super().__init__(command, host=host, port=port, title=title, public_url=public_url)
        self.explicit_url = public_url
        self.token = token or secrets.token_urlsafe(24)
        self.max_sessions = max_sessions
        self.files = files or Policy(off=True)
        self.sessions: set[asyncio.Task[Any]] = set()
        self._ending: set[asyncio.Task[Any]] = set()   # sessions already ending their app: not cancelled
        self.refused: Counter[str] = Counter()      # why connections were refused, by kind
        self.out = out or (lambda line: (sys.stdout.write(line + "\n"), sys.stdout.flush()))
        self._stop: asyncio.Event | None = None

    # -- the address ---------------------------------------------------------------------------
    @property
    def cookie(self) -> str:
        return f"judge_web_{self.port}"

    def start_url(self) -> str:
        """The address to open, token included (printed on the first line)."""
        if self.explicit_url:
            base = self.explicit_url.rstrip("/")
        else:
            host = self.host
            if host in ("0.0.0.0", "::", ""):
                host = _lan_address()
            if ":" in host and not host.startswith("["):
                host = f"[{host}]"
            base = f"http://{host}:{self.port}"
        return f"{base}/?token={self.token}"

    def _origin(self, request: web.Request) -> str:
        """The origin of the page this server serves to `request`'s browser."""
        if self.explicit_url:
            url = URL(self.explicit_url)
            return str(url.origin())
        return f"{request.scheme}://{request.host}"

    def _known_host(self, request: web.Request) -> bool:
        """The Host header names this machine: an IP address, localhost, its host name, --host or
        the public URL's host (a page on another name pointing here by DNS is refused)."""
        try:
            name = (URL(f"http://{request.host}").host or "").lower()
        except ValueError:
            return False
        if _is_ip(name):
            return True
        names = {"localhost", self.host.lower(), socket.gethostname().lower(),
                 f"{socket.gethostname().lower()}.local"}
        if self.explicit_url:
            names.add((URL(self.explicit_url).host or "").lower())
        return name in names

    def _has_token(self, given: str | None) -> bool:
        return bool(given) and hmac.compare_digest(str(given).encode(), self.token.encode())

    # -- the application -----------------------------------------------------------------------
    async def _make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._guard], client_max_size=MAX_MESSAGE_BYTES)
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes([
            web.get("/", self.handle_index, name="index"),
            web.get("/ws/{token}", self.handle_websocket, name="websocket"),
            web.get("/download/{key}", self.handle_download, name="download"),
            web.static("/static", self.statics_path, show_index=False, follow_symlinks=False, name="static"),
        ])
        return app

    def _refuse(self, kind: str, status: int, text: str) -> web.Response:
        self.refused[kind] += 1
        log.info("refused (%s): %s", kind, text)
        return web.Response(status=status, text=f"judge web: {text}\n")

    @web.middleware
    async def _guard(self, request: web.Request,
                     handler: Callable[[web.Request], Awaitable[web.StreamResponse]]) -> web.StreamResponse:
        if not self._known_host(request):
            return self._refuse("host", 403, "this server answers only to its own address")
        is_socket = request.match_info.route.name == "websocket"
        given = request.match_info.get("token") if is_socket else \
            request.query.get("token") or request.cookies.get(self.cookie)
        if not self._has_token(given):
            return self._refuse("token", 403, "open the address with its token, as printed where judge web started")
        response = await handler(request)
        if not response.prepared:
            response.headers.setdefault("X-Content-Type-Options", "nosniff")
            response.headers.setdefault("Referrer-Policy", "no-referrer")
            response.headers.setdefault("X-Frame-Options", "DENY")
        return response

    async def handle_index(self, request: web.Request) -> web.Response:  # type: ignore[override]
        """The page: textual-serve's template, with the websocket address carrying the token,
        the remote font replaced by the bundled one, and a policy that forbids other origins."""
        if len(self.sessions) >= self.max_sessions:
            return self._refuse("sessions", 503, f"all {self.max_sessions} sessions are in use; "
                                "close one and reload")
        origin = self._origin(request)
        socket_origin = ("wss" if origin.startswith("https") else "ws") + origin[origin.index(":"):]
        static = f"{origin}/static/"
        try:
            font_size = min(max(int(request.query.get("fontsize", "16")), 6), 64)
        except ValueError:
            font_size = 16
        context = {"font_size": font_size, "app_websocket_url": f"{socket_origin}/ws/{self.token}",
                   "config": {"static": {"url": static}}, "application": {"name": self.title}, "ping_url": ""}
        html = aiohttp_jinja2.render_string("app_index.html", request, context)
        html = offline_page(html, static)
        response = web.Response(text=html, content_type="text/html")
        response.headers["Content-Security-Policy"] = (
            "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
            f"img-src 'self' data:; font-src 'self' data:; connect-src 'self' {socket_origin}; "
            "frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
        response.headers["Cache-Control"] = "no-store"
        response.set_cookie(self.cookie, self.token, httponly=True, samesite="Strict", path="/")
        return response

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
        """One browser session: its Origin checked, within the cap, one app process."""
        origin = request.headers.get("Origin")
        if origin != self._origin(request):
            return self._refuse("origin", 403, f"a websocket from {origin or 'no origin'} is not from the page "
                                "this server served")
        if len(self.sessions) >= self.max_sessions:
            return self._refuse("sessions", 503, f"all {self.max_sessions} sessions are in use")
        task = asyncio.current_task()
        assert task is not None
        self.sessions.add(task)
        try:
            return await self._session(request)
        finally:
            self.sessions.discard(task)

    async def _session(self, request: web.Request) -> web.WebSocketResponse:
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE_BYTES)
        await websocket.prepare(request)
        service = _AppService(self.command, write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                              close=websocket.close, download_manager=self.download_manager, debug=self.debug,
                              files=self.files)
        try:
            await service.start(*_size(request.query.get("width"), request.query.get("height")))
            await self._process_messages(websocket, service)
        except asyncio.CancelledError:
            pass                      # the server is stopping: end the app below
        except Exception as exc:      # a broken connection or process: end this session, keep serving
            log.info("session ended: %s", exc or type(exc).__name__)
        finally:
            task = asyncio.current_task()
            if task is not None:
                self._ending.add(task)
            try:
                await service.end()
                with contextlib.suppress(Exception):
                    await websocket.close()
            finally:
                self._ending.discard(task)
        return websocket

    async def _process_messages(self, websocket: web.WebSocketResponse, app_service: AppService) -> None:
        """What the browser sends: typed keys, a resize (bounded), focus and pings; anything
        malformed ends the session instead of raising."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
                kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            except (ValueError, TypeError, KeyError, IndexError):
                log.info("session ended: a malformed message from the browser")
                return
            if kind == "stdin" and isinstance(data, str):
                await app_service.send_bytes(data.encode("utf-8"))
            elif kind == "resize" and isinstance(data, dict):
                await app_service.set_terminal_size(*_size(data.get("width"), data.get("height")))
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await app_service.blur()
            elif kind == "focus":
                await app_service.focus()

    async def on_startup(self, app: web.Application) -> None:
        """Nothing: the address is printed once the socket is bound (see `run`)."""

    # -- running and stopping ------------------------------------------------------------------
    def serve(self, debug: bool = False) -> None:
        """Serve until SIGINT or SIGTERM, then stop every session and return."""
        self.serve_announcing(None, debug)

    def serve_announcing(self, ready: Callable[[JudgeWebServer], None] | None, debug: bool = False) -> None:
        """`serve`, calling `ready` once the address is printed."""
        self.debug = debug
        _log_to_stderr()
        asyncio.run(self.run(ready))

    async def run(self, ready: Callable[[JudgeWebServer], None] | None = None) -> None:
        """Bind, print the address, serve until `stop()` or a signal, then end every session."""
        self._stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        signals = []
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(sig, self._stop.set)
                signals.append(sig)
        runner = web.AppRunner(await self._make_app(), handle_signals=False, access_log=None,
                               shutdown_timeout=2.0)
        await runner.setup()
        try:
            site = web.TCPSite(runner, self.host, self.port)
            await site.start()
            self.port = _bound_port(runner) or self.port
            self.out(self.start_url())
            if ready is not None:
                ready(self)
            await self._stop.wait()
        finally:
            tasks = list(self.sessions)
            for task in tasks:
                if task not in self._ending:
                    task.cancel()
            if tasks:
                await asyncio.wait(tasks, timeout=2 * QUIT_TIMEOUT + 2)
            await runner.cleanup()
            for sig in signals:
                loop.remove_signal_handler(sig)

    def stop(self) -> None:
        """End `run` (from the event loop's thread)."""
        if self._stop is not None:
            self._stop.set()


def offline_page(html: str, static: str) -> str:
    """The page with every link to anywhere but this server's `static` files removed and the
    bundled Roboto Mono declared instead (textual-serve's template asks a font service for it)."""
    html = _LINK.sub(lambda m: m.group(0) if m.group(1).startswith(static) else "", html)
    return html.replace("</head>", _FONTS.format(static=static) + "\n  </head>", 1)


def _size(width: Any, height: Any) -> tuple[int, int]:
    def one(value: Any, default: int, top: int) -> int:
        try:
            return min(max(int(str(value)[:6]), 1), top)
        except ValueError:
            return default

    return one(width, 80, MAX_COLUMNS), one(height, 24, MAX_ROWS)


def _bound_port(runner: web.AppRunner) -> int | None:
    for address in runner.addresses:
        if isinstance(address, tuple) and len(address) >= 2:
            return int(address[1])
    return None


def _lan_address() -> str:
    """This machine's address on its network (for the printed URL when listening on all)."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("192.0.2.1", 9))            # no packet is sent: this only picks the interface
        return str(s.getsockname()[0])
    return "127.0.0.1"


class _OneLine(logging.Formatter):
    """A log record as one line: an exception is named, never printed as a traceback."""

    def format(self, record: logging.LogRecord) -> str:
        line = " ".join(record.getMessage().split())
        if record.exc_info and record.exc_info[1] is not None:
            exc = record.exc_info[1]
            line += f" ({type(exc).__name__}: {exc})" if str(exc) else f" ({type(exc).__name__})"
        return f"judge web: {line}"


def _log_to_stderr() -> None:
    """judge web's own lines, and those of the libraries under it, one line each on stderr."""
    levels = {"judge.web": logging.INFO, "textual-serve": logging.WARNING, "aiohttp": logging.WARNING,
              "asyncio": logging.WARNING}
    for name, level in levels.items():
        logger = logging.getLogger(name)
        if not any(isinstance(h.formatter, _OneLine) for h in logger.handlers):
            handler = logging.StreamHandler(sys.stderr)
            handler.setFormatter(_OneLine())
            logger.addHandler(handler)
        logger.setLevel(level)
        logger.propagate = False


__all__ = ["MAX_COLUMNS", "MAX_ROWS", "QUIT_TIMEOUT", "JudgeWebServer", "is_loopback", "offline_page"]
