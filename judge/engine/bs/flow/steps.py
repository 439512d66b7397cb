"""The steps of the turn that run by themselves and the extra steps effects add (Saga 6-5, 6-1).

The refresh step (6-5-2) refreshes the turn player's field and returns their trash's cores (and a
soul core there) to the reserve. "Perform a refresh step after your attack step" is a constant
effect (a modification of kind `extra_step` on its card) read when its controller's step it names
ends: that step is then performed once more before the turn goes on to the step that follows.
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.bs import derive, select
from judge.engine.bs.continuous import constant
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.state import Orientation, Step, Work, with_player
from judge.text import ast
from judge.text.ast import AbilityKind


@constant(ast.ExtraStep, reads=("step", "after"))
def _extra_step(e: ast.ExtraStep) -> tuple[str, tuple[str, str | None], None]:
    return "extra_step", (e.step, e.after), None



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
    refreshed = [fc.id for fc, now in zip(p.field, field, strict=True)
                 if fc.orientation != now.orientation and now.orientation == Orientation.REFRESHED]
    if refreshed:
        # a card the step refreshes is refreshed (6-5-2): "when … is refreshed" watches it like any other
        from judge.engine.bs.events.watch import by_effect as watch

        watch(ctx, "when_refreshed", refreshed)


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


# The draw step (6-4-2): one card as gameplay management, plus what constant effects add to it
# ("during your draw step, draw one additional card": a modification of kind `draw_more`), and what
# such an ability says to do "after your draw", once the whole draw is over.

@constant(ast.Draw, reads=("count", "player", "additional"), concepts=("do.draw",))
def _draw_more(e: ast.Draw) -> tuple[str, int, str | None] | None:
    """"Draw N additional card(s)" in a constant ability: that many more at the draw step (6-4-2)."""
    if not e.additional:
        return None
    return "draw_more", e.count, e.player.value if e.player is not None else None



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
    from judge.engine.bs import dispatch as effects
    from judge.engine.bs.events.draws import fire
    from judge.engine.bs.zones.piles import draw

    n = 1 + _extra(ctx, who)
    draw(ctx, who, n, "turn.draw")
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


__all__ = ["EXTRA_STEPS", "after_step", "draw_step", "refresh_step"]
