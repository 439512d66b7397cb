"""Hostile inputs for the robustness tests: files that attack a reader, a local HTTP server that
answers badly, and a way to run `judge` in-process that turns a hang into a failure (the fixtures
are registered by conftest.py)."""

from __future__ import annotations

import contextlib
import io
import itertools
import os
import signal
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

import pytest

#: seconds any one command may run before the test calls it a hang
HANG = int(os.environ.get("JUDGE_FUZZ_HANG", "60"))


def alias_bomb(levels: int = 9, width: int = 9) -> str:
    """A 'billion laughs' YAML: ~1.6 KB that means width**levels strings once aliases are expanded."""
    lines = ["game: bss", "notes:", "  a: &a [" + ", ".join(['"lol"'] * width) + "]"]
    names = "abcdefghijklmnopqrstuvwxyz"
    for prev, name in itertools.pairwise(names[:levels]):
        lines.append(f"  {name}: &{name} [" + ", ".join([f"*{prev}"] * width) + "]")
    lines.append("players: {A: {}, B: {}}")
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Hostile:
    """Files made to hurt a reader, by name; all inside one temporary folder except the devices."""

    root: Path

    def __getitem__(self, name: str) -> str:
        return {"urandom": "/dev/urandom", "zero": "/dev/zero", "proc": "/proc/self/status"}.get(
            name, str(self.root / name))

    NAMES = ("fifo", "urandom", "zero", "proc", "folder", "missing", "empty", "junk.bin", "bomb.yaml",
             "deep.yaml", "deep.json", "digits.yaml", "digits.json", "big.txt", "deck200k.txt", "latin1.yaml",
             "loop.yaml", "null.yaml", "list.yaml", "toml.toml")


def make_hostile(root: Path) -> Hostile:
    root.mkdir(parents=True, exist_ok=True)
    os.mkfifo(root / "fifo")
    (root / "folder").mkdir()
    (root / "empty").write_bytes(b"")
    (root / "junk.bin").write_bytes(os.urandom(4096))
    (root / "bomb.yaml").write_text(alias_bomb(), encoding="utf-8")
    (root / "deep.yaml").write_text("game: bss\nplayers: " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    (root / "deep.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    (root / "digits.yaml").write_text("game: bss\nturn: {number: " + "9" * 5000 + "}\n", encoding="utf-8")
    (root / "digits.json").write_text('{"cards": [{"number": ' + "9" * 5000 + "}]}", encoding="utf-8")
    (root / "big.txt").write_bytes(b"1 X\n" * (20 * 1024 * 1024 // 4))
    (root / "deck200k.txt").write_text("1 BSS01-001\n" * 200_000, encoding="utf-8")
    (root / "latin1.yaml").write_bytes("game: bss\ntitle: caf\xe9\n".encode("latin-1"))
    os.symlink(root / "loop.yaml", root / "loop.yaml")
    (root / "null.yaml").write_text("~\n", encoding="utf-8")
    (root / "list.yaml").write_text("- 1\n- 2\n", encoding="utf-8")
    (root / "toml.toml").write_text("x = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    for sub in ("out", "db"):                 # outputs and databases: never the files above
        (root / sub / "folder").mkdir(parents=True)
        os.mkfifo(root / sub / "fifo")
        (root / sub / "junk.bin").write_bytes(os.urandom(4096))
    return Hostile(root)


@pytest.fixture(scope="session")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> Hostile:
    return make_hostile(tmp_path_factory.mktemp("hostile"))


class _Answers(BaseHTTPRequestHandler):
    """A card source that answers badly: garbage, nesting, huge numbers, an error, nothing."""

    BODIES: ClassVar[dict[str, tuple[int, str, bytes]]] = {
        "/junk": (200, "application/json", os.urandom(2048)),
        "/deep.json": (200, "application/json", b"[" * 100_000 + b"]" * 100_000),
        "/digits.json": (200, "application/json", b'{"count": 1, "cards": [{"Code": ' + b"9" * 5000 + b"}]}"),
        "/empty": (200, "application/json", b""),
        "/html": (200, "text/html", b"<html>not cards</html>"),
        "/error": (500, "text/plain", b"boom"),
        "/missing": (404, "text/plain", b"no"),
    }

    def _answer(self) -> None:
        status, kind, body = self.BODIES.get(self.path.split("?")[0], (404, "text/plain", b"no"))
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = _answer

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="session")
def bad_server() -> Iterator[str]:
    """http://127.0.0.1:PORT of a local server answering `_Answers.BODIES` (never the internet)."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Answers)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


class Hang(BaseException):
    """A command ran past HANG seconds (a BaseException: no `except Exception` in judge swallows it)."""


@dataclass(frozen=True)
class Run:
    code: int
    out: str
    err: str


def run_judge(argv: list[str], seconds: int = HANG) -> Run:
    """`judge ARGV` in this process: exit code and output; the environment is restored after."""
    from judge.cli import main

    out, err = io.StringIO(), io.StringIO()
    saved = dict(os.environ)

    def hang(_sig: int, _frame: object) -> None:
        raise Hang(f"judge {argv!r} ran past {seconds} s")

    previous = signal.signal(signal.SIGALRM, hang)
    signal.alarm(seconds)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                main(list(argv))
                code = 0
            except SystemExit as exc:
                if isinstance(exc.code, str):      # sys.exit("message"): Python prints it, exit 1
                    err.write(exc.code + "\n")
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
        os.environ.clear()
        os.environ.update(saved)
    return Run(code, out.getvalue(), err.getvalue())
