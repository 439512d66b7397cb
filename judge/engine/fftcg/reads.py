"""The board's read interface: what the parts `query` is composed of ask of the board.

`query` answers "what is true now" (power, who fits a selector, the cards a selector could pick, which
abilities a Character has) by composing the conditions (`conditions`), the ongoing text changes
(`ongoing`, `cardtypes`) and references to the stack (`stackref`); those parts in turn ask `query` about
the board while they work (a condition counts Forwards; a text change applies to the Characters a
selector names). They ask through this interface, which `query` provides when it is imported, so the
import graph has no cycle and each part depends only on the State and this interface.
"""

from __future__ import annotations

from typing import Any


class _Reads:
    """The functions `query` provides (`provide`); asking for one it has not provided is a bug, said plainly."""

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        raise RuntimeError(f"the board query {name!r} is asked before judge.engine.fftcg.query provided it")


READS = _Reads()


def provide(**functions: Any) -> None:
    """Make `query`'s functions available to the parts it is composed of."""
    for name, fn in functions.items():
        setattr(READS, name, fn)


__all__ = ["READS", "provide"]
