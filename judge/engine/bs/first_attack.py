"""The start of the attack step and its first attack (Saga 6-7-3-1, 6-7-3-2).

"At the start of the step" effects activate as the step begins (6-7-3-1; the same words in the
other steps: 6-2-1 … 6-6-1-1), those of every card whose "During …" window holds then, the turn
player ordering them (8-5-2-4). "That spirit must attack first this step" (a `must attack_first`
restriction on the spirit) binds only the step's first attack declaration: while one of the spirits
it names can attack, the first attacker must be one of them; once a spirit has attacked it binds no
more, and nothing forces an attack at all. The CR has no clause for "must attack": the refusal cites
the attack step's declaration clause (6-7-3-2).
"""

from __future__ import annotations

from judge.engine.bs import continuous, derive
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.state import Orientation, Work
from judge.text.ast import AbilityKind

#: The condition event that is "at the start of the step".
STEP_START = "step_start"


def step_starts(ctx: Ctx) -> None:
    """The step just begun: its "at the start of the step" effects activate (6-7-3-1)."""
    from judge.engine.bs.triggers import push, restricted

    state = ctx.state
    items = []
    for name, p in state.players.items():
        for fc in p.field:
            for idx, ab in derive.active_abilities(state, fc.id):
                cond = ab.condition
                if ab.kind != AbilityKind.TRIGGERED or cond is None or cond.kind != "event" \
                        or cond.event != STEP_START or not derive.constant_active(state, fc.id, ab):
                    continue
                if restricted(ctx, fc.id, idx, ab):
                    continue
                items.append(Work(kind="effects", source=fc.id, controller=name, effects=ab.effects,
                                  label=f"{name_of(state, fc.id)}: at the start of the {state.step.value} step",
                                  cites=ctx.cites("turn.step_start", "effect.triggered"), timing=STEP_START))
    if items:
        ctx.log(f"The {state.step.value} step begins: its start-of-step effects activate", "turn.step_start")
    push(ctx, items)


def _key(ctx: Ctx) -> str:
    return f"{ctx.state.turn}:{ctx.state.step.value}:attacked"


def check(ctx: Ctx, player: str, attacker: str) -> None:
    """Refuse a first attack of the step by a spirit other than those that must attack first, while
    one of those can attack; then remember that the step's first attack has been declared."""
    state = ctx.state
    if _key(ctx) in state.used:
        return
    bound = sorted({m.target for m in continuous.mods(state) if m.kind == "must" and m.value == "attack_first"
                    and m.turn == state.turn and state.controller(m.target) == player})   # "first this step"
    able = [c for c in bound if _can_attack(ctx, c)]
    if able and attacker not in able:
        raise ctx.refuse(f"{', '.join(name_of(state, c) for c in able)} must attack first this step "
                         f"({name_of(state, attacker)} cannot open the attacks)", "turn.attack", "battle.attack_first")
    if able:
        ctx.log(f"{name_of(state, attacker)} attacks first this step, as an effect requires", "battle.attack_first")
    ctx.set(used=state.used | {_key(ctx)})


def _can_attack(ctx: Ctx, cid: str) -> bool:
    fc = ctx.state.field_card(cid)
    return fc is not None and fc.orientation == Orientation.REFRESHED and not continuous.cannot(ctx.state, cid, "attack")


__all__ = ["STEP_START", "check", "step_starts"]
