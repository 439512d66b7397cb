"""Effect AST nodes (`judge.text.ast`) carried out on the board: a registry keyed by node class.

`EFFECTS` has one entry per node kind the engine performs (its handler and the concepts it cites);
a node with no entry, or one whose typed fields do not say enough, is logged as "not modelled:
… — resolve by hand" and never guessed. The engine reads typed fields only, never card text.
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.bs import conditions, continuous, cores, derive, management, select, subjects
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.state import Orientation, Work, with_player
from judge.engine.kernel.registry import Registry
from judge.text import ast

EFFECTS: Registry[type] = Registry("Battle Spirits effects")
effect = EFFECTS.register


def run(ctx: Ctx, item: Work) -> None:
    """Resolve the effects of one waiting item in written order (1-3-7)."""
    from judge.engine.bs.effect_scope import narrow

    ctx.item = item
    apply_all(ctx, narrow(item.effects), item)


def apply_all(ctx: Ctx, effects: tuple[ast.Effect, ...], item: Work) -> None:
    """Effects in written order; a cost written alone ("pay X to select Y.") pays for the next one
    (8-4); destructions over several selections of one directive happen together (10-1-3)."""
    i = 0
    while i < len(effects):
        eff = effects[i]
        if isinstance(eff, ast.Sequence) and eff.connector == "to" and len(eff.effects) == 1 and i + 1 < len(effects):
            from judge.engine.bs.costs import pay_to

            pay_to(ctx, eff.effects, effects[i + 1:i + 2], item)
            i += 2
            continue
        n = _one_destruction(effects, i)
        if n > 1:
            _destroy_together(ctx, effects[i:i + n], item)
        else:
            apply(ctx, eff, item)
        i += max(n, 1)


def _one_destruction(effs: tuple, i: int) -> int:
    """How many Destroy nodes from `i` are one directive over several selections ("select X. Then,
    select Y. Destroy both."): the grammar gives each selection its node, all from the same words."""
    first = effs[i]
    if not isinstance(first, ast.Destroy) or first.span is None:
        return 1
    n = 1
    while i + n < len(effs) and isinstance(effs[i + n], ast.Destroy) and effs[i + n].span == first.span:
        n += 1
    return n


def _destroy_together(ctx: Ctx, group: tuple, item: Work) -> None:
    """Every selection is made first, then the cards are destroyed at the same time (10-1-3)."""
    from judge.engine.bs import no_trigger

    ids = [cid for eff in group for cid in
           subjects.targets(ctx, eff.target, item)]
    if ids:
        ctx.log(f"{item.label}: {', '.join(ids)} are destroyed at the same time", "do.destroy")
        with no_trigger.by_this_effect(ctx, item):
            management.destroy(ctx, ids, cause="effect", by=item.controller, effect=True, source=item.source)


def apply(ctx: Ctx, eff: ast.Effect, item: Work) -> None:
    entry = EFFECTS.get(type(eff))
    if entry is None:
        ctx.unmodelled(f"{item.label}: a {ast.kind_of(eff).replace('_', ' ')} effect")
        return
    entry.handler(ctx, eff, item)


def executable(node: object) -> bool:
    """Whether the engine has an entry for an effect node (coverage asks this)."""
    return type(node) in EFFECTS


@effect(ast.Destroy, concepts=("do.destroy", "do.destruction_effect"))
def _destroy(ctx: Ctx, eff: ast.Destroy, item: Work) -> None:
    from judge.engine.bs import no_trigger

    ids = subjects.targets(ctx, eff.target, item)
    if ids:
        with no_trigger.by_this_effect(ctx, item):
            management.destroy(ctx, ids, cause="effect", by=item.controller, effect=True, source=item.source)


@effect(ast.Draw, concepts=("do.draw",))
def _draw(ctx: Ctx, eff: ast.Draw, item: Work) -> None:
    from judge.engine.bs.draws import record

    for who in select.whose(item.controller, eff.player, ctx.state):
        before = len(ctx.state.players[who].hand)
        draw(ctx, who, eff.count)
        record(ctx, who, len(ctx.state.players[who].hand) - before)


def draw(ctx: Ctx, who: str, n: int, *concepts: str) -> None:
    """Draw n cards one at a time (4-5-3); an empty deck stops the drawing (1-3-2)."""
    p = ctx.state.players[who]
    k = min(n, len(p.deck))
    ctx.state = with_player(ctx.state, replace(p, hand=p.hand + p.deck[:k], deck=p.deck[k:]))
    extra = "" if k == n else f" (only {k}: the deck is empty)"
    ctx.log(f"{who} draws {k} card(s){extra}", *(concepts or ("do.draw",)),
            *(() if k == n else ("rules.impossible",)))


@effect(ast.Discard, concepts=("do.discard",))
def _discard(ctx: Ctx, eff: ast.Discard, item: Work) -> None:
    for who in select.whose(item.controller, eff.player, ctx.state):
        p = ctx.state.players[who]
        if eff.target is not None and (eff.target.self_ref or eff.target.zone == "revealed") and ctx.revealed:
            # "discard it": the revealed card
            from judge.engine.bs import zones

            for cid in list(ctx.revealed):
                zones.place(ctx, cid, "trash")
                ctx.revealed.remove(cid)
            ctx.log(f"{who} discards the revealed card(s)", "do.discard")
            continue
        if eff.target is not None and eff.target.zone in ("deck", "deck_top"):
            k = min(eff.count, len(p.deck))
            ctx.state = with_player(ctx.state, replace(p, deck=p.deck[k:], trash=p.trash + p.deck[:k]))
            ctx.discarded += list(p.deck[:k])
            shown = ", ".join(name_of(ctx.state, c) for c in p.deck[:k])
            ctx.log(f"{who} discards {k} card(s) from the top of the deck{': ' + shown if shown else ''}",
                    "do.discard", *(() if k == eff.count else ("rules.impossible",)))
            continue
        cards = _discarded(ctx, eff, item, who)
        if cards is None:
            return
        p = ctx.state.players[who]
        ctx.state = with_player(ctx.state, replace(p, hand=tuple(c for c in p.hand if c not in cards),
                                                   trash=p.trash + tuple(cards)))
        ctx.discarded += cards
        ctx.log(f"{who} discards {', '.join(cards) or 'nothing'}", "do.discard")


def _discarded(ctx: Ctx, eff: ast.Discard, item: Work, who: str) -> list[str] | None:
    """Which cards of the hand are discarded: all when no choice is left, else the discarder's choice
    (of that many, or any number when the text says so), among the cards the text allows."""
    from judge.engine.bs.costs import waiting

    gone = waiting(ctx.state, item)          # a magic card being used is not among the hand's cards (10-8-7)
    p = ctx.state.players[who]
    sel = eff.target
    hand = [c for c in p.hand if c not in gone]
    cands = hand if sel is None else [c for c in hand if select.matches(
        ctx.state, c, replace(sel, zone=None, up_to=False, count=1), item.source)]
    any_number = sel is not None and sel.up_to and not eff.count
    n = eff.count
    if eff.per is not None:
        k = cores.per_count(ctx, eff.per, item)
        if k < 0:
            ctx.unmodelled(f"{item.label}: counting what \"for each\" refers to")
            return None
        n *= k
    if not any_number and len(cands) <= n:
        return cands
    what = "any number of cards" if any_number else f"{n} card(s)"
    answer = ctx.ask(f"{who} chooses {what} to discard from: {', '.join(cands)}", "do.discard", player=who,
                     options=cands, kind="discard")
    cards = [str(a) for a in (answer if isinstance(answer, list | tuple) else [answer])]
    if any(c not in cands for c in cards) or len(set(cards)) != len(cards) or (not any_number and len(cards) != n):
        raise ctx.refuse(f"{who} must discard {what} from: {', '.join(cands)}", "do.discard")
    return cards


def orient(ctx: Ctx, cid: str, to: str, why: str = "") -> None:
    """Exhaust / refresh / heavy-exhaust one field card (already so: nothing happens, 1-3-2-1)."""
    fc = ctx.state.field_card(cid)
    if fc is None:
        return
    target = {"exhausted": Orientation.EXHAUSTED, "refreshed": Orientation.REFRESHED,
              "heavy_exhausted": Orientation.HEAVY_EXHAUSTED}[to]
    if to == "refreshed" and fc.orientation == Orientation.HEAVY_EXHAUSTED:
        target = Orientation.EXHAUSTED
        management.set_orientation(ctx, fc, target)
        ctx.log(f"{name_of(ctx.state, cid)} is heavy exhausted: refreshing it makes it exhausted{why}",
                "do.refresh_heavy")
        return
    if fc.orientation == target:
        ctx.log(f"{name_of(ctx.state, cid)} is already {to.replace('_', ' ')}: nothing happens", "rules.already")
        return
    if to == "exhausted" and fc.orientation == Orientation.HEAVY_EXHAUSTED:
        ctx.log(f"{name_of(ctx.state, cid)} is heavy exhausted; it stays so", "rules.already")
        return
    management.set_orientation(ctx, fc, target)
    concept = {"exhausted": "do.exhaust", "refreshed": "do.refresh", "heavy_exhausted": "do.heavy_exhaust"}[to]
    ctx.log(f"{name_of(ctx.state, cid)} is {to.replace('_', ' ')}{why}", concept)


@effect(ast.SetState, concepts=("do.exhaust", "do.refresh"))
def _set_state(ctx: Ctx, eff: ast.SetState, item: Work) -> None:
    if eff.state not in ("exhausted", "refreshed", "heavy_exhausted"):
        ctx.log(f"{item.label}: state {eff.state!r} does not exist in Battle Spirits; nothing happens",
                "rules.impossible")
        return
    for cid in subjects.targets(ctx, eff.target, item):
        orient(ctx, cid, eff.state)


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


@effect(ast.Attack, concepts=("battle.attack_spirit",))
def _attack_spirit(ctx: Ctx, eff: ast.Effect, item: Work) -> None:
    """"Attack that spirit" (10-10-1): the selected spirit immediately blocks; no pre-block window."""
    from judge.engine.bs import keywords, triggers

    b = ctx.state.battle
    # the attacker is the effect's own spirit, or the spirit whose attack an effect watching it saw
    ours = b is not None and (b.attacker == item.source or (
        isinstance(item.param, list | tuple) and b.attacker in item.param))
    if b is None or not ours or b.blocker is not None:
        ctx.log(f"{item.label}: its spirit is not attacking unblocked now; nothing happens", "rules.impossible")
        return
    ids = select.choose(ctx, eff.target, controller=item.controller, source=item.source, label=item.label,
                        concept="battle.attack_spirit")
    if not ids:
        return
    target = ids[0]
    if continuous.cannot(ctx.state, target, "block"):
        ctx.log(f"{name_of(ctx.state, target)} cannot block: the block does not happen and the battle goes on",
                "rules.cannot_wins", "battle.attack_spirit")
        return
    defender = ctx.state.controller(target) or ctx.state.opponent(item.controller)
    fc = ctx.state.field_card(target)
    if fc is not None and fc.orientation == Orientation.REFRESHED:
        management.set_orientation(ctx, fc, Orientation.EXHAUSTED)
    ctx.set(battle=replace(ctx.state.battle, blocker=target, window="flash_post", priority=defender, passes=0))
    ctx.log(f"{name_of(ctx.state, b.attacker)} attacks {name_of(ctx.state, target)}: it blocks at once (even if "
            "exhausted); the flash window before blocking is skipped", "battle.attack_spirit")
    triggers.fire(ctx, "blocks", target)
    from judge.engine.bs.watch import watch

    watch(ctx, "when_blocks", [target])
    watch(ctx, "when_blocked", [b.attacker])
    keywords.trigger(ctx, "blocked", attacker=b.attacker, blocker=target)


@effect(ast.SetStat, concepts=("bp.set", "effect.duration"))
def _set_stat(ctx: Ctx, eff: ast.Effect, item: Work) -> None:
    """"Its BP becomes N" (8-8-1-3-4: a value assigned, before additions); "count its symbol as two
    red symbols" (the symbols it has)."""
    if eff.stat == "cost":
        from judge.engine.bs.symbols import set_cost

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


@effect(ast.Move, concepts=("do.return", "area.owner"))
def _move(ctx: Ctx, eff: ast.Move, item: Work) -> None:
    from judge.engine.bs import subjects, zones

    if subjects.names_subjects(eff.target, item):    # "return it (the destroyed spirit) to your hand"
        if eff.dest not in zones.DESTS:
            ctx.unmodelled(f"{item.label}: moving a card to {eff.dest}")
            return
        for cid in subjects.subjects(ctx, eff.target, item):
            zones.place(ctx, cid, eff.dest)
        return
    if eff.target.zone not in (None, "field") or (eff.target.self_ref and ctx.revealed):
        if eff.target.self_ref:     # "put it into your hand": the card just revealed
            eff = replace(eff, target=replace(eff.target, self_ref=False, zone="revealed", count=None))
        zones.move_from_pile(ctx, eff, item)
        return
    ids = subjects.targets(ctx, eff.target, item)
    for cid in ids:
        dest = {"deck_top": "deck_top", "deck_bottom": "deck_bottom", "hand": "hand", "removed": "removed",
                "trash": "trash"}.get(eff.dest)
        if dest is None:
            ctx.unmodelled(f"{item.label}: moving a card to {eff.dest}")
            continue
        if ctx.profile.pending_state and dest in ("hand", "deck_top", "deck_bottom"):
            ctx.log(f"{name_of(ctx.state, cid)} enters the pending state to return to the {dest.split('_')[0]}",
                    "do.return")
        management.leave_field(ctx, cid, dest)


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
    from judge.engine.bs import effect_scope, no_trigger

    if no_trigger.applied_with(ctx, eff, item) or effect_scope.applied(ctx, eff, item):
        return
    if no_trigger.is_bar(eff):      # read from constant abilities on the field (no_trigger.py), not resolved
        ctx.unmodelled(f"{item.label}: stopping \"When Destroyed\" effects for a duration")
        return
    if eff.target is None:
        from judge.engine.bs import life

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


@effect(ast.MoveCores, concepts=("core.which",))
def _move_cores(ctx: Ctx, eff: ast.MoveCores, item: Work) -> None:
    cores.move_cores(ctx, eff, item)


@effect(ast.Damage, concepts=("battle.damage",))
def _damage(ctx: Ctx, eff: ast.Damage, item: Work) -> None:
    if eff.target is not None:
        ctx.unmodelled(f"{item.label}: damage to a card")
        return
    who = ctx.state.opponent(item.controller) if eff.player in (None, ast.Player.OPPONENT) else item.controller
    got = cores.reduce_life(ctx, who, eff.amount, source=item.source)
    ctx.log(f"{who}'s life is reduced by {got} (cores go to {who}'s reserve)", "core.which")


@effect(ast.Conditional, concepts=("effect.if",))
def _conditional(ctx: Ctx, eff: ast.Conditional, item: Work) -> None:
    """"If …": decided from the board (never asked); "for each …" repeats; a substitution ("instead")
    is applied where the event it replaces happens, not here."""
    cond = eff.condition
    if eff.instead or cond.kind in ("substitution", "would"):
        from judge.engine.bs.selections import arm

        if arm(ctx, eff, item):          # "… would select …, you select it instead" (8-9-1)
            return
        ctx.unmodelled(f"{item.label}: a substitution effect outside the event it replaces")
        return
    from judge.engine.bs.watch import is_event

    if is_event(cond, "battle_end"):
        _at_battle_end(ctx, eff, item)
        return
    if is_event(cond, "turn_end") and eff.effects and not eff.instead:
        from judge.engine.bs.delayed_end import defer

        defer(ctx, eff, item)
        return
    if cond.kind == "for_each":
        n = conditions.count(ctx, cond.selector, item) if cond.selector is not None else -1
        if n < 0:
            ctx.unmodelled(f"{item.label}: counting what \"for each\" refers to")
            return
        ctx.log(f"{item.label}: for each of {n}, the effect is performed", "rules.text_order")
        for _ in range(n):
            for e in eff.effects:
                apply(ctx, e, item)
        return
    from judge.engine.bs import delayed

    if delayed.applies(cond):          # "if it attacks or blocks during this turn, …": it waits for that
        delayed.watch_this_turn(ctx, eff, item)
        return
    from judge.engine.bs import delayed_when

    if delayed_when.applies(eff):      # "during this turn, when <event>, …": a trigger left waiting
        delayed_when.arm(ctx, eff, item)
        return
    holds = conditions.holds(ctx, cond, item)
    if holds is None:
        ctx.unmodelled(f"{item.label}: deciding a {cond.kind.replace('_', ' ')} condition")
        return
    concept = "kw.chain" if cond.kind == "chain" else "effect.if"
    ctx.log(f"{item.label}: the condition ({conditions.describe(cond)}) {'holds' if holds else 'does not hold'}",
            concept)
    for e in (eff.effects if holds else eff.otherwise):
        apply(ctx, e, item)


def _at_battle_end(ctx: Ctx, eff: ast.Conditional, item: Work) -> None:
    """"At the end of this battle, …" written in a resolving effect: it waits for the battle's end
    (7-1-6-1) and then activates; with no battle it never does."""
    if ctx.state.battle is None:
        ctx.log(f"{item.label}: no battle is under way, so the part for its end never happens", "rules.impossible")
        return
    management.add_mod(ctx, target=item.source, kind="delayed", value=(eff.effects, item.label),
                       duration=ast.Duration.BATTLE, source=item.source, controller=item.controller)
    ctx.log(f"{item.label}: the rest waits for the end of this battle", "battle.end")


@effect(ast.Modal, concepts=("rules.text_order",))
def _modal(ctx: Ctx, eff: ast.Modal, item: Work) -> None:
    """"Choose one of the following" (N of M): the effect's controller picks which, by number (1 = first)."""
    n = len(eff.options)
    numbers = [str(i) for i in range(1, n + 1)]
    if eff.count >= n and not eff.up_to:
        picked = numbers
    else:
        answer = ctx.ask(f"{item.controller} chooses {'up to ' if eff.up_to else ''}{eff.count} of the {n} options of "
                         f"{item.label} (by number: {', '.join(numbers)})", "rules.text_order",
                         player=item.controller, options=numbers, kind="mode")
        picked = [str(a) for a in (answer if isinstance(answer, list | tuple) else [answer])]
        if any(p not in numbers for p in picked) or len(set(picked)) != len(picked) or len(picked) > eff.count \
                or (not eff.up_to and len(picked) < eff.count):
            raise ctx.refuse(f"{answer!r} is not {eff.count} of the options {', '.join(numbers)}", "rules.text_order")
    for p in sorted(picked, key=int):
        ctx.log(f"{item.label}: option {p} is carried out", "rules.text_order")
        for e in eff.options[int(p) - 1]:
            apply(ctx, e, item)


@effect(ast.Sequence, concepts=("rules.text_order", "effect.then"))
def _sequence(ctx: Ctx, eff: ast.Sequence, item: Work) -> None:
    """Effects in written order; after "Then," the rest happens even if the first part could not;
    "X to Y": X is a cost paying for Y (8-4, costs.py)."""
    if eff.connector == "to":
        from judge.engine.bs.costs import pay_to

        pay_to(ctx, eff.effects[:1], eff.effects[1:], item)
        return
    for i, e in enumerate(eff.effects):
        if i and eff.connector == "then":
            management.checkpoint(ctx)      # what the first part did is settled before "then" (4-7-2)
            ctx.log(f"{item.label}: then, the next part resolves", "effect.then")
        apply(ctx, e, item)


def _may(ctx: Ctx, item: Work) -> bool:
    """The "you may" decision. An answer that is not yes / no but the choice the optional part asks
    first (its targets, an amount) means yes and is kept for that choice; an empty list means no."""
    from judge.engine.kernel.values import yes_no

    if ctx.has_answer("may"):
        nxt = ctx.peek_answer("may")
        if yes_no(nxt) is None:
            declined = isinstance(nxt, list | tuple) and not nxt
            if declined:
                ctx.take_answer("may")
            ctx.log(f"{item.controller} {'declines' if declined else 'uses'} the optional part of {item.label} "
                    f"(answered by {'no selection' if declined else 'its first choice'})", "effect.may")
            return not declined
    return ctx.ask_yes_no(f"{item.controller}: use the optional part of {item.label}?", "effect.may",
                          player=item.controller)


@effect(ast.Optional, concepts=("effect.may",))
def _optional(ctx: Ctx, eff: ast.Optional, item: Work) -> None:
    """"You may …": the effect's controller decides (8-1-8); a cost written in it is paid first."""
    if eff.player is not None and eff.player != ast.Player.YOU:
        ctx.unmodelled(f"{item.label}: an optional part the opponent decides")
        return
    if eff.cost is None and eff.effects and all(select.nothing_to_select(ctx, e, item) for e in eff.effects):
        ctx.log(f"{item.label}: nothing can be selected, so the optional part cannot be performed and no "
                "choice is offered", "effect.select_none", "effect.may")
        ctx.did = False
        return
    yes = _may(ctx, item)
    if not yes:
        ctx.log(f"{item.controller} chooses not to: that part is not performed", "effect.may")
        ctx.did = False
        return
    ctx.log(f"{item.controller} chooses to", "effect.may")
    if eff.cost is not None:
        ctx.log(f"{item.controller} pays the cost written in {item.label}, resolving what it says", "effect.pay")
    for e in (eff.cost.effects if eff.cost is not None else ()):
        apply(ctx, e, item)
    for e in eff.effects:
        apply(ctx, e, item)
    ctx.did = True




from judge.engine.bs import costs as _costs  # noqa: E402,F401  (registers free use as a constant effect)
from judge.engine.bs import draws as _draws  # noqa: E402,F401  (registers "draw N additional" as a constant effect)
from judge.engine.bs import selections as _selections  # noqa: E402,F401  (registers "Select X." as a step)
from judge.engine.bs import steps as _steps  # noqa: E402,F401  (registers extra steps as a constant effect)
from judge.engine.bs import unless_paid as _unless_paid  # noqa: E402,F401  (registers "unless they pay …")
from judge.engine.bs import zones as _zones  # noqa: E402,F401  (registers the effects on revealed / trashed cards)
