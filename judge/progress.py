"""One line on the terminal before work that takes more than a second and happens once (the rules
database build, a grammar's parser tables): a judge who sees nothing for twenty seconds thinks
judge hung. Only to a terminal (standard error): pipes, tests and the TUI see nothing."""

from __future__ import annotations

import sys


def working(what: str) -> None:
    """Say, on one line of standard error, what judge is doing and that it is done once."""
    stream = sys.stderr
    try:
        if stream is not None and stream.isatty():
            stream.write(f"judge: {what} (once; later runs reuse it)…\n")
            stream.flush()
    except (OSError, ValueError):       # a closed or odd stream: the work goes on silently
        return
