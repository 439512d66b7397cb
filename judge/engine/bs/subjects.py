"""The cards an event happened to, named again by the effect it set off: "when one of your spirits
is destroyed, return it from your trash to your hand", "the first time one of your purple spirits is
destroyed each turn, return that spirit card …".

The grammar resolves such an "it" / "that spirit" to a copy of the event's selector; a watching
effect carries that selector (`Work.subject`) and the cards the event happened to (`Work.param`). A
target equal to it (its position in the text aside) is those cards, wherever the event put them,
not a fresh selection on the field (8-10-1: they are found by their last-known facts). When several
cards met the event at once and the effect takes fewer, its controller chooses (8-5-3).
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.bs.ctx import Ctx
from judge.engine.bs.state import Work
from judge.text import ast


def names_subjects(sel: ast.Selector, item: Work) -> bool:
    """Whether a target selector names the cards the watched event happened to."""
    if item.subject is None or not isinstance(item.param, list | tuple) or sel.self_ref:
        return False
    return replace(sel, span=None, zone=None) == replace(item.subject, span=None, zone=None)


def subjects(ctx: Ctx, sel: ast.Selector, item: Work) -> list[str]:
    """The event's cards the effect acts on: those still where the event put them (not back on the
    field, where they would be new cards, 3-1-4), the controller choosing when there are more."""
    from judge.engine.bs import zones

    left = [str(c) for c in item.param if ctx.state.card_def(str(c)) is not None
            and ctx.state.zone_of(str(c)) in zones.PILES]
    return zones.pick(ctx, sel, item, left)


__all__ = ["names_subjects", "subjects"]
