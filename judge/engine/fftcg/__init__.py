"""The FINAL FANTASY TCG rules engine: the stack and priority, parties, EX Bursts and rule processes.

Plugs into the game-agnostic core (`judge.engine.core.rules_for("fftcg")` imports this package
lazily). Every step it records cites clause numbers of the FFTCG comprehensive rules from the one
table in `clauses.py`. Importing it loads neither Lark nor Textual; card text is parsed only when a
scenario is loaded.

Layout, by the concepts of the rules (one way down; `lint-imports` checks it, pyproject.toml):
`rules` (the facade) · `legal`, `explain` (menus, what applies) · `board` (the scenario format) ·
`flow/` (turn: priority, the stack and phases; attack; process: rule processes; actions and their values
in acts; bind; loops) · `support` · `keywords/` · `effects/` (run: the interpreter; registry: node family →
handler; handlers and the families changes, reveal, search, divide, freecast, exburst) · `zones/` (moves,
cost, costs, payments, extracost, xvalue, warp) · `events/` (triggers: what an event triggers; delayed) ·
`replacement`, `restrictions`, `cardlimits` · `query` (what is true now) over `cardtypes`, `ongoing`,
`conditions`, `stackref`, which ask the board back through `reads` · `log`, `state`, `clauses`.
Still to do: `effects/handlers` holds most node families in one module and `run`, `freecast`, `reveal`
and `search` reach one another; one module per family, importing only the kernel, the state, zones and
events, is the next step.
"""

from __future__ import annotations

from typing import Any

from judge.engine.fftcg import query as _query  # noqa: F401  (provides the board's read interface, reads.py)


def rules_for_game(game: str = "fftcg") -> Any:
    """The FFTCG `Rules` implementation (the scenario runner and the TUI use only its interface)."""
    from judge.engine.fftcg.rules import FFTCGRules

    return FFTCGRules()


__all__ = ["rules_for_game"]
