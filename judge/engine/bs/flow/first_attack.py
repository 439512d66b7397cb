"""The first attack of the attack step (Saga 6-7-3-2).

"That spirit must attack first this step" (a `must attack_first`
restriction on the spirit) binds only the step's first attack declaration: while one of the spirits
it names can attack, the first attacker must be one of them; once a spirit has attacked it binds no
more, and nothing forces an attack at all. The turn's first attacker is remembered too ("the first
spirit that attacks each turn": a selector state). The CR has no clause for "must attack": the refusal cites
the attack step's declaration clause (6-7-3-2).
"""

from __future__ import annotations

from judge.engine.bs import continuous
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.state import Orientation, State


def _key(ctx: Ctx) -> str:
    return f"{ctx.state.turn}:{ctx.state.step.value}:attacked"


def check(ctx: Ctx, player: str, attacker: str) -> None:
    """Refuse a first attack of the step by a spirit other than those that must attack first, while
    one of those can attack; then remember that the step's first attack has been declared."""
    state = ctx.state
    turn_key = f"{state.turn}:first_attacker"
    if not any(k.startswith(turn_key) for k in state.used):       # "the first spirit that attacks each turn"
        ctx.set(used=state.used | {f"{turn_key}:{attacker}"})
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


def is_first_attacker(state: State, cid: str) -> bool:
    """Whether `cid` is the first spirit that attacked this turn."""
    return f"{state.turn}:first_attacker:{cid}" in state.used


def _can_attack(ctx: Ctx, cid: str) -> bool:
    fc = ctx.state.field_card(cid)
    return fc is not None and fc.orientation == Orientation.REFRESHED and not continuous.cannot(ctx.state, cid, "attack")


__all__ = ["check", "is_first_attacker"]
