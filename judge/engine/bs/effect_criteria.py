"""Selecting by the effects a card has: "a spirit with a “When This Spirit Blocks” effect", "spirits
with no effects listed" (the typed `Selector.has_effect` / `lacks_effect`, timing ids).

Why a module of its own: the criterion is a rule about which effects a card *has*, not about its
printed words. On the field a card has the effects of its current level and the ones it gained
(2-10-2, 10-13-1: an effect whose level condition is not met does not fulfil "with …"); elsewhere
an effect active at any level counts (10-13-2). An effect worded "when this spirit attacks or
blocks" fulfils a criterion naming either of the two (10-11-2). "No effects listed" asks whether
the card lists any effect at all, whatever its level, or has gained one.
"""

from __future__ import annotations

from judge.engine.bs import derive
from judge.engine.bs.mods import mods_on
from judge.engine.bs.state import State
from judge.text.ast import Ability, Selector

#: A timing that answers to several events fulfils a criterion naming any one of them (10-11-2).
EITHER: dict[str, frozenset[str]] = {
    "when_attacks_or_blocks": frozenset({"when_attacks", "when_blocks"}),
}


def _pool(state: State, cid: str, level: int | None) -> list[Ability]:
    d = state.card_def(cid)
    if d is None:
        return []
    if state.field_card(cid) is not None and level is None:
        return [ab for _, ab in derive.active_abilities(state, cid)]
    if level is None:
        return list(d.abilities)
    return [ab for ab in d.abilities if not ab.levels or level in ab.levels]


def how_it_has(state: State, cid: str, timing: str, level: int | None = None) -> str | None:
    """"exact" when the card has an effect of that timing now, "either" when only an effect worded
    for attacking or blocking fulfils it (10-11-2), None when it has none."""
    timings = {ab.timing for ab in _pool(state, cid, level) if ab.timing}
    if timing in timings:
        return "exact"
    if any(timing in EITHER.get(t, ()) for t in timings):
        return "either"
    return None


def lists_effects(state: State, cid: str) -> bool:
    """Whether a card lists any effect (at any level) or has gained one now."""
    d = state.card_def(cid)
    if d is None:
        return False
    if d.abilities:
        return True
    if state.field_card(cid) is None:
        return False
    return any(m.kind in ("keyword", "ability") for m in mods_on(state, cid))


def meets(state: State, cid: str, sel: Selector, level: int | None = None) -> bool:
    """Whether a card meets a selector's effect criteria (True when it has none)."""
    for timing in sel.has_effect:
        if how_it_has(state, cid, timing, level) is None:
            return False
    for timing in sel.lacks_effect:
        if timing == "any":
            if lists_effects(state, cid):
                return False
        elif how_it_has(state, cid, timing, level) is not None:
            return False
    return True


def uses_either(state: State, sel: Selector, ids: list[str]) -> list[str]:
    """The cards among `ids` that meet a "with a … effect" criterion only through an effect worded
    for attacking or blocking (their step cites 10-11-2)."""
    return [c for c in ids if any(how_it_has(state, c, t) == "either" for t in sel.has_effect)]


__all__ = ["EITHER", "how_it_has", "lists_effects", "meets", "uses_either"]
