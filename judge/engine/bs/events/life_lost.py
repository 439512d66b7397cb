"""A player losing life as an event watched by a player ("when you lose life" during the opponent's
attack step): cores leaving that player's life, by an attack's damage (7-1-5-3-1) or by an effect.

The effects watching an attack that reduces life ("when this spirit's attack reduces your opponent's
life", "… by an attack from one of your opponent's spirits") name the attacker and are raised with it
(watch.py); the ones here name only a player, so the event happens to that player, whatever took the
life (8-6-1), and activates each watcher once however many cores left (8-6-3).
"""

from __future__ import annotations

from judge.engine.bs import select
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.state import Work
from judge.text import ast

#: The event name the life losses are watched under (watch.is_event reads "loses_life" as it).
EVENT = "when_life_reduced"


def fire(ctx: Ctx, who: str) -> None:
    """`who` has just lost life: the effects watching that player lose life activate."""
    from judge.engine.bs.events.facts import restricted
    from judge.engine.bs.events.watch import _watching, player_only
    from judge.engine.bs.waiting import push

    state = ctx.state
    items = []
    for name, p in state.players.items():
        for fc in p.field:
            ctrl = state.controller(fc.id) or name
            for idx, ab, cond, effs in _watching(state, fc.id, None, EVENT, ctrl):
                if not player_only(cond) or who not in select.whose(ctrl, cond.player or ast.Player.YOU, state):
                    continue
                if restricted(ctx, fc.id, idx, ab):
                    continue
                items.append(Work(kind="effects", source=fc.id, controller=ctrl, effects=effs,
                                  label=f"{name_of(state, fc.id)}: when {who} loses life",
                                  cites=ctx.cites("effect.triggered", "effect.trigger_once"), timing=EVENT,
                                  ability=idx))
    if items:
        ctx.log(f"{who} lost life: the effects watching that activate", "effect.triggered")
        push(ctx, items)


__all__ = ["EVENT", "fire"]
