"""Effect costs (Saga 8-4; Standard 9-1-6-2): "pay X to do Y", "discard three cards to place a core".

The grammar writes such a sentence as a `Sequence` with the connector "to": its first effect is the
cost and the rest what it pays for; when what it pays for is a selection spelt out in the next
sentence ("Pay this spirit's soul core to select … . The selected spirits cannot be blocked"), the
sequence holds the cost alone and the next effect of the ability is what it pays for.

Paying is the effect's controller's decision (8-4-1, 8-1-8: the official answer on such a card says
so). A cost is paid only if all of it can be paid (8-4-2-3), in written order (8-4-2-1); unpaid, what
it pays for does not happen (8-4-2-4). Paying cores off a card is its controller's own act, so a
card left without cores is self-destroyed (9-3-2).
"""

from __future__ import annotations

from collections.abc import Sequence

from judge.engine.bs import derive, select
from judge.engine.bs.ctx import Ctx
from judge.engine.bs.state import Work
from judge.text import ast


def payable(ctx: Ctx, eff: ast.Effect, item: Work) -> bool | None:
    """Whether one directive of a cost can be paid in full now (None: the node does not say enough)."""
    state = ctx.state
    me = item.controller
    if isinstance(eff, ast.MoveCores) and eff.count is not None:
        p = state.players[me]
        if eff.source in ("this",) or (eff.source == "spirit" and eff.source_target is not None
                                       and eff.source_target.self_ref):
            fc = state.field_card(item.source)
            if fc is None:
                return False
            if eff.core_type == "soul":
                return derive.has_soul(state, item.source) and eff.count == 1
            return derive.cores_on(state, fc) >= eff.count
        if eff.source == "reserve":
            return p.reserve + (1 if p.soul_core == "reserve" else 0) >= eff.count
        if eff.source == "field_or_reserve":
            return p.reserve + sum(derive.cores_on(state, fc) for fc in p.field) >= eff.count
        return None
    if isinstance(eff, ast.Discard) and eff.per is None and (eff.target is None or eff.target.zone in (None, "hand")):
        return all(len(state.players[w].hand) >= eff.count for w in select.whose(me, eff.player, state))
    return None


def pay_to(ctx: Ctx, cost: Sequence[ast.Effect], rest: Sequence[ast.Effect], item: Work) -> None:
    """"Pay X to do Y": the controller may pay the whole cost; if they do, Y happens (8-4)."""
    from judge.engine.bs import effects

    can = [payable(ctx, e, item) for e in cost]
    if any(c is False for c in can):
        ctx.log(f"{item.label}: its cost cannot be paid in full, so what it pays for does not happen",
                "effect.cost")
        ctx.did = False
        return
    if not ctx.ask_yes_no(f"{item.controller}: pay the cost of {item.label} to carry out the rest?", "effect.cost",
                          "effect.may", player=item.controller):
        ctx.log(f"{item.controller} does not pay: what the cost pays for does not happen", "effect.may",
                "effect.cost")
        ctx.did = False
        return
    ctx.log(f"{item.controller} pays the cost of {item.label}", "effect.may", "effect.cost")
    before = set(ctx.core_cause)
    for e in cost:
        effects.apply(ctx, e, item)
    for cid in set(ctx.core_cause) - before:
        ctx.core_cause[cid] = ("self", item.controller)     # cores paid off one's own cards (9-3-2)
    ctx.did = True
    for e in rest:
        effects.apply(ctx, e, item)


__all__ = ["pay_to", "payable"]
