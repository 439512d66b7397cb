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
    from judge.engine.bs.effects import cards as zones

    left = [str(c) for c in item.param if ctx.state.card_def(str(c)) is not None
            and ctx.state.zone_of(str(c)) in zones.PILES]
    return zones.pick(ctx, sel, item, left)


def event_cards(ctx: Ctx, sel: ast.Selector, item: Work, label: str) -> list[str] | None:
    """The cards the watched event happened to, when a target names them ("it is refreshed", "place
    cores onto it"): those still on the field (a card that left it is a new card, 3-1-4; found by their
    last-known facts, 8-10-1), the controller choosing when the effect takes fewer (8-5-3). None when
    the target does not name them (then it is a selection: `select.choose`)."""
    from judge.engine.bs.ctx import name_of
    from judge.engine.bs.effects import cards as zones

    if not names_subjects(sel, item):
        return None
    here = [str(c) for c in item.param if ctx.state.field_card(str(c)) is not None]
    if not here:
        ctx.log(f"{label}: the card the event happened to is no longer on the field; nothing happens",
                "rules.impossible")
        return []
    ctx.log(f"{label}: {', '.join(name_of(ctx.state, c) for c in here)} (the card the event happened to)",
            "effect.last_state")
    return zones.pick(ctx, sel, item, here)


def move_their_cores(ctx: Ctx, eff: ast.MoveCores, item: Work, dest: str | None) -> None:
    """"Place all of the destroyed spirit's cores onto it": the cores that were on those cards, now in
    their controller's reserve (10-1-3-4), the soul core among them if it was there (3-5-5)."""
    from judge.engine.bs.ctx import name_of
    from judge.engine.bs.effects import move_cores as cores

    facts = item.subject_facts or {}
    chosen = subjects(ctx, eff.source_target, item) if eff.source_target is not None else []
    if dest is None:
        ctx.log(f"{item.label}: no card to place the cores on; nothing moves", "rules.impossible")
        return
    for cid in chosen:
        lk = facts.get(cid, {})
        owner = lk.get("controller") or item.controller
        soul = bool(lk.get("soul_cores")) and ctx.state.players[owner].soul_core == "reserve"
        plain = max(0, int(lk.get("cores", 0)) - (1 if lk.get("soul_cores") else 0))
        want = plain if eff.count is None else min(plain, eff.count)
        got = cores.take(ctx, owner, "reserve", want + (1 if soul else 0), soul=soul)
        cores.put(ctx, owner, dest, got, soul=soul)
        ctx.log(f"{item.label}: the {got} core(s) that were on {name_of(ctx.state, cid)}"
                + (" (the soul core among them)" if soul else "") + f" move from {owner}'s reserve to "
                f"{name_of(ctx.state, dest)}", "core.which", "effect.last_state")


def targets(ctx: Ctx, sel: ast.Selector, item: Work) -> list[str]:
    """The field cards an effect acts on: `select.choose` decides whether its target names the event's
    cards or is a selection (one entry point for both)."""
    from judge.engine.bs import select

    return select.choose(ctx, sel, controller=item.controller, source=item.source, label=item.label, item=item)


__all__ = ["event_cards", "move_their_cores", "names_subjects", "subjects", "targets"]
