"""Draws as events (Saga 4-5, 6-4): what an effect drew, the record of the turn's draws, and the
effects that watch a player draw ("when your opponent draws outside of their draw step", "when you draw a
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

from judge.engine.bs import record as turn_record
from judge.engine.bs import select
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.events import qualifiers
from judge.engine.bs.events.happened import HAPPENED
from judge.engine.bs.state import Drawn, Work
from judge.text import ast

#: The event name the draws are watched under (watch.is_event reads "draws" as it).
EVENT = "when_draws"
















def record(ctx: Ctx, who: str, k: int) -> None:
    """An effect being resolved drew k cards for `who` (watched once the resolution is over)."""
    if k > 0:
        ctx.drawn[who] = ctx.drawn.get(who, 0) + k


def settle(ctx: Ctx, item: Work) -> None:
    """After one waiting item resolved: the effects watching the draws it made activate, once each (8-6-3)."""
    drawn, ctx.drawn = ctx.drawn, {}
    for who, k in drawn.items():
        remember(ctx, who, item.controller)        # "… used an effect to draw a card this turn"
        fire(ctx, who, k, by=item.controller)


def fire(ctx: Ctx, who: str, k: int, *, by: str | None) -> None:
    """`who` drew k cards (by an effect of player `by`; None: the draw step's own draw)."""
    from judge.engine.bs.events.facts import restricted
    from judge.engine.bs.events.watch import _watching
    from judge.engine.bs.waiting import push

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


qualifiers.reads(__name__, "draw_step", "outside_draw_step")


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


# "If your opponent used an effect they control to draw a card this turn" (the typed kind "happened",
# window "this_turn", event "draws"): decided from the record of the turn's draws by effects, never asked.

def remember(ctx: Ctx, who: str, by: str | None) -> None:
    """`who` drew cards by an effect of `by` now."""
    if by is not None:
        turn_record.note(ctx, "drew_by_effect", who, by)


@HAPPENED.register(("this_turn", "draws"), concepts=("effect.if",),
                   meaning="that player drew a card by an effect (of the player it names) this turn")
def _drew(ctx: Ctx, cond: ast.Condition, item: Work) -> bool | None:
    by = cond.by
    if by is not None and (by.unit != "effect" or by.about is not None or by.effect is not None):
        return None
    drawers = select.whose(item.controller, cond.player or ast.Player.YOU, ctx.state)
    makers = select.whose(item.controller, by.owner, ctx.state) if by is not None else None
    return any(who in drawers and (makers is None or maker in makers)
               for who, maker in turn_record.this_turn(ctx.state, "drew_by_effect"))


__all__ = ["EVENT", "fire", "record", "remember", "settle"]
