"""Conditions decided from the board: a registry keyed by the typed `Condition.kind`.

Each entry reads only typed fields (the selector, its thresholds, the event) and the board; it
returns True or False, or None when the node does not carry what deciding it needs (a grammar
gap: the step says "not modelled" and a judge decides). No condition is ever asked of the
players: life, cores, levels, colours, counts and what happened this turn are on the board.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, fields, replace
from typing import Any

from judge.engine.bs import derive, select
from judge.engine.bs.ctx import Ctx
from judge.engine.bs.state import Work
from judge.engine.kernel.registry import Registry
from judge.text.ast import Condition, Player, Selector, Threshold

CONDITIONS: Registry[str] = Registry("Battle Spirits conditions")

Decide = Callable[[Ctx, Condition, Work], "bool | None"]


def holds(ctx: Ctx, cond: Condition, item: Work) -> bool | None:
    """Whether a condition holds now (None: the node lacks what deciding it needs); a negated one
    ("not", "unless") holds when its condition does not."""
    entry = CONDITIONS.get(cond.kind)
    if entry is None or unread(cond):        # a part of it its entry would pass over: undecided
        return None
    value = entry.handler(ctx, cond, item)
    return (not value) if value is not None and getattr(cond, "negated", False) else value


def holds_or_unmodelled(ctx: Ctx, cond: Condition, source: str, controller: str, whose: str) -> bool:
    """Whether a condition of `source`'s ability holds now, for a step that needs a yes or no (does it
    activate, does it substitute): one the node lacks what deciding it needs is said as not modelled
    (`whose`: what the line says before the condition's kind) and does not hold."""
    held = holds(ctx, cond, Work(kind="effects", source=source, controller=controller, label=source))
    if held is None:
        ctx.unmodelled(f"{whose} {cond.kind.replace('_', ' ')} condition holds")
        return False
    return held


#: Kinds whose entry decides only some of their conditions: kind → whether it decides this one.
PARTLY: dict[str, Callable[[Condition], bool]] = {
    "count": lambda c: _count_decided(c),
    # an event decided from the board is one it keeps a record of (EVENT_FACTS); "when the battle ends"
    # beside a When Attacks is a later event, watched by nothing here (`_event` answers None)
    "event": lambda c: (c.event or "") in EVENT_FACTS,
    **{kind: (lambda c: c.selector is None or countable(c.selector)) for kind in ("control", "control_none")}}


def decidable(cond: Condition) -> bool:
    """Whether the engine has an entry for this kind of condition and the entry reads every field the
    condition carries (coverage asks this)."""
    return cond.kind in CONDITIONS and PARTLY.get(cond.kind, lambda c: True)(cond) and not unread(cond)


#: Fields every condition may carry: what it is, its printed words, where, and "not" (`holds`).
_ALWAYS = frozenset({"kind", "text", "span", "negated"})


def unread(cond: Condition) -> list[str]:
    """The fields a condition carries that its entry does not read (an entry that declares `reads`, a
    condition decided from the board; events are read by the modules watching them)."""
    entry = CONDITIONS.get(cond.kind)
    reads = None if entry is None else entry.extra.get("reads")
    if reads is None:
        return []
    return [f.name for f in fields(cond) if f.name not in _ALWAYS and f.name not in reads
            and getattr(cond, f.name) != _DEFAULTS[f.name]]


_DEFAULTS = {f.name: f.default for f in fields(Condition) if f.default is not MISSING}


def _count_threshold(sel: Selector) -> Threshold | None:
    return next((t for t in sel.thresholds if t.stat == "count"), None)


def countable(sel: Selector) -> bool:
    """Whether `count` counts what a selector names: cards, or a player's symbols (2-8); the symbols or cores
    on one card it names ("for each symbol on that spirit") it does not."""
    return sel.unit is None or (sel.unit == "symbol" and sel.about is None and not sel.self_ref)


def countable_per(sel: Selector) -> bool:
    """Whether a "for each …" is counted (`targets.per_count`): as `countable`, and symbols only when it says
    whose ("for each symbol you have"); "for each symbol they have" (each card's own) is not."""
    return countable(sel) and not (sel.unit == "symbol" and sel.owner is None)


def count(ctx: Ctx, sel: Selector, item: Work, default_owner: Player | None = Player.YOU) -> int:
    """How many cards a selector describes now (field by default, or the zone it names), or symbols on a
    player's field ("if you have ten or more symbols", "three or more red symbols", 2-8; a dual symbol
    counts for either colour); -1 for what it does not count (`countable`)."""
    state = ctx.state
    if not countable(sel):
        return -1
    if sel.unit == "symbol":
        return sum(1 for p in select.whose(item.controller, sel.owner or default_owner, state)
                   for s in derive.field_symbols(state, p) if not sel.colors or set(s.split("/")) & set(sel.colors))
    if sel.state == "drawn":            # "for each card drawn": the draw that set the effect off
        from judge.engine.bs.state import Drawn

        return item.param.count if isinstance(item.param, Drawn) else sum(ctx.drawn.values())
    if sel.zone == "revealed":          # "among the revealed / discarded cards": those this effect showed
        shown = dict.fromkeys([*ctx.revealed, *getattr(ctx, "discarded", ())])
        n = sum(1 for cid in shown if select.matches(state, cid, sel, item.source))
        return n // sel.every if sel.every else n
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
    return n // sel.every if sel.every else n          # "for every ten …": whole groups (4-6)


def _compare(n: int, sel: Selector, at_least_one: bool = True) -> bool:
    t = _count_threshold(sel)
    if t is not None:
        return select.OPS[t.op](n, t.value)
    return n >= (sel.count or 1) if at_least_one else n > 0


def _pid(ctx: Ctx, item: Work, who: Player | None) -> str:
    return ctx.state.opponent(item.controller) if who == Player.OPPONENT else item.controller


#: a player's stats a count condition compares ("if you have 3 or fewer life", 3-7; cards in hand, 3-3)
PLAYER_STATS = ("life", "reserve", "hand", "deck", "trash", "cards_in_hand")


def _player_stat(ctx: Ctx, player: str, stat: str) -> int | None:
    p = ctx.state.players[player]
    return {"life": p.life, "reserve": p.reserve, "hand": len(p.hand), "deck": len(p.deck),
            "trash": len(p.trash), "cards_in_hand": len(p.hand)}.get(stat)


def _count_decided(c: Condition) -> bool:
    """Whether `_count` decides a count condition: what it counts it can count, against a stat it reads."""
    t = c.threshold
    return (c.selector is None or countable(c.selector)) and (
        t is None or t.stat in ("count", "symbols", *PLAYER_STATS))


@CONDITIONS.register("count", reads=("selector", "threshold", "player"), concepts=("effect.if",),
                     meaning="how many cards meet the selector, or a player's life / hand, against a number")
def _count(ctx: Ctx, cond: Condition, item: Work) -> bool | None:
    t = cond.threshold
    if t is None:
        return _have(ctx, cond, item)
    if t.stat == "symbols" and cond.selector is not None and cond.selector.unit == "symbol":
        n = count(ctx, cond.selector, item, default_owner=cond.player or Player.YOU)   # 2-8
        return None if n < 0 else select.OPS[t.op](n, t.value)
    if t.stat == "count":
        if cond.selector is None:
            return None
        if cond.selector.self_ref:
            n = 1 if ctx.state.controller(item.source) == _pid(ctx, item, cond.player or Player.YOU) else 0
        else:
            n = count(ctx, cond.selector, item, default_owner=cond.player or Player.YOU)
        return None if n < 0 else select.OPS[t.op](n, t.value)
    value = _player_stat(ctx, _pid(ctx, item, cond.player), t.stat)
    return None if value is None else select.OPS[t.op](value, t.value)


def _have(ctx: Ctx, cond: Condition, item: Work) -> bool | None:
    if cond.selector is None:
        return None
    n = count(ctx, cond.selector, item, default_owner=None if cond.selector.owner is None else Player.YOU)
    return None if n < 0 else _compare(n, cond.selector)


@CONDITIONS.register("only", reads=("selector", "player"), concepts=("effect.if",), meaning="every card of that kind the player has meets it")
def _only(ctx: Ctx, cond: Condition, item: Work) -> bool | None:
    sel = cond.selector
    if sel is None:
        return None
    who = _pid(ctx, item, cond.player or sel.owner or Player.YOU)
    types = sel.card_types or ("spirit",)
    mine = [fc.id for fc in ctx.state.players[who].field if ctx.state.defs[fc.card].type in types]
    loose = Selector(**{**sel.__dict__, "owner": None, "thresholds": tuple(t for t in sel.thresholds
                                                                            if select.per_card(t))})
    if not all(select.matches(ctx.state, c, loose, item.source) for c in mine):
        return False
    t = _count_threshold(sel)
    return select.OPS[t.op](len(mine), t.value) if t is not None else bool(mine)


def _subjects(ctx: Ctx, sel: Selector | None, item: Work) -> list[str] | None:
    if sel is None:
        return None
    chosen = getattr(ctx, "selections", {}).get(sel)    # a board view (constant effects) selects nothing
    if chosen is not None:       # "Select a spirit. … If it is a red spirit, …": the card(s) selected before
        return [c for c, _ in chosen]
    if sel.zone == "revealed":
        return list(ctx.revealed)
    if sel.zone == "deck_top" and ctx.discarded:     # "discard the top card of your deck. If it is …"
        return list(ctx.discarded)
    if sel.self_ref:
        return [ctx.revealed[-1]] if ctx.revealed else [item.source]
    if sel.state in ("attacking", "blocking"):
        b = ctx.state.battle
        c = None if b is None else (b.attacker if sel.state == "attacking" else b.blocker)
        return [] if c is None else [c]
    if sel.count is None and sel.zone in (None, "field") and not sel.ref:
        # "if all the spirits on your field …": every field card the selector describes (8-5-3)
        state = ctx.state
        return [fc.id for p in select.whose(item.controller, sel.owner, state) for fc in state.players[p].field
                if select.matches(state, fc.id, sel, item.source)]
    return None


def _meets(ctx: Ctx, cid: str, obj: Selector, item: Work) -> bool | None:
    state = ctx.state
    if obj.state == "blocked":
        return state.battle is not None and state.battle.attacker == cid and state.battle.blocker is not None
    for t in obj.thresholds:
        if t.ref is not None:
            others = [fc.id for p in select.whose(item.controller, t.ref.owner, state)
                      for fc in state.players[p].field if select.matches(state, fc.id, t.ref, item.source)]
            mine = select.stat(state, cid, t)
            if mine is None or not any(select.OPS[t.op](mine, select.stat(state, o, t)) for o in others):
                return False
        elif t.stat == "soul_cores":
            if not select.OPS[t.op](1 if derive.has_soul(state, cid) else 0, t.value):
                return False
        elif select.per_card(t) and select.stat(state, cid, t) is None:
            return None
    loose = Selector(**{**obj.__dict__, "zone": None, "thresholds": tuple(
        t for t in obj.thresholds if t.ref is None and t.stat != "soul_cores")})
    return select.matches(state, cid, loose, None)


@CONDITIONS.register("is", reads=("selector", "object"), concepts=("effect.if",), meaning="a card (this one, the one revealed) is of a kind")
def _is(ctx: Ctx, cond: Condition, item: Work) -> bool | None:
    subjects = _subjects(ctx, cond.selector, item)
    if subjects is None or cond.object is None:
        return None
    each = replace(cond.object, thresholds=tuple(t for t in cond.object.thresholds if t.stat not in select.GROUP_STATS))
    results = [_meets(ctx, c, each, item) for c in subjects]
    if any(r is None for r in results):
        return None
    if "card_name" in cond.object.distinct:     # "if they all have different card names" (2-1)
        names = [ctx.state.card_def(c).name for c in subjects]
        results.append(len(set(names)) == len(names))
    return bool(results) and all(results) and select.group_holds(ctx.state, subjects, cond.object)


@CONDITIONS.register("compare", reads=("selector", "threshold", "player"), concepts=("effect.if",), meaning="a count or a player's life against the other's")
def _compare_kind(ctx: Ctx, cond: Condition, item: Work) -> bool | None:
    t = cond.threshold
    if t is None or t.ref is None:
        return None
    me = _pid(ctx, item, cond.player or Player.YOU)
    if t.stat == "count" and cond.selector is not None:
        a = count(ctx, cond.selector, item)
        b = count(ctx, t.ref, item)
        return None if a < 0 or b < 0 else select.OPS[t.op](a, b)
    a, b = _player_stat(ctx, me, t.stat), _player_stat(ctx, ctx.state.opponent(me), t.stat)
    return None if a is None or b is None else select.OPS[t.op](a, b)


@CONDITIONS.register("turn", reads=("player",), concepts=("effect.if",), meaning="whose turn it is")
def _turn(ctx: Ctx, cond: Condition, item: Work) -> bool | None:
    return None if cond.player is None else ctx.state.turn_player == _pid(ctx, item, cond.player)


def _joined(ctx: Ctx, cond: Condition, item: Work, deciding: bool) -> bool | None:
    """The parts of an "all" (`deciding` False) or "any" (True) condition: one part of the deciding
    value decides; otherwise a part not decided, or no part at all, leaves it undecided."""
    parts = [holds(ctx, c, item) for c in cond.conditions]
    if any(p is deciding for p in parts):
        return deciding
    return None if any(p is None for p in parts) or not parts else not deciding


@CONDITIONS.register("all", reads=("conditions",), concepts=("effect.if",), meaning="every one of the conditions holds")
def _all(ctx: Ctx, cond: Condition, item: Work) -> bool | None:
    return _joined(ctx, cond, item, deciding=False)


@CONDITIONS.register("any", reads=("conditions",), concepts=("effect.if",), meaning="at least one of the conditions holds")
def _any(ctx: Ctx, cond: Condition, item: Work) -> bool | None:
    return _joined(ctx, cond, item, deciding=True)


@CONDITIONS.register("control", reads=("selector",), concepts=("effect.if",), meaning="you control cards meeting the selector")
def _control(ctx: Ctx, cond: Condition, item: Work) -> bool | None:
    if cond.selector is None:
        return None
    if cond.selector.self_ref:
        return ctx.state.controller(item.source) == item.controller
    n = count(ctx, cond.selector, item)
    return None if n < 0 else _compare(n, cond.selector)


@CONDITIONS.register("control_none", reads=("selector",), concepts=("effect.if",), meaning="you control none meeting it")
def _control_none(ctx: Ctx, cond: Condition, item: Work) -> bool | None:
    if cond.selector is None:
        return None
    n = count(ctx, cond.selector, item)
    return None if n < 0 else n == 0


@CONDITIONS.register("soul_core", reads=("selector",), concepts=("effect.if",), meaning="a card has the soul core on it")
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


@CONDITIONS.register("chain", reads=("selector",), concepts=("kw.chain",), meaning="【Chain: colour】: you have a symbol of that colour")
def _chain(ctx: Ctx, cond: Condition, item: Work) -> bool | None:
    if cond.selector is None or not cond.selector.colors:
        return None
    have = {c for s in derive.field_symbols(ctx.state, item.controller) for c in s.split("/")}
    return bool(set(cond.selector.colors) & have)


@CONDITIONS.register("did", reads=(), concepts=("effect.if",), meaning="if you do: the part before was performed")
def _did(ctx: Ctx, cond: Condition, item: Work) -> bool | None:
    return ctx.did


@CONDITIONS.register("did_not", reads=(), concepts=("effect.if",), meaning="if you do not: the part before was not")
def _did_not(ctx: Ctx, cond: Condition, item: Work) -> bool | None:
    return None if ctx.did is None else not ctx.did


@CONDITIONS.register("possible", reads=(), concepts=("rules.impossible",), meaning="if possible: done when it can be")
def _possible(ctx: Ctx, cond: Condition, item: Work) -> bool | None:
    return True


@CONDITIONS.register("after_resolves", reads=("window",), concepts=("rules.text_order",),
                     meaning="after the effect resolves: the rest follows in written order")
def _after(ctx: Ctx, cond: Condition, item: Work) -> bool | None:
    return True


#: Events a condition may ask about that the board keeps a record of (keyed by `Condition.event`):
#: "when this spirit performs Ascend using …" is decided from what its Ascend used (ascend.py).
EVENT_FACTS: Registry[str] = Registry("Battle Spirits events decided from the board")


@CONDITIONS.register("event", concepts=("effect.if",), meaning="an event the board keeps a record of")
def _event(ctx: Ctx, cond: Condition, item: Work) -> bool | None:
    entry = EVENT_FACTS.get(cond.event or "")
    return None if entry is None else entry.handler(ctx, cond, item)


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


__all__ = ["CONDITIONS", "EVENT_FACTS", "count", "decidable", "describe", "holds"]


