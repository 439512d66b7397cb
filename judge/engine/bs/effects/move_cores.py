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

from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.dispatch import effect
from judge.engine.bs.events import targets
from judge.engine.bs.events.cores import (
    _FIELDS,
    _all,
    _soul_at,
    area,
    plain,
    protected,
    put,
    reduce_life,
    take,
)
from judge.engine.bs.events.targets import per_count
from judge.engine.bs.state import Work
from judge.text import ast


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
    from judge.engine.bs.events import targets

    if distributes(eff, src, dst):           # "place any number of cores onto them"
        spread(ctx, eff, item, ctx.state.opponent(mover) if src_opp else mover, src)
        return
    if src == "spirit" and eff.source_target is not None and targets.names_subjects(eff.source_target, item) \
            and dst in ("spirit", "this"):     # "the destroyed spirit's cores": where the event put them
        targets.move_their_cores(ctx, eff, item, _dest_card(ctx, eff, item, dst))
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
        # what forbids taking them is read first: a protected card is not asked which core leaves (1-3-3)
        soul = _which(ctx, owner, where, want, eff, dst, item) if where != "void" and not protected(
            ctx, where, by=item.controller, actor=item.source) else False
        got = take(ctx, owner, where, want, soul=soul, by=item.controller, actor=item.source)
        target = dest_card if dst in ("spirit", "this") else dst
        put(ctx, to_who, target, got, soul=soul, source="field" if where in ctx.state.cards else where)
        if where == "life" and got > 0:
            lost_life(ctx, owner)
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
    from judge.engine.bs.state import Drawn

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
        ids = targets.choose(ctx, sel, controller=item.controller, source=item.source, label=item.label)
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
        picked = targets.choose(ctx, sel, controller=item.controller, source=item.source, label=item.label)
        return picked[0] if picked else None
    return None


def _move_cores_gaps(e: ast.MoveCores) -> list[str]:
    """Core moves between the areas `events.cores.area` names; "from your field or reserve" only as a
    payment (a count, or a cost) into the reserve, the trash or the life (8-4)."""
    src, dst = area(e.source), area(e.dest)
    paid = e.count is not None or (e.equal_to is not None and e.equal_to.stat == "cost")
    if src is None or dst is None or (src[0] == "any" and e.core_type != "soul") or (
            src[0] == "field_or_reserve" and (not paid or dst[0] not in ("reserve", "trash", "life"))):
        return [f"move_cores from {e.source} to {e.dest}"]
    return []


@effect(ast.MoveCores, concepts=("core.which",), check=_move_cores_gaps,
        reads=("count", "source", "dest", "up_to", "source_target", "dest_target", "player", "per", "until",
               "core_type", "equal_to"))
def _move_cores(ctx: Ctx, eff: ast.MoveCores, item: Work) -> None:
    move_cores(ctx, eff, item)


@effect(ast.Damage, concepts=("battle.damage",), reads=("amount", "player"))
def _damage(ctx: Ctx, eff: ast.Damage, item: Work) -> None:
    who = ctx.state.opponent(item.controller) if eff.player in (None, ast.Player.OPPONENT) else item.controller
    got = reduce_life(ctx, who, eff.amount, source=item.source)
    ctx.log(f"{who}'s life is reduced by {got} (cores go to {who}'s reserve)", "core.which")
    if got > 0:
        lost_life(ctx, who)


def lost_life(ctx: Ctx, who: str) -> None:
    """Cores an effect took from a player's life: that player has lost life, which sets off their
    "When You Lose Life" burst and the effects watching them lose life as an attack's damage does
    (10-9-1, 8-6-1): one batch the turn player orders (8-5-2-4)."""
    from judge.engine.bs import waiting
    from judge.engine.bs.events import life_lost
    from judge.engine.bs.events.triggers import fire_burst

    with waiting.one_batch(ctx):
        fire_burst(ctx, who, "life_lost")
        life_lost.fire(ctx, who)


# --- distribute (folded in): "Select up to two of your spirits. Place any number of cores onto them
# from your reserve": the mover decides how many cores go on each selected spirit (8-5-3-2 "any
# number", 8-5-6 the mover says which cores), answered as a mapping `{card id: count}` (one spirit: a
# bare count is enough); the soul core is among them only when the answer says so (`soul_core: card
# id`).

def distributes(eff: ast.MoveCores, src: str, dst: str) -> bool:
    """Whether a core move is a spread of any number of cores from a player's area over spirits."""
    return dst == "spirit" and eff.count is None and eff.up_to and src in ("reserve", "trash", "life")


def spread(ctx: Ctx, eff: ast.MoveCores, item: Work, owner: str, src: str) -> None:
    sel = eff.dest_target or ast.Selector(count=1, owner=ast.Player.YOU, card_types=("spirit",))
    dests = targets.choose(ctx, sel, controller=item.controller, source=item.source, label=item.label)
    if not dests:
        ctx.log(f"{item.label}: no spirit to place the cores on; nothing moves", "rules.impossible")
        return
    have = plain(ctx.state, owner, src)
    soul_here = ctx.state.players[owner].soul_core == src
    answer = ctx.ask(f"{owner} says how many cores from the {src} go on each of {', '.join(dests)} (0 to {have} "
                     f"in all{'; soul_core: ID to include the soul core' if soul_here else ''})",
                     "effect.select_up_to", "core.which", player=owner, options=tuple(dests), kind="cores",
                     first=dict.fromkeys(dests, 0))      # any number includes none (8-5-3-2)
    counts, soul_to = _read(ctx, answer, dests, have, soul_here)
    for cid, n in counts.items():
        soul = soul_to == cid
        got = take(ctx, owner, src, n + (1 if soul else 0), soul=soul)
        put(ctx, owner, cid, got, soul=soul)
        if got:
            ctx.log(f"{got} core(s){' including the soul core' if soul else ''} move from {owner}'s {src} to "
                    f"{name_of(ctx.state, cid)}", "core.which")


def _read(ctx: Ctx, answer: object, dests: list[str], have: int, soul_here: bool) -> tuple[dict[str, int], str | None]:
    if not isinstance(answer, dict):
        if len(dests) != 1:
            raise ctx.refuse(f"{answer!r}: say how many cores go on each of {', '.join(dests)} "
                             "(a mapping id: count)", "effect.select_up_to")
        answer = {dests[0]: answer}
    soul_to = answer.get("soul_core")
    counts: dict[str, int] = {}
    for key, value in answer.items():
        if key == "soul_core":
            continue
        if str(key) not in dests:
            raise ctx.refuse(f"{key} is not one of the selected spirits ({', '.join(dests)})", "effect.select_up_to")
        try:
            counts[str(key)] = int(value)
        except (TypeError, ValueError):
            raise ctx.refuse(f"{value!r} is not a number of cores", "effect.select_up_to") from None
    if soul_to is not None and (not soul_here or str(soul_to) not in dests):
        raise ctx.refuse(f"the soul core cannot go on {soul_to}", "core.which")
    if soul_to is not None:
        counts.setdefault(str(soul_to), 0)
    if any(n < 0 for n in counts.values()) or sum(counts.values()) > have:
        raise ctx.refuse(f"{sum(counts.values())} core(s) asked, {have} there", "effect.select_up_to")
    return counts, None if soul_to is None else str(soul_to)


__all__ = ["distributes", "move_cores", "spread"]
