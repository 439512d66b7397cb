"""Effects worded "at the start of the step" (Saga 6-6-1-1 main, 6-7-3-1 attack): when a step
begins, every field card whose ability watches the start of a step, in a window that holds now
("During Opponent's Attack Step: at the start of the step, …"), activates it once.

Why its own module: the step machinery (turn.py) only says which step begins; which effects that
sets off is a rule about triggered effects. In the steps that run by themselves (start, core, draw,
refresh: 6-2-1, 6-3-1, 6-4-1, 6-5-1) they are resolved at once; a decision there stays pending and
the action that ran into the step is carried out again with the answer (turn_end.resolve_waiting).
"""

from __future__ import annotations

from judge.engine.bs import conditions, derive, record
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.events.happened import HAPPENED
from judge.engine.bs.events.watch import is_event
from judge.engine.bs.state import State, Step, Work
from judge.engine.kernel.context import Need
from judge.text import ast
from judge.text.ast import Ability, AbilityKind, Condition, Conditional

#: The concept that says effects activate at the start of each step the turn stops in.
STEP_CONCEPT = {"main": "turn.main_start", "second_main": "turn.main_start", "attack": "turn.attack_start"}
#: … and of each step that runs by itself (resolved at once, before the step's own part).
RUNNING_CONCEPT = {"start": "turn.start", "core": "turn.core_start", "draw": "turn.draw_start",
                   "refresh": "turn.refresh_start"}


#: Windows made only of steps the turn stops in (an effect starting there can be resolved in place).
STOPPING_WINDOWS = frozenset({"during_your_attack_step", "during_opponents_attack_step", "during_either_attack_step",
                              "during_your_main_step", "during_opponents_main_step", "during_either_main_step"})


#: End-step windows: their "at the start of the step" effects activate with the end step's own (turn_end.py);
#: windows of steps that run by themselves: resolved at once as the step begins (`begin`).
END_WINDOWS = frozenset({"during_your_end_step", "during_opponents_end_step", "during_your_start_step",
                         "during_your_core_step", "during_your_draw_step"})


def handles(ab: Ability) -> bool:
    """Whether the engine carries out an "at the start of the step" ability (coverage asks this)."""
    return (is_event(ab.condition, "step_start") or _guarded(ab) is not None) and \
        ab.timing in STOPPING_WINDOWS | END_WINDOWS


def _guarded(ab: Ability) -> tuple[Condition, tuple] | None:
    """"During …: if you control a white nexus, refresh this spirit at the start of the step": a constant
    ability whose start-of-step trigger is written inside a condition on the board — (that condition,
    the effects the start sets off). The condition is decided as the step starts: met then, the effect
    activates (8-6-1); not met, nothing does."""
    if ab.kind != AbilityKind.CONSTANT or ab.condition is not None or len(ab.effects) != 1:
        return None
    outer = ab.effects[0]
    if not (isinstance(outer, Conditional) and outer.condition.kind != "event" and not outer.instead
            and not outer.otherwise and len(outer.effects) == 1 and conditions.decidable(outer.condition)):
        return None
    inner = outer.effects[0]
    if isinstance(inner, Conditional) and is_event(inner.condition, "step_start") and not inner.otherwise:
        return outer.condition, inner.effects
    return None


def _watches_start(state, holder: str, ab: Ability) -> bool:
    return ab.kind == AbilityKind.TRIGGERED and is_event(ab.condition, "step_start") and \
        bool(derive.constant_active(state, holder, ab))


def _start_effects(state, holder: str, ab: Ability) -> tuple | None:
    """The effects the start of the step sets off for this ability now (None: none)."""
    if _watches_start(state, holder, ab):
        return ab.effects
    guarded = _guarded(ab)
    if guarded is None or not derive.constant_active(state, holder, ab):
        return None
    from judge.engine.bs.events.watch import _holds_now

    return guarded[1] if _holds_now(state, holder, guarded[0]) else None


def from_own_area(ab: Ability, zone: str) -> bool:
    """Whether an ability is written to be used from `zone` ("at the start of the step, you may summon
    this spirit from your trash"): it brings this very card out of that area. A card's effects are
    otherwise those of a card on the field (8-1-1); this one names the area it works from."""
    return ab.kind == AbilityKind.TRIGGERED and not ab.levels and is_event(ab.condition, "step_start") and \
        any(isinstance(n, ast.Deploy) and n.target.self_ref and zone in (n.target.zone or "").split("/")
            for n in ast.walk(ab.effects))


def _in_trash(state: State, player: str) -> list[tuple[str, int, Ability]]:
    """(card, ability index, ability) of the cards in a player's trash whose start-of-step ability works
    from there, in a window that holds for their owner now."""
    out = []
    for cid in state.players[player].trash:
        d = state.card_def(cid)
        for idx, ab in enumerate(d.abilities if d is not None else ()):
            window = derive.CONSTANT_TIMINGS.get(ab.timing)
            if from_own_area(ab, "trash") and window is not None and \
                    window(state, cid, state.turn_player == player, state.step.value):
                out.append((cid, idx, ab))
    return out


def starting(ctx: Ctx) -> list[Work]:
    """The effects that activate as the board's current step begins (turn player's cards first)."""
    from judge.engine.bs.events.facts import restricted

    state = ctx.state
    out = []
    for player in (state.turn_player, state.opponent(state.turn_player)):
        found = [(fc.id, idx, ab, _start_effects(state, fc.id, ab)) for fc in state.players[player].field
                 for idx, ab in derive.active_abilities(state, fc.id)]
        found += [(cid, idx, ab, ab.effects) for cid, idx, ab in _in_trash(state, player)]
        for cid, idx, ab, effs in found:
            if effs is not None and not restricted(ctx, cid, idx, ab):
                out.append(Work(kind="effects", source=cid, controller=player, effects=effs,
                                label=f"{name_of(state, cid)}: {derive.timing_label(ab.timing)}, at the "
                                      "start of the step",
                                cites=ctx.cites("effect.triggered"), timing="step_start", ability=idx))
    return out


def begin(ctx: Ctx) -> None:
    """The current step has begun: queue what activates at its start (resolved before anyone acts)."""
    from judge.engine.bs.events.triggers import push

    items = starting(ctx)
    if not items:
        return
    step = ctx.state.step.value
    concept = STEP_CONCEPT.get(step) or RUNNING_CONCEPT.get(step)
    if concept is None:
        for w in items:
            ctx.unmodelled(f"{w.label}: an effect at the start of the {step} step")
        return
    ctx.log(f"At the start of the {step.replace('_', ' ')} step, effects worded for it activate", concept)
    push(ctx, items)
    if step in RUNNING_CONCEPT:       # the step runs on by itself: they are resolved now (a decision replays)

        resolve_waiting(ctx, concept)


# --- turn_end (folded in): The end step's own effects (Saga 6-8-1-1) and the life a player held as
# the turn began. "End of your turn" / "End of opponent's turn" effects activate in the end step,
# before effects lasting "this turn" end (6-8-1-2), and are resolved there. One that needs a player's
# decision stops the turn's end with that decision pending; answered, the declared end of the step is
# carried out again with the answers (the rules engine replays a suspended action), so nothing happens
# twice. "If you did not lose life this turn" is read as the official answer on such a card reads it:
# a player who lost life and got

#: Timings of effects that activate in the end step: whose turn it must be (mine / the opponent's).
END_TIMINGS = {"end_of_your_turn": True, "end_of_opponents_turn": False}


def record_life(ctx: Ctx) -> None:
    """Remember each player's life as this turn began (once per turn)."""
    state = ctx.state
    for p in state.players:
        if not record.this_turn(ctx.state, "life_at_start", p):
            record.note(ctx, "life_at_start", p, state.players[p].life)


def life_at_start(state: State, player: str) -> int | None:
    hit = record.this_turn(state, "life_at_start", player)
    return None if not hit else int(hit[0][1])


@HAPPENED.register(("this_turn", "loses_life"), concepts=("effect.if",),
                   meaning="the player holds less life than as the turn began")
def _lost_life(ctx: Ctx, cond: ast.Condition, item: Work) -> bool | None:
    who = ctx.state.opponent(item.controller) if cond.player == ast.Player.OPPONENT else item.controller
    start = life_at_start(ctx.state, who)
    return None if start is None else ctx.state.players[who].life < start


def end_effects(ctx: Ctx) -> None:
    """The end step: its "end of … turn" effects activate and are resolved (6-8-1-1)."""
    from judge.engine.bs import derive
    from judge.engine.bs.events.facts import restricted
    from judge.engine.bs.events.triggers import push
    from judge.engine.bs.flow.priority import run_work

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

    from judge.engine.bs.flow.priority import run_work

    if not ctx.state.work:
        return
    ctx.log(f"{ctx.state.step.value.title()} step: the effects waiting are resolved before the next step",
            concept)
    try:
        run_work(ctx)
    except Need:
        ctx.state = replace(ctx.state, work=())
        raise


__all__ = ["END_TIMINGS", "END_WINDOWS", "RUNNING_CONCEPT", "STOPPING_WINDOWS", "begin", "end_effects", "handles", "life_at_start", "record_life", "resolve_waiting", "starting"]
