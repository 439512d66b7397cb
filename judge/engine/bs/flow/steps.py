"""The steps of the turn that run by themselves and the extra steps effects add (Saga 6-5, 6-1).

The refresh step (6-5-2) refreshes the turn player's field and returns their trash's cores (and a
soul core there) to the reserve. "Perform a refresh step after your attack step" is a constant
effect (a modification of kind `extra_step` on its card) read when its controller's step it names
ends: that step is then performed once more before the turn goes on to the step that follows.
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.bs.continuous import CONSTANT_EFFECTS
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.state import Orientation, Step, with_player
from judge.text import ast


def _extra_step(e: ast.ExtraStep) -> tuple[str, tuple[str, str | None], None]:
    return "extra_step", (e.step, e.after), None


CONSTANT_EFFECTS[ast.ExtraStep] = _extra_step


def refresh_step(ctx: Ctx, who: str) -> None:
    """The refresh step (6-5-2): the field refreshed (heavy exhausted cards only exhausted), the
    trash's cores and soul core back to the reserve."""
    ctx.set(step=Step.REFRESH)
    held = _held_back(ctx, who)
    p = ctx.state.players[who]
    field = tuple(fc if fc.id in held else
                  replace(fc, orientation=Orientation.EXHAUSTED if fc.orientation == Orientation.HEAVY_EXHAUSTED
                          else Orientation.REFRESHED) for fc in p.field)
    soul = "reserve" if p.soul_core == "trash" else p.soul_core
    ctx.state = with_player(ctx.state, replace(p, field=field, reserve=p.reserve + p.trash_cores, trash_cores=0,
                                               soul_core=soul))
    ctx.log(f"Refresh step: {who} refreshes the field and moves {p.trash_cores} core(s) from the trash to the "
            "reserve", "turn.refresh", *(("do.refresh_heavy",) if ctx.profile.heavy_exhaust else ()))


def _held_back(ctx: Ctx, who: str) -> set[str]:
    """`who`'s cards an effect says will not refresh in this refresh step ("during their next refresh
    step"): they stay as they are (a "cannot" beats the rule, 1-3-3), and the effect, used up, ends."""
    mine = {fc.id for fc in ctx.state.players[who].field}
    used = [m for m in ctx.state.mods if m.kind == "cannot" and m.value == "refresh_in_refresh_step"
            and m.target in mine and m.stamp >= 0]
    if not used:
        return set()
    held = {m.target for m in used}
    ctx.set(mods=tuple(m for m in ctx.state.mods if m not in used))
    ctx.log(f"Refresh step: {', '.join(sorted(held))} do not refresh (an effect says so)", "turn.refresh",
            "rules.cannot_wins")
    return held


#: The extra steps the engine can perform (the grammar's STEPS id → how).
EXTRA_STEPS = {"refresh_step": refresh_step}


def after_step(ctx: Ctx, who: str, ended: Step) -> None:
    """`who`'s step `ended` is over: the extra steps their constant effects add after it, once each."""
    from judge.engine.bs.continuous import mods

    for m in mods(ctx.state):
        if m.kind != "extra_step" or m.controller != who:
            continue
        step, after = m.value
        if after != f"{ended.value}_step":
            continue
        run = EXTRA_STEPS.get(step)
        if run is None:
            ctx.unmodelled(f"{name_of(ctx.state, m.source)}: performing an extra {step.replace('_', ' ')}")
            continue
        ctx.log(f"{name_of(ctx.state, m.source)}: {who} performs a {step.replace('_', ' ')} after the "
                f"{ended.value.replace('_', ' ')} step", "turn.extra_step")
        run(ctx, who)


__all__ = ["EXTRA_STEPS", "after_step", "refresh_step"]
