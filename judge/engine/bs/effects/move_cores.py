"""Cores moved by effects (MoveCores, life reduced by an effect): where from, where to, which core.

Areas are read from the typed node: `void`, `reserve`, `life`, `trash` (the mover's; `opponent_…`
the opponent's), `spirit` (selected cards), `this` (the effect's card), `field_or_reserve` (the
mover says where from), `any` (wherever the soul core is). Cores taken from a card go to *that
card's controller's* area when the node says "their" (`opponent_reserve`, `opponent_reserves`:
"their owners' reserves", 4-2-4 / 3-5-5). The void has no limit (area.life_unlimited for life).
When the kind of core is not said and a soul core could move, its controller chooses (8-5-6); a
soul core never goes to the life or the void unless the effect names it (4-11-3).
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.bs import select
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.state import State, Work, with_field_card, with_player
from judge.text import ast

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


def take(ctx: Ctx, who: str, where: str, n: int, *, soul: bool = False, by: str | None = None) -> int:
    """Take up to n plain cores (and the soul core if `soul`) from a player's area or a card id."""
    state = ctx.state
    if where == "void":
        ctx.set(void_out=state.void_out + n)
        return n
    p = state.players[who]
    got = 0
    if soul and p.soul_core == where:
        ctx.state = with_player(state, replace(p, soul_core="moving"))
        state, p, got = ctx.state, ctx.state.players[who], 1
        n -= 1
    fc = state.field_card(where)
    if fc is not None and by is not None:
        from judge.engine.bs import continuous

        if continuous.cannot(state, fc.id, "have_cores_removed", player=by):
            ctx.log(f"{name_of(state, fc.id)}: cores cannot be removed from it by {by}'s effects", "rules.cannot_wins")
            return 0
    if fc is not None:
        k = min(n, fc.cores)
        ctx.state = with_field_card(state, replace(fc, cores=fc.cores - k))
        ctx.core_cause.setdefault(fc.id, ("effect", by or who))
        return got + k
    k = min(n, plain(state, who, where))
    ctx.state = with_player(state, replace(p, **{_FIELDS[where]: getattr(p, _FIELDS[where]) - k}))
    return got + k


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
        from judge.engine.bs.events.core_events import placed

        placed(ctx, who, where, n + (1 if soul else 0), source)
        return
    p = state.players[who]
    ctx.state = with_player(state, replace(p, **{_FIELDS[where]: getattr(p, _FIELDS[where]) + n}))
    from judge.engine.bs.events.core_events import placed

    placed(ctx, who, where, n + (1 if soul else 0), source)


def _which(ctx: Ctx, owner: str, where: str, n: int, eff: ast.MoveCores, dst: str, item: Work) -> bool:
    """Whether the soul core is among the cores moved (8-5-6: its controller chooses when unsaid)."""
    if not _soul_at(ctx.state, owner, where):
        return False
    if eff.core_type == "soul":
        return True
    if eff.core_type == "core" or (dst in ("life", "void") and eff.core_type != "soul"):
        return False            # 4-11-3: a soul core reaches the life or the void only when named
    others = ctx.state.field_card(where).cores if ctx.state.field_card(where) else plain(ctx.state, owner, where)
    if eff.count is None or others < n:
        return True             # all cores, or not enough plain ones: the soul core moves too
    return ctx.ask(f"{owner} chooses whether a core or the soul core leaves {name_of(ctx.state, where)} for "
                   f"{item.label}", "core.which", player=owner, options=("core", "soul_core"),
                   kind="cores") in ("soul_core", "soul", "soul core")


def move_cores(ctx: Ctx, eff: ast.MoveCores, item: Work, times: int = 1) -> None:
    """Move cores as the node says (from each selected card when the source is spirits)."""
    src_a, dst_a = area(eff.source), area(eff.dest)
    if src_a is None or dst_a is None:
        ctx.unmodelled(f"{item.label}: moving cores from {eff.source} to {eff.dest}")
        return
    (src, src_opp), (dst, dst_opp) = src_a, dst_a
    me = item.controller
    mover = ctx.state.opponent(me) if eff.player == ast.Player.OPPONENT else me
    if eff.player == ast.Player.EACH:
        mover = _event_player(item)
        if mover is None:
            ctx.unmodelled(f"{item.label}: cores each player moves")
            return
    if src == "any" and eff.core_type != "soul":
        ctx.unmodelled(f"{item.label}: moving a core from anywhere (where from is the mover's choice)")
        return
    if src == "field_or_reserve":
        _from_field_or_reserve(ctx, eff, item, mover, dst, dst_opp)
        return
    from judge.engine.bs.effects import distribute
    from judge.engine.bs.events import subjects

    if distribute.applies(eff, src, dst):           # "place any number of cores onto them"
        distribute.spread(ctx, eff, item, ctx.state.opponent(mover) if src_opp else mover, src)
        return
    if src == "spirit" and eff.source_target is not None and subjects.names_subjects(eff.source_target, item) \
            and dst in ("spirit", "this"):     # "the destroyed spirit's cores": where the event put them
        subjects.move_their_cores(ctx, eff, item, _dest_card(ctx, eff, item, dst))
        return
    sources = _sources(ctx, eff, item, src, src_opp, mover)
    dest_card = _dest_card(ctx, eff, item, dst)
    if dst in ("spirit", "this") and dest_card is None:
        ctx.log(f"{item.label}: no card to place the cores on; nothing moves", "rules.impossible")
        return
    if eff.per is not None:
        times = per_count(ctx, eff.per, item)
        if times < 0:
            ctx.unmodelled(f"{item.label}: counting what \"for each\" refers to")
            return
    for owner, where in sources:
        if where is None:
            continue
        want = (eff.count * times) if eff.count is not None else _all(ctx.state, owner, where)
        but = getattr(eff, "equal_to", None)
        if eff.count is None and but is not None and but.stat == "cores" and but.value < 0:
            want = max(0, want + but.value)           # "all but one": leave that many
        if eff.until is not None and dst == "life":
            want = max(0, eff.until - ctx.state.players[mover].life)
        if eff.up_to and eff.count is not None:
            want = _how_many(ctx, item, mover, want, where if where == "void" else
                             min(want, _all(ctx.state, owner, where)))
        to_who = _receiver(ctx, eff, owner, where, dst_opp, mover)
        soul = _which(ctx, owner, where, want, eff, dst, item) if where != "void" else False
        got = take(ctx, owner, where, want, soul=soul, by=item.controller)
        target = dest_card if dst in ("spirit", "this") else dst
        put(ctx, to_who, target, got, soul=soul, source="field" if where in ctx.state.cards else where)
        frm = name_of(ctx.state, where) if where in ctx.state.cards else f"{owner}'s {where}"
        to = name_of(ctx.state, target) if target in ctx.state.cards else f"{to_who}'s {target}"
        short = "" if got == want else f" (only {got} could be moved)"
        what = f"{got} core(s)" + (" including the soul core" if soul else "")
        ctx.log(f"{what} move from {frm} to {to}{short}", *(("rules.impossible",) if short else ()), "core.which",
                *(("area.life_unlimited",) if dst == "life" else ()), *(("area.owner",) if to_who == owner
                                                                          and where in ctx.state.cards else ()))


def _event_player(item: Work) -> str | None:
    """The player "each player" / "both players" means in an effect set off by a player's act (the
    player who drew, for "both players must pay one core for each card drawn"); None otherwise."""
    from judge.engine.bs.effects.draw import Drawn

    return item.param.player if isinstance(item.param, Drawn) else None


def _from_field_or_reserve(ctx: Ctx, eff: ast.MoveCores, item: Work, mover: str, dst: str, dst_opp: bool) -> None:
    """"Pay / send N cores from your field or reserve": the mover says from where (8-5-6); "pay this
    card's cost": as many as its cost after reduction."""
    if eff.count is None and eff.equal_to is not None and eff.equal_to.stat == "cost" and dst in _FIELDS:
        from judge.engine.bs.zones.cost import Paying, pay_cost

        d = ctx.state.card_def(item.source)
        how = {"spirit": "summon", "nexus": "place"}.get(d.type, "use")
        n = pay_cost(ctx, Paying(card=item.source, player=mover, how=how, zone=ctx.state.zone_of(item.source) or "hand"))
        eff = replace(eff, count=n, equal_to=None)
        if n == 0:
            ctx.log(f"{item.label}: the cost to pay is 0", "effect.cost")
            return
    if eff.count is None or dst not in _FIELDS:
        ctx.unmodelled(f"{item.label}: moving cores from your field or reserve to {eff.dest}")
        return
    p = ctx.state.players[mover]
    places = [w for w in ("reserve", *(fc.id for fc in p.field)) if _all(ctx.state, mover, w)]
    if eff.core_type == "soul":
        places = [p.soul_core] if p.soul_core in ("reserve", *(fc.id for fc in p.field)) else []
    if not places:
        ctx.log(f"{item.label}: {mover} has no such core on the field or in the reserve", "rules.impossible")
        return
    if len(places) == 1:
        answer: object = ctx.only_option(f"{mover}: where the {eff.count} core(s) for {item.label} come from",
                                         places[0], "core.which")
    else:
        answer = ctx.ask(f"{mover} says where the {eff.count} core(s) for {item.label} come from (the reserve or a "
                         f"card on the field: {', '.join(places)})", "core.which", player=mover, options=places,
                         kind="cores")
    plan = {str(k): int(v) for k, v in answer.items()} if isinstance(answer, dict) else {str(answer): eff.count}
    if sum(plan.values()) != eff.count or any(w not in places for w in plan):
        raise ctx.refuse(f"{answer!r} does not name {eff.count} core(s) from {', '.join(places)}", "core.which")
    to = ctx.state.opponent(mover) if dst_opp else mover
    for where, n in plan.items():
        soul = eff.core_type == "soul" or (n > _all(ctx.state, mover, where) - 1 and _soul_at(ctx.state, mover, where))
        got = take(ctx, mover, where, n, soul=soul, by=None)
        if where != "reserve":
            ctx.core_cause[where] = ("self", mover)       # the owner's own payment (10-1-1-1)
        put(ctx, to, dst, got, soul=soul and dst in ("reserve", "trash"))
        ctx.log(f"{mover} sends {got} core(s){' including the soul core' if soul else ''} from {where} to "
                f"{to}'s {dst}", "core.which")


def per_count(ctx: Ctx, per: ast.Selector, item: Work) -> int:
    """How many "for each …" counts: the cards destroyed by this effect (last-known facts, 8-10-1), or
    the cards a selector describes now (-1: what it refers to is not known)."""
    from judge.engine.bs import conditions
    from judge.engine.bs.events.watch import matches_facts

    if per.state in ("discarded", "discarded_by_this_effect"):     # the cards this effect discarded
        loose = ast.Selector(**{**per.__dict__, "state": None, "zone": None, "count": 1})
        return sum(1 for c in ctx.discarded if select.matches(ctx.state, c, loose, item.source))
    if per.state in ("destroyed", "destroyed_by_this_effect"):
        return sum(1 for cid, lk in ctx.destroyed.items()
                   if matches_facts(ast.Selector(**{**per.__dict__, "state": None}), item.source, item.controller,
                                    cid, lk, ctx.state))
    return conditions.count(ctx, per, item)


def _how_many(ctx: Ctx, item: Work, mover: str, most: int, available: int | str) -> int:
    """"Up to N cores": the mover says how many (0 to what is there, at most N)."""
    top = most if available == "void" else int(available)
    if top <= 0:
        return 0
    answer = ctx.ask(f"{mover} says how many cores (0 to {top}) {item.label} moves", "effect.select_up_to",
                     player=mover, options=tuple(str(n) for n in range(top + 1)), kind="cores")
    try:
        n = int(answer[0] if isinstance(answer, list | tuple) and len(answer) == 1 else answer)
    except (TypeError, ValueError):
        raise ctx.refuse(f"{answer!r} is not a number of cores from 0 to {top}", "effect.select_up_to") from None
    if not 0 <= n <= top:
        raise ctx.refuse(f"{n} is not a number of cores from 0 to {top}", "effect.select_up_to")
    return n


def _receiver(ctx: Ctx, eff: ast.MoveCores, owner: str, where: str, dst_opp: bool, mover: str) -> str:
    """Whose area receives: "their (owners') reserve" after taking from a card is that card's
    controller's; otherwise the mover's, or the opponent's when the node says so."""
    from_card = where in ctx.state.cards
    if from_card and (dst_opp or eff.dest.startswith("owners_") or eff.dest.endswith("s") or eff.dest in _FIELDS):
        # cores taken from a card go to that card's controller's area ("their (owners') reserve"); the
        # node does not say "your" apart from "their owners'" for a bare area (a grammar gap)
        return owner
    return ctx.state.opponent(mover) if dst_opp else mover


def _sources(ctx: Ctx, eff: ast.MoveCores, item: Work, src: str, src_opp: bool,
             mover: str) -> list[tuple[str, str | None]]:
    state = ctx.state
    if src == "this":
        return [(state.controller(item.source) or mover, item.source)]
    if src == "spirit":
        sel = eff.source_target or ast.Selector(count=1)
        ids = select.choose(ctx, sel, controller=item.controller, source=item.source, label=item.label)
        return [(ctx.state.controller(c) or mover, c) for c in ids]
    if src == "any":          # a soul core wherever it is
        p = state.players[mover]
        return [(mover, p.soul_core if p.soul_core not in ("void",) else None)]
    who = state.opponent(mover) if src_opp else mover
    return [(who, src)]


def _dest_card(ctx: Ctx, eff: ast.MoveCores, item: Work, dst: str) -> str | None:
    if dst == "this":
        return item.source if ctx.state.field_card(item.source) else None
    if dst == "spirit":
        sel = eff.dest_target or ast.Selector(count=1, owner=ast.Player.YOU)
        picked = select.choose(ctx, sel, controller=item.controller, source=item.source, label=item.label)
        return picked[0] if picked else None
    return None


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


__all__ = ["AREAS", "area", "move_cores", "plain", "put", "reduce_life", "take"]
