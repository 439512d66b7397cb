"""Attacks and battles (Saga 7 / Standard 8): declaration, flash windows, block, resolution, end.

Flash windows give the defending player the first chance; two passes in a row end a window. A
window nobody acts in is passed automatically when the next action needs it closed (the pass is
logged with its clause), and `drive` carries the battle through resolution to its end.
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.bs import actions as A
from judge.engine.bs import continuous, derive, waiting
from judge.engine.bs import keyword_registry as keywords
from judge.engine.bs.ctx import Ctx, Need, name_of
from judge.engine.bs.effects.acts import END_ATTACK_STEP
from judge.engine.bs.events import life_lost, management, triggers
from judge.engine.bs.events.watch import watch
from judge.engine.bs.flow import priority
from judge.engine.bs.flow.timing import WINDOW_CONCEPT, take_priority
from judge.engine.bs.state import Battle, Orientation, Step, Work
from judge.engine.core import Step as LogStep
from judge.text.ast import Duration


def attack(ctx: Ctx, action: A.Attack) -> None:
    """Declare an attack with a refreshed spirit (7-1-1-1)."""
    s = ctx.state
    if s.battle is not None:
        close_open_windows(ctx, for_what="a new attack")
        drive(ctx)
        if ctx.state.battle is not None:
            raise ctx.refuse(f"the battle of {ctx.state.battle.attacker} is waiting for "
                             f"{ctx.state.opponent(ctx.state.turn_player)}'s block declaration", "battle.block")
        s = ctx.state
    if action.player != s.turn_player or s.step != Step.ATTACK:
        raise ctx.refuse(f"attacks are declared by the turn player ({s.turn_player}) in the attack step "
                         f"(now the {s.step.value.replace('_', ' ')} step)", "turn.attack", "battle.declare")
    fc = s.players[action.player].card(action.card)
    if fc is None or s.defs[fc.card].type != "spirit":
        raise ctx.refuse(f"{action.card} is not a spirit on {action.player}'s field", "card.only_spirits_attack")
    if fc.orientation != Orientation.REFRESHED:
        raise ctx.refuse(f"{name_of(s, action.card)} is {fc.orientation.value}: only a refreshed spirit can "
                         "attack", "battle.declare")
    if continuous.cannot(s, action.card, "attack"):
        raise ctx.refuse(f"{name_of(s, action.card)} cannot attack (an effect)", "rules.cannot_wins")
    from judge.engine.bs.events import first_attack
    from judge.engine.bs.zones.costs import pay_tolls

    first_attack.check(ctx, action.player, action.card)
    pay_tolls(ctx, action.card, "attack", action.player)
    s = ctx.state
    fc = s.players[action.player].card(action.card)
    if fc is None:
        raise ctx.refuse(f"{action.card} left the field while its attack was paid for", "battle.declare")
    management.set_orientation(ctx, fc, Orientation.EXHAUSTED)
    defender = s.opponent(action.player)
    ctx.set(battle=Battle(attacker=action.card, window="flash_pre", priority=defender))
    ctx.log(f"{action.player} exhausts {name_of(ctx.state, action.card)} and attacks "
            f"({derive.bp(ctx.state, action.card).value} BP)", "battle.declare")
    with waiting.one_batch(ctx):          # all that activates on the attack declaration (7-1-1-2, 8-5-2-4)
        triggers.fire(ctx, "attacks", action.card)
        watch(ctx, "when_attacks", [action.card])
        waiting.trigger(ctx, "attacks", attacker=action.card)




def after_flash(ctx: Ctx, player: str) -> None:
    """A flash effect was used: the other player gets the next chance (passes start again)."""
    b = ctx.state.battle
    if b is not None and b.window in WINDOW_CONCEPT:
        ctx.set(battle=replace(b, priority=ctx.state.opponent(player), passes=0))


def pass_(ctx: Ctx, action: A.Pass) -> None:
    b = ctx.state.battle
    if b is None or b.window not in WINDOW_CONCEPT:
        raise ctx.refuse("passing is for flash windows; none is open", "battle.flash_pre")
    if b.priority != action.player:
        take_priority(ctx, action.player)
        b = ctx.state.battle
    concept = WINDOW_CONCEPT[b.window]
    ctx.log(f"{action.player} passes", concept)
    if b.passes + 1 >= 2:
        _close(ctx)
    else:
        ctx.set(battle=replace(b, priority=ctx.state.opponent(action.player), passes=b.passes + 1))


def _close(ctx: Ctx) -> None:
    b = ctx.state.battle
    assert b is not None
    concept = WINDOW_CONCEPT[b.window]
    nxt = "block" if b.window == "flash_pre" else "resolution"
    ctx.log(f"Two passes in a row: the flash window {'before' if nxt == 'block' else 'after'} blocking ends",
            concept)
    ctx.set(battle=replace(b, window=nxt, passes=0))


def close_open_windows(ctx: Ctx, for_what: str) -> None:
    """Nobody acts in the open flash window: both players pass (logged), so the battle moves on."""
    b = ctx.state.battle
    if b is None or b.window not in WINDOW_CONCEPT:
        return
    first, second = b.priority, ctx.state.opponent(b.priority)
    names = f"{first} and {second} pass" if b.passes == 0 else f"{first} passes"
    ctx.log(f"No flash effect is used before {for_what}: {names}", WINDOW_CONCEPT[b.window])
    _close(ctx)


def _declaring_block(ctx: Ctx, no_attack: str) -> tuple[Battle, str]:
    """The battle and the attacked player, for a (no) block declaration (7-1-3-1): declaring it passes
    the flash window still open before it; without an attack it is refused (`no_attack` says why)."""
    b = ctx.state.battle
    if b is None:
        raise ctx.refuse(no_attack, "battle.block")
    if b.window == "flash_pre":
        close_open_windows(ctx, for_what="the block declaration")
        b = ctx.state.battle
    return b, ctx.state.opponent(ctx.state.turn_player)


def block(ctx: Ctx, action: A.Block) -> None:
    """Declare a block with a refreshed spirit (7-1-3-1); Astral and effects may forbid it."""
    b, defender = _declaring_block(ctx, "there is no attack to block")
    if b.window != "block":
        raise ctx.refuse("the block declaration has already been made for this battle", "battle.block")
    if action.player != defender:
        raise ctx.refuse(f"only the attacked player ({defender}) declares a block", "battle.block")
    if ctx.state.players[defender].card(action.card) is None:
        raise ctx.refuse(f"{action.card} is not on {defender}'s field", "battle.block")
    ok, reason, concept = keywords.can_block(ctx.state, action.card, b.attacker)
    if not ok:
        raise ctx.refuse(reason, concept, "battle.block")
    from judge.engine.bs.keywords.level import note_unmet

    note_unmet(ctx, b.attacker)          # "your spirits with 【X】 cannot be blocked …" not yet active (10-13-1)
    from judge.engine.bs.zones.costs import pay_tolls

    pay_tolls(ctx, action.card, "block", defender)
    fc = ctx.state.field_card(action.card)
    management.set_orientation(ctx, fc, Orientation.EXHAUSTED)
    ctx.set(battle=replace(ctx.state.battle, blocker=action.card, window="flash_post", priority=defender,
                           passes=0))
    ctx.log(f"{defender} exhausts {name_of(ctx.state, action.card)} and blocks "
            f"({derive.bp(ctx.state, action.card).value} BP)", "battle.block")
    with waiting.one_batch(ctx):          # all that activates on the block declaration (7-1-3-2, 8-5-2-4)
        triggers.fire(ctx, "blocks", action.card)
        watch(ctx, "when_blocks", [action.card])
        watch(ctx, "when_blocked", [b.attacker])
        waiting.trigger(ctx, "blocked", attacker=b.attacker, blocker=action.card)


def no_block(ctx: Ctx, action: A.NoBlock) -> None:
    """Declare no block (7-1-3-1); 【Confront】 forces a block when one is possible (11-2-1)."""
    b, defender = _declaring_block(ctx, "there is no attack")
    if b.window != "block" or action.player != defender:
        raise ctx.refuse(f"only {defender} declares (no) block, once per battle", "battle.block")
    if derive.keyword(ctx.state, b.attacker, "Confront"):
        able = [fc.id for fc in ctx.state.players[defender].field
                if keywords.can_block(ctx.state, fc.id, b.attacker)[0]]
        if able:
            raise ctx.refuse(f"{name_of(ctx.state, b.attacker)} has 【Confront】 and {', '.join(able)} can block: "
                             f"{defender} must block", "kw.confront", "kw.confront_armor")
        ctx.log(f"【Confront】: none of {defender}'s spirits can block, so no block is declared", "kw.confront")
    ctx.log(f"{defender} does not block: the flash window after blocking is skipped", "battle.block")
    ctx.set(battle=replace(b, window="resolution"))


def resolve_battle(ctx: Ctx) -> None:
    """Battle resolution (7-1-5): compare BP, or apply damage by symbols."""
    b = ctx.state.battle
    assert b is not None
    ctx.set(battle=replace(b, window="end"))
    s = ctx.state
    ctx.log("Battle resolution", "battle.resolution")
    if b.blocker is not None:
        if derive.keyword(s, b.attacker, "Curse") and s.field_card(b.attacker) is not None:
            ctx.set(battle=replace(ctx.state.battle, curse=True))
            ctx.log(f"{name_of(s, b.attacker)} was blocked: 【Curse】 triggers; the blocker will be destroyed at "
                    "the end of the battle", "kw.curse", "kw.curse_once")
        if s.field_card(b.attacker) is None or s.field_card(b.blocker) is None:
            gone = b.attacker if s.field_card(b.attacker) is None else b.blocker
            ctx.log(f"{gone} has already left the field: no BP comparison", "battle.gone")
            return
        a, d = derive.bp(s, b.attacker), derive.bp(s, b.blocker)
        ctx.log(f"BP: {b.attacker} {a.value} ({', '.join(a.parts)}) vs {b.blocker} {d.value} "
                f"({', '.join(d.parts)})", "battle.bp_compare")
        if len(a.parts + d.parts) > 2:
            ctx.steps[-1] = LogStep(ctx.steps[-1].text, ctx.steps[-1].cites + tuple(
                c for c in ctx.cites("bp.order") + a.cites + d.cites if c not in ctx.steps[-1].cites))
        if a.value == d.value:
            ctx.log("Their BP are equal: both spirits are destroyed", "battle.bp_compare")
            losers = [b.attacker, b.blocker]
        else:
            losers = [b.blocker if a.value > d.value else b.attacker]
            ctx.log(f"{losers[0]} has fewer BP: it is destroyed", "battle.bp_compare")
        winner = [b.attacker, b.blocker] if len(losers) == 2 else \
            [b.attacker if losers[0] == b.blocker else b.blocker]      # in a tie each destroys the other
        management.destroy(ctx, losers, cause="battle", by=None, destroyer=winner)
        return
    if s.field_card(b.attacker) is None:
        ctx.log(f"{b.attacker} has already left the field: no damage", "battle.damage_gone")
        return
    n = len(derive.symbols(s, b.attacker))
    defender = s.opponent(s.turn_player)
    p = s.players[defender]
    ctx.log(f"Not blocked: {b.attacker} has {n} symbol(s): as many cores leave {defender}'s life for the reserve",
            "battle.damage")
    from judge.engine.bs.events.cores import reduce_life

    # all that the life reduction sets off (the cores reaching the reserve, the defender's burst, the
    # effects watching it, Blessed) activates together: one batch the turn player orders (8-5-2-4)
    with waiting.one_batch(ctx):
        k = reduce_life(ctx, defender, min(n, p.life), attacker=b.attacker)
        ctx.log(f"{defender}'s life {p.life} → {p.life - k}", "battle.damage")
        if k > 0:
            ctx.set(battle=replace(ctx.state.battle, life_reduced=True))
            triggers.fire_burst(ctx, defender, "life_lost")
            watch(ctx, "when_life_reduced", [b.attacker])
            life_lost.fire(ctx, defender)
            waiting.trigger(ctx, "life_reduced", attacker=b.attacker)
    if k == 0:
        keywords.not_triggered(ctx, "life_reduced", b.attacker, "the attack reduced no life")


def end_battle(ctx: Ctx) -> None:
    """End of the battle (7-1-6): its end triggers (Curse, Luster, Agile), then it is over."""
    b = ctx.state.battle
    assert b is not None
    ctx.set(battle=replace(b, window="closing"))
    ctx.log("End of the battle", "battle.end")
    with waiting.one_batch(ctx):          # all that activates when the battle ends (7-1-6-1, 8-5-2-4)
        for spirit in (b.attacker, b.blocker):
            if spirit is not None and ctx.state.field_card(spirit) is not None:
                triggers.fire(ctx, "battle_end", spirit)
        watch(ctx, "battle_end", [s for s in (b.attacker, b.blocker) if s is not None])
        later = [m for m in ctx.state.mods if m.kind == "delayed"]
        triggers.push(ctx, [Work(kind="effects", source=m.source, controller=m.controller, effects=m.value[0],
                                 label=f"{m.value[1]} (at the end of the battle)", cites=ctx.cites("battle.end"),
                                 timing="battle_end", selections=m.value[2]) for m in later])
        waiting.trigger(ctx, "battle_end", battle=b)


def finish(ctx: Ctx) -> None:
    b = ctx.state.battle
    from judge.engine.bs.flow.durations import expire

    expire(ctx, (Duration.BATTLE,))
    players = dict(ctx.state.players)
    for name, p in players.items():
        if any(fc.linked_to for fc in p.field):
            players[name] = replace(p, field=tuple(replace(fc, linked_to=None) for fc in p.field))
            ctx.log("The link ends with the battle", "kw.link_leaves")
    ctx.set(players=players, battle=None)
    ends = [m for m in ctx.state.mods if m.kind == END_ATTACK_STEP]
    if ends:       # an effect ended the attack step: it ends now, as if its end were declared (6-7-3-2)
        ctx.set(mods=tuple(m for m in ctx.state.mods if m.kind != END_ATTACK_STEP))
        ctx.log(f"The battle of {b.attacker} is over; by {name_of(ctx.state, ends[0].source)}'s effect the attack "
                "step ends, and no further attack is declared", "turn.attack_end")
        from judge.engine.bs.flow.turn import end_step

        end_step(ctx, A.EndStep(player=ctx.state.turn_player))
        return
    ctx.log(f"The battle of {b.attacker} is over; {ctx.state.turn_player} may act again", "battle.next")


def drive(ctx: Ctx, order: tuple[str, ...] = ()) -> None:
    """Resolve waiting effects and carry the battle on until a player must decide."""
    for _ in range(10_000):
        priority.run_work(ctx, order)
        order = ()
        management.checkpoint(ctx)
        if ctx.state.winner is not None:
            return  # the game is over: nothing waiting resolves (9-2-1 / 1-3-7)
        if ctx.state.work:
            continue
        b = ctx.state.battle
        if b is None:
            return
        if b.window == "resolution":
            before, n_steps = ctx.state, len(ctx.steps)
            try:
                resolve_battle(ctx)
            except Need:  # a substitution needs a decision: resolve the battle again once it is given
                ctx.state = before
                del ctx.steps[n_steps:]
                raise
        elif b.window == "end":
            end_battle(ctx)
        elif b.window == "closing":
            finish(ctx)
            management.checkpoint(ctx)      # effects that lasted the battle have ended (7-1-6-2)
            if ctx.state.work:
                continue
            return
        else:
            return
    raise ctx.refuse("the resolution does not end (an infinite loop: decide it by 12-1)", "battle.order")


def settle(ctx: Ctx) -> None:
    """After the last action: open flash windows are passed; stop at a block declaration."""
    while ctx.state.battle is not None and ctx.state.winner is None and not ctx.state.work:
        b = ctx.state.battle
        if b.window in WINDOW_CONCEPT:
            close_open_windows(ctx, for_what="anything else happens (no more actions)")
            drive(ctx)
            continue
        if b.window == "block":
            ctx.log(f"Waiting for {ctx.state.opponent(ctx.state.turn_player)} to declare a block or no block",
                    "battle.block")
        return


__all__ = ["after_flash", "attack", "block", "close_open_windows", "drive", "no_block", "pass_", "settle",
           "take_priority"]
