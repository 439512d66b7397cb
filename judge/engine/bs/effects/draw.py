"""Drawing cards (Saga 4-5, 6-4): the draw step's draw and what effects add to it, and the effects
that watch a player draw ("when your opponent draws outside of their draw step", "when you draw a
card with one of your effects").

The draw step draws one card as gameplay management (6-4-2). A constant effect "during your draw
step, draw one additional card" only raises how many cards that draw takes (a modification of kind
`draw_more` read here), so it is not a draw by an effect; what such an ability says to do "after your
draw" is done once the whole draw is over (the discards of several such cards are one choice from
the hand holding every drawn card). Nothing else is a draw: adding a card from the deck to the hand
is another way of moving it (4-5-1).

A draw by an effect is counted while that effect resolves, and the effects watching draws look at
the whole resolution's draws as one event (8-6-3): an effect drawing two cards, or a burst drawing
two and then its main effect two more, sets such a watcher off once.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.engine.bs import derive, select
from judge.engine.bs.continuous import CONSTANT_EFFECTS
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.state import Work
from judge.text import ast
from judge.text.ast import AbilityKind

#: The event name the draws are watched under (watch.is_event reads "draws" as it).
EVENT = "when_draws"


@dataclass(frozen=True)
class Drawn:
    """What an effect watching draws was set off by: who drew, and how many cards ("for each card
    drawn", "both players must pay …": the player who drew)."""

    player: str
    count: int


def _draw_more(e: ast.Draw) -> tuple[str, int, str | None] | None:
    """"Draw N additional card(s)" in a constant ability: that many more at the draw step (6-4-2)."""
    if not e.additional:
        return None
    return "draw_more", e.count, e.player.value if e.player is not None else None


CONSTANT_EFFECTS[ast.Draw] = _draw_more


def _extra(ctx: Ctx, who: str) -> int:
    from judge.engine.bs.continuous import mods

    n = 0
    for m in mods(ctx.state):
        if m.kind == "draw_more" and who in select.whose(m.controller, ast.Player(m.extra or "you"), ctx.state):
            n += m.value
            ctx.log(f"{name_of(ctx.state, m.source)}: {who} draws {m.value} more card(s) in the draw step",
                    "turn.draw")
    return n


def _after_draw(ctx: Ctx, who: str) -> list[tuple[str, tuple[ast.Effect, ...]]]:
    """(card, effects) of the active "after your draw" parts of the draw step's constant abilities."""
    out = []
    for fc in ctx.state.players[who].field:
        for _idx, ab in derive.active_abilities(ctx.state, fc.id):
            if ab.kind != AbilityKind.CONSTANT or not derive.constant_active(ctx.state, fc.id, ab):
                continue
            for eff in ab.effects:
                if isinstance(eff, ast.Conditional) and eff.condition.kind == "event" and \
                        eff.condition.event == "draws" and "draw_step" in eff.condition.qualifiers:
                    out.append((fc.id, eff.effects))
    return out


def draw_step(ctx: Ctx, who: str) -> None:
    """The draw step (6-4-2): one card, plus what constant effects add, drawn as one draw; then what
    those effects do after the draw, the discards of all of them chosen at once."""
    from judge.engine.bs.effects import acts
    from judge.engine.bs.effects import resolve as effects

    n = 1 + _extra(ctx, who)
    acts.draw(ctx, who, n, "turn.draw")
    fire(ctx, who, n, by=None)
    after = _after_draw(ctx, who)
    discards = [(cid, e) for cid, effs in after for e in effs if _plain_discard(e)]
    if discards:
        total = sum(e.count for _cid, e in discards)
        src = discards[0][0]
        item = Work(kind="effects", source=src, controller=who, label=f"{name_of(ctx.state, src)}: after the draw")
        ctx.log(f"After the draw: {who} discards {total} card(s) ({len(discards)} effect(s))", "turn.draw",
                "do.discard")
        effects.apply(ctx, ast.Discard(count=total, player=ast.Player.YOU), item)
    for cid, effs in after:
        item = Work(kind="effects", source=cid, controller=who, label=f"{name_of(ctx.state, cid)}: after the draw")
        for e in effs:
            if not _plain_discard(e):
                effects.apply(ctx, e, item)


def _plain_discard(e: ast.Effect) -> bool:
    return isinstance(e, ast.Discard) and e.per is None and e.target is None and e.player in (None, ast.Player.YOU)


def record(ctx: Ctx, who: str, k: int) -> None:
    """An effect being resolved drew k cards for `who` (watched once the resolution is over)."""
    if k > 0:
        ctx.drawn[who] = ctx.drawn.get(who, 0) + k


def settle(ctx: Ctx, item: Work) -> None:
    """After one waiting item resolved: the effects watching the draws it made activate, once each (8-6-3)."""
    from judge.engine.bs.events.drawn_this_turn import remember

    drawn, ctx.drawn = ctx.drawn, {}
    for who, k in drawn.items():
        remember(ctx, who, item.controller)        # "… used an effect to draw a card this turn"
        fire(ctx, who, k, by=item.controller)


def fire(ctx: Ctx, who: str, k: int, *, by: str | None) -> None:
    """`who` drew k cards (by an effect of player `by`; None: the draw step's own draw)."""
    from judge.engine.bs.events.watch import _watching
    from judge.engine.bs.flow.triggers import push, restricted

    state = ctx.state
    items = []
    for name, p in state.players.items():
        for fc in p.field:
            ctrl = state.controller(fc.id) or name
            for idx, ab, cond, effs in _watching(state, fc.id, None, EVENT):
                if not _fits(ctx, cond, ctrl, who, by) or restricted(ctx, fc.id, idx, ab):
                    continue
                items.append(Work(kind="effects", source=fc.id, controller=ctrl, effects=effs,
                                  label=f"{name_of(state, fc.id)}: when {who} draws",
                                  cites=ctx.cites("effect.triggered", "effect.trigger_once"), timing=EVENT,
                                  param=Drawn(who, k), ability=idx))
    if items:
        if k > 1:
            ctx.log(f"{who} drew {k} cards by one effect: each effect watching draws activates once",
                    "effect.trigger_once")
        push(ctx, items)


def _fits(ctx: Ctx, cond: ast.Condition, ctrl: str, who: str, by: str | None) -> bool:
    """Whether a draw by `who` (by an effect of `by`; None: the draw step) meets the watched condition."""
    state = ctx.state
    if who not in select.whose(ctrl, cond.player or ast.Player.YOU, state):
        return False
    quals = set(cond.qualifiers)
    if "draw_step" in quals:
        return False                  # the draw step's own "after your draw" (draw_step above)
    if "outside_draw_step" in quals and by is None:
        return False
    if cond.by is not None and cond.by.unit == "effect":
        return by is not None and by in select.whose(ctrl, cond.by.owner or ast.Player.YOU, state)
    return True


__all__ = ["EVENT", "Drawn", "draw_step", "fire", "record", "settle"]
