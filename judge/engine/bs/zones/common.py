"""Shared checks for Battle Spirits actions: when main-step and flash actions are allowed, finding a
card in a hand or trash, and the cost helpers (dual-colour symbols, Standard's Succession).
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.bs import derive
from judge.engine.bs.ctx import Ctx
from judge.engine.bs.state import with_player


def hand_card(ctx: Ctx, player: str, ref: str, zone: str = "hand") -> str:
    """The instance id of a card in a player's hand (by id or by card key / name)."""
    p = ctx.state.players[player]
    pool = getattr(p, zone) if zone in ("hand", "trash") else ()
    if ref in pool:
        return ref
    for cid in pool:
        d = ctx.state.card_def(cid)
        if ctx.state.cards.get(cid) == ref or (d and d.name.lower() == ref.lower()):
            return cid
    raise ctx.refuse(f"{player} has no {ref!r} in the {zone}", "rules.impossible")


def remove_from(ctx: Ctx, player: str, cid: str, zone: str) -> None:
    p = ctx.state.players[player]
    if zone == "burst":              # a burst summoning or placing itself (10-9-2)
        ctx.state = with_player(ctx.state, replace(p, burst=None if p.burst == cid else p.burst))
        return
    ctx.state = with_player(ctx.state, replace(p, **{zone: tuple(c for c in getattr(p, zone) if c != cid)}))


def dual(ctx: Ctx, player: str) -> tuple[str, ...]:
    """Cite the dual-colour symbol rule when one is on the field (2-8-2-2)."""
    return ("card.dual_symbol",) if any("/" in s for s in derive.field_symbols(ctx.state, player)) else ()


def succession(ctx: Ctx, player: str, cards: tuple[str, ...], d, kind: str = "summon") -> int:
    if not cards:
        return 0
    if not ctx.profile.common_effects:
        raise ctx.refuse("《Succession》 is a Battle Spirits Standard rule", "card.reduction")
    printed = d.succession or any(ab.keyword and derive.norm_kw(ab.keyword.name) == "succession"
                                  for ab in d.abilities)
    if not printed:
        raise ctx.refuse(f"{d.name} does not have 《Succession》", "kw.succession")
    if len(cards) > len(d.reduction):
        raise ctx.refuse(f"《Succession》 may remove at most {len(d.reduction)} card(s) (its reduction symbols)",
                         "kw.succession_limit")
    p = ctx.state.players[player]
    for ref in cards:
        cid = hand_card(ctx, player, ref, "trash")
        if not ctx.state.card_def(cid).ex_symbol:
            raise ctx.refuse(f"{cid} has no EX symbol", "kw.succession")
        p = ctx.state.players[player]
        ctx.state = with_player(ctx.state, replace(p, trash=tuple(c for c in p.trash if c != cid),
                                                   removed=(*p.removed, cid)))
    ctx.log(f"{player} removes {', '.join(cards)} from the trash: {len(cards)} reduction symbol(s) fulfilled "
            "by 《Succession》", "kw.succession", f"{kind}.succession")
    return len(cards)


__all__ = ["dual", "hand_card", "remove_from", "succession"]
