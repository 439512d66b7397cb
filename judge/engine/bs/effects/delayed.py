""""Select one of your opponent's spirits. If it attacks or blocks during this turn, …": an effect
that waits, for the rest of the turn, for an event to happen to the card it selected (the typed
event condition with the qualifier `this_turn`, its selector the card to watch).

Why its own module: resolving such an effect only selects the card and leaves a watch on it (a
modification lasting the turn); when the event happens to that card, the rest activates then, with
the other effects the event sets off (8-5-2-3), and "it" in the rest is that card (subjects.py).
"""

from __future__ import annotations

from judge.engine.bs import select
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.state import Work
from judge.text import ast

#: Event ids of the grammar → the engine events that meet them.
EVENTS: dict[str, frozenset[str]] = {"attacks_or_blocks": frozenset({"attacks", "blocks"}),
                                     "blocks_or_attacks": frozenset({"attacks", "blocks"}),
                                     "attacks": frozenset({"attacks"}), "blocks": frozenset({"blocks"})}


def applies(cond: ast.Condition) -> bool:
    """Whether a condition is "if <the selected card> <event> during this turn"."""
    return cond.kind == "event" and "this_turn" in cond.qualifiers and cond.event in EVENTS and \
        cond.selector is not None and not cond.selector.self_ref and cond.selector.count is not None


def watch_this_turn(ctx: Ctx, eff: ast.Conditional, item: Work) -> None:
    """Select the card and leave the watch on it until the end of the turn."""
    from judge.engine.bs.flow.management import add_mod

    cond = eff.condition
    for cid in select.choose(ctx, cond.selector, controller=item.controller, source=item.source, label=item.label):
        add_mod(ctx, target=cid, kind="delayed_watch", value=(cond.event, eff.effects, item.label, cond.selector),
                duration=ast.Duration.TURN, source=item.source, controller=item.controller)
        ctx.log(f"{item.label}: if {name_of(ctx.state, cid)} {cond.event.replace('_', ' ')} this turn, the rest "
                "of the effect activates then", "effect.triggered")


def waiting_on(ctx: Ctx, event: str, cid: str) -> list[Work]:
    """The watches an event happening to `cid` sets off (each activates and waits, 8-5-2-3)."""
    out = []
    for m in ctx.state.mods:
        if m.kind != "delayed_watch" or m.target != cid or m.turn != ctx.state.turn:
            continue
        watched, effects, label, subject = m.value
        if event not in EVENTS.get(watched, frozenset()):
            continue
        out.append(Work(kind="effects", source=m.source, controller=m.controller, effects=effects,
                        label=f"{label} ({name_of(ctx.state, cid)} {event})",
                        cites=ctx.cites("effect.triggered", "effect.waiting"), timing=event,
                        subject=subject, param=[cid]))
    return out


__all__ = ["EVENTS", "applies", "waiting_on", "watch_this_turn"]
