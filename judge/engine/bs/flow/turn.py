"""Main-step actions and the turn's progress: magic, move cores, burst, activated effects,
ending a step, and the steps that run by themselves (start, core, draw, refresh, end). Summons: summon.py.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from judge.engine.bs import actions as A
from judge.engine.bs import derive
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.flow import core_step, management, step_start, triggers
from judge.engine.bs.flow.common import hand_card, in_flash, in_main, succession
from judge.engine.bs.state import Step, Work, with_player
from judge.engine.bs.zones import cost as symbols
from judge.engine.bs.zones.payment import take_cores
from judge.text.ast import AbilityKind, Duration


def use_magic(ctx: Ctx, action: A.UseMagic) -> None:
    """Use a magic card (10-8 / 11-3): pick its effect, pay, resolve, then it goes to the trash."""
    player = action.player
    cid = hand_card(ctx, player, action.card)
    d = ctx.state.card_def(cid)
    if d.type != "magic":
        raise ctx.refuse(f"{name_of(ctx.state, cid)} is not a magic card", "magic.steps")
    usable = _named_effects(ctx, cid, d, action)
    flash = [ab for ab in usable if "flash" in (ab.timing or "").lower()]
    if ctx.state.battle is not None:
        if not flash:
            raise ctx.refuse(f"{cid}'s [Main] effect cannot be used during a battle", "effect.magic_timing")
        in_flash(ctx, player, f"using {cid}")
        ab = _which_effect(ctx, player, cid, flash)
    else:
        in_main(ctx, player, f"using {cid}")
        ab = _which_effect(ctx, player, cid, usable)
    ctx.log(f"{player} uses {name_of(ctx.state, cid)} ({derive.timing_label(ab.timing)})", "magic.steps",
            "effect.magic_timing")
    from judge.engine.bs.effects import costs
    from judge.engine.bs.zones import first_magic

    if action.soul_magic:
        _soul_magic(ctx, player, cid, d)
    elif costs.free_use(ctx, player, cid):
        pass
    else:
        fulfilled = succession(ctx, player, action.succession, d, "magic")
        cost = symbols.pay_cost(ctx, symbols.Paying(card=cid, player=player, how="use"), fulfilled)
        take_cores(ctx, player, cost, action.pay_from, concept="magic.pay", soul=action.pay_soul_core,
                   what=f"the use cost of {cid}")
        if action.pay_soul_core:
            from judge.engine.bs.events import soul_paid

            soul_paid.remember(ctx, cid, player, until=Duration.TURN)
    first_magic.record(ctx, player)         # "the first magic card you use each turn" (first_magic.py)
    if ctx.state.battle is not None and player == ctx.state.controller(ctx.state.battle.attacker):
        ctx.set(battle=replace(ctx.state.battle, magic_used=(*ctx.state.battle.magic_used, cid)))
    management.checkpoint(ctx)
    from judge.engine.bs.events.watch import watching

    items = watching(ctx, "when_uses", [cid])
    costs.pay_additional(ctx, [w for w in items if costs.is_additional(w)], player, f"using {name_of(ctx.state, cid)}")
    triggers.push(ctx, [w for w in items if not costs.is_additional(w)])
    chain = tuple(a for a in d.abilities if a.keyword and derive.norm_kw(a.keyword.name) == "chain")
    triggers.push(ctx, [Work(kind="magic", source=cid, controller=player, label=f"{name_of(ctx.state, cid)}",
                             effects=ab.effects, cites=ctx.cites("magic.resolve"), param=chain, timing=ab.timing)])


def _named_effects(ctx: Ctx, cid: str, d: Any, action: A.UseMagic) -> list:
    """The magic effects the action may mean: the one at `ability:`, else those `effect:` labels (one
    labelled with that label alone first; one labelled both main and flash carries both, 8-1-6-1)."""
    usable = [ab for ab in d.abilities if ab.kind == AbilityKind.MAGIC]
    if action.ability is not None:
        ab = d.abilities[action.ability] if action.ability < len(d.abilities) else None
        if ab is None or ab.kind != AbilityKind.MAGIC:
            raise ctx.refuse(f"{cid} has no magic effect at ability {action.ability} (0 = first line)",
                             "effect.magic_timing")
        usable = [ab]
    if action.effect:
        exact = [ab for ab in usable if ab.timing == action.effect]
        usable = exact or [ab for ab in usable if action.effect in (ab.timing or "").split("_")]
    if not usable:
        raise ctx.refuse(f"{cid} has no {action.effect or 'magic'} effect"
                         + ("" if action.ability is None else f" at ability {action.ability}"), "effect.magic_timing")
    return usable


def _which_effect(ctx: Ctx, player: str, cid: str, usable: list) -> Any:
    """A magic card with several effects usable now: its user says which one (`effect:` on the action)."""
    if len(usable) == 1:
        return usable[0]
    names = [ab.timing or str(i) for i, ab in enumerate(usable)]
    answer = str(ctx.ask(f"{player} says which effect of {cid} is used ({' or '.join(names)})",
                         "effect.magic_timing", player=player, options=names, kind="mode"))
    pairs = list(zip(names, usable, strict=True))
    hits = [ab for name, ab in pairs if name == answer] or [ab for name, ab in pairs if name.startswith(answer)]
    if len(hits) != 1:
        raise ctx.refuse(f"{answer!r} is not one of {cid}'s usable effects ({', '.join(names)})",
                         "effect.magic_timing")
    return hits[0]


def _soul_magic(ctx: Ctx, player: str, cid: str, d) -> None:
    kws = [ab.keyword for ab in d.abilities if ab.keyword and derive.norm_kw(ab.keyword.name) == "soulmagic"]
    if not ctx.profile.common_effects or not (kws or d.soul_magic is not None):
        raise ctx.refuse(f"{cid} has no 《Soul Magic》", "kw.soul_magic")
    colors = {c.lower() for c in (kws[0].params if kws else d.soul_magic or ())}
    have = {c for s in derive.field_symbols(ctx.state, player) for c in s.split("/")}
    if colors and not colors & have:
        raise ctx.refuse(f"《Soul Magic》 needs a {'/'.join(sorted(colors))} symbol on {player}'s field",
                         "kw.soul_magic")
    take_cores(ctx, player, 1, {}, concept="kw.soul_magic", soul=True, what=f"{cid} by 《Soul Magic》")


def finish_magic(ctx: Ctx, item: Work) -> None:
    """After a magic effect resolves: 【Chain】 follow-ups, then the card goes to the trash (10-8-8)."""
    from judge.engine.bs.effects import resolve as effects

    for ab in item.param or ():
        colors = {c.lower() for c in ab.keyword.params}
        have = {c for s in derive.field_symbols(ctx.state, item.controller) for c in s.split("/")}
        if colors & have:
            ctx.log(f"【Chain: {', '.join(ab.keyword.params)}】: {item.controller} has the symbol; the chain "
                    "effect follows", "kw.chain")
            for e in ab.effects:
                effects.apply(ctx, e, item)
        else:
            ctx.log("【Chain】: no symbol of that colour on the field; the chain effect does not activate",
                    "kw.chain")
    player = item.controller
    p = ctx.state.players[player]
    if item.source in p.hand:
        ctx.state = with_player(ctx.state, replace(p, hand=tuple(c for c in p.hand if c != item.source),
                                                   trash=(*p.trash, item.source)))
        ctx.log(f"{item.source} has resolved and goes to the trash", "magic.resolve")


def move_cores(ctx: Ctx, action: A.MoveCores) -> None:
    """Move cores in the main step (6-6-1-2-3): a card left short of LV1 is self-destroyed."""
    in_main(ctx, action.player, "moving cores")
    player = action.player
    p = ctx.state.players[player]
    if action.source == action.dest:
        ctx.log("Moving cores to where they already are does nothing", "rules.already")
        return
    for end in (action.source, action.dest):
        if end != "reserve" and p.card(end) is None:
            raise ctx.refuse(f"{end} is not the reserve or a card on {player}'s field", "turn.move_cores")
    plain = max(0, action.count - 1) if action.soul_core else action.count      # the soul core is one of them
    if action.soul_core and p.soul_core != action.source:
        raise ctx.refuse(f"{player}'s soul core is not on {action.source}", "turn.move_cores")
    have = p.reserve if action.source == "reserve" else p.card(action.source).cores
    if have < plain:
        raise ctx.refuse(f"{action.source} has {have} core(s) besides the soul core, not {plain}", "turn.move_cores")
    reserve = p.reserve - (plain if action.source == "reserve" else 0) + (plain if action.dest == "reserve" else 0)
    field = [replace(c, cores=c.cores - plain) if c.id == action.source else c for c in p.field]
    field = [replace(c, cores=c.cores + plain) if c.id == action.dest else c for c in field]
    p = replace(p, reserve=reserve, field=tuple(field), soul_core=action.dest if action.soul_core else p.soul_core)
    n_text = " and ".join(filter(None, ("the soul core" if action.soul_core else "",
                                        f"{plain} core(s)" if plain or not action.soul_core else "")))
    ctx.state = with_player(ctx.state, p)
    if action.source != "reserve":
        ctx.core_cause[action.source] = ("self", player)
    ctx.log(f"{player} moves {n_text} from {action.source} to {action.dest}", "turn.move_cores")
    for cid in (action.source, action.dest):
        if cid != "reserve" and ctx.state.field_card(cid) is not None:
            ctx.log(f"{cid} is now LV{derive.level(ctx.state, cid)}", "card.level")
    management.checkpoint(ctx)


def set_burst(ctx: Ctx, action: A.SetBurst) -> None:
    """Set a burst (6-6-1-2-2): once per turn; a second burst discards the first (3-8-3)."""
    if not ctx.profile.burst_area:
        raise ctx.refuse(f"{ctx.profile.title} has no burst area", "area.list")
    in_main(ctx, action.player, "setting a burst")
    player = action.player
    cid = hand_card(ctx, player, action.card)
    if ctx.state.burst_set_turn.get(player) == ctx.state.turn:
        raise ctx.refuse(f"{player} already set a burst this turn", "turn.burst_per_turn")
    d = ctx.state.card_def(cid)
    if not any(ab.kind == AbilityKind.BURST for ab in d.abilities):
        raise ctx.refuse(f"{cid} has no burst effect and cannot be set", "area.burst_only")
    p = ctx.state.players[player]
    old = p.burst
    p = replace(p, hand=tuple(c for c in p.hand if c != cid), burst=cid,
                trash=p.trash + ((old,) if old else ()))
    ctx.state = with_player(ctx.state, p)
    ctx.set(burst_set_turn={**ctx.state.burst_set_turn, player: ctx.state.turn})
    ctx.log(f"{player} sets {cid} as a burst" + (f"; {old} is discarded" if old else ""), "burst.set",
            *(("area.burst_one",) if old else ()))


def activate(ctx: Ctx, action: A.Activate) -> None:
    """Activate a [Main] / [Flash] effect of a field card, or 【Awaken】 (8-1-3 / 11-1-1)."""
    player = action.player
    fc = ctx.state.players[player].card(action.card)
    if fc is None:
        raise ctx.refuse(f"{action.card} is not on {player}'s field", "effect.activated")
    d = ctx.state.defs[fc.card]
    if action.ability >= len(d.abilities):
        raise ctx.refuse(f"{action.card} has no ability {action.ability}", "effect.activated")
    ab = d.abilities[action.ability]
    active = dict(derive.active_abilities(ctx.state, action.card))
    if action.ability not in active and not (ab.keyword and any(m.value == ab.keyword for m in ctx.state.mods)):
        raise ctx.refuse(f"ability {action.ability} of {action.card} is not active at "
                         f"LV{derive.level(ctx.state, action.card)}", "card.level_effects")
    if ab.keyword and derive.norm_kw(ab.keyword.name) == "awaken":
        in_flash(ctx, player, f"【Awaken】 of {action.card}")
        _awaken(ctx, player, action)
        return
    timing = (ab.timing or "").lower()
    if "flash" in timing:
        in_flash(ctx, player, f"the [Flash] effect of {action.card}")
    else:
        in_main(ctx, player, f"the [Main] effect of {action.card}")
    key = f"{ctx.state.turn}:{action.card}:{action.ability}"
    if "once_per_turn" in ab.restrictions:
        if key in ctx.state.used:
            raise ctx.refuse(f"{action.card}'s [Once per turn] effect was already used this turn",
                             "kw.once_per_turn")
        ctx.set(used=ctx.state.used | {key})
    ctx.log(f"{player} activates {name_of(ctx.state, action.card)}'s {derive.timing_label(ab.timing)} effect",
            "effect.activated")
    effs = (ab.cost.effects if ab.cost else ()) + ab.effects
    triggers.push(ctx, [Work(kind="effects", source=action.card, controller=player,
                             label=f"{name_of(ctx.state, action.card)} [{derive.timing_label(ab.timing)}]",
                             effects=effs, cites=ctx.cites("effect.activated"), timing=ab.timing)])


def _awaken(ctx: Ctx, player: str, action: A.Activate) -> None:
    if not action.cores_from or sum(action.cores_from.values()) < 1:
        raise ctx.need(f"{player}: from which cards do cores move onto {action.card} "
                       "(cores_from: {a2: 1})", "kw.awaken", player=player, kind="cores")
    p = ctx.state.players[player]
    moved = 0
    for src, n in action.cores_from.items():
        fc = p.card(src)
        if src == action.card or fc is None or fc.cores < n:
            raise ctx.refuse(f"【Awaken】 moves cores from your other field cards; {src} cannot give {n}",
                             "kw.awaken")
        p = replace(p, field=tuple(replace(c, cores=c.cores - n) if c.id == src else c for c in p.field))
        ctx.core_cause[src] = ("self", player)
        moved += n
    p = replace(p, field=tuple(replace(c, cores=c.cores + moved) if c.id == action.card else c for c in p.field))
    ctx.state = with_player(ctx.state, p)
    ctx.log(f"【Awaken】: {moved} core(s) move onto {action.card}; it is now LV"
            f"{derive.level(ctx.state, action.card)}", "kw.awaken")
    management.checkpoint(ctx)


def expire(ctx: Ctx, durations: tuple[Duration, ...]) -> None:
    """End effects whose duration is over (6-8-1-2 / 7-9-1-1; battle: 7-1-6-2)."""
    turn = ctx.state.turn
    keep, gone = [], []
    for m in ctx.state.mods:
        over = m.duration in durations and not (m.duration == Duration.NEXT_TURN_END and m.turn >= turn)
        (gone if over else keep).append(m)
    if gone:
        ctx.set(mods=tuple(keep))
        ctx.log(f"{len(gone)} effect(s) lasting '{gone[0].duration.value}' end",
                "battle.end" if durations == (Duration.BATTLE,) else "turn.end_expire")


#: The clause that lets the turn player declare the end of each step they stop in.
_END_CONCEPT = {Step.MAIN: "turn.main_end", Step.ATTACK: "turn.attack_end", Step.SECOND_MAIN: "turn.second_main_end"}


def end_step(ctx: Ctx, action: A.EndStep) -> None:
    """Declare the end of the main / attack step; the steps that follow run until a player may act."""
    s = ctx.state
    if action.player != s.turn_player:
        raise ctx.refuse(f"only the turn player ({s.turn_player}) advances the step", "turn.steps")
    if s.battle is not None:
        raise ctx.refuse("a battle is in progress; it ends first", "battle.next")
    first_turn = s.turn == 1 and s.turn_player == s.first_player
    nxt = {Step.MAIN: Step.ATTACK, Step.ATTACK: Step.SECOND_MAIN if ctx.profile.second_main_step else Step.END,
           Step.SECOND_MAIN: Step.END}.get(s.step, Step.END)
    ctx.log(f"{s.turn_player} ends the {s.step.value.replace('_', ' ')} step", _END_CONCEPT.get(s.step, "turn.main_end"))
    from judge.engine.bs.flow.steps import after_step

    after_step(ctx, s.turn_player, s.step)
    if nxt == Step.ATTACK and first_turn:
        ctx.log("Player one's first turn has no attack step", "turn.attack_skip")
        nxt = Step.END
    if nxt == Step.SECOND_MAIN and first_turn:
        nxt = Step.END
    ctx.set(step=nxt)
    if nxt != Step.END:
        ctx.log(f"The {nxt.value.replace('_', ' ')} step begins", "turn.attack" if nxt == Step.ATTACK
                else "turn.second_main")
        step_start.begin(ctx)
        return
    next_turn(ctx)


def next_turn(ctx: Ctx) -> None:
    """End step, then the next player's start, core, draw and refresh steps, up to their main step."""
    from judge.engine.bs.effects import delayed_end
    from judge.engine.bs.flow import turn_end

    delayed_end.resolve(ctx)          # "at the end of this turn, …" (6-8-1-1), before the turn's effects end
    if ctx.profile.end_effects_first:
        turn_end.end_effects(ctx)
    expire(ctx, (Duration.TURN, Duration.NEXT_TURN_END))
    if not ctx.profile.end_effects_first:
        turn_end.end_effects(ctx)
    s = ctx.state
    nxt = s.opponent(s.turn_player)
    ctx.set(turn=s.turn + 1, turn_player=nxt, step=Step.START)
    ctx.log(f"The turn ends; turn {s.turn + 1} begins: {nxt} is the turn player", "turn.next")
    turn_end.record_life(ctx)
    step_start.begin(ctx)             # "at the start of the step" in the start step (6-2-1)
    p = ctx.state.players[nxt]
    if not p.deck:
        ctx.log(f"{nxt} has no cards in the deck at the start step", "win.deck_out")
        ctx.set(winner=s.opponent(nxt) if ctx.state.winner is None else "draw")
        return
    ctx.set(step=Step.CORE)
    step_start.begin(ctx)
    gained = core_step.gain(ctx, nxt)
    p = ctx.state.players[nxt]
    p = replace(p, reserve=p.reserve + gained)
    ctx.state = with_player(ctx.state, p)
    ctx.set(void_out=ctx.state.void_out + gained)
    ctx.log(f"Core step: {nxt} puts {'one core' if gained == 1 else f'{gained} cores'} from the void into the reserve",
            "turn.core")
    if p.soul_core == "void":
        ctx.log(f"{nxt}'s soul core stays in the void: only effects naming soul cores can move it from there",
                "core.soul_void")
    from judge.engine.bs.effects.draw import draw_step

    turn_end.resolve_waiting(ctx, "turn.core")
    ctx.set(step=Step.DRAW)
    step_start.begin(ctx)
    draw_step(ctx, nxt)
    turn_end.resolve_waiting(ctx, "turn.draw")
    from judge.engine.bs.flow.steps import refresh_step

    ctx.set(step=Step.REFRESH)
    step_start.begin(ctx)
    refresh_step(ctx, nxt)
    turn_end.resolve_waiting(ctx, "turn.refresh")
    ctx.set(step=Step.MAIN)
    ctx.log(f"{nxt}'s main step begins", "turn.main")
    step_start.begin(ctx)


__all__ = ["activate", "end_step", "expire", "finish_magic", "move_cores", "next_turn", "set_burst", "use_magic"]
