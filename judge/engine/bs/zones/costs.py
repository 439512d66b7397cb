"""Effect costs (Saga 8-4; Standard 9-1-6-2): "pay X to do Y", "discard three cards to place a core".

The grammar writes such a sentence as a `Sequence` with the connector "to": its first effect is the
cost and the rest what it pays for; when what it pays for is a selection spelt out in the next
sentence ("Pay this spirit's soul core to select … . The selected spirits cannot be blocked"), the
sequence holds the cost alone and the next effect of the ability is what it pays for.

Paying is the effect's controller's decision (8-4-1, 8-1-8: the official answer on such a card says
so). A cost is paid only if all of it can be paid (8-4-2-3), in written order (8-4-2-1); unpaid, what
it pays for does not happen (8-4-2-4). Paying cores off a card is its controller's own act, so a
card left without cores is self-destroyed (9-3-2).

An effect that makes using a card cost more ("when your opponent uses a magic card from their hand,
they must discard a card as an additional cost") adds to that use's cost (8-4-2-2): it is paid right
after the use cost, and a use whose additional cost cannot be paid in full cannot be made (8-4-2-3).
The card being used is no longer counted among the cards of its area (10-8-7), so it pays nothing.

"Your opponent's spirits … cannot attack unless they pay one core" (a constant effect, a modification of
kind `toll` on each spirit it names) makes the act cost that much: the spirit's controller pays it as
the attack (or block) is declared (8-4-2), and one who cannot pay in full cannot make it (8-4-2-3, 1-3-3).

"You may use magic cards in your hand without paying their cost" (a constant effect, a modification
of kind `free_use` on its card) lets its controller choose, for each such use, not to pay the use
cost (10-8-6): a choice, never forced (8-1-8); the CR has no clause for using a card for free.
"""

from __future__ import annotations

from collections.abc import Sequence

from judge.engine.bs import derive, select
from judge.engine.bs.continuous import constant
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.state import Orientation, State, Work
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
    if isinstance(eff, ast.Destroy | ast.SetState) and eff.target.count is not None and not eff.target.up_to \
            and eff.target.zone in (None, "field"):
        # "destroy one of your spirits to …", "exhaust two of your spirits to …": so many must be there
        if eff.target.self_ref:
            return state.field_card(item.source) is not None
        return len(_described(state, eff, item)) >= eff.target.count
    if isinstance(eff, ast.Discard) and eff.per is None and eff.count is not None and eff.target is not None \
            and eff.target.zone in ("deck", "deck_top"):     # "discard three cards from the top of your deck"
        return all(len(state.players[w].deck) >= eff.count for w in select.whose(me, eff.player, state))
    if isinstance(eff, ast.Discard) and eff.per is None and (eff.target is None or eff.target.zone in (None, "hand")):
        gone = waiting(state, item)
        return all(len([c for c in state.players[w].hand if c not in gone]) >= eff.count
                   for w in select.whose(me, eff.player, state))
    return None


def _described(state: State, eff: ast.Destroy | ast.SetState, item: Work) -> list[str]:
    """The field cards a cost's directive could act on (for exhausting, only refreshed ones)."""
    sel = eff.target
    out = [fc.id for p in select.whose(item.controller, sel.owner or ast.Player.YOU, state)
           for fc in state.players[p].field if select.matches(state, fc.id, sel, item.source)
           and (sel.card_types or state.defs[fc.card].type == "spirit")]
    if isinstance(eff, ast.SetState) and eff.state == "exhausted":
        out = [c for c in out if (fc := state.field_card(c)) is not None and fc.orientation == Orientation.REFRESHED]
    return out


def waiting(state: State, item: Work) -> set[str]:
    """Magic cards being used: still in the hand, no longer counted among its cards (10-8-7): those
    waiting, the one resolving `item`, the one whose use `item` adds a cost to (its subject)."""
    out = {w.source for batch in state.work for w in batch if w.kind == "magic"}
    if item.kind == "magic":
        out.add(item.source)
    if is_additional(item) and isinstance(item.param, list):
        out |= set(item.param)
    return out


def is_additional(item: Work) -> bool:
    """Whether an activated effect only adds a cost to the act that set it off (8-4-2-2)."""
    return adds_cost(item.effects)


def adds_cost(effects: Sequence[ast.Effect]) -> bool:
    """Whether a watching ability's effects only add a cost to the act it watches (8-4-2-2)."""
    return bool(effects) and all(isinstance(e, ast.Sequence) and e.connector == "additional_cost" for e in effects)


def pay_additional(ctx: Ctx, items: Sequence[Work], user: str, what: str) -> None:
    """Pay the costs other effects add to `user`'s act (8-4-2-2), each only if payable in full (8-4-2-3)."""
    from judge.engine.bs import dispatch as effects

    for item in items:
        parts = [e for seq in item.effects for e in seq.effects]
        if any(payable(ctx, e, item) is False for e in parts):
            raise ctx.refuse(f"{user} cannot pay the additional cost {name_of(ctx.state, item.source)} adds to "
                             f"{what} in full, so it cannot be done", "effect.additional_cost", "effect.cost")
        ctx.log(f"{name_of(ctx.state, item.source)} adds a cost to {what}: {user} pays it next",
                "effect.additional_cost", "effect.cost")
        for e in parts:
            effects.apply(ctx, e, item)


def pay_to(ctx: Ctx, cost: Sequence[ast.Effect], rest: Sequence[ast.Effect], item: Work) -> None:
    """"Pay X to do Y": the controller may pay the whole cost; if they do, Y happens (8-4)."""
    from judge.engine.bs import dispatch as effects

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


@constant(ast.Optional, reads=("effects", "cost"))
def _free_use(e: ast.Optional) -> tuple[str, ast.Selector, None] | None:
    """"You may use … without paying their cost" in a constant ability (the cards it allows)."""
    inner = e.effects[0] if len(e.effects) == 1 else None
    if e.cost is None and isinstance(inner, ast.Deploy) and inner.verb == "use" and inner.free:
        return "free_use", inner.target, None
    return None



def free_use(ctx: Ctx, player: str, cid: str) -> bool:
    """Whether `player` uses `cid` without paying its use cost: their choice where an effect allows it."""
    from judge.engine.bs.continuous import mods

    allowed = [m for m in mods(ctx.state) if m.kind == "free_use" and m.controller == player
               and select.matches(ctx.state, cid, m.value, m.source)]
    if not allowed:
        return False
    src = name_of(ctx.state, allowed[0].source)
    if not ctx.ask_yes_no(f"{player}: use {name_of(ctx.state, cid)} without paying its cost ({src} allows it)?",
                          "effect.may", player=player):
        ctx.log(f"{player} chooses to pay the use cost of {name_of(ctx.state, cid)}", "effect.may")
        return False
    ctx.log(f"{src}: {player} uses {name_of(ctx.state, cid)} without paying its cost", "effect.may")
    return True


__all__ = ["adds_cost", "free_use", "is_additional", "pay_additional", "pay_to", "payable", "waiting"]


def pay_tolls(ctx: Ctx, cid: str, act: str, player: str) -> None:
    """Pay what effects make `cid`'s `act` ("attack", "block") cost, each in turn, or refuse the act."""
    from judge.engine.bs.mods import mods_on
    from judge.engine.bs.zones.payment import take_cores

    for m in [m for m in mods_on(ctx.state, cid) if m.kind == "toll" and m.value[0] == act]:
        n = m.value[1]
        p = ctx.state.players[player]
        why = f"{name_of(ctx.state, m.source)} makes {name_of(ctx.state, cid)}'s {act.replace('_', ' ')} cost {n} core(s)"
        if p.reserve + sum(fc.cores for fc in p.field) < n:
            raise ctx.refuse(f"{why}, and {player} cannot pay them", "effect.cost", "rules.cannot_wins")
        take_cores(ctx, player, n, {}, concept="effect.pay", what=f"the cost of {name_of(ctx.state, cid)}'s {act}")
        ctx.log(f"{why}: {player} pays them", "effect.pay", "rules.cannot_wins")
