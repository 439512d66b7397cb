"""Revealing a card selected from cards only its controller has seen: "View the top three cards of your
deck. Reveal one <card> from the cards you viewed and add it to your hand."

The viewed cards stay unrevealed in a private area (the deck), so when the effect asks for one that
has some information (a name, a type), nothing guarantees one is there and the player selecting may
ignore every card that fulfils it (8-5-3-5): the selection is a pending decision of the effect's
controller, who may answer none, even when a matching card was viewed. The card selected is revealed to
show it fulfils the condition (8-5-3-5), and the directive written after it ("add it to your hand")
acts on that card (`Ctx.selections`, as a "Select X." does, selections.py); none selected, it does
nothing (8-5-3-4).
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.state import Work
from judge.text import ast


def handles(eff: ast.Reveal) -> bool:
    """"Reveal <selector> from the cards you viewed": a selection among the cards the effect viewed."""
    return eff.zone == "selected" and eff.target is not None and eff.target.zone == "revealed" and \
        eff.target.count is not None


def reveal_selected(ctx: Ctx, eff: ast.Reveal, item: Work) -> None:
    """Select among the viewed cards (the controller may ignore any, 8-5-3-5) and reveal the selection."""
    from judge.engine.bs.effects.cards import pick, pile_candidates

    sel = eff.target
    assert sel is not None
    cands = pile_candidates(ctx, sel, item)
    if cands:
        ctx.log(f"{item.label}: the cards were viewed, not revealed: {item.controller} may ignore the ones that "
                "fulfil the condition and select none", "effect.select_private")
        chosen = pick(ctx, replace(sel, up_to=True), item, cands)
    else:
        ctx.log(f"{item.label}: no viewed card fulfils the condition, so nothing is revealed", "effect.select_none")
        chosen = []
    ctx.selections[sel] = tuple((c, ctx.state.zone_of(c)) for c in chosen)
    if chosen:
        ctx.log(f"{item.controller} reveals {', '.join(name_of(ctx.state, c) for c in chosen)}",
                "effect.select_private")
    elif cands:
        ctx.log(f"{item.controller} selects none of them", "effect.select_private")


__all__ = ["handles", "reveal_selected"]
