"""Cores moving between areas (4-11, 7-1-5-3-1): taking them from a player's area or a card and putting
them in another, and a player's life reduced. Each placement is an event the effects watching cores
arriving read (core_events.py), so it is recorded here as it happens.
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.state import State, with_field_card, with_player

AREAS = ("void", "reserve", "life", "trash", "spirit", "this", "field_or_reserve", "any")


_FIELDS = {"reserve": "reserve", "life": "life", "trash": "trash_cores"}


def area(name: str) -> tuple[str, bool] | None:
    """(base area, the opponent's?) from a MoveCores area name, or None when it is not one."""
    if name.startswith("owners_"):          # "their owners' reserves": each card's controller's area
        name = name.removeprefix("owners_") + "s"
    opp = name.startswith(("opponent_", "opponents_"))
    base = name.split("_", 1)[1] if opp else name
    if base.endswith("s") and base[:-1] in _FIELDS:       # "their owners' reserves"
        base = base[:-1]
    if base == "field_or_reserve" or (base in AREAS and not (opp and base in ("spirit", "this", "void"))):
        return base, opp
    if name in AREAS:
        return name, False
    return None


def plain(state: State, who: str, where: str) -> int:
    p = state.players[who]
    return getattr(p, _FIELDS[where])


def _soul_at(state: State, who: str, where: str) -> bool:
    return state.players[who].soul_core == where


def take(ctx: Ctx, who: str, where: str, n: int, *, soul: bool = False, by: str | None = None,
         actor: str | None = None) -> int:
    """Take up to n plain cores (and the soul core if `soul`) from a player's area or a card id; `by`
    is the player whose effect takes them and `actor` the card it comes from, for what forbids it."""
    state = ctx.state
    if where == "void":
        ctx.set(void_out=state.void_out + n)
        return n
    if protected(ctx, where, by=by, actor=actor):    # checked before any core moves, the soul core too (1-3-3)
        ctx.log(f"{name_of(state, where)}: cores cannot be removed from it by {by}'s effects", "rules.cannot_wins")
        return 0
    p = state.players[who]
    got = 0
    if soul and p.soul_core == where:
        ctx.state = with_player(state, replace(p, soul_core="moving"))
        state, p, got = ctx.state, ctx.state.players[who], 1
        n -= 1
    fc = state.field_card(where)
    if fc is not None:
        k = min(n, fc.cores)
        ctx.state = with_field_card(state, replace(fc, cores=fc.cores - k))
        ctx.core_cause.setdefault(fc.id, ("effect", by or who))
        return got + k
    k = min(n, plain(state, who, where))
    ctx.state = with_player(state, replace(p, **{_FIELDS[where]: getattr(p, _FIELDS[where]) - k}))
    return got + k


def protected(ctx: Ctx, where: str, *, by: str | None, actor: str | None) -> bool:
    """Whether an effect says the cores on the field card `where` cannot be removed by this effect (`by`'s,
    from `actor`, measured as it last was on the field where it has left, 8-10-1)."""
    if by is None or ctx.state.field_card(where) is None:
        return False
    from judge.engine.bs import continuous

    item = ctx.item
    last = item.last if item is not None and item.source == actor and isinstance(item.last, dict) else None
    return continuous.cannot(ctx.state, where, "have_cores_removed", player=by, actor=actor, last=last)


def put(ctx: Ctx, who: str, where: str, n: int, *, soul: bool = False, source: str | None = None) -> None:
    """Put n cores (the soul core among them if `soul`) into a player's area or onto a card id (`source`:
    the area an effect took them from, for the effects watching a placement from there)."""
    ctx.core_moves.append((who, where, n, soul))      # what the resolving effect placed ("with this effect")
    state = ctx.state
    if soul:
        p = state.players[who]
        ctx.state = with_player(state, replace(p, soul_core=where))
        state = ctx.state
        n -= 1
    if where == "void":
        ctx.set(void_out=state.void_out - n)
        return
    fc = state.field_card(where)
    if fc is not None:
        ctx.state = with_field_card(state, replace(fc, cores=fc.cores + n))
        from judge.engine.bs.events.watch import placed

        placed(ctx, who, where, n + (1 if soul else 0), source)
        return
    p = state.players[who]
    ctx.state = with_player(state, replace(p, **{_FIELDS[where]: getattr(p, _FIELDS[where]) + n}))
    from judge.engine.bs.events.watch import placed

    placed(ctx, who, where, n + (1 if soul else 0), source)


def _all(state: State, who: str, where: str) -> int:
    fc = state.field_card(where)
    if fc is not None:
        return fc.cores + (1 if state.players[who].soul_core == where else 0)
    if where == "void":
        return 0
    return plain(state, who, where) + (1 if state.players[who].soul_core == where else 0)


def reduce_life(ctx: Ctx, who: str, n: int, why: str = "", *, source: str | None = None,
                attacker: str | None = None) -> int:
    """Cores leave a player's life for their reserve (7-1-5-3-1), as far as restrictions on that
    player's life allow (1-3-3, life.py); returns how many did."""
    from judge.engine.bs.zones import life

    may, barred = life.allowed(ctx.state, who, n, attacker=attacker, source=source)
    if barred is not None and may < n:
        ctx.log(f"{name_of(ctx.state, barred.source)}: {who}'s life cannot be reduced "
                f"{'to 0 ' if barred.value == 'reduce_life_to_0' else ''}this way: {may} of {n} core(s) leave it",
                "rules.cannot_wins")
    got = take(ctx, who, "life", may)
    put(ctx, who, "reserve", got)
    return got

__all__ = ["AREAS", "area", "plain", "protected", "put", "reduce_life", "take"]
