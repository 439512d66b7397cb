""""Summon one of your Mecha Tokens", "summon two of your Antman Tokens exhausted": tokens an effect
puts on the field (Saga 4-12-1).

A token's figures are given by the effect that makes it (4-12-2): the card's annotation, which the
card data does not always carry. The engine takes them from a card definition of that name marked as
a token (a scenario's `cards:` entry with `token: true`); without one it says "not modelled" and
summons nothing. A token is summoned like any spirit an effect summons: its cost paid and its LV1
cores placed (10-6-6 / 10-6-7), those from the reserve first and the rest from the summoner's own
cards on the field (their choice where several could give it; a card left without cores is then
self-destroyed, 9-3-2). Leaving the field it leaves the game (4-12-3, management.leave_field).
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.bs import derive
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.flow import management, triggers
from judge.engine.bs.state import CardDef, FieldCard, Orientation, Work, with_player
from judge.engine.bs.zones import cost as symbols
from judge.engine.bs.zones.payment import take_cores
from judge.text import ast


def names_token(sel: ast.Selector) -> bool:
    """Whether a summon's target is a token the effect makes (not a card from some area)."""
    return sel.zone is None and not sel.self_ref and "token" in {f.lower() for f in sel.families}


def definition(ctx: Ctx, sel: ast.Selector) -> CardDef | None:
    """The token's figures: a token definition with the name the effect gives it ("Antman Token"), or
    with every spirit type it names ("Mecha Tokens": Mecha and Token)."""
    def fits(d: CardDef) -> bool:
        if sel.name:
            return d.name.lower() == sel.name.lower()
        return {f.lower() for f in sel.families} <= {f.lower() for f in d.families}

    return next((d for d in ctx.state.defs.values() if d.token and fits(d)), None)


def summon_tokens(ctx: Ctx, sel: ast.Selector, item: Work) -> None:
    d = definition(ctx, sel)
    if d is None:
        what = sel.name or " ".join(sel.families)
        ctx.unmodelled(f"{item.label}: the figures of the {what} (the effect's annotation, 4-12-2) are not in "
                       "the card data")
        return
    for _ in range(sel.count or 1):
        if not _one(ctx, d, item, exhausted=sel.state == "exhausted"):
            break


def _one(ctx: Ctx, d: CardDef, item: Work, *, exhausted: bool) -> bool:
    player = item.controller
    n = sum(1 for k in ctx.state.cards if k.startswith("token")) + 1
    tid = f"token{n}"
    ctx.set(cards={**ctx.state.cards, tid: d.key}, owners={**ctx.state.owners, tid: player})
    ctx.log(f"{item.label}: {player} summons a {d.name} ({tid}), a token made by the effect", "kw.token_made",
            "summon.steps")
    cost = symbols.pay_cost(ctx, symbols.Paying(card=tid, player=player, how="summon", zone="token"))
    lv1 = derive.lv1_cost(d)
    p = ctx.state.players[player]
    if p.reserve < cost or p.reserve + sum(derive.cores_on(ctx.state, fc) for fc in p.field) < cost + lv1:
        ctx.log(f"{item.label}: {player} cannot pay for the {d.name} and its LV1 cores, so it is not summoned",
                "summon.pay", "rules.impossible")
        return False
    if cost:
        take_cores(ctx, player, cost, {}, concept="summon.pay", what=f"the summon cost of {tid}")
    from_reserve = min(lv1, ctx.state.players[player].reserve)
    givers = _from_field(ctx, player, lv1 - from_reserve, item)
    p = ctx.state.players[player]
    fc = FieldCard(id=tid, card=d.key, owner=player, cores=lv1, entered_turn=ctx.state.turn,
                   orientation=Orientation.EXHAUSTED if exhausted else Orientation.REFRESHED)
    ctx.state = with_player(ctx.state, replace(p, reserve=p.reserve - from_reserve, field=(*p.field, fc)))
    where = f"{from_reserve} from the reserve" + "".join(f", 1 from {name_of(ctx.state, g)}" for g in givers)
    ctx.log(f"{player} places {lv1} core(s) on {tid} ({where}){', exhausted' if exhausted else ''}",
            "summon.cores")
    management.checkpoint(ctx)
    triggers.fire(ctx, "summoned", tid)
    from judge.engine.bs.events.watch import watch

    watch(ctx, "when_summoned", [tid])
    return True


def _from_field(ctx: Ctx, player: str, need: int, item: Work) -> list[str]:
    """Take `need` cores, one at a time, from the summoner's field cards (10-6-7): their choice where
    several have cores; cores moved by the owner's own summon leave a card self-destroyed (9-3-2)."""
    givers: list[str] = []
    for _ in range(need):
        p = ctx.state.players[player]
        have = [fc.id for fc in p.field if fc.cores > 0]
        if len(have) == 1:
            cid = have[0]
        else:
            cid = str(ctx.ask(f"{player} says which of their cards gives a core for the token's LV1 cores: "
                              f"{', '.join(have)}", "summon.cores", player=player, options=tuple(have),
                              kind="target"))
            if cid not in have:
                raise ctx.refuse(f"{cid} has no core to give (choose one of {', '.join(have)})", "summon.cores")
        fc = ctx.state.field_card(cid)
        ctx.state = with_player(ctx.state, replace(p, field=tuple(replace(c, cores=c.cores - 1) if c.id == cid else c
                                                                  for c in p.field)))
        ctx.core_cause[cid] = ("self", player)
        givers.append(cid)
        assert fc is not None
    return givers


__all__ = ["definition", "names_token", "summon_tokens"]
