"""Effects that also activate on a further event (8-1-5-1, 10-11-1): a constant effect such as "your
spirits' "When This Spirit Blocks" effects also activate when attacking" makes the effects of the cards
it names that answer to one event answer to another too, while it is active.

An effect answering to a block also includes one worded "when this spirit attacks or blocks" (10-11-2).
Such an effect is met twice by one attack — as an attack effect and as a block effect made to answer
to the attack — and still activates only once (8-6-3).
"""

from __future__ import annotations

from judge.engine.bs import derive
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.events.watch import facts, matches_facts
from judge.engine.bs.state import State
from judge.text import ast
from judge.text.ast import Ability, AbilityKind


def _extensions(state: State) -> list[tuple[str, str, ast.AlsoActivates]]:
    """(card, controller, effect) of the active constant "also activate" effects on the field."""
    out = []
    for name, p in state.players.items():
        for fc in p.field:
            for _idx, ab in derive.active_abilities(state, fc.id):
                if ab.kind != AbilityKind.CONSTANT or not any(isinstance(e, ast.AlsoActivates) for e in ab.effects):
                    continue
                if not derive.constant_active(state, fc.id, ab):
                    continue
                out.extend((fc.id, name, e) for e in ab.effects if isinstance(e, ast.AlsoActivates))
    return out


def also_events(state: State, cid: str, event: str) -> list[tuple[str, str]]:
    """(granting card, event) pairs: the events whose effects of `cid` also answer to `event` now."""
    from judge.engine.bs.flow.triggers import TIMING_EVENTS

    if state.field_card(cid) is None:
        return []
    out = []
    for src, ctrl, eff in _extensions(state):
        if eff.event != event or not matches_facts(eff.target, src, ctrl, cid, facts(state, cid), state):
            continue
        out.extend((src, ev) for ev in TIMING_EVENTS.get(eff.timing, frozenset()) if ev != event)
    return out


def abilities(ctx: Ctx, cid: str, event: str) -> list[tuple[int, Ability]]:
    """The triggered abilities of `cid` that activate on `event`: those written for it, and those a
    constant effect makes answer to it as well — each once, however many ways it is met (8-6-3)."""
    from judge.engine.bs.flow.triggers import abilities_for

    state = ctx.state
    found = abilities_for(state, cid, event)
    extra = also_events(state, cid, event)
    if not extra:
        return found
    seen = {idx for idx, _ab in found}
    for src, ev in extra:
        for idx, ab in abilities_for(state, cid, ev):
            label = f"{name_of(state, cid)}: {derive.timing_label(ab.timing)}"
            if idx in seen:
                ctx.log(f"{label}: met as its {event} effect and, by {name_of(state, src)}, as its {ev} effect; "
                        "it activates only once", "effect.trigger_once")
                continue
            seen.add(idx)
            found.append((idx, ab))
            ctx.log(f"{label}: by {name_of(state, src)} it also activates on this {event.rstrip('s')}",
                    "effect.triggered", f"battle.when_{event}")
    return found


__all__ = ["abilities", "also_events"]
