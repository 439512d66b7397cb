"""Effects worded "at the start of the step" (Saga 6-6-1-1 main, 6-7-3-1 attack): when a step
begins, every field card whose ability watches the start of a step, in a window that holds now
("During Opponent's Attack Step: at the start of the step, …"), activates it once.

Why its own module: the step machinery (turn.py) only says which step begins; which effects that
sets off is a rule about triggered effects. In the steps that run by themselves (start, core, draw,
refresh: 6-2-1, 6-3-1, 6-4-1, 6-5-1) they are resolved at once; a decision there stays pending and
the action that ran into the step is carried out again with the answer (turn_end.resolve_waiting).
"""

from __future__ import annotations

from judge.engine.bs import conditions, derive
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.events.watch import is_event
from judge.engine.bs.state import Work
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


def starting(ctx: Ctx) -> list[Work]:
    """The effects that activate as the board's current step begins (turn player's cards first)."""
    from judge.engine.bs.flow.triggers import restricted

    state = ctx.state
    out = []
    for player in (state.turn_player, state.opponent(state.turn_player)):
        for fc in state.players[player].field:
            for idx, ab in derive.active_abilities(state, fc.id):
                effs = _start_effects(state, fc.id, ab)
                if effs is not None and not restricted(ctx, fc.id, idx, ab):
                    out.append(Work(kind="effects", source=fc.id, controller=player, effects=effs,
                                    label=f"{name_of(state, fc.id)}: {derive.timing_label(ab.timing)}, at the "
                                          "start of the step",
                                    cites=ctx.cites("effect.triggered"), timing="step_start", ability=idx))
    return out


def begin(ctx: Ctx) -> None:
    """The current step has begun: queue what activates at its start (resolved before anyone acts)."""
    from judge.engine.bs.flow.triggers import push

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
        from judge.engine.bs.flow.turn_end import resolve_waiting

        resolve_waiting(ctx, concept)


__all__ = ["END_WINDOWS", "RUNNING_CONCEPT", "STOPPING_WINDOWS", "begin", "handles", "starting"]
