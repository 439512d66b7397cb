"""【Ascend】 (Saga 11-8): besides the normal cost, all cores of one of your spirits meeting the
condition go to your reserve. It is an extra cost of summoning the card, so it is paid even when the
card is summoned without paying its cost (the official keyword ruling), by whatever summons it.

Which spirit pays is the summoner's decision (`ascend: ID` on the summon action, or asked; with one
spirit meeting the condition nobody is asked). The spirit it used is remembered on the new spirit
(a modification of kind `ascended` holding that spirit's last-known facts, 8-10-1), so a condition
"when this spirit performs Ascend using a spirit with X in its name" is decided from the board.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from judge.engine.bs import derive
from judge.engine.bs.conditions import EVENT_FACTS
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.state import CardDef, Work, with_player
from judge.text import ast
from judge.text.ast import Duration


def ascend_keyword(d: CardDef) -> Any:
    kws = [ab.keyword for ab in d.abilities if ab.keyword and derive.norm_kw(ab.keyword.name) == "ascend"]
    return kws[0] if kws else None


def handles(ab: ast.Ability) -> bool:
    """"When you use this spirit to perform Ascend, treat it as though it costs N": in force only while
    this spirit's Ascend condition is checked (`ascend_cost`), never a modification otherwise."""
    c = ab.condition
    return c is not None and c.kind == "event" and c.event == "ascends" and c.object is not None and \
        c.object.self_ref and bool(ab.effects) and all(
            isinstance(e, ast.SetStat) and e.stat == "cost" and isinstance(e.value, int) and e.equal_to is None
            and (e.target is None or e.target.self_ref) for e in ab.effects)


def ascend_cost(state: Any, cid: str) -> int:
    """The cost a spirit counts as when it is used for 【Ascend】 (11-8-1): its own, unless one of its
    effects active now treats it as another while it performs Ascend."""
    cost = state.card_def(cid).cost
    for _, ab in derive.active_abilities(state, cid):
        if handles(ab) and derive.constant_active(state, cid, ab) is not False:
            cost = ab.effects[-1].value
    return cost


def _eligible(ctx: Ctx, player: str, kw: Any) -> list[str]:
    from judge.engine.bs.keywords.registry import cost_condition

    return [fc.id for fc in ctx.state.players[player].field if ctx.state.defs[fc.card].type == "spirit"
            and derive.cores_on(ctx.state, fc) and cost_condition(kw.params, ascend_cost(ctx.state, fc.id))]


def pay(ctx: Ctx, player: str, d: CardDef, named: str | None) -> dict | None:
    """Pay 【Ascend】 if the card has it (11-8-1): the facts of the spirit used, or None without Ascend."""
    from judge.engine.bs.flow.management import last_known
    from judge.engine.bs.keywords.registry import cost_condition

    kw = ascend_keyword(d)
    if kw is None:
        return None
    if named is None:
        options = _eligible(ctx, player, kw)
        if not options:
            raise ctx.refuse(f"{d.name} has 【Ascend: {', '.join(kw.params)}】 and {player} has no spirit with cores "
                             "meeting it", "kw.ascend")
        if len(options) == 1:
            named = ctx.only_option(f"{player}'s spirit for 【Ascend】", options[0], "kw.ascend")
        else:
            answer = ctx.ask(f"{player} names the spirit whose cores 【Ascend】 puts into the reserve "
                             f"({', '.join(options)})", "kw.ascend", player=player, options=options, kind="ascend")
            named = str(answer[0] if isinstance(answer, list | tuple) and len(answer) == 1 else answer)
    fc = ctx.state.players[player].card(named)
    if fc is None or ctx.state.defs[fc.card].type != "spirit":
        raise ctx.refuse(f"{named} is not one of {player}'s spirits", "kw.ascend")
    cost = ascend_cost(ctx.state, fc.id)
    if cost != ctx.state.defs[fc.card].cost:
        ctx.log(f"{name_of(ctx.state, named)} counts as costing {cost} while it performs 【Ascend】 (its effect)",
                "kw.ascend")
    if not cost_condition(kw.params, cost):
        raise ctx.refuse(f"{named} does not meet 【Ascend: {', '.join(kw.params)}】", "kw.ascend")
    n = derive.cores_on(ctx.state, fc)
    if n == 0:
        raise ctx.refuse(f"{named} has no cores to put into the reserve for 【Ascend】", "kw.ascend")
    facts = last_known(ctx.state, named)
    p = ctx.state.players[player]
    soul = p.soul_core == named
    p = replace(p, reserve=p.reserve + fc.cores, soul_core="reserve" if soul else p.soul_core,
                field=tuple(replace(c, cores=0) if c.id == named else c for c in p.field))
    ctx.state = with_player(ctx.state, p)
    ctx.core_cause[named] = ("self", player)
    ctx.log(f"【Ascend】: all {n} core(s) on {name_of(ctx.state, named)} go to {player}'s reserve (an extra cost, "
            "paid even when the card is summoned without paying its cost)", "kw.ascend")
    return facts


def remember(ctx: Ctx, cid: str, player: str, facts: dict) -> None:
    """Keep on the new spirit which spirit its Ascend used (for conditions that ask, 8-10-1)."""
    from judge.engine.bs.flow.management import add_mod

    add_mod(ctx, target=cid, kind="ascended", value=facts, duration=Duration.PERMANENT, source=cid,
            controller=player)


@EVENT_FACTS.register("ascends", concepts=("kw.ascend", "effect.last_state"),
                      meaning="this spirit performed Ascend using a spirit meeting the object")
def _ascended(ctx: Ctx, cond: ast.Condition, item: Work) -> bool | None:
    from judge.engine.bs.continuous import mods_on
    from judge.engine.bs.events.watch import matches_facts

    subject = item.source
    if cond.selector is not None and not cond.selector.self_ref:
        return None
    used = [m.value for m in mods_on(ctx.state, subject) if m.kind == "ascended"]
    if not used:
        return False
    if cond.object is None:
        return True
    want = ast.Selector(**{**cond.object.__dict__, "zone": None, "self_ref": False})
    return any(matches_facts(want, subject, item.controller, facts.get("id", ""), facts, ctx.state)
               for facts in used)


__all__ = ["ascend_keyword", "pay", "remember"]
