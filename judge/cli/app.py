"""`judge` with no command starts the TUI (placeholder until the TUI layer lands)."""

from __future__ import annotations

from judge.errors import JudgeError


def run_tui(game: str | None = None, lang: str | None = None) -> None:
    """Start the Textual app (the TUI layer is imported only here)."""
    raise JudgeError("the TUI is not built yet")
