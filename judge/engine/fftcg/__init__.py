"""The FINAL FANTASY TCG rules engine: the stack and priority, parties, EX Bursts and rule processes.

Plugs into the game-agnostic core (`judge.engine.core.rules_for("fftcg")` imports this package
lazily). Every step it records cites clause numbers of the FFTCG comprehensive rules from the one
table in `clauses.py`. Importing it loads neither Lark nor Textual; card text is parsed only when a
scenario is loaded.
"""

from __future__ import annotations

from typing import Any

from judge.engine.fftcg import query as _query  # noqa: F401  (provides the board's read interface, reads.py)


def rules_for_game(game: str = "fftcg") -> Any:
    """The FFTCG `Rules` implementation (the scenario runner and the TUI use only its interface)."""
    from judge.engine.fftcg.rules import FFTCGRules

    return FFTCGRules()


__all__ = ["rules_for_game"]
