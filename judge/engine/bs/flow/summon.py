"""Summoning a spirit or placing a nexus from the hand, as a main-step action (Saga 10-6 / 10-7;
Standard 11-1 / 11-2): when it may be done (【Swift】: in a flash window too); the procedure itself,
shared with summons by effects, is events/summon.py.
"""

from __future__ import annotations

from judge.engine.bs import actions as A
from judge.engine.bs import derive
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.events.summon import _do_summon
from judge.engine.bs.flow.timing import in_flash, in_main
from judge.engine.bs.zones.common import hand_card


def summon(ctx: Ctx, action: A.Summon) -> None:
    """Summon a spirit / place a nexus from the hand (10-6 / 10-7; 11-1 / 11-2)."""
    kind = "place" if isinstance(action, A.Place) else "summon"
    player = action.player
    cid = hand_card(ctx, player, action.card, "trash" if action.source == "trash" else "hand")
    d = ctx.state.card_def(cid)
    want = "nexus" if kind == "place" else "spirit"
    if d.type != want:
        raise ctx.refuse(f"{name_of(ctx.state, cid)} is a {d.type} card; only a {want} card can be {kind}d",
                         f"{kind}.steps")
    swift = bool(derive.keyword(ctx.state, cid, "Swift"))
    if ctx.state.battle is not None and swift and kind == "summon":
        in_flash(ctx, player, f"summoning {cid} with 【Swift】")
        ctx.log(f"{name_of(ctx.state, cid)} has 【Swift】: it may be summoned in this flash window, from the "
                "reserve only", "kw.swift")
    else:
        in_main(ctx, player, f"{kind} {cid}")
    _do_summon(ctx, player, cid, d, action, kind, reserve_only=swift and ctx.state.battle is not None)

__all__ = ["summon"]
