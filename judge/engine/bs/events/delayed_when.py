"""Triggers an effect leaves for a duration: "When Summoned: During this turn, when one of your
spirits is destroyed by your opponent, …" (8-1-5-1 a triggered effect's condition; 8-2-2-2 the period
it lasts). Resolving the effect leaves the trigger waiting, with its controller, until the period ends
(6-8-1-2); each time the event happens, the rest activates and waits to be resolved (8-5-2-3), once
however many cards the event happened to at the same time (8-6-3).

Why its own module: unlike `delayed.py` (a watch on one selected card), this trigger watches every
card its event condition describes, wherever the card that made it has gone since.
"""

from __future__ import annotations

from typing import Any

from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.events import qualifiers
from judge.engine.bs.events.watch import LEFT_WAITING
from judge.engine.bs.state import State, Work
from judge.text import ast

#: The kind of the modification holding a waiting trigger (its target: the controller).
KIND = "delayed_trigger"
_PERIODS = {"this_turn": ast.Duration.TURN, "this_battle": ast.Duration.BATTLE}
qualifiers.reads(__name__, *_PERIODS, "next_only")


def applies(eff: ast.Conditional) -> bool:
    """"During this turn, when <event>, …": an event condition bounded by a period, watched by watch.py."""
    from judge.engine.bs.events.watch import EVENTS, is_event

    cond = eff.condition
    return cond.kind == "event" and bool(set(cond.qualifiers) & set(_PERIODS)) and not eff.instead \
        and bool(eff.effects) and any(is_event(cond, e) for e in EVENTS)


def arm(ctx: Ctx, eff: ast.Conditional, item: Work) -> None:
    from judge.engine.bs.ctx import add_mod

    period = next(_PERIODS[q] for q in eff.condition.qualifiers if q in _PERIODS)
    add_mod(ctx, target=item.controller, kind=KIND, value=(eff.condition, eff.effects, item.label,
                                                           _selected_first(ctx, eff, item)),
            duration=period, source=item.source, controller=item.controller)
    ctx.log(f"{item.label}: until the end of {period.value}, the rest activates each time its event happens",
            "effect.triggered", "effect.duration")


def _selected_first(ctx: Ctx, eff: ast.Conditional, item: Work) -> tuple[str, ...] | None:
    """"Select one of your Golem spirits. During this turn, when that spirit …": the card the event
    must happen to is selected now, as the effect resolves (8-5-3), and only it sets the trigger off.
    None when the text selects nothing before the wait (every card the condition describes)."""
    sel = eff.condition.selector
    if sel is None or sel.count is None or sel.self_ref or sel.span is None or eff.span is None \
            or sel.span.end > eff.span.start:
        return None
    from judge.engine.bs.events import targets

    return tuple(targets.choose(ctx, sel, controller=item.controller, source=item.source, label=item.label))


def waiting(state: State) -> bool:
    return any(m.kind == KIND for m in state.mods)


def watchers(ctx: Ctx, event: str, lasts: dict[str, dict[str, Any]]) -> list[Work]:
    """The waiting triggers an event sets off (each once for the cards it happened to together)."""
    from judge.engine.bs.events.destroyed_how import holds as how_holds
    from judge.engine.bs.events.facts import matches_facts
    from judge.engine.bs.events.watch import is_event, narrowed, subject_selector

    out = []
    for m in ctx.state.mods:
        if m.kind != KIND:
            continue
        cond, effects, label, selected = m.value
        if not is_event(cond, event):
            continue
        hits = narrowed(ctx.state, cond, [c for c, lk in lasts.items() if matches_facts(
            subject_selector(cond), m.source, m.controller, c, lk, ctx.state) and how_holds(cond, m.controller, lk)
            and (selected is None or c in selected)], lasts)
        if not hits:
            continue
        if "next_only" in cond.qualifiers:          # "the next time …": once only
            ctx.set(mods=tuple(x for x in ctx.state.mods if x is not m))
        if len(hits) > 1:
            ctx.log(f"{label}: the event happened to {len(hits)} cards at once; the waiting effect activates only "
                    "once", "effect.trigger_once")
        out.append(Work(kind="effects", source=m.source, controller=m.controller, effects=effects,
                        label=f"{label} ({', '.join(name_of(ctx.state, c) for c in hits)})",
                        cites=ctx.cites("effect.triggered", "effect.waiting", "effect.trigger_once"), timing=event,
                        param=hits, subject=subject_selector(cond), subject_facts={c: lasts[c] for c in hits}))
    return out


LEFT_WAITING.append((waiting, watchers))

__all__ = ["KIND", "applies", "arm", "waiting", "watchers"]
