"""Summoning spirits and placing nexuses (Saga 10-6 / 10-7; Standard 11-1 / 11-2), including summons
by effects (Immortal, Agile), 【Ascend】's extra cost, and 【Feast】's tokens.
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.bs import actions as A
from judge.engine.bs import derive
from judge.engine.bs.ctx import Ctx, Refuse, name_of
from judge.engine.bs.dispatch import use
from judge.engine.bs.events import happened, management, triggers
from judge.engine.bs.state import FieldCard, with_player
from judge.engine.bs.zones import cost as symbols
from judge.engine.bs.zones.common import remove_from, succession
from judge.engine.bs.zones.payment import place_cores, take_cores


def _do_summon(ctx: Ctx, player: str, cid: str, d, action: A.Summon, kind: str, *, reserve_only: bool) -> None:
    ctx.log(f"{player} {'places' if kind == 'place' else 'summons'} {name_of(ctx.state, cid)} from the "
            f"{action.source}", f"{kind}.steps")
    fulfilled = succession(ctx, player, action.succession, d, kind)
    paying = symbols.Paying(card=cid, player=player, how=kind, zone=action.source)
    if action.free:
        cost = 0
        ctx.log(f"{name_of(ctx.state, cid)} is {'placed' if kind == 'place' else 'summoned'} without paying its cost", f"{kind}.pay")
    else:
        cost = symbols.pay_cost(ctx, paying, fulfilled)
    if kind == "summon":
        from judge.engine.bs.zones import cost as next_summon

        next_summon.use_up_next_summon(ctx, player, cid)        # "the next X you summon this turn" is this one
    lv1 = derive.lv1_cost(d)
    cores = action.cores if action.cores is not None else max(0, lv1 - (1 if action.soul_core_on else 0))
    if cores + (1 if action.soul_core_on else 0) < lv1:
        raise ctx.refuse(f"{cid} needs at least {lv1} core(s) for LV1 when it enters the field", f"{kind}.cores")
    if not action.free:
        take_cores(ctx, player, cost, action.pay_from, concept=f"{kind}.pay", reserve_only=reserve_only,
                   soul=action.pay_soul_core, what=f"the {kind} cost of {cid}")
    # 【Ascend】's extra cost of summoning (keywords/ascend.py registers it, 11-8)
    ascended = use("ascend.pay", ctx, player, d, action.ascend) if kind == "summon" else None
    _added_costs(ctx, player, cid, kind)
    zone = action.source if action.source in ("trash", "deck", "removed", "burst") else "hand"
    remove_from(ctx, player, cid, zone)
    new_id = action.as_id or cid
    if new_id != cid:
        ctx.set(cards={**ctx.state.cards, new_id: ctx.state.cards[cid]},
                owners={**ctx.state.owners, new_id: ctx.state.owners.get(cid, player)})
    p = ctx.state.players[player]
    fc = FieldCard(id=new_id, card=d.key, owner=player, cores=0, entered_turn=ctx.state.turn)
    ctx.state = with_player(ctx.state, replace(p, field=(*p.field, fc)))
    place_cores(ctx, player, new_id, cores, soul=action.soul_core_on, concept=f"{kind}.cores",
                reserve_only=reserve_only)
    if ascended is not None:
        use("ascend.remember", ctx, new_id, player, ascended)
    if action.pay_soul_core and not action.free:
        happened.remember_soul_paid(ctx, new_id, player)
    happened.entered_from(ctx, new_id, zone, player)
    lv = derive.level(ctx.state, new_id)
    extra = ""
    if ctx.profile.common_effects and d.super_unleash and action.soul_core_on:
        extra = " (《Super Unleash》: the soul core makes it LV2)"
        ctx.log(f"{new_id} is LV{lv}{extra}", "kw.super_unleash")
    else:
        ctx.log(f"{name_of(ctx.state, new_id)} is on the field at LV{lv}, refreshed", "area.refreshed_on_entry",
                "card.level")
    management.checkpoint(ctx)
    triggers.fire(ctx, "deployed" if kind == "place" else "summoned", new_id)
    from judge.engine.bs.events.watch import watching
    from judge.engine.bs.zones.costs import adds_cost

    event = "when_placed" if kind == "place" else "when_summoned"
    triggers.push(ctx, watching(ctx, event, [new_id], only=lambda effects: not adds_cost(effects)))
    _feast(ctx, new_id)


def _added_costs(ctx: Ctx, player: str, cid: str, kind: str) -> None:
    """Costs other effects add to this summon or placement ("when your opponent summons a spirit, they
    must discard a card as an additional cost"): paid right after its own cost (10-6-6 / 10-7-6, then
    8-4-2-2), in full or the card is not summoned (8-4-2-3), before it reaches the field (10-6-7)."""
    from judge.engine.bs.events.watch import watching
    from judge.engine.bs.zones import costs

    event = "when_placed" if kind == "place" else "when_summoned"
    items = watching(ctx, event, [cid], only=costs.adds_cost)
    verb = "placing" if kind == "place" else "summoning"
    costs.pay_additional(ctx, items, player, f"{verb} {name_of(ctx.state, cid)}")


def summon_from(ctx: Ctx, player: str, cid: str, zone: str, *, why: str, free: bool = False,
                kind: str = "summon") -> None:
    """A summon by an effect (Immortal, Agile, "summon it"), or a nexus placed by one (`kind` "place": the
    same procedure, 10-7): pay the cost from the reserve (nothing when the effect says without paying),
    LV1 cores from it too."""
    d = ctx.state.card_def(cid)
    mark = ctx.mark()
    how = A.Place if kind == "place" else A.Summon
    try:
        _do_summon(ctx, player, cid, d, how(player=player, card=cid, source=zone, free=free), kind,
                   reserve_only=False)
    except Refuse as r:      # it cannot be paid for (cost, Ascend, LV1 cores): the summon does not happen
        ctx.rollback(mark)
        ctx.log(f"{name_of(ctx.state, cid)} is not {kind}d: {r.refusal.reason}", why, "effect.cost")
        return
    if kind == "summon":
        ctx.summoned.append(cid)              # "if you summon a spirit with this effect" (summoned_by.py)


def _feast(ctx: Ctx, cid: str) -> None:
    if not derive.keyword(ctx.state, cid, "Feast"):
        return
    player = ctx.state.controller(cid)
    sizes = ["Small Supsprite", "Medium Supsprite", "Large Supsprite"]
    defs = {s: next((d for d in ctx.state.defs.values() if s.lower() in d.name.lower()), None) for s in sizes}
    mine = {s: [fc.id for fc in ctx.state.players[player].field
                if s.lower() in ctx.state.defs[fc.card].name.lower()] for s in sizes}
    size = 0
    if mine[sizes[1]]:
        size, old = 2, mine[sizes[1]][0]
    elif mine[sizes[0]]:
        size, old = 1, mine[sizes[0]][0]
    else:
        old = None
    token = defs[sizes[size]]
    if token is None:
        ctx.log(f"【Feast】: define a {sizes[size]} Token card in the scenario to summon it", "kw.feast")
        return
    if old is not None:
        fc = ctx.state.field_card(old)
        p = ctx.state.players[player]
        ctx.state = with_player(ctx.state, replace(p, reserve=p.reserve + fc.cores, field=tuple(
            replace(c, cores=0) if c.id == old else c for c in p.field)))
        ctx.core_cause[old] = ("self", player)
        ctx.log(f"【Feast】: the cores on {old} go to the reserve as the cost", "kw.feast")
        management.checkpoint(ctx)
    n = sum(1 for k in ctx.state.cards if k.startswith("token")) + 1
    tid = f"token{n}"
    ctx.set(cards={**ctx.state.cards, tid: token.key}, owners={**ctx.state.owners, tid: player})
    p = ctx.state.players[player]
    lv1 = derive.lv1_cost(token)
    k = min(lv1, p.reserve)
    ctx.state = with_player(ctx.state, replace(p, reserve=p.reserve - k, field=(*p.field, FieldCard(
        id=tid, card=token.key, owner=player, cores=k, entered_turn=ctx.state.turn))))
    ctx.log(f"【Feast】 summons {tid} ({token.name}) with {k} core(s)", "kw.feast")
    management.checkpoint(ctx)


__all__ = ["summon_from"]
