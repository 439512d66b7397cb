"""Warp counters on cards waiting out of play (15.2.7.3-15.2.7.5): removing them, the counter removal each
Main Phase 1, and the card entering the field when the last one goes. The Warp keyword's special action
(removing the card from the hand) is in keywords/warp_priming.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.engine.fftcg.events.triggers import emit
from judge.engine.fftcg.log import Log
from judge.engine.fftcg.query import keyword_ability, names
from judge.engine.fftcg.state import State, Trigger
from judge.engine.fftcg.zones.moves import enter_field
from judge.engine.kernel.values import evolve as replace
from judge.text.ast import Ability, AbilityKind, Effect

# ---- Warp counters -----------------------------------------------------------------------------------------

@dataclass(frozen=True, kw_only=True)
class WarpTick(Effect):
    """Warp's first auto-ability: remove one Warp counter from the card (15.2.7.4)."""

    card: str

    def apply(self, s: State, ctx, log: Log) -> State:
        return remove_warp_counters(s, self.card, 1, log)


def remove_warp_counters(s: State, card: str, n: int, log: Log) -> State:
    """Remove Warp counters from a removed card (15.2.7.4, 15.1.1.10); when the last one goes, Warp's second
    auto-ability triggers and will put it onto the field (15.2.7.5)."""
    owner = s.objs[card].owner
    removed = s.zones[owner].removed
    entry = next((e for e in removed if e[0] == card), None)
    if entry is None or entry[1] <= 0:
        log.add(f"{s.name_of(card)} has no Warp counter to remove", "impossible_text")
        return s
    left = max(0, entry[1] - (n or entry[1]))
    s = s.with_zones(owner, removed=tuple((u, left) if u == card else (u, k) for u, k in removed))
    log.add(f"{entry[1] - left} Warp counter(s) removed from {s.name_of(card)} ({left} left)", "warp_counter",
            "remove_counter", changes=(f"{card}: warp {entry[1]} -> {left}",))
    if entry[1] > left:
        s = emit(s, "counter_removed", card, log, to="Warp")
    if left == 0 and keyword_ability(s, card, "warp") is not None:
        ab = Ability(kind=AbilityKind.AUTO, effects=(WarpEnter(card=card),),
                     text="Warp: the last counter is removed; put it onto the field")
        t = Trigger(source=card, controller=owner, ability=ab, label=f"{s.name_of(card)}: Warp (enter the field)")
        log.add(f"The last Warp counter is gone: {t.label} triggers", "warp_enter")
        s = replace(s, pending=(*s.pending, t))
    return s


@dataclass(frozen=True, kw_only=True)
class WarpEnter(Effect):
    """Warp's second auto-ability: the card enters the field (15.2.7.5), unless its name is taken."""

    card: str

    def apply(self, s: State, ctx, log: Log) -> State:
        owner = s.objs[self.card].owner
        if not any(u == self.card for u, _ in s.zones[owner].removed):
            return s
        d = s.card(self.card)
        if d is not None and not d.generic:
            taken = [c.uid for c in s.field if d.name in names(s, c.uid) and not s.card(c.uid).generic]
            if taken:
                log.add(f"{s.name_of(self.card)} is not put onto the field: {', '.join(taken)} has the same name; "
                        f"it stays removed from the game", "warp_same_name", "warp_missed")
                return s
        return enter_field(s, self.card, owner, log, why=("warp_enter",))


def warp_triggers(s: State, log: Log) -> State:
    """At the start of Main Phase 1, each Warp card with counters triggers its counter removal (15.2.7.4)."""
    tp = s.turn_player
    found = []
    for uid, n in s.zones[tp].removed:
        if n > 0 and keyword_ability(s, uid, "warp") is not None:
            ab = Ability(kind=AbilityKind.AUTO, effects=(WarpTick(card=uid),), text="Warp: remove one Warp counter")
            found.append(Trigger(source=uid, controller=tp, ability=ab,
                                 label=f"{s.name_of(uid)}: Warp (remove one counter)"))
    for t in found:
        log.add(f"{t.label} triggers", "warp_counter", "auto_trigger")
    return replace(s, pending=(*s.pending, *found)) if found else s



__all__ = ["WarpEnter", "WarpTick", "remove_warp_counters", "warp_triggers"]
