"""What an effect changes on cards for a duration: BP, levels and other figures, gained keywords,
abilities and families, lost effects, and restrictions ("cannot …", "can …"). Each is a modification
(`management.add_mod`) that lasts as long as the effect says (a magic card's "during this turn" by
default); `continuous` reads them. Entries of `effects.EFFECTS`.
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.bs import continuous, derive
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.effects import move_cores as cores
from judge.engine.bs.effects.resolve import effect
from judge.engine.bs.events import subjects
from judge.engine.bs.flow import management
from judge.engine.bs.state import Work
from judge.text import ast


@effect(ast.ModifyStat, concepts=("bp.add", "effect.duration"))
def _modify(ctx: Ctx, eff: ast.ModifyStat, item: Work) -> None:
    kind = {"bp": "bp_add", "level": "level_set"}.get(eff.stat)
    if kind is None:
        ctx.unmodelled(f"{item.label}: changing {eff.stat}")
        return
    amount = eff.amount
    if eff.per is not None:
        n = cores.per_count(ctx, eff.per, item)
        if n < 0:
            ctx.unmodelled(f"{item.label}: counting what \"for each\" refers to")
            return
        amount = eff.amount * n
        ctx.log(f"{item.label}: {eff.amount:+d} for each of {n}: {amount:+d}", "rules.text_order")
    ids = subjects.targets(ctx, eff.target, item)
    for cid in ids:
        value = amount
        management.add_mod(ctx, target=cid, kind=kind, value=value, duration=eff.duration, source=item.source,
                           controller=item.controller)
        what = f"{amount:+d} BP" if kind == "bp_add" else f"{eff.stat} {amount}"
        log_bp(ctx, f"{name_of(ctx.state, cid)} gets {what} ({eff.duration.value})", cid,
               "bp.add" if kind == "bp_add" else "bp.level", "effect.duration")


def log_bp(ctx: Ctx, text: str, cid: str, *concepts: str) -> None:
    """A step changing a spirit's BP, saying the BP it now has and citing how it is reached (8-8-1-3-x)."""
    now = derive.bp(ctx.state, cid)
    step = ctx.log(f"{text}; BP now {now.value} ({', '.join(now.parts)})", *concepts)
    extra = tuple(c for c in now.cites if c not in step.cites) if len(now.parts) > 1 else ()
    if extra:
        ctx.steps[-1] = replace(step, cites=step.cites + extra)


@effect(ast.SetLevel, concepts=("bp.level", "effect.duration"))
def _set_level(ctx: Ctx, eff: ast.Effect, item: Work) -> None:
    ids = subjects.targets(ctx, eff.target, item)
    for cid in ids:
        d = ctx.state.card_def(cid)
        lv = eff.level if eff.level is not None else max((lv for lv, _, _ in d.levels), default=1)
        management.add_mod(ctx, target=cid, kind="level_set", value=lv, duration=eff.duration,
                           source=item.source, controller=item.controller)
        log_bp(ctx, f"{name_of(ctx.state, cid)} is treated as LV{lv} ({eff.duration.value})", cid, "bp.level",
               "effect.duration")


@effect(ast.SetStat, concepts=("bp.set", "effect.duration"))
def _set_stat(ctx: Ctx, eff: ast.Effect, item: Work) -> None:
    """"Its BP becomes N" (8-8-1-3-4: a value assigned, before additions); "count its symbol as two
    red symbols" (the symbols it has)."""
    if eff.stat == "cost":
        from judge.engine.bs.zones.cost import set_cost

        set_cost(ctx, eff, item)
        return
    ids = subjects.targets(ctx, eff.target, item)
    for cid in ids:
        colour = continuous.symbol_colour(eff)
        if colour is not None and eff.purpose == "cost_reduction":
            management.add_mod(ctx, target=cid, kind="reduction_symbols", value=(eff.value, colour),
                               duration=getattr(eff, "duration", ast.Duration.TURN), source=item.source,
                               controller=item.controller)
            ctx.log(f"{name_of(ctx.state, cid)}: each of its symbols counts as {eff.value} when cost reduction is "
                    "calculated", "card.reduction", "effect.duration")
            continue
        if colour is not None:
            colour = colour or next(iter(derive.symbols(ctx.state, cid)), "")
            management.add_mod(ctx, target=cid, kind="symbol_set", value=(colour,) * eff.value,
                               duration=getattr(eff, "duration", ast.Duration.TURN), source=item.source,
                               controller=item.controller)
            ctx.log(f"{name_of(ctx.state, cid)}'s symbol counts as {eff.value} {colour} symbols", "card.symbols",
                    "effect.duration")
            continue
        if eff.stat != "bp":
            ctx.unmodelled(f"{item.label}: treating {cid}'s {eff.stat} as {eff.value}")
            continue
        redefine = eff.level is not None       # "its LV1 BP is 4000": the level's BP redefined (8-8-1-3-3)
        management.add_mod(ctx, target=cid, kind="bp_base" if redefine else "bp_set",
                           value={eff.level: eff.value} if redefine else eff.value,
                           duration=getattr(eff, "duration", ast.Duration.TURN), source=item.source,
                           controller=item.controller)
        what = f"LV{eff.level} BP is redefined as" if redefine else "BP is set to"
        log_bp(ctx, f"{name_of(ctx.state, cid)}'s {what} {eff.value}", cid,
               "bp.redefine" if redefine else "bp.set", "effect.duration")


@effect(ast.Gain, concepts=("effect.duration", "kw.generic"))
def _gain(ctx: Ctx, eff: ast.Gain, item: Work) -> None:
    ids = subjects.targets(ctx, eff.target, item)
    for cid in ids:
        if eff.keyword is None and eff.ability is not None:
            duration = _magic_default(ctx, eff.duration, item)
            management.add_mod(ctx, target=cid, kind="ability", value=eff.ability, duration=duration,
                               source=item.source, controller=item.controller)
            ctx.log(f"{name_of(ctx.state, cid)} gains an ability ({derive.timing_label(eff.ability.timing)}, "
                    f"{duration.value})", "effect.duration")
            continue
        if eff.keyword is None and eff.family:
            duration = _magic_default(ctx, eff.duration, item)
            management.add_mod(ctx, target=cid, kind="family", value=eff.family, duration=duration,
                               source=item.source, controller=item.controller)
            ctx.log(f"{name_of(ctx.state, cid)} gains the family {eff.family} ({duration.value})", "effect.duration")
            continue
        if eff.keyword is None:
            ctx.unmodelled(f"{name_of(ctx.state, cid)} gaining something the engine does not read")
            continue
        management.add_mod(ctx, target=cid, kind="keyword", value=eff.keyword, duration=eff.duration,
                           source=item.source, controller=item.controller)
        params = f": {', '.join(eff.keyword.params)}" if eff.keyword.params else ""
        ctx.log(f"{name_of(ctx.state, cid)} gains 【{eff.keyword.name}{params}】 ({eff.duration.value})",
                "effect.duration", "kw.generic")


def _magic_default(ctx: Ctx, duration: ast.Duration, item: Work) -> ast.Duration:
    """An ability a magic card's effect gives with no period written lasts the turn: the official
    answer on such a burst says so (the CR names no default, so this cites nothing but its end, 6-8-1-2)."""
    d = ctx.state.card_def(item.source)
    if duration != ast.Duration.PERMANENT or d is None or d.type != "magic":
        return duration
    ctx.log(f"{item.label}: no period is written for the ability it gives; it lasts this turn", "effect.duration")
    return ast.Duration.TURN


@effect(ast.LoseEffects, concepts=("effect.duration",))
def _lose(ctx: Ctx, eff: ast.LoseEffects, item: Work) -> None:
    for cid in subjects.targets(ctx, eff.target, item):
        management.add_mod(ctx, target=cid, kind="lose_effects", value=eff.levels, duration=eff.duration,
                           source=item.source, controller=item.controller)
        what = "their " + "/".join(f"LV{n}" for n in eff.levels) + " effects" if eff.levels else "its effects"
        ctx.log(f"{name_of(ctx.state, cid)} loses {what} ({eff.duration.value})", "effect.duration")


@effect(ast.Restriction, concepts=("rules.cannot_wins", "effect.duration"))
def _restrict(ctx: Ctx, eff: ast.Restriction, item: Work) -> None:
    from judge.engine.bs.effects import cards as zones
    from judge.engine.bs.effects import discard_cap, no_trigger
    from judge.engine.bs.effects import scope as effect_scope

    if no_trigger.applied_with(ctx, eff, item) or effect_scope.applied(ctx, eff, item) or \
            discard_cap.applied(ctx, eff, item):
        return
    if zones.bars_when_summoned(eff):        # "… summoned with this effect do not activate 'When Summoned'"
        zones.bar_when_summoned(ctx, item)
        return
    if no_trigger.is_bar(eff):      # read from constant abilities on the field (no_trigger.py), not resolved
        ctx.unmodelled(f"{item.label}: stopping \"When Destroyed\" effects for a duration")
        return
    if eff.target is None:
        from judge.engine.bs.zones import life

        if eff.action not in life.PLAYER_ACTIONS:
            ctx.unmodelled(f"{item.label}: a player restriction ({eff.mode} {eff.action})")
            return
        made = tuple(life.player_mods(eff, item.controller, ctx.state, source=item.source, stamp=ctx.bump(),
                                      duration=eff.duration, turn=ctx.state.turn))
        ctx.set(mods=(*ctx.state.mods, *made))
        ctx.log(f"{item.label}: {', '.join(m.target for m in made)}: life {eff.mode} be "
                f"{eff.action.removeprefix('reduce_life').replace('_', ' ') or 'reduced'} ({eff.duration.value})"
                .replace("be  ", "be reduced "), "rules.cannot_wins", "effect.duration")
        return
    ids = subjects.targets(ctx, eff.target, item)
    # "will not refresh during its next refresh step" lasts until that step (steps.refresh_step ends it)
    lasts = ast.Duration.PERMANENT if eff.action == "refresh_in_refresh_step" else eff.duration
    for cid in ids:
        management.add_mod(ctx, target=cid, kind=eff.mode, value=eff.action, duration=lasts,
                           source=item.source, controller=item.controller, extra=eff.by)
        ctx.log(f"{name_of(ctx.state, cid)} {eff.mode} {eff.action.replace('_', ' ')} ({eff.duration.value})",
                "rules.cannot_wins", "effect.duration")
