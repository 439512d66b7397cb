"""Run `judge ARGS…` and SIGKILL it at its Nth event (not a test module: the kill tests run it).

Events, in order: each SQL statement any connection runs (the trace callback fires before the
statement does: "commit" is killed before it commits), each file opened for writing beside the
database, each rename, replace or removal there, and the end of the command. N = 0 kills nothing and writes the list of
events to the file named by KILLER_EVENTS, so a test can pick its moments.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import sys

TARGET = int(sys.argv[1])
WHERE = os.path.realpath(sys.argv[2])
EVENTS: list[str] = []
_WRITE = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC


def hit(what: str) -> None:
    EVENTS.append(what)
    if len(EVENTS) == TARGET:
        os.kill(os.getpid(), signal.SIGKILL)


def _beside(path: object) -> bool:
    try:
        return isinstance(path, str | bytes | os.PathLike) and os.path.realpath(os.fsdecode(path)).startswith(WHERE)
    except (TypeError, ValueError):
        return False


def audit(event: str, args: tuple) -> None:
    if event == "open" and _beside(args[0]):
        mode, flags = args[1], args[2]
        if (isinstance(mode, str) and any(c in mode for c in "wax+")) or (mode is None and flags & _WRITE):
            hit(f"write {os.path.basename(os.fsdecode(args[0]))}")
    elif event in ("os.rename", "os.replace", "os.remove") and _beside(args[0]):
        hit(f"{event} {os.path.basename(os.fsdecode(args[0]))}")


_connect = sqlite3.connect


def connect(*args, **kwargs):
    conn = _connect(*args, **kwargs)
    conn.set_trace_callback(lambda sql: hit("sql " + " ".join(sql.split())[:40]))
    return conn


sqlite3.connect = connect
sys.addaudithook(audit)
try:
    from judge.cli import main

    main(sys.argv[3:])
finally:
    hit("end")                  # a kill here is a kill after everything the command did
    if TARGET == 0 and os.environ.get("KILLER_EVENTS"):
        with open(os.environ["KILLER_EVENTS"], "w", encoding="utf-8") as fh:
            fh.write("\n".join(EVENTS))
