"""The modifications in force (8-8): those resolved effects left in `state.mods` and those the active
constant abilities apply now (computed from the board by continuous.py, never stored), in timestamp
order. Every derived value reads `mods(state)`; what computes the constant ones registers itself in
`CONSTANTS`, so the values it reads (levels, selections, conditions) need not import it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any

from judge.engine.bs.state import Mod, State

#: What yields the constant effects' modifications of a board (continuous.py registers it).
CONSTANTS: list[Callable[[State], Iterator[Mod]]] = []


def _static(state: State) -> Iterator[Mod]:
    for provide in CONSTANTS:
        yield from provide(state)


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
COMPOUND = {"attack_or_block": ("attack", "block"),
            # "cannot be destroyed by your opponent's effects or in battle": either way (7-1-5-2, 10-1-3)
            "be_destroyed_or_in_battle": ("be_destroyed", "be_destroyed_in_battle")}


#: Tests of an ability that works only while a cost is calculated (never as a board modification),
#: registered by the module that works costs out (zones/cost.py).
WHILE_PAYING: list[Callable[[Any], bool]] = []


#: Restrictions naming players, not cards ("your life cannot be reduced …"): action → the
#: modifications they leave (registered by zones/life.py).
PLAYER_RESTRICTIONS: dict[str, Callable[..., Iterator[Mod]]] = {}


def while_paying(ab: Any) -> bool:
    return any(test(ab) for test in WHILE_PAYING)


__all__ = ["COMPOUND", "CONSTANTS", "PLAYER_RESTRICTIONS", "WHILE_PAYING", "computing", "mods", "mods_on", "while_paying"]
