"""Conditions decided from the board: a registry keyed by the typed `Condition.kind`.

Each entry reads only typed fields (the selector, its thresholds, the event) and the board; it
returns True or False, or None when the node does not carry what deciding it needs (a grammar
gap: the step says "not modelled" and a judge decides). No condition is ever asked of the
players: life, cores, levels, colours, counts and what happened this turn are on the board.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from judge.engine.bs import derive, select
from judge.engine.bs.ctx import Ctx
from judge.engine.bs.state import Work
from judge.engine.kernel.registry import Registry
from judge.text.ast import Condition, Player, Selector, Threshold

CONDITIONS: Registry[str] = Registry("Battle Spirits conditions")

Decide = Callable[[Ctx, Condition, Work], "bool | None"]


def holds(ctx: Ctx, cond: Condition, item: Work) -> bool | None:
    """Whether a condition holds now (None: the node lacks what deciding it needs)."""
    entry = CONDITIONS.get(cond.kind)
    if entry is None:
        return None
    return entry.handler(ctx, cond, item)


def decidable(cond: Condition) -> bool:
    """Whether the engine has an entry for this kind of condition (coverage asks this)."""
    return cond.kind in CONDITIONS


def _count_threshold(sel: Selector) -> Threshold | None:
    return next((t for t in sel.thresholds if t.stat == "count"), None)


def count(ctx: Ctx, sel: Selector, item: Work, default_owner: Player | None = Player.YOU) -> int:
    """How many cards a selector describes now (field by default, or the zone it names)."""
    state = ctx.state
    owner = sel.owner if sel.owner is not None else default_owner
    players = select.whose(item.controller, owner, state)
    zone = sel.zone or "field"
    n = 0
    for p in players:
        pl = state.players[p]
        if zone == "field":
            ids = [fc.id for fc in pl.field]
        elif zone in ("hand", "trash", "removed", "deck"):
            ids = list(getattr(pl, zone))
        else:
            return -1
        for cid in ids:
            if zone == "field" and not sel.card_types and state.card_def(cid).type != "spirit":
                continue
            if select.matches(state, cid, sel, item.source):
                n += 1
    return n


def _compare(n: int, sel: Selector, at_least_one: bool = True) -> bool:
    t = _count_threshold(sel)
    if t is not None:
        return select.OPS[t.op](n, t.value)
    return n >= (sel.count or 1) if at_least_one else n > 0


@CONDITIONS.register("control", concepts=("effect.if",), meaning="you control cards meeting the selector")
def _control(ctx: Ctx, cond: Condition, item: Work) -> bool | None:
    if cond.selector is None:
        return None
    if cond.selector.self_ref:
        return ctx.state.controller(item.source) == item.controller
    n = count(ctx, cond.selector, item)
    return None if n < 0 else _compare(n, cond.selector)


@CONDITIONS.register("count", concepts=("effect.if",), meaning="a player has that many cards meeting it")
def _have(ctx: Ctx, cond: Condition, item: Work) -> bool | None:
    if cond.selector is None:
        return None
    n = count(ctx, cond.selector, item, default_owner=None if cond.selector.owner is None else Player.YOU)
    return None if n < 0 else _compare(n, cond.selector)


@CONDITIONS.register("control_none", concepts=("effect.if",), meaning="you control none meeting it")
def _control_none(ctx: Ctx, cond: Condition, item: Work) -> bool | None:
    if cond.selector is None:
        return None
    n = count(ctx, cond.selector, item)
    return None if n < 0 else n == 0


@CONDITIONS.register("soul_core", concepts=("effect.if",), meaning="a card has the soul core on it")
def _soul(ctx: Ctx, cond: Condition, item: Work) -> bool | None:
    sel = cond.selector
    if sel is None:
        return None
    if sel.self_ref:
        return derive.has_soul(ctx.state, item.source)
    for p in select.whose(item.controller, sel.owner or Player.YOU, ctx.state):
        for fc in ctx.state.players[p].field:
            if (not sel.card_types or ctx.state.defs[fc.card].type in sel.card_types) and \
                    select.matches(ctx.state, fc.id, sel, item.source) and derive.has_soul(ctx.state, fc.id):
                return True
    return False


@CONDITIONS.register("chain", concepts=("kw.chain",), meaning="【Chain: colour】: you have a symbol of that colour")
def _chain(ctx: Ctx, cond: Condition, item: Work) -> bool | None:
    if cond.selector is None or not cond.selector.colors:
        return None
    have = {c for s in derive.field_symbols(ctx.state, item.controller) for c in s.split("/")}
    return bool(set(cond.selector.colors) & have)


@CONDITIONS.register("did", concepts=("effect.if",), meaning="if you do: the part before was performed")
def _did(ctx: Ctx, cond: Condition, item: Work) -> bool | None:
    return ctx.did


@CONDITIONS.register("did_not", concepts=("effect.if",), meaning="if you do not: the part before was not")
def _did_not(ctx: Ctx, cond: Condition, item: Work) -> bool | None:
    return None if ctx.did is None else not ctx.did


@CONDITIONS.register("possible", concepts=("rules.impossible",), meaning="if possible: done when it can be")
def _possible(ctx: Ctx, cond: Condition, item: Work) -> bool | None:
    return True


@CONDITIONS.register("after_resolves", concepts=("rules.text_order",),
                     meaning="after the effect resolves: the rest follows in written order")
def _after(ctx: Ctx, cond: Condition, item: Work) -> bool | None:
    return True


def describe(cond: Condition) -> str:
    """What a condition is about, for a step (its kind and typed fields; never its printed words)."""
    sel = cond.selector
    bits: list[Any] = [cond.kind.replace("_", " ")]
    if sel is not None:
        what = [*sel.colors, *sel.families, *sel.card_types]
        if sel.self_ref:
            what = ["this card"]
        if what:
            bits.append("/".join(map(str, what)))
        t = _count_threshold(sel)
        if t is not None:
            bits.append(f"{t.op} {t.value}")
    return " ".join(map(str, bits))


__all__ = ["CONDITIONS", "count", "decidable", "describe", "holds"]
