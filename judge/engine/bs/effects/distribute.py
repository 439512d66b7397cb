""""Select up to two of your spirits. Place any number of cores onto them from your reserve": the
mover decides how many cores go on each selected spirit (8-5-3-2 "any number", 8-5-6 the mover
says which cores), answered as a mapping `{card id: count}` (one spirit: a bare count is enough);
the soul core is among them only when the answer says so (`soul_core: card id`).
"""

from __future__ import annotations

from judge.engine.bs import select
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.effects import move_cores as cores
from judge.engine.bs.state import Work
from judge.text import ast


def applies(eff: ast.MoveCores, src: str, dst: str) -> bool:
    """Whether a core move is a spread of any number of cores from a player's area over spirits."""
    return dst == "spirit" and eff.count is None and eff.up_to and src in ("reserve", "trash", "life")


def spread(ctx: Ctx, eff: ast.MoveCores, item: Work, owner: str, src: str) -> None:
    sel = eff.dest_target or ast.Selector(count=1, owner=ast.Player.YOU, card_types=("spirit",))
    dests = select.choose(ctx, sel, controller=item.controller, source=item.source, label=item.label)
    if not dests:
        ctx.log(f"{item.label}: no spirit to place the cores on; nothing moves", "rules.impossible")
        return
    have = cores.plain(ctx.state, owner, src)
    soul_here = ctx.state.players[owner].soul_core == src
    answer = ctx.ask(f"{owner} says how many cores from the {src} go on each of {', '.join(dests)} (0 to {have} "
                     f"in all{'; soul_core: ID to include the soul core' if soul_here else ''})",
                     "effect.select_up_to", "core.which", player=owner, options=tuple(dests), kind="cores")
    counts, soul_to = _read(ctx, answer, dests, have, soul_here)
    for cid, n in counts.items():
        soul = soul_to == cid
        got = cores.take(ctx, owner, src, n + (1 if soul else 0), soul=soul)
        cores.put(ctx, owner, cid, got, soul=soul)
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


__all__ = ["applies", "spread"]
