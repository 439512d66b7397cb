""""If one of your spirits has been destroyed this turn", "if two or more of your opponent's spirits have
been destroyed this turn": the typed kind "happened" with window "this_turn" and event "destroyed",
decided from a record the engine keeps of the turn's destructions, never asked.

Why a module of its own: the rest of the engine forgets a destroyed card once its effects are done;
this record keeps, for the current turn, whose card of which type was destroyed (self-destructions
are not destructions to effects, 10-1-1-1, so they are not recorded). A board set up during a turn
starts with an empty record (nothing before it is known to have happened). A condition whose
selector asks more of the destroyed cards than whose and which type is left undecided ("not
modelled").
"""

from __future__ import annotations

from judge.engine.bs import select
from judge.engine.bs.ctx import Ctx
from judge.engine.bs.events.happened import HAPPENED
from judge.engine.bs.state import Work
from judge.text import ast


def _key(turn: int) -> str:
    return f"{turn}:destroyed:"


def record(ctx: Ctx, lasts: dict[str, dict]) -> None:
    """These cards were destroyed now (their last-known controller and type)."""
    add = {f"{_key(ctx.state.turn)}{lk.get('controller')}:{lk.get('type')}:{cid}" for cid, lk in lasts.items()}
    if add:
        ctx.set(used=ctx.state.used | add)


def destroyed_this_turn(ctx: Ctx, players: tuple[str, ...], types: tuple[str, ...]) -> int:
    prefix = _key(ctx.state.turn)
    n = 0
    for k in ctx.state.used:
        if k.startswith(prefix):
            ctrl, kind, _ = k[len(prefix):].split(":", 2)
            n += ctrl in players and kind in types
    return n




@HAPPENED.register(("this_turn", "destroyed"), concepts=("do.destroy", "effect.if"),
                   meaning="cards of that player and type were destroyed this turn (self-destruction aside)")
def _destroyed(ctx: Ctx, cond: ast.Condition, item: Work) -> bool | None:
    sel = cond.selector
    if sel is None or sel.self_ref:
        return None
    plain = ast.Selector(count=sel.count, owner=sel.owner, card_types=sel.card_types, span=sel.span,
                         up_to=sel.up_to, selects=sel.selects)
    if plain != sel:
        return None
    players = select.whose(item.controller, sel.owner, ctx.state)
    n = destroyed_this_turn(ctx, players, sel.card_types or ("spirit",))
    t = cond.threshold
    if t is not None and t.stat == "count":
        return bool(select.OPS[t.op](n, t.value))
    return n >= (sel.count or 1)


__all__ = ["destroyed_this_turn", "record"]
