"""The end step's own effects (Saga 6-8-1-1) and the life a player held as the turn began.

"End of your turn" / "End of opponent's turn" effects activate in the end step, before effects
lasting "this turn" end (6-8-1-2), and are resolved there. One that needs a player's decision stops
the turn's end with that decision pending; answered, the declared end of the step is carried out
again with the answers (the rules engine replays a suspended action), so nothing happens twice.

"If you did not lose life this turn" is read as the official answer on such a card reads it: a
player who lost life and got it back by an effect that turn did not lose life; what counts is the
life they hold against what they held as the turn began. That figure is recorded when a turn begins
(and, for a board set up during a turn, when the first action on it is taken: nothing before the
board is known to have happened).
"""

from __future__ import annotations

from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.events.happened import HAPPENED
from judge.engine.bs.state import State, Step, Work
from judge.engine.kernel.context import Need
from judge.text import ast
from judge.text.ast import AbilityKind

#: Timings of effects that activate in the end step: whose turn it must be (mine / the opponent's).
END_TIMINGS = {"end_of_your_turn": True, "end_of_opponents_turn": False}


def _key(state: State, player: str) -> str:
    return f"{state.turn}:life_at_start:{player}:"


def record_life(ctx: Ctx) -> None:
    """Remember each player's life as this turn began (once per turn)."""
    state = ctx.state
    add = {f"{_key(state, p)}{state.players[p].life}" for p in state.players
           if not any(k.startswith(_key(state, p)) for k in state.used)}
    if add:
        ctx.set(used=state.used | add)


def life_at_start(state: State, player: str) -> int | None:
    hit = next((k for k in state.used if k.startswith(_key(state, player))), None)
    return None if hit is None else int(hit.rsplit(":", 1)[1])


@HAPPENED.register(("this_turn", "loses_life"), concepts=("effect.if",),
                   meaning="the player holds less life than as the turn began")
def _lost_life(ctx: Ctx, cond: ast.Condition, item: Work) -> bool | None:
    who = ctx.state.opponent(item.controller) if cond.player == ast.Player.OPPONENT else item.controller
    start = life_at_start(ctx.state, who)
    return None if start is None else ctx.state.players[who].life < start


def end_effects(ctx: Ctx) -> None:
    """The end step: its "end of … turn" effects activate and are resolved (6-8-1-1)."""
    from judge.engine.bs import derive
    from judge.engine.bs.flow.triggers import push, restricted, run_work

    ctx.set(step=Step.END)
    state = ctx.state
    items = []
    for name, p in state.players.items():
        for fc in p.field:
            for idx, ab in derive.active_abilities(state, fc.id):
                mine = END_TIMINGS.get(ab.timing or "")
                if ab.kind != AbilityKind.TRIGGERED or mine is None or mine != (name == state.turn_player):
                    continue
                if (ab.levels and derive.level(state, fc.id) not in ab.levels) or restricted(ctx, fc.id, idx, ab):
                    continue
                items.append(Work(kind="effects", source=fc.id, controller=name, effects=ab.effects,
                                  label=f"{name_of(state, fc.id)}: {derive.timing_label(ab.timing)}",
                                  cites=ctx.cites("turn.end_effects", "effect.triggered"), timing=ab.timing,
                                  ability=idx))
    from judge.engine.bs.flow.step_start import starting

    # "During … End Step: at the start of the step": the end step begins with its effects (6-8-1-1)
    items += starting(ctx)
    if not items:
        return
    ctx.log("End step: effects worded for the end of the turn or the start of the end step activate",
            "turn.end_effects")
    before = ctx.state
    push(ctx, items)
    try:
        run_work(ctx)
    except Need:
        # the decision is the player's (8-1-8): the end of the step is carried out again, from where it
        # was declared, with that answer (the ones given before it are used again, in the same order)
        ctx.state = before
        raise


def resolve_waiting(ctx: Ctx, concept: str) -> None:
    """A step that runs by itself has done its own part: effects waiting now are resolved before the next
    step (6-3-2, 6-4-2, 6-5-2). One that needs a decision leaves it pending; answered, the action that
    ran into the step is carried out again with the answers (nothing happens twice)."""
    from dataclasses import replace

    from judge.engine.bs.flow.triggers import run_work

    if not ctx.state.work:
        return
    ctx.log(f"{ctx.state.step.value.title()} step: the effects waiting are resolved before the next step",
            concept)
    try:
        run_work(ctx)
    except Need:
        ctx.state = replace(ctx.state, work=())
        raise


__all__ = ["END_TIMINGS", "end_effects", "life_at_start", "record_life", "resolve_waiting"]
