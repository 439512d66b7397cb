"""Gameplay management (Saga 9) / rule processing (Standard 10): destruction, leaving the field,
insufficient cores for LV1 (self-destruction; Depletion and the pending state in `bs`), BP zero or
less, and establishing a winner.
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.bs import derive, waiting
from judge.engine.bs.ctx import Ctx, add_mod, name_of
from judge.engine.bs.events.facts import last_known
from judge.engine.bs.state import FieldCard, State, with_player


def leave_field(ctx: Ctx, cid: str, dest: str) -> None:
    """Move a field card to trash / hand / deck_top / deck_bottom / removed; its cores go to the reserve."""
    state = ctx.state
    ctrl = state.controller(cid)
    if ctrl is None:
        return
    fc = state.players[ctrl].card(cid)
    assert fc is not None
    d = state.defs[fc.card]
    p = state.players[ctrl]
    soul_here = p.soul_core == cid
    p = replace(p, field=tuple(c for c in p.field if c.id != cid), reserve=p.reserve + fc.cores,
                soul_core="reserve" if soul_here else p.soul_core)
    state = with_player(state, p)
    owner = state.owners.get(cid, ctrl)
    o = state.players[owner]
    if d.token:
        dest = "removed"          # a token leaving the field is removed from the game (4-12-3)
    if dest == "trash":
        o = replace(o, trash=(*o.trash, cid))
    elif dest == "hand":
        o = replace(o, hand=(*o.hand, cid))
    elif dest == "deck_top":
        o = replace(o, deck=(cid, *o.deck))
    elif dest == "deck_bottom":
        o = replace(o, deck=(*o.deck, cid))
    elif dest == "removed":
        o = replace(o, removed=(*o.removed, cid))
    state = with_player(state, o)
    # a card that changes area is a new card (3-1-4): effects on it and links to it end
    mods = tuple(m for m in state.mods if m.target != cid)
    players = dict(state.players)
    for name, pl in players.items():
        if any(c.linked_to == cid for c in pl.field):
            players[name] = replace(pl, field=tuple(replace(c, linked_to=None) if c.linked_to == cid else c
                                                   for c in pl.field))
    ctx.state = replace(state, mods=mods, players=players)
    partners = [c.id for pl in state.players.values() for c in pl.field if c.linked_to == cid]
    if fc.linked_to is not None or partners:     # either side of a link leaving ends it (11-18-4)
        ends = ", ".join(f"{a} → {b}" for a, b in ([(cid, fc.linked_to)] if fc.linked_to else []) +
                         [(p, cid) for p in partners])
        ctx.log(f"{name_of(state, cid)} leaves the field: the link {ends} ends, and the BP and symbols it lent "
                "are gone", "kw.link_leaves")
    from judge.engine.bs.events.watch import placed

    placed(ctx, ctrl, "reserve", fc.cores)
    moved = f"{fc.cores} core(s)" + (" and the soul core" if soul_here else "")
    where = {"trash": "the trash", "hand": "the hand", "deck_top": "the top of the deck",
             "deck_bottom": "the bottom of the deck", "removed": "the removed area", "gone": "out of the game"}
    if d.token:
        ctx.log(f"{name_of(state, cid)} is a token: it leaves the game; {moved} go to {ctrl}'s reserve",
                "kw.token_leaves", "area.cores_to_reserve")
    else:
        ctx.log(f"{name_of(state, cid)} goes to {owner}'s {where[dest].removeprefix('the ')}; {moved} on it "
                f"go to {ctrl}'s reserve", "area.cores_to_reserve", "area.new_card")


def destroy(ctx: Ctx, ids: list[str], *, cause: str, by: str | None, effect: bool = False,
            source: str | None = None, destroyer: str | list[str] | None = None) -> list[str]:
    """Destroy field cards simultaneously (10-1-3): substitution, then triggers, then to the trash.

    cause: battle | effect | cores | bp | self. `effect` marks a destruction effect (10-14-1).
    Returns the ids actually destroyed.
    """
    from judge.engine.bs import keyword_registry as keywords
    from judge.engine.bs.events import triggers

    state = ctx.state
    ids = [c for c in dict.fromkeys(ids) if state.field_card(c) is not None]
    done: list[str] = []
    from judge.engine.bs import continuous

    for cid in ids:
        if effect and keywords.at_field_protects(ctx, cid, source, by):
            continue
        actor = source or (destroyer if isinstance(destroyer, str) else next(iter(destroyer or ()), None))
        if cause in ("effect", "battle", "bp", "cores") and continuous.cannot(
                ctx.state, cid, "be_destroyed", actor=actor, player=by, by_effect=cause != "battle",
                destruction_effect=effect):
            ctx.log(f"{name_of(ctx.state, cid)} cannot be destroyed (an effect): it stays on the field",
                    "rules.cannot_wins")
            continue
        if cause == "battle" and continuous.cannot(ctx.state, cid, "be_destroyed_in_battle"):
            ctx.log(f"{name_of(ctx.state, cid)} cannot be destroyed in battle (an effect): it loses the BP "
                    "comparison but stays on the field", "battle.bp_compare", "rules.cannot_wins")
            continue
        if cause not in ("self", "depleted") and substitute(ctx, cid, cause=cause, by=by):
            continue
        done.append(cid)
    if not done:
        return []
    lasts = {cid: last_known(ctx.state, cid) for cid in done}
    killers = [destroyer] if isinstance(destroyer, str) else list(destroyer or ())
    if effect and source is not None and not killers:
        killers = [source]
    killer_facts = {k: lasts.get(k) or last_known(ctx.state, k) for k in killers if ctx.state.card_def(k)}
    quiet = cause in ("self", "depleted")  # no destruction triggers (10-1-1-1; bs 5-11-2)
    pending = ctx.profile.pending_state
    for cid in done:
        lk = lasts[cid]
        if cause == "depleted":
            ctx.log(f"{name_of(ctx.state, cid)} is Depleted and enters the pending state: Depletion is not "
                    "destruction, so 'When Destroyed' effects do not activate", "manage.depletion",
                    "manage.pending")
        elif cause == "self":
            ctx.log(f"{name_of(ctx.state, cid)} is self-destroyed: effects that trigger on destruction do "
                    "not activate", "manage.self_destroy")
        elif pending:
            ctx.log(f"{name_of(ctx.state, cid)} is destroyed and enters the pending state (LV{lk['level']})",
                    "do.destroy", "manage.pending")
        elif effect:
            ctx.log(f"{name_of(ctx.state, cid)} is destroyed by a destruction effect", "do.destroy",
                    "do.destruction_effect")
        else:
            ctx.log(f"{name_of(ctx.state, cid)} is destroyed", "do.destroy")
    from judge.engine.bs.events.watch import together

    with together(ctx):          # the cores of cards destroyed together arrive as one event (10-1-3-4)
        for cid in done:
            leave_field(ctx, cid, "trash")
    ctx.set(destroyed_log=(*ctx.state.destroyed_log, *done))
    if not quiet:
        from judge.engine.bs.events import happened

        happened.record_destroyed(ctx, {cid: lasts[cid] for cid in done})   # "… has been destroyed this turn"
    ctx.destroyed.update({cid: lasts[cid] for cid in done})
    if done:
        ctx.acted = {cid: lasts[cid] for cid in done}
    if not quiet:
        with waiting.one_batch(ctx):         # all that the destruction sets off activates together (8-5-2-4)
            triggers.fire_destroyed(ctx, done, lasts, cause=cause, by=by)
            waiting.trigger(ctx, "destroyed", lasts=lasts)
            if killer_facts:
                from judge.engine.bs.events.watch import watchers
                from judge.engine.bs.waiting import push

                # the destroyer's facts carry what it destroyed, as it last was ("… the destroyed spirit's", 8-10-1)
                push(ctx, watchers(ctx, "when_destroys", {k: {**f, "victims": {c: lasts[c] for c in done}}
                                                          for k, f in killer_facts.items() if f}))
            _bursts(ctx, done, lasts, cause=cause, by=by)     # a burst is a triggered effect too (10-9-1)
    return done


def _bursts(ctx: Ctx, done: list[str], lasts: dict[str, dict], *, cause: str, by: str | None) -> None:
    """The "When Opponent Destroys Your Spirit" bursts of the players whose spirits the opponent (or a
    battle) destroyed, unless an effect bars what the destruction sets off (10-9-1, 10-15-1)."""
    from judge.engine.bs.events import triggers
    from judge.engine.bs.events.no_trigger import barred

    for victim in sorted({lasts[c].get("controller") for c in done if lasts[c].get("type") == "spirit"
                          and (cause == "battle" or (by and by != lasts[c].get("controller")))}):
        if barred(ctx, victim, {"controller": victim}) is None:
            triggers.fire_burst(ctx, victim, "spirit_destroyed")


def substitute(ctx: Ctx, cid: str, *, cause: str = "effect", by: str | None = None) -> bool:
    """Apply one substitution effect for a destruction, if one applies and is used (8-9): the
    substitution effects (effects/replace.py) register the form "substitute_destruction"."""
    from judge.engine.bs import dispatch

    return bool(dispatch.use("substitute_destruction", ctx, cid, cause, by))


def deplete_or_destroy(ctx: Ctx, ids: list[str]) -> None:
    """Insufficient cores for LV1 (9-3-2 / 3-2-5-4): the cards are destroyed together (by the effect
    that moved the cores, 9-3-2-1), or self-destroyed when their owner's acts did it (10-1-1-1)."""
    groups: dict[tuple[str, str], list[str]] = {}
    for cid in ids:
        cause, by = ctx.core_cause.get(cid, ("effect", ""))
        fc = ctx.state.field_card(cid)
        assert fc is not None
        n = derive.cores_on(ctx.state, fc)
        if ctx.profile.depletion:
            ctx.log(f"{name_of(ctx.state, cid)} has {n} core(s), fewer than its LV1 cost: it is Depleted "
                    + ("by its owner" if cause == "self" else "by the effect"),
                    "manage.insufficient", "manage.self_destroy" if cause == "self" else "manage.by_effect")
        else:
            ctx.log(f"{name_of(ctx.state, cid)} has {n} core(s), not enough for LV1", "manage.checkpoint",
                    "manage.insufficient", *(() if cause == "self" else ("manage.by_effect",)))
        kind = "depleted" if ctx.profile.depletion else ("self" if cause == "self" else "cores")
        groups.setdefault((kind, by), []).append(cid)
    for (kind, by), group in groups.items():
        destroy(ctx, group, cause=kind, by=by or None)


def game_over(ctx: Ctx) -> bool:
    """Establish a winner the moment a life reaches zero (9-2-3): interrupting management, done at
    once even in the middle of an effect, which is then carried out no further (9-1-2-1, 9-2-1)."""
    state = ctx.state
    if state.winner is not None:
        return True
    zero = [n for n, p in state.players.items() if p.life <= 0]
    if not zero:
        return False
    if len(zero) == 2:
        ctx.set(winner="draw")
        ctx.log("Both players' life is zero: the game is a draw", "win.establish", "win.both")
    else:
        w = state.opponent(zero[0])
        ctx.set(winner=w)
        ctx.log(f"{zero[0]}'s life is zero: {w} wins", "win.establish", "win.life_zero")
    return True


def checkpoint(ctx: Ctx) -> None:
    """Perform the gameplay management now due (4-7-2): winners, LV1 cores, BP zero or less."""
    if game_over(ctx):
        return
    state = ctx.state
    # only cards whose cores were moved in this resolution can have fallen short of LV1 (9-3-2)
    short = [cid for cid in ctx.core_cause if (fc := state.field_card(cid)) is not None
             and state.defs[fc.card].levels and derive.printed_level(state, fc) == 0]
    if short:
        deplete_or_destroy(ctx, short)
    if ctx.profile.bp_zero_destroys:
        weak = [fc.id for fc in _bp_suspects(ctx.state) if derive.bp(ctx.state, fc.id).value <= 0]
        mine = [cid for cid in weak if _owner_moved_its_cores(ctx, cid)]
        for cid in mine:                         # 9-4-2-3: its owner's act or payment lowered its level
            ctx.log(f"{name_of(ctx.state, cid)} has {derive.bp(ctx.state, cid).value} BP after its owner moved "
                    "cores off it (an action or a cost payment): it is self-destroyed", "manage.bp_zero",
                    "manage.bp_zero_self")
        if mine:
            destroy(ctx, mine, cause="self", by=None)
        weak = [cid for cid in weak if cid not in mine and ctx.state.field_card(cid) is not None]
        if weak:
            for cid in weak:
                ctx.log(f"{name_of(ctx.state, cid)} has {derive.bp(ctx.state, cid).value} BP", "manage.bp_zero",
                        "manage.bp_zero_effect")
            groups: dict[str | None, list[str]] = {}
            for cid in weak:                     # 9-4-2-1: destroyed by the effect that lowered its BP
                groups.setdefault(_bp_lowered_by(ctx.state, cid), []).append(cid)
            for by, group in groups.items():
                destroy(ctx, group, cause="bp", by=by)


def _owner_moved_its_cores(ctx: Ctx, cid: str) -> bool:
    """Whether the cores on a spirit last changed by its owner's own act or payment in this resolution
    (ctx.core_cause, as 9-3-2 reads it): a BP of zero it reaches then is of its owner's making (9-4-2-3)."""
    from judge.engine.bs import continuous

    cause, who = ctx.core_cause.get(cid, ("effect", ""))
    if cause != "self" or who != ctx.state.controller(cid):
        return False
    # a BP or level lowered by an effect during this same action is that effect's doing (9-4-2-1/2)
    return not any(m.stamp > ctx.first_stamp and (m.kind == "level_set" or (m.kind == "bp_add" and m.value < 0))
                   for m in continuous.mods_on(ctx.state, cid))


def _bp_lowered_by(state: State, cid: str) -> str | None:
    """The player whose effects lowered a spirit's BP (9-4-2-1), when one player's did; else None."""
    from judge.engine.bs import continuous

    who = {m.controller for m in continuous.mods_on(state, cid) if m.kind == "bp_add" and m.value < 0}
    return who.pop() if len(who) == 1 else None


def _bp_suspects(state: State) -> list[FieldCard]:
    """Spirits whose BP could be zero or less: all of them when an effect changes BP or levels now,
    else only those printed with 0 BP or less."""
    from judge.engine.bs import continuous

    spirits = [fc for p in state.players.values() for fc in p.field if state.defs[fc.card].type == "spirit"]
    if any(m.kind in ("bp_add", "bp_set", "bp_base", "level_set") for m in continuous.mods(state)):
        return spirits
    return [fc for fc in spirits if any(bp is not None and bp <= 0 for _, _, bp in state.defs[fc.card].levels)]




def set_orientation(ctx: Ctx, fc: FieldCard, orientation: object) -> FieldCard:
    from judge.engine.bs.state import with_field_card

    new = replace(fc, orientation=orientation)
    ctx.state = with_field_card(ctx.state, new)
    if orientation != fc.orientation and str(orientation) in ("exhausted", "refreshed"):
        from judge.engine.bs.events.watch import by_effect as watch

        watch(ctx, f"when_{orientation}", [fc.id])     # with the effect performing it, if one is
    return new


__all__ = ["add_mod", "checkpoint", "deplete_or_destroy", "destroy", "last_known", "leave_field",
           "set_orientation"]
