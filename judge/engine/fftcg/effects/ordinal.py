"""Which of the cards chosen together a later sentence names: "Choose 2 Forwards. Deal the first Forward 8000
damage and dull the other" (the former / latter, the first / second / third …, the other).

The text layer keeps such a word as a reference (`Selector.ref` "former", "latter", "nth" with `nth`, "other")
to the cards a "Choose N …" of the same ability chose, in the order the player named them as it went on the
stack (11.3.3, 11.6.5). As it resolves only the targets still legal are kept (11.11.2: the effect applies to the
rest), in that order; the words are read against those, so when one of two chosen Forwards has gone, the one left
is "the first" and there is no "other" (the official ruling on Lasswell's Azure Sky, 8-043H).
"""

from __future__ import annotations

from typing import Any

#: the reference words read here, and the position in the chosen cards each names (0-based; "other": the rest)
ORDINAL_REFS = frozenset({"former", "latter", "nth", "other"})


def chosen_together(ctx: Any) -> tuple[str, ...] | None:
    """The cards of the last "Choose N …" (N ≥ 2) of the resolving ability still legal, in the order chosen."""
    slots = [uids for sel, uids in getattr(ctx, "targets", {}).items() if sel.count is not None and sel.count >= 2]
    return tuple(slots[-1]) if slots else None


def named(sel: Any, ctx: Any) -> list[str] | None:
    """The chosen cards `sel` names by its position word; None: no cards chosen together to read it against."""
    chosen = chosen_together(ctx)
    if chosen is None:
        return None
    if sel.ref == "other":
        return list(chosen[1:])
    at = {"former": 0, "latter": 1}.get(sel.ref, (sel.nth or 1) - 1)
    return list(chosen[at:at + 1])


__all__ = ["ORDINAL_REFS", "chosen_together", "named"]
