"""Paying costs with cores (10-6-6 / 11-1-1-5): where the cores come from and what that does.

Cores paid from a field card are the owner's own act: a card left short of LV1 by it is
self-destroyed (9-3-2 / Depleted by you, 10-2-2-10), so no destruction triggers follow.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from judge.engine.bs.ctx import Ctx
from judge.engine.bs.state import with_field_card, with_player


def _counts(answer: object) -> dict[str, int] | None:
    if isinstance(answer, Mapping):
        try:
            return {str(k): int(v) for k, v in answer.items()}
        except (TypeError, ValueError):
            return None
    return None


def _short_reserve_plan(ctx: Ctx, player: str, plain: int, available: int, what: str, concept: str) -> object:
    """Where the cores come from when the reserve alone is short: every core there when all are needed
    (the only legal way to pay; the soul core pays only when the action says so), else the player says."""
    p = ctx.state.players[player]
    if available == plain and not isinstance(ctx.peek_answer("cores"), Mapping):
        every = {"reserve": p.reserve, **{fc.id: fc.cores for fc in p.field if fc.cores}}
        return ctx.only_option(f"{player}: the cores that pay {what} ({plain} needed, {available} there)",
                               {k: v for k, v in every.items() if v}, concept)
    return ctx.ask(f"{player} says which cores pay {what} ({plain} needed; reserve has {p.reserve}; "
                   "choose a mapping such as {reserve: 1, a1: 1})", concept, player=player,
                   options=("reserve", *(fc.id for fc in p.field if fc.cores)), kind="cores")


def take_cores(ctx: Ctx, player: str, amount: int, sources: Mapping[str, int], *, concept: str,
               reserve_only: bool = False, dest: str = "trash", soul: bool = False, what: str = "the cost") -> None:
    """Move `amount` cores (one of them the soul core if `soul`) from the reserve / field to `dest`.

    `sources` says where from ({reserve: 2, a1: 1}); empty means the reserve. If the reserve is short
    and no sources were given, the player must say (Need); an impossible payment is refused.
    """
    state = ctx.state
    p = state.players[player]
    plain = amount - (1 if soul else 0)
    if soul and p.soul_core == "void":
        raise ctx.refuse(f"{player}'s soul core is in the void and cannot pay {what}", "core.soul_void", concept)
    if soul and p.soul_core not in ("reserve",) and state.field_card(p.soul_core) is None:
        raise ctx.refuse(f"{player}'s soul core is not in the reserve or on the field", concept)
    plan = dict(sources)
    if not plan:
        if p.reserve >= plain:
            plan = {"reserve": plain}
        else:
            available = p.reserve + sum(fc.cores for fc in p.field)
            if reserve_only or available < plain:
                raise ctx.refuse(f"{player} cannot pay {what}: {amount} core(s) needed, "
                                 f"{p.reserve if reserve_only else available} available", concept)
            raw = _short_reserve_plan(ctx, player, plain, available, what, concept)
            answer = _counts(raw)
            if answer is None:
                raise ctx.refuse(f"where cores pay {what} is a mapping such as {{reserve: 1, a1: 1}}, "
                                 f"not {raw!r}", concept)
            plan = answer
    if sum(plan.values()) != plain:
        raise ctx.refuse(f"{what} takes {plain} plain core(s); pay_from gives {sum(plan.values())}", concept)
    for where, n in plan.items():
        if where == "reserve":
            if p.reserve < n:
                raise ctx.refuse(f"{player}'s reserve has {p.reserve} core(s), not {n}", concept)
            p = replace(p, reserve=p.reserve - n)
            continue
        if reserve_only:
            raise ctx.refuse(f"{what} must be paid from the reserve only", concept)
        fc = p.card(where)
        if fc is None:
            raise ctx.refuse(f"{where} is not a card on {player}'s field", concept)
        if fc.cores < n:
            raise ctx.refuse(f"{where} has {fc.cores} plain core(s), not {n}", concept)
        p = replace(p, field=tuple(replace(c, cores=c.cores - n) if c.id == where else c for c in p.field))
        ctx.core_cause[where] = ("self", player)
    if soul:
        if p.soul_core != "reserve":
            ctx.core_cause[p.soul_core] = ("self", player)
        p = replace(p, soul_core=dest if dest in ("trash", "reserve") else "trash")
    if dest == "trash":
        p = replace(p, trash_cores=p.trash_cores + plain)
    elif dest == "reserve":
        p = replace(p, reserve=p.reserve + plain)
    ctx.state = with_player(state, p)
    src = ", ".join(f"{n} from {w}" for w, n in plan.items() if n) or "nothing"
    ctx.log(f"{player} pays {what}: {amount} core(s) ({src}{', the soul core' if soul else ''}) to the {dest}",
            concept)


def place_cores(ctx: Ctx, player: str, cid: str, n: int, *, soul: bool, concept: str,
                reserve_only: bool = False) -> None:
    """Put n plain cores (and the soul core, if asked) from the reserve onto a card being summoned."""
    p = ctx.state.players[player]
    if p.reserve < n:
        raise ctx.refuse(f"{player} has {p.reserve} core(s) in the reserve, not the {n} to place on {cid}",
                         concept)
    if soul and p.soul_core != "reserve":
        raise ctx.refuse(f"{player}'s soul core is not in the reserve", "core.soul_restricted", concept)
    p = replace(p, reserve=p.reserve - n, soul_core=cid if soul else p.soul_core)
    state = with_player(ctx.state, p)
    fc = state.field_card(cid)
    assert fc is not None
    ctx.state = with_field_card(state, replace(fc, cores=fc.cores + n))
    ctx.log(f"{player} places {n} core(s){' and the soul core' if soul else ''} on {cid}"
            + (" from the reserve only" if reserve_only else ""), concept)


__all__ = ["place_cores", "take_cores"]
