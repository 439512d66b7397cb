"""Effects that stop "When Destroyed" effects from activating (1-3-3): "'When Destroyed' effects on
your opponent's spirits are not triggered" (a constant effect), "your opponent's 'When Destroyed'
effects are not triggered by this effect" (about the destruction the same effect performs).

"When Destroyed" effects are every effect that activates when a card is destroyed (10-15-1): the
destroyed card's own When Destroyed / When Destroyed By Opponent effects, effects watching "when one
of your spirits is destroyed", and bursts whose condition is the opponent destroying a spirit.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from judge.engine.bs import derive
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.events.facts import TIMING_EVENTS, events_of_timing
from judge.engine.bs.state import State, Work
from judge.text import ast
from judge.text.ast import AbilityKind

#: Quoted timings that name effects activating on a destruction.
DESTROY_TIMINGS = frozenset(t for t, events in TIMING_EVENTS.items() if "destroyed" in events)


def is_bar(eff: object) -> bool:
    """A restriction that stops "When Destroyed" effects from activating."""
    return isinstance(eff, ast.Restriction) and eff.mode == "cannot" and eff.action == "activate" \
        and eff.object is not None and eff.object.unit == "effect" and "destroyed" in events_of_timing(eff.object.effect)


def _by_this(eff: ast.Restriction) -> bool:
    return eff.by is not None and eff.by.unit == "effect" and eff.by.effect == "this"


def _caused_by(by: ast.Selector, holder_ctrl: str, facts: dict[str, Any]) -> bool:
    """Whether the destruction recorded in `facts` has the cause a bar names (destroyed_how.py)."""
    from judge.engine.bs.events.destroyed_how import holds

    return holds(ast.Condition(kind="event", text="", event="destroyed", by=by), holder_ctrl, facts)


def _field_bars(state: State) -> Iterator[tuple[str, str, ast.Restriction]]:
    """(card, controller, restriction) of the constant bars active on the field now."""
    for name, p in state.players.items():
        for fc in p.field:
            for _idx, ab in derive.active_abilities(state, fc.id):
                if ab.kind != AbilityKind.CONSTANT or not derive.constant_active(state, fc.id, ab):
                    continue
                for eff in ab.effects:
                    if is_bar(eff) and not _by_this(eff):
                        yield fc.id, name, eff


def barred(ctx: Ctx, holder: str, facts: dict[str, Any]) -> str | None:
    """What stops the "When Destroyed" effects of `holder` (its facts: now, or as it last was) from
    activating: the barring card, or None."""
    from judge.engine.bs.events.facts import matches_facts
    from judge.engine.bs.select import whose

    ctrl = facts.get("controller")
    if ctrl in ctx.quiet_for:
        return "this effect"
    for src, src_ctrl, eff in _field_bars(ctx.state):
        if eff.by is not None and not _caused_by(eff.by, src_ctrl, facts):
            continue                     # "… not triggered by your opponent's effects": another cause
        if eff.target is None:
            if ctrl in whose(src_ctrl, eff.player, ctx.state):
                return src
        elif matches_facts(eff.target, src, src_ctrl, holder, facts, ctx.state):
            return src
    return None


def keep(ctx: Ctx, items: list[Work], facts_of: dict[str, dict]) -> list[Work]:
    """The destruction triggers that may activate (the others logged as barred, 1-3-3)."""
    out = []
    for w in items:
        facts = facts_of.get(w.source)
        if facts is None:
            from judge.engine.bs.events.facts import facts as now

            facts = now(ctx.state, w.source) if ctx.state.field_card(w.source) else {}
        why = barred(ctx, w.source, facts) if facts else None
        if why is None:
            out.append(w)
            continue
        by = why if why == "this effect" else name_of(ctx.state, why)
        ctx.log(f"{w.label}: \"When Destroyed\" effects are not triggered ({by}), so it does not activate",
                "rules.cannot_wins", "do.when_destroyed")
    return out


@contextmanager
def by_this_effect(ctx: Ctx, item: Work) -> Iterator[None]:
    """While an effect destroys, its own "… are not triggered by this effect" applies (1-3-3)."""
    from judge.engine.bs.select import whose

    players = frozenset(p for eff in item.effects if is_bar(eff) and _by_this(eff) and eff.target is None
                        for p in whose(item.controller, eff.player, ctx.state))
    before = ctx.quiet_for
    ctx.quiet_for = before | players
    try:
        yield
    finally:
        ctx.quiet_for = before


def applied_with(ctx: Ctx, eff: object, item: Work) -> bool:
    """A "… not triggered by this effect" node, reached after the destruction it is about: done."""
    if not (is_bar(eff) and _by_this(eff)):
        return False
    ctx.log(f"{item.label}: \"When Destroyed\" effects were not triggered by this effect's destruction",
            "rules.cannot_wins", "do.when_destroyed")
    return True


#: A modification on a spirit an effect summoned, naming the effect's card (for "… summoned with this effect").
SUMMONED_BY = "summoned_by"


def bars_when_summoned(eff: ast.Restriction) -> bool:
    """""When Summoned" effects of the spirits summoned with this effect are not triggered": the shape."""
    o = eff.object
    return eff.mode == "cannot" and eff.action == "activate" and o is not None and o.unit == "effect" and \
        o.effect == "when_summoned" and eff.target is not None


def bar_when_summoned(ctx: Ctx, item: Work) -> None:
    """The spirits this effect summoned do not activate their "When Summoned" effects: those waiting are
    taken away before they resolve (an effect that does not activate is never resolved, 8-6-2)."""
    mine = {m.target for m in ctx.state.mods if m.kind == SUMMONED_BY and m.value == item.source
            and m.turn == ctx.state.turn}
    gone = [w for batch in ctx.state.work for w in batch if w.source in mine and w.timing == "when_summoned"]
    if gone:
        ctx.set(work=tuple(b for b in (tuple(w for w in batch if w not in gone) for batch in ctx.state.work) if b))
    ctx.log(f"{item.label}: the \"When Summoned\" effects of {', '.join(sorted(mine)) or 'no spirit'} summoned "
            "with it do not activate", "effect.triggered", "rules.cannot_wins")


from judge.engine.bs.continuous import READ_WHERE_THEY_BITE  # noqa: E402  (registering this module's reader)

READ_WHERE_THEY_BITE.append(is_bar)     # a constant bar is read from the field by `barred`, not as a mod

__all__ = ["DESTROY_TIMINGS", "applied_with", "barred", "by_this_effect", "is_bar", "keep"]
