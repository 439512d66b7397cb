"""Events written with the effect that performs them as their subject: "when one of your effects exhausts
one of your opponent's spirits", "when an effect on one of your Angel spirits discards a card from your
opponent's deck" (【Crush】's discard included: it is the effect of the attacking spirit, 11-11-1).

A triggered effect activates when the event its text names occurs (8-6-1); when that event names the
effect that performs it, an exhaustion or a discard done by anything else (the rules exhausting an
attacker or a blocker, 7-1-1 / 7-1-3-1; a cost paid outside any effect) is not that event. So the cards
an event happens to carry, beside their facts, whose effect did it and, as it last was, the card that
effect is on (`stamp`), and a watcher's event is met only by an effect its `Condition.by` names
(`holds`): of that player ("your effects"), on a card its `about` selector names ("an effect on one of
your Angel spirits"). The effect performing is the waiting item being resolved (`Ctx.acting`, set by
triggers.run_work).
"""

from __future__ import annotations

from typing import Any

from judge.engine.bs.ctx import Ctx
from judge.engine.bs.events.destroyed_how import CAUSE, FROM, KILLER
from judge.engine.bs.state import State, Work
from judge.text import ast

#: Active-voice events whose subject is an effect, and the event the engine raises for them.
ACTIVE = {"exhausts": "when_exhausted", "discards": "when_discarded"}
#: The key an event's facts carry for the card whose effect performed it (its facts, as it last was).
SOURCE = "effect_source"


def handles(cond: ast.Condition) -> bool:
    """Whether a watched event naming its performer is one `holds` can decide: the performer is an effect
    (of a player, and optionally on a card a plain selector names), or unnamed."""
    by = cond.by
    if by is None:
        return True
    return by.unit == "effect" and by.effect is None and (by.about is None or by.about.unit is None)


def stamp(ctx: Ctx, lasts: dict[str, dict], item: Work | None = None) -> dict[str, dict]:
    """The facts of the cards an event happened to, with the effect that performed it: `item`, else the
    item being resolved (none: the rules did it)."""
    from judge.engine.bs.events.watch import facts

    w = item if item is not None else ctx.acting
    if w is None:
        return {c: {CAUSE: "rule", KILLER: None, **lk} for c, lk in lasts.items()}
    src = facts(ctx.state, w.source) if ctx.state.card_def(w.source) is not None else {}
    if ctx.state.field_card(w.source) is None and w.last:
        src = {**src, **w.last}                 # a card that left the field: as it last was (8-10-1)
    return {c: {CAUSE: "effect", KILLER: w.controller, **lk, SOURCE: {**src, "id": w.source}}
            for c, lk in lasts.items()}


def holds(cond: ast.Condition, holder: str, watcher_ctrl: str, lk: dict[str, Any], state: State) -> bool:
    """Whether the event recorded in `lk` was performed as `cond` says (True for events that name no
    performer, or are not active-voice events)."""
    from judge.engine.bs.events.watch import matches_facts
    from judge.engine.bs.select import whose

    if cond.event not in ACTIVE:
        return True
    obj = cond.object
    if cond.event == "discards" and obj is not None and obj.zone is not None and lk.get(FROM) not in (None, obj.zone):
        return False                         # "discards a card from your opponent's deck": not from a hand
    by = cond.by
    if by is None:
        return True
    if lk.get(CAUSE) != "effect" or lk.get(KILLER) is None:
        return False
    if by.owner is not None and lk[KILLER] not in whose(watcher_ctrl, by.owner, state):
        return False
    src = lk.get(SOURCE) or {}
    if by.about is not None:
        return bool(src) and matches_facts(by.about, holder, watcher_ctrl, str(src.get("id")), src, state)
    return True


def watch(ctx: Ctx, event: str, ids: list[str] | tuple[str, ...]) -> None:
    """An event happened to these field cards, performed by the effect being resolved (if any): queue the
    effects watching it."""
    from judge.engine.bs import derive
    from judge.engine.bs.events.watch import _anyone_watches, facts, watchers
    from judge.engine.bs.flow.triggers import push

    if not _anyone_watches(ctx.state, event, list(ids)):
        return
    lasts = stamp(ctx, {cid: facts(ctx.state, cid) for cid in ids if ctx.state.card_def(cid) is not None})
    items = watchers(ctx, event, lasts) if lasts else []
    if items:
        ctx.log(f"Effects watching this ({derive.timing_label(event).lower()}) activate", "effect.triggered")
        push(ctx, items)


__all__ = ["ACTIVE", "SOURCE", "handles", "holds", "stamp", "watch"]
