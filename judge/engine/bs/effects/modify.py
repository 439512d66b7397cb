"""What an effect changes on cards for a duration: BP, levels and other figures, gained keywords,
abilities and families, lost effects, and restrictions ("cannot …", "can …"). Each is a modification
(`management.add_mod`) that lasts as long as the effect says (a magic card's "during this turn" by
default); `continuous` reads them. Entries of `effects.EFFECTS`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from judge.engine.bs import continuous, derive, select
from judge.engine.bs import keyword_registry as keywords
from judge.engine.bs.ctx import Ctx, add_mod, name_of
from judge.engine.bs.dispatch import effect
from judge.engine.bs.events import management, targets
from judge.engine.bs.state import Work
from judge.engine.bs.zones.cost import _amount, cost_of
from judge.text import ast

#: What a lasting "cannot …" / "must …" / "can …" on a card binds, by mode (continuous.ENFORCED: the
#: acts the engine asks of `continuous.cannot` / `allowed` where they happen).
ENFORCED = continuous.ENFORCED


def _set_stat_gaps(e: ast.SetStat) -> list[str]:
    from judge.engine.bs.zones.cost import assigns_next_summon

    if e.stat == "cost":
        if assigns_next_summon(e) or (e.target.state is None and (
                e.equal_to is None or e.equal_to.stat in ("life", "reserve", "hand"))):
            return []                    # the next matching summon's cost; a cost assigned (8-8-1-4/5)
        return [f"set_stat {e.stat}"]
    return [] if e.stat == "bp" or continuous.symbol_colour(e) is not None else [f"set_stat {e.stat}"]


def _gain_gaps(e: ast.Gain) -> list[str]:
    """A keyword gained runs when the keyword has an entry; its printed timing is read when it is the
    keyword's own (the moment its rule already bites: Raid's attack, Confront's attack, Swift's flash
    window) — another would make the keyword act at a timing the engine does not restrict it to."""
    if e.keyword is None:
        return [] if e.ability is not None or e.family else ["gain nothing the engine reads"]
    rule = keywords.rule(e.keyword.name)
    if rule is None:
        return [f"keyword {e.keyword.name}"]
    if e.timing is not None and not keywords.own_timing(rule, e.timing):
        return [f"keyword {e.keyword.name} gained at the timing {e.timing}"]
    return []


#: Permissions an effect grants that are acts done as it resolves, not modifications ("one spirit may link
#: with this spirit regardless of its link conditions"): (mode, action) → how, registered by the module
#: of the rule they go beyond (keywords/link.py), with whether a node of that kind is one it does.
ACTS: dict[tuple[str, str], tuple[Any, Any]] = {}


def _act_of(e: ast.Restriction) -> Any:
    entry = ACTS.get((e.mode, e.action))
    return entry[0] if entry is not None and entry[1](e) else None


def _restriction_gaps(e: ast.Restriction) -> list[str]:
    from judge.engine.bs.events import discard_cap, no_trigger
    from judge.engine.bs.zones import life

    if _act_of(e) is not None:
        return []
    if no_trigger.is_bar(e) or no_trigger.bars_when_summoned(e) or discard_cap.is_cap(e) or is_soul_bar(e):
        return []                        # effects that do not activate; "… with this effect" bars
    if e.action not in (life.PLAYER_ACTIONS if e.target is None else ENFORCED.get(e.mode, ())):
        return [f"restriction {e.mode} {e.action}"]
    return [f"restriction {e.mode} {e.action} aimed at some cards only"] \
        if e.object is not None and e.action not in continuous.AIMED else []


@effect(ast.ModifyStat, concepts=("bp.add", "effect.duration"), reads=("stat", "amount", "target", "duration", "per"),
        values={"stat": ("bp", "level")})
def _modify(ctx: Ctx, eff: ast.ModifyStat, item: Work) -> None:
    kind = {"bp": "bp_add", "level": "level_set"}.get(eff.stat)
    if kind is None:
        ctx.unmodelled(f"{item.label}: changing {eff.stat}")
        return
    amount = eff.amount
    if eff.per is not None:
        n = targets.per_count(ctx, eff.per, item)
        if n < 0:
            ctx.unmodelled(f"{item.label}: counting what \"for each\" refers to")
            return
        amount = eff.amount * n
        ctx.log(f"{item.label}: {eff.amount:+d} for each of {n}: {amount:+d}", "rules.text_order")
    ids = targets.targets(ctx, eff.target, item)
    for cid in ids:
        value = amount
        management.add_mod(ctx, target=cid, kind=kind, value=value, duration=eff.duration, source=item.source,
                           controller=item.controller)
        what = f"{amount:+d} BP" if kind == "bp_add" else f"{eff.stat} {amount}"
        # "all your X spirits … during this turn": the spirits are fixed now, not those arriving later (8-8-1-4)
        fixed = ("effect.fixed_at_resolution",) if eff.target is not None and eff.target.count is None else ()
        log_bp(ctx, f"{name_of(ctx.state, cid)} gets {what} ({eff.duration.value})", cid,
               "bp.add" if kind == "bp_add" else "bp.level", "effect.duration", *fixed)


def log_bp(ctx: Ctx, text: str, cid: str, *concepts: str) -> None:
    """A step changing a spirit's BP, saying the BP it now has and citing how it is reached (8-8-1-3-x)."""
    now = derive.bp(ctx.state, cid)
    step = ctx.log(f"{text}; BP now {now.value} ({', '.join(now.parts)})", *concepts)
    extra = tuple(c for c in now.cites if c not in step.cites) if len(now.parts) > 1 else ()
    if extra:
        ctx.steps[-1] = replace(step, cites=step.cites + extra)


@effect(ast.SetLevel, concepts=("bp.level", "effect.duration"), reads=("target", "level", "duration"))
def _set_level(ctx: Ctx, eff: ast.Effect, item: Work) -> None:
    ids = targets.targets(ctx, eff.target, item)
    for cid in ids:
        d = ctx.state.card_def(cid)
        lv = eff.level if eff.level is not None else max((lv for lv, _, _ in d.levels), default=1)
        management.add_mod(ctx, target=cid, kind="level_set", value=lv, duration=eff.duration,
                           source=item.source, controller=item.controller)
        log_bp(ctx, f"{name_of(ctx.state, cid)} is treated as LV{lv} ({eff.duration.value})", cid, "bp.level",
               "effect.duration")


@effect(ast.SetStat, concepts=("bp.set", "effect.duration"),
        reads=("stat", "value", "target", "duration", "colors", "level", "purpose", "equal_to"), check=_set_stat_gaps)
def _set_stat(ctx: Ctx, eff: ast.Effect, item: Work) -> None:
    """"Its BP becomes N" (8-8-1-3-4: a value assigned, before additions); "count its symbol as two
    red symbols" (the symbols it has)."""
    if eff.stat == "cost":
        set_cost(ctx, eff, item)
        return
    ids = targets.targets(ctx, eff.target, item)
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


@effect(ast.Gain, concepts=("effect.duration", "kw.generic"),
        reads=("target", "keyword", "ability", "duration", "family", "timing"), check=_gain_gaps)
def _gain(ctx: Ctx, eff: ast.Gain, item: Work) -> None:
    ids = targets.targets(ctx, eff.target, item)
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


@effect(ast.LoseEffects, concepts=("effect.duration",), reads=("target", "levels", "duration", "no_regain"))
def _lose(ctx: Ctx, eff: ast.LoseEffects, item: Work) -> None:
    """The effects are lost for the duration, at every level the card is at meanwhile (the loss is
    of the listed levels' effects, not of the level it has now): "and cannot regain them" is so."""
    for cid in targets.targets(ctx, eff.target, item):
        management.add_mod(ctx, target=cid, kind="lose_effects", value=eff.levels, duration=eff.duration,
                           source=item.source, controller=item.controller)
        what = "their " + "/".join(f"LV{n}" for n in eff.levels) + " effects" if eff.levels else "its effects"
        regain = "; a change of level does not bring them back" if eff.no_regain else ""
        ctx.log(f"{name_of(ctx.state, cid)} loses {what} ({eff.duration.value}){regain}", "effect.duration")


@effect(ast.Restriction, concepts=("rules.cannot_wins", "effect.duration"),
        reads=("mode", "action", "target", "player", "duration", "by", "object"), check=_restriction_gaps)
def _restrict(ctx: Ctx, eff: ast.Restriction, item: Work) -> None:
    from judge.engine.bs.events import discard_cap, no_trigger
    from judge.engine.bs.events import no_trigger as zones

    act = _act_of(eff)
    if act is not None:
        act(ctx, eff, item)
        return
    if no_trigger.applied_with(ctx, eff, item) or soul_bar_applied(ctx, eff, item) or \
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
        about = eff.by.about if eff.by is not None else None
        # "select one of your opponent's spirits; your life cannot be reduced by its attacks": the
        # selection is made now, as the effect resolves, and the restriction is about that spirit (8-5-3)
        chosen = tuple(targets.choose(ctx, about, controller=item.controller, source=item.source,
                                      label=item.label)) if about is not None and select.selects(about) else None
        made = tuple(life.player_mods(eff, item.controller, ctx.state, source=item.source, stamp=ctx.bump(),
                                      duration=eff.duration, turn=ctx.state.turn, selected=chosen))
        ctx.set(mods=(*ctx.state.mods, *made))
        ctx.log(f"{item.label}: {', '.join(m.target for m in made)}: life {eff.mode} be "
                f"{eff.action.removeprefix('reduce_life').replace('_', ' ') or 'reduced'} ({eff.duration.value})"
                .replace("be  ", "be reduced "), "rules.cannot_wins", "effect.duration")
        return
    ids = targets.targets(ctx, eff.target, item)
    # "will not refresh during its next refresh step" lasts until that step (steps.refresh_step ends it)
    lasts = ast.Duration.PERMANENT if eff.action == "refresh_in_refresh_step" else eff.duration
    for cid in ids:
        m = management.add_mod(ctx, target=cid, kind=eff.mode, value=eff.action, duration=lasts,
                               source=item.source, controller=item.controller, extra=eff.by)
        if eff.object is not None:       # aimed at some cards only (continuous.AIMED): the cards it names
            ctx.set(mods=tuple(replace(x, against=eff.object) if x is m else x for x in ctx.state.mods))
        ctx.log(f"{name_of(ctx.state, cid)} {eff.mode} {eff.action.replace('_', ' ')} ({eff.duration.value})",
                "rules.cannot_wins", "effect.duration")


# --- scope (folded in): Restrictions written "with this effect" (1-3-3): they bar only what the
# effect they are written in does, not a lasting modification of the board. "Place three cores from
# your trash onto this spirit. You cannot place a Soul Core on this spirit with this effect.": the
# text layer reads the bar into the effect's own placements (they move regular cores only, 4-11-1 /
# 4-11-3: judge.text.bs.meaning), so when the engine meets the restriction itself while resolving,
# there is nothing left to do but say so.

def this_effect(eff: object) -> bool:
    """A restriction whose scope is the effect it is written in ("… with this effect")."""
    by = getattr(eff, "by", None)
    return isinstance(eff, ast.Restriction) and eff.mode == "cannot" and by is not None \
        and by.unit == "effect" and by.effect == "this"


def _soul_bar(eff: ast.Effect) -> bool:
    """"cannot place a Soul Core … with this effect"."""
    return this_effect(eff) and eff.action == "place_cores" and eff.object is not None \
        and eff.object.unit == "soul_core"


def soul_bar_applied(ctx: Ctx, eff: ast.Restriction, item: Work) -> bool:
    """A bar scoped to this effect met while resolving: the text layer applied it (logged here)."""
    if not _soul_bar(eff):
        return False
    ctx.log(f"{item.label}: the soul core cannot be placed by this effect; its placements move regular "
            f"cores only", "rules.cannot_wins")
    return True


def is_soul_bar(eff: object) -> bool:
    """Whether a restriction is a soul-core bar this module applies (coverage asks this)."""
    return isinstance(eff, ast.Restriction) and _soul_bar(eff)


def set_cost(ctx: Ctx, eff: ast.SetStat, item: Work) -> None:
    """"X have a cost of N / equal to your life total" (8-8-1-4/5): cards in a hand or trash by area,
    cards on the field by selection."""
    from judge.engine.bs.zones import cost as next_summon

    if next_summon.assigns_next_summon(eff):            # "the next X you summon this turn will have a cost …"
        next_summon.arm_next_summon(ctx, eff, item)
        return
    value: Any = eff.value
    if eff.equal_to is not None:
        if eff.equal_to.stat not in ("life", "reserve", "hand"):
            ctx.unmodelled(f"{item.label}: a cost equal to {eff.equal_to.stat}")
            return
        value = eff.equal_to
    sel = eff.target
    if sel.zone not in (None, "field"):
        for who in select.whose(item.controller, sel.owner or ast.Player.YOU, ctx.state):
            m = add_mod(ctx, target=who, kind="cost_set", value=value, duration=eff.duration,
                                   source=item.source, controller=item.controller, extra=sel)
            shown = value if isinstance(value, int) else f"{value.stat} ({_amount(ctx.state, m)} now)"
            ctx.log(f"{item.label}: the matching cards in {who}'s {sel.zone} have a cost of {shown} "
                    f"({eff.duration.value}), also those that enter it later", "effect.duration", "effect.area_info")
        return
    for cid in targets.choose(ctx, sel, controller=item.controller, source=item.source, label=item.label):
        add_mod(ctx, target=cid, kind="cost_set", value=value, duration=eff.duration,
                           source=item.source, controller=item.controller)
        ctx.log(f"{name_of(ctx.state, cid)} has a cost of {cost_of(ctx.state, cid)} ({eff.duration.value})",
                "effect.duration")
