"""Constant effects (8-1-4 / 9-1-4-1): what the active constant abilities on the field apply now.

A constant ability applies while its card is on the field at a level it is written for and its
typed timing holds (10-12-1); a condition written in it ("if you only have two spirits") is decided
from the board each time. Its effects become the same modifications resolved effects leave in
`state.mods` (BP, level, symbols, keywords, "cannot …"), computed from the board, never stored:
`mods(state)` is both, and every derived value reads it. A constant effect of the form "when X,
do Y" is a trigger, not a modification: `triggers.watch` handles those.

The computation reads levels and abilities without constant effects (a constant effect that
changes levels does not feed back into which constant effects apply), which keeps it finite.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any

from judge.engine.bs.state import Mod, State, Work
from judge.text import ast
from judge.text.ast import AbilityKind, Duration

_LOCAL = threading.local()
_CACHE: dict[int, tuple[State, tuple[Mod, ...]]] = {}


def computing() -> bool:
    """True while constant effects are being computed (derived values then ignore them)."""
    return getattr(_LOCAL, "busy", False)


def mods(state: State) -> tuple[Mod, ...]:
    """Resolved effects' modifications and the constant effects active now, in timestamp order."""
    if computing():
        return state.mods
    hit = _CACHE.get(id(state))
    if hit is not None and hit[0] is state:
        return hit[1]
    _LOCAL.busy = True
    try:
        static = tuple(_static(state))
        lost = tuple(m for m in static if m.kind == "lose_effects")
        if lost:
            # 8-8-1-2 before 8-8-1-3: effects that take abilities away apply first, so a constant
            # ability a card has lost ("all nexuses lose their LV1 effects") no longer applies
            from judge.engine.kernel.values import evolve

            static = tuple(_static(evolve(state, mods=(*lost, *state.mods))))
    finally:
        _LOCAL.busy = False
    out = (*static, *state.mods) if static else state.mods
    if len(_CACHE) > 256:
        _CACHE.clear()
    _CACHE[id(state)] = (state, out)
    return out


def mods_on(state: State, cid: str) -> list[Mod]:
    return [m for m in mods(state) if m.target == cid]


#: Restriction actions that also forbid each of the simpler ones.
COMPOUND = {"attack_or_block": ("attack", "block")}


def cannot(state: State, cid: str, action: str, *, actor: str | None = None, player: str | None = None) -> bool:
    """Whether an effect forbids `cid` to do (or undergo) `action` ("attack", "block", "be_selected" …).

    `actor` is the card whose act it would be (the blocker, the source of an effect) and `player`
    its controller: a restriction "by <selector>" binds only acts of cards meeting it."""
    for m in mods_on(state, cid):
        if m.kind != "cannot" or (m.value != action and action not in COMPOUND.get(m.value, ())):
            continue
        if m.extra is None or _by_matches(state, m, actor, player):
            return True
    return False


def _by_matches(state: State, m: Mod, actor: str | None, player: str | None) -> bool:
    from judge.engine.bs import select

    by: ast.Selector = m.extra
    if player is not None and by.owner is not None and player not in select.whose(m.controller, by.owner, state):
        return False
    if actor is None:
        return True
    d = state.card_def(actor)
    if d is not None and by.card_types and d.type not in by.card_types:
        return False
    return select.matches(state, actor, ast.Selector(**{**by.__dict__, "owner": None, "card_types": ()}), None) \
        if state.field_card(actor) is not None else True


def allowed(state: State, cid: str, action: str) -> bool:
    """Whether an effect lets `cid` do something the rules otherwise forbid ("block while exhausted")."""
    return any(m.kind == "can" and m.value == action for m in mods_on(state, cid))


class _View:
    """What condition entries read while constant effects are computed (no resolution under way)."""

    def __init__(self, state: State) -> None:
        from judge.engine.bs.profile import profile

        self.state = state
        self.did = None
        self.revealed: list[str] = []
        self.destroyed: dict[str, dict] = {}
        self.discarded: list[str] = []
        self.core_moves: list[tuple[str, str, int, bool]] = []
        self.profile = profile(state.game)


_HAS: dict[int, tuple[Any, bool]] = {}


def _has_constants(d: Any) -> bool:
    """Whether a card definition has any constant ability (cached: most have none), or gained ones."""
    hit = _HAS.get(id(d))
    if hit is not None and hit[0] is d:
        return hit[1]
    flag = any(ab.kind == AbilityKind.CONSTANT for ab in d.abilities)
    _HAS[id(d)] = (d, flag)
    return flag


def _static(state: State) -> Iterator[Mod]:
    from judge.engine.bs import derive

    gained = {m.target for m in state.mods if m.kind == "ability"}
    for name, p in state.players.items():
        for fc in p.field:
            if fc.id not in gained and not _has_constants(state.defs[fc.card]):
                continue
            for idx, ab in derive.active_abilities(state, fc.id):
                if ab.kind != AbilityKind.CONSTANT or not derive.constant_active(state, fc.id, ab):
                    continue
                if while_paying(ab):          # it changes a cost being calculated, nothing else (symbols.py)
                    continue
                item = Work(kind="effects", source=fc.id, controller=name, label=fc.id)
                for eff in ab.effects:
                    yield from _apply(state, eff, item, stamp=-1000 + idx)


def while_paying(ab: Any) -> bool:
    from judge.engine.bs.zones.cost import while_paying as during_payment

    return during_payment(ab)


def _apply(state: State, eff: Any, item: Work, stamp: int) -> Iterator[Mod]:
    if isinstance(eff, ast.Conditional):
        cond = eff.condition
        if cond.kind in ("event", "would", "substitution", "first_each_turn") or eff.instead:
            return                      # a trigger or a substitution, not a modification
        from judge.engine.bs import conditions

        holds = conditions.holds(_View(state), cond, item)   # type: ignore[arg-type]
        for e in (eff.effects if holds else eff.otherwise if holds is False else ()):
            yield from _apply(state, e, item, stamp)
        return
    if isinstance(eff, ast.Restriction) and eff.target is None:
        from judge.engine.bs.zones import life

        if eff.action in life.PLAYER_ACTIONS:     # a restriction on players' life (life.py)
            yield from life.player_mods(eff, item.controller, state, source=item.source, stamp=stamp)
        return
    if isinstance(eff, ast.ModifyStat) and eff.per is not None:     # "gains 1000 BP for each …": counted now
        from dataclasses import replace

        from judge.engine.bs import conditions

        n = conditions.count(_View(state), eff.per, item)   # type: ignore[arg-type]
        if n < 0:
            return
        eff = replace(eff, amount=eff.amount * n, per=None)
    make = CONSTANT_EFFECTS.get(type(eff))
    if make is None:
        return
    made = make(eff)
    if made is None:
        return
    kind, value, extra = made
    for cid in _targets(state, getattr(eff, "target", None), item):
        yield Mod(target=cid, kind=kind, value=value, duration=Duration.PERMANENT, source=item.source,
                  controller=item.controller, stamp=stamp, extra=extra)


def _targets(state: State, sel: ast.Selector | None, item: Work) -> list[str]:
    from judge.engine.bs import select

    if sel is None or sel.self_ref:
        return [item.source]
    out = []
    for p in select.whose(item.controller, sel.owner, state):
        for fc in state.players[p].field:
            if not sel.card_types and state.defs[fc.card].type != "spirit":
                continue
            if select.matches(state, fc.id, sel, item.source):
                out.append(fc.id)
    return out


def _modify(e: ast.ModifyStat) -> tuple[str, Any, Any] | None:
    if e.stat == "bp":
        return "bp_add", e.amount, None
    if e.stat.startswith("symbols"):
        colour = e.stat.split(":", 1)[1] if ":" in e.stat else None
        return "symbol_add", (colour,) * e.amount if colour else None, None
    return None


def _set_stat(e: ast.SetStat) -> tuple[str, Any, Any] | None:
    if e.stat == "bp":     # "treat the LV1 BP as 4000" redefines a level's BP (8-8-1-3-3), else sets it (8-8-1-3-4)
        return ("bp_base", {e.level: e.value}, None) if e.level is not None else ("bp_set", e.value, None)
    colour = symbol_colour(e)
    if colour is not None:
        return "symbol_set", (colour,) * e.value, None
    return None


def symbol_colour(e: Any) -> str | None:
    """The colour a "count its symbol as N <colour> symbols" node names ("" when it names none)."""
    if e.stat.startswith("symbols:"):
        return e.stat.split(":", 1)[1]
    if e.stat == "symbols":
        colours = getattr(e, "colors", ()) or ()
        return colours[0] if colours else ""
    return None


def _restriction(e: ast.Restriction) -> tuple[str, Any, Any] | None:
    if e.target is None:
        return None
    return e.mode, e.action, e.by


def _gain(e: ast.Gain) -> tuple[str, Any, Any] | None:
    if e.keyword is not None:
        return "keyword", e.keyword, None
    if e.ability is None and e.family:      # "gain Otherlander spirit type", "has all spirit types" (2-5)
        return "family", e.family, None
    return ("ability", e.ability, None) if e.ability is not None else None


#: The constant effects applied as modifications: node class → (kind, value, extra) of the Mod.
CONSTANT_EFFECTS: dict[type, Callable[[Any], tuple[str, Any, Any] | None]] = {
    ast.ModifyStat: _modify,
    ast.SetStat: _set_stat,
    ast.SetLevel: lambda e: ("level_set", e.level, None),
    ast.Restriction: _restriction,
    ast.Gain: _gain,
    ast.LoseEffects: lambda e: ("lose_effects", e.levels, None),
}


def applies(eff: Any) -> bool:
    """Whether a constant ability's effect node is one the engine applies (coverage asks this)."""
    if isinstance(eff, ast.Conditional):
        return True
    make = CONSTANT_EFFECTS.get(type(eff))
    return make is not None and make(eff) is not None


__all__ = ["CONSTANT_EFFECTS", "allowed", "applies", "cannot", "computing", "mods", "mods_on"]
