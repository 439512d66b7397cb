"""Interpreting effect AST nodes (`judge.text.ast`) on the board; never card text.

Covers destroy, draw, discard, exhaust / refresh, core movement, BP changes with durations,
return to hand / deck, gaining keywords, restrictions, "if", "then" and "you may". A node the
engine does not model is logged as such (the judge resolves it by hand), never guessed.
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.bs import derive, management, select
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.state import Orientation, State, Work, with_player
from judge.text import ast


def run(ctx: Ctx, item: Work) -> None:
    """Resolve the effects of one waiting item in written order (1-3-7)."""
    for eff in item.effects:
        apply(ctx, eff, item)


def _sel_label(item: Work) -> str:
    return item.label


def apply(ctx: Ctx, eff: ast.Effect, item: Work) -> None:
    handler = HANDLERS.get(type(eff))
    if handler is None:
        ctx.log(f"{item.label}: the engine does not model a {ast.kind_of(eff).replace('_', ' ')} effect; "
                "resolve it by hand", "rules.text_order")
        return
    handler(ctx, eff, item)


def _destroy(ctx: Ctx, eff: ast.Destroy, item: Work) -> None:
    ids = select.choose(ctx, eff.target, controller=item.controller, source=item.source, label=item.label)
    if ids:
        management.destroy(ctx, ids, cause="effect", by=item.controller, effect=True, source=item.source)


def _draw(ctx: Ctx, eff: ast.Draw, item: Work) -> None:
    for who in select.whose(item.controller, eff.player, ctx.state):
        draw(ctx, who, eff.count)


def draw(ctx: Ctx, who: str, n: int, *concepts: str) -> None:
    """Draw n cards one at a time (4-5-3); an empty deck stops the drawing (1-3-2)."""
    p = ctx.state.players[who]
    k = min(n, len(p.deck))
    ctx.state = with_player(ctx.state, replace(p, hand=p.hand + p.deck[:k], deck=p.deck[k:]))
    extra = "" if k == n else f" (only {k}: the deck is empty)"
    ctx.log(f"{who} draws {k} card(s){extra}", *(concepts or ("do.draw",)),
            *(() if k == n else ("rules.impossible",)))


def _discard(ctx: Ctx, eff: ast.Discard, item: Work) -> None:
    for who in select.whose(item.controller, eff.player, ctx.state):
        p = ctx.state.players[who]
        if eff.target is not None and eff.target.zone == "deck":
            k = min(eff.count, len(p.deck))
            ctx.state = with_player(ctx.state, replace(p, deck=p.deck[k:], trash=p.trash + p.deck[:k]))
            ctx.log(f"{who} discards {k} card(s) from the top of the deck", "do.discard")
            continue
        if len(p.hand) <= eff.count:
            cards = list(p.hand)
        else:
            answer = ctx.answer()
            if answer is None:
                raise ctx.need(f"{who} chooses {eff.count} card(s) to discard from: {', '.join(p.hand)}",
                               "do.discard", player=who, options=p.hand)
            cards = [str(a) for a in (answer if isinstance(answer, list | tuple) else [answer])]
            if len(cards) != eff.count or any(c not in p.hand for c in cards):
                raise ctx.refuse(f"{who} must discard {eff.count} card(s) from the hand", "do.discard")
        ctx.state = with_player(ctx.state, replace(p, hand=tuple(c for c in p.hand if c not in cards),
                                                   trash=p.trash + tuple(cards)))
        ctx.log(f"{who} discards {', '.join(cards) or 'nothing'}", "do.discard")


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


def _set_state(ctx: Ctx, eff: ast.SetState, item: Work) -> None:
    if eff.state not in ("exhausted", "refreshed", "heavy_exhausted"):
        ctx.log(f"{item.label}: state {eff.state!r} does not exist in Battle Spirits; nothing happens",
                "rules.impossible")
        return
    for cid in select.choose(ctx, eff.target, controller=item.controller, source=item.source, label=item.label):
        orient(ctx, cid, eff.state)


def _modify(ctx: Ctx, eff: ast.ModifyStat, item: Work) -> None:
    ids = select.choose(ctx, eff.target, controller=item.controller, source=item.source, label=item.label)
    kind = {"bp": "bp_add", "level": "level_set", "symbols": "symbol_add"}.get(eff.stat)
    if kind is None:
        ctx.log(f"{item.label}: changing {eff.stat} is not modelled; resolve it by hand", "rules.text_order")
        return
    for cid in ids:
        value = eff.amount if kind != "symbol_add" else tuple(derive.symbols(ctx.state, cid)[:1] or ("any",))
        management.add_mod(ctx, target=cid, kind=kind, value=value, duration=eff.duration, source=item.source,
                           controller=item.controller)
        what = f"{eff.amount:+d} BP" if kind == "bp_add" else f"{eff.stat} {eff.amount}"
        ctx.log(f"{name_of(ctx.state, cid)} gets {what} ({eff.duration.value}); BP now "
                f"{derive.bp(ctx.state, cid).value}", "bp.add" if kind == "bp_add" else "bp.level",
                "effect.duration")


def _set_level(ctx: Ctx, eff: ast.Effect, item: Work) -> None:
    ids = select.choose(ctx, eff.target, controller=item.controller, source=item.source, label=item.label)
    for cid in ids:
        d = ctx.state.card_def(cid)
        lv = eff.level if eff.level is not None else max((lv for lv, _, _ in d.levels), default=1)
        management.add_mod(ctx, target=cid, kind="level_set", value=lv, duration=eff.duration,
                           source=item.source, controller=item.controller)
        ctx.log(f"{name_of(ctx.state, cid)} is treated as LV{lv} ({eff.duration.value}); BP now "
                f"{derive.bp(ctx.state, cid).value}", "bp.level", "effect.duration")


def _attack_spirit(ctx: Ctx, eff: ast.Effect, item: Work) -> None:
    """"Attack that spirit" (10-10-1): the selected spirit immediately blocks; no pre-block window."""
    from judge.engine.bs import keywords, triggers

    b = ctx.state.battle
    if b is None or b.attacker != item.source or b.blocker is not None:
        ctx.log(f"{item.label}: its spirit is not attacking unblocked now; nothing happens", "rules.impossible")
        return
    ids = select.choose(ctx, eff.target, controller=item.controller, source=item.source, label=item.label,
                        concept="battle.attack_spirit")
    if not ids:
        return
    target = ids[0]
    if any(m.target == target and m.kind == "cannot" and m.value == "block" for m in ctx.state.mods):
        ctx.log(f"{name_of(ctx.state, target)} cannot block: the block does not happen and the battle goes on",
                "rules.cannot_wins", "battle.attack_spirit")
        return
    defender = ctx.state.controller(target) or ctx.state.opponent(item.controller)
    fc = ctx.state.field_card(target)
    if fc is not None and fc.orientation == Orientation.REFRESHED:
        management.set_orientation(ctx, fc, Orientation.EXHAUSTED)
    ctx.set(battle=replace(ctx.state.battle, blocker=target, window="flash_post", priority=defender, passes=0))
    ctx.log(f"{name_of(ctx.state, item.source)} attacks {name_of(ctx.state, target)}: it blocks at once (even if "
            "exhausted); the flash window before blocking is skipped", "battle.attack_spirit")
    triggers.fire(ctx, "blocks", target)
    keywords.on_block(ctx, item.source, target)


def _set_stat(ctx: Ctx, eff: ast.Effect, item: Work) -> None:
    """"Its BP becomes N" (8-8-1-3-4: a value assigned, before additions); cost changes are noted."""
    ids = select.choose(ctx, eff.target, controller=item.controller, source=item.source, label=item.label)
    for cid in ids:
        if eff.stat != "bp":
            ctx.log(f"{item.label}: treating {cid}'s {eff.stat} as {eff.value} is not modelled; resolve it by hand",
                    "rules.text_order")
            continue
        management.add_mod(ctx, target=cid, kind="bp_set", value=eff.value,
                           duration=getattr(eff, "duration", ast.Duration.TURN), source=item.source,
                           controller=item.controller)
        ctx.log(f"{name_of(ctx.state, cid)}'s BP is set to {eff.value}; BP now {derive.bp(ctx.state, cid).value}",
                "bp.set", "effect.duration")


def _move(ctx: Ctx, eff: ast.Move, item: Work) -> None:
    ids = select.choose(ctx, eff.target, controller=item.controller, source=item.source, label=item.label)
    for cid in ids:
        dest = {"deck_top": "deck_top", "deck_bottom": "deck_bottom", "hand": "hand", "removed": "removed",
                "trash": "trash"}.get(eff.dest)
        if dest is None:
            ctx.log(f"{item.label}: moving a card to {eff.dest} is not modelled", "rules.text_order")
            continue
        if ctx.game == "bs" and dest in ("hand", "deck_top", "deck_bottom"):
            ctx.log(f"{name_of(ctx.state, cid)} enters the pending state to return to the {dest.split('_')[0]}",
                    "do.return")
        management.leave_field(ctx, cid, dest)


def _gain(ctx: Ctx, eff: ast.Gain, item: Work) -> None:
    ids = select.choose(ctx, eff.target, controller=item.controller, source=item.source, label=item.label)
    for cid in ids:
        if eff.keyword is None:
            ctx.log(f"{name_of(ctx.state, cid)} gains an ability (not modelled beyond this note)",
                    "effect.duration")
            continue
        management.add_mod(ctx, target=cid, kind="keyword", value=eff.keyword, duration=eff.duration,
                           source=item.source, controller=item.controller)
        params = f": {', '.join(eff.keyword.params)}" if eff.keyword.params else ""
        ctx.log(f"{name_of(ctx.state, cid)} gains 【{eff.keyword.name}{params}】 ({eff.duration.value})",
                "effect.duration", "kw.generic")


def _restrict(ctx: Ctx, eff: ast.Restriction, item: Work) -> None:
    if eff.target is None:
        ctx.log(f"{item.label}: a player restriction ({eff.mode} {eff.action}) is noted", "rules.cannot_wins")
        return
    ids = select.choose(ctx, eff.target, controller=item.controller, source=item.source, label=item.label)
    for cid in ids:
        management.add_mod(ctx, target=cid, kind=eff.mode, value=eff.action, duration=eff.duration,
                           source=item.source, controller=item.controller)
        ctx.log(f"{name_of(ctx.state, cid)} {eff.mode} {eff.action.replace('_', ' ')} ({eff.duration.value})",
                "rules.cannot_wins", "effect.duration")


def _core_count(state: State, who: str, area: str) -> int:
    p = state.players[who]
    return {"reserve": p.reserve, "life": p.life, "trash": p.trash_cores}.get(area, 10**6)


def _take(ctx: Ctx, who: str, area: str, n: int, cid: str | None) -> int:
    """Remove up to n cores from an area (void: unlimited); returns how many were taken."""
    state = ctx.state
    if area == "void":
        ctx.set(void_out=state.void_out + n)
        return n
    if area in ("spirit", "this"):
        fc = state.field_card(cid) if cid else None
        if fc is None:
            return 0
        k = min(n, fc.cores)
        from judge.engine.bs.state import with_field_card

        ctx.state = with_field_card(state, replace(fc, cores=fc.cores - k))
        ctx.core_cause.setdefault(fc.id, ("effect", who))
        return k
    p = state.players[who]
    k = min(n, _core_count(state, who, area))
    field = {"reserve": "reserve", "life": "life", "trash": "trash_cores"}[area]
    ctx.state = with_player(state, replace(p, **{field: getattr(p, field) - k}))
    return k


def _put(ctx: Ctx, who: str, area: str, n: int, cid: str | None) -> None:
    state = ctx.state
    if area == "void":
        ctx.set(void_out=state.void_out - n)
        return
    if area in ("spirit", "this"):
        fc = state.field_card(cid) if cid else None
        if fc is None:  # nowhere to place them: they stay where they were taken from (1-3-2)
            ctx.set(void_out=ctx.state.void_out - n)
            return
        from judge.engine.bs.state import with_field_card

        ctx.state = with_field_card(state, replace(fc, cores=fc.cores + n))
        return
    p = state.players[who]
    field = {"reserve": "reserve", "life": "life", "trash": "trash_cores"}[area]
    ctx.state = with_player(state, replace(p, **{field: getattr(p, field) + n}))


def _area(name: str) -> tuple[str, bool]:
    """("reserve"|"life"|"trash"|"void"|"spirit"|"this", opponent's?) from a MoveCores area name."""
    opp = name.startswith("opponent_") or name.startswith("opponents_")
    base = name.split("_", 1)[1] if opp else name
    return base, opp


def _move_cores(ctx: Ctx, eff: ast.MoveCores, item: Work) -> None:
    src, src_opp = _area(eff.source)
    dst, dst_opp = _area(eff.dest)
    me = item.controller
    mover = ctx.state.opponent(me) if eff.player == ast.Player.OPPONENT else me
    src_who = ctx.state.opponent(mover) if src_opp else mover
    dst_who = ctx.state.opponent(mover) if dst_opp else mover
    src_ids: list[str | None] = [None]
    if src == "this":
        src_ids = [item.source]
    elif src == "spirit":
        sel = eff.source_target or ast.Selector(count=1)
        src_ids = list(select.choose(ctx, sel, controller=me, source=item.source, label=item.label))
    dst_id: str | None = None
    if dst == "this":
        dst_id = item.source
    elif dst == "spirit":
        sel = eff.dest_target or ast.Selector(count=1, owner=ast.Player.YOU)
        picked = select.choose(ctx, sel, controller=me, source=item.source, label=item.label)
        dst_id = picked[0] if picked else None
    for sid in src_ids:
        if sid is not None:
            owner = ctx.state.controller(sid)
            src_who = owner or src_who
            if dst in ("reserve", "trash", "life"):
                dst_who = owner if not dst_opp else ctx.state.opponent(mover)
        want = eff.count if eff.count is not None else _count_all(ctx.state, src_who, src, sid)
        got = _take(ctx, src_who, src, want, sid)
        _put(ctx, dst_who, dst, got, dst_id)
        frm = f"{sid}" if sid else f"{src_who}'s {src}"
        to = f"{dst_id}" if dst_id else f"{dst_who}'s {dst}"
        short = "" if got == want else f" (only {got} could be moved)"
        ctx.log(f"{got} core(s) move from {frm} to {to}{short}", "rules.impossible" if short else "core.which",
                *(("area.life_unlimited",) if dst == "life" else ()))


def _count_all(state: State, who: str, area: str, cid: str | None) -> int:
    if area in ("spirit", "this"):
        fc = state.field_card(cid) if cid else None
        return fc.cores if fc else 0
    return _core_count(state, who, area) if area != "void" else 0


def _damage(ctx: Ctx, eff: ast.Damage, item: Work) -> None:
    who = ctx.state.opponent(item.controller) if eff.player in (None, ast.Player.OPPONENT) else item.controller
    got = _take(ctx, who, "life", eff.amount, None)
    _put(ctx, who, "reserve", got, None)
    ctx.log(f"{who}'s life is reduced by {got} (cores go to {who}'s reserve)", "core.which")


def _chain(ctx: Ctx, eff: ast.Conditional, item: Work) -> None:
    """【Chain: colour】 (11-15): the rest follows if you have a symbol of that colour on your field."""
    colors = set(eff.condition.selector.colors) if eff.condition.selector is not None else set()
    have = {c for s in derive.field_symbols(ctx.state, item.controller) for c in s.split("/")}
    holds = bool(colors & have)
    ctx.log(f"{item.label}: 【{eff.condition.text}】: {item.controller} {'has' if holds else 'has no'} "
            f"{'/'.join(sorted(colors))} symbol on the field; the chain effect "
            f"{'follows' if holds else 'does not activate'}", "kw.chain")
    for e in (eff.effects if holds else eff.otherwise):
        apply(ctx, e, item)


def _conditional(ctx: Ctx, eff: ast.Conditional, item: Work) -> None:
    if eff.condition.kind == "chain":
        _chain(ctx, eff, item)
        return
    holds = condition_holds(ctx, eff.condition, item)
    ctx.log(f"{item.label}: the condition \u201c{eff.condition.text}\u201d {'holds' if holds else 'does not hold'}",
            "effect.if")
    for e in (eff.effects if holds else eff.otherwise):
        apply(ctx, e, item)


def condition_holds(ctx: Ctx, cond: ast.Condition, item: Work) -> bool:
    """A structured condition evaluated on the board; an unstructured one is asked for (yes/no)."""
    if cond.selector is not None and cond.kind in ("count", "compare", "has_keyword", "zone_state"):
        cands, shielded = select.candidates(ctx, cond.selector, controller=item.controller, source=item.source)
        n = len(cands) + len(shielded)
        if cond.threshold is not None and cond.threshold.stat in ("count", "cards", "spirits"):
            return select.OPS[cond.threshold.op](n, cond.threshold.value)
        return n > 0
    answer = ctx.answer()
    if answer is None:
        raise ctx.need(f"does \u201c{cond.text}\u201d hold for {item.label}? (choose: yes / no)", "effect.if",
                       player=item.controller, options=("yes", "no"))
    return str(answer).lower() in ("yes", "true", "1")


def _sequence(ctx: Ctx, eff: ast.Sequence, item: Work) -> None:
    """Effects in written order; after "Then," the rest happens even if the first part could not."""
    for i, e in enumerate(eff.effects):
        if i and eff.connector == "then":
            ctx.log(f"{item.label}: then, the next part resolves", "effect.then")
        apply(ctx, e, item)


def _optional(ctx: Ctx, eff: ast.Optional, item: Work) -> None:
    answer = ctx.answer()
    if answer is None:
        raise ctx.need(f"{item.controller} decides whether to use the optional part of {item.label} "
                       "(choose: yes / no)", "effect.may", player=item.controller, options=("yes", "no"))
    if str(answer).lower() in ("no", "false", "0"):
        ctx.log(f"{item.controller} chooses not to: that part is not performed", "effect.may")
        return
    ctx.log(f"{item.controller} chooses to", "effect.may")
    for e in eff.effects:
        apply(ctx, e, item)


HANDLERS: dict[type, object] = {
    ast.Destroy: _destroy, ast.Draw: _draw, ast.Discard: _discard, ast.SetState: _set_state,
    ast.ModifyStat: _modify, ast.Move: _move, ast.Gain: _gain, ast.Restriction: _restrict,
    ast.MoveCores: _move_cores, ast.Damage: _damage, ast.Conditional: _conditional,
    ast.Sequence: _sequence, ast.Optional: _optional,
}
if hasattr(ast, "SetLevel"):
    HANDLERS[ast.SetLevel] = _set_level
if hasattr(ast, "SetStat"):
    HANDLERS[ast.SetStat] = _set_stat
if hasattr(ast, "Attack"):
    HANDLERS[ast.Attack] = _attack_spirit

__all__ = ["HANDLERS", "apply", "condition_holds", "draw", "orient", "run"]
