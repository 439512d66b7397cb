"""EX Bursts of "Damage N --" abilities: checked when the card is placed into the Damage Zone (15.2.6.3).

A Character's EX Burst auto-ability printed after "Damage N --" exists only once its player has N
damage (15.2.6.2); for an EX Burst that is judged as the card is placed: it can be used if that card
is the Nth (or a later) card in the Damage Zone, counting itself (15.2.6.3). When several points of
damage are dealt at once the count is the one at the moment that card was placed, not after all the
damage (15.2.6.3.1), although every EX Burst waits until all the damage is dealt (6.5.2.1).
"""

from __future__ import annotations

from judge.engine.fftcg.log import Log
from judge.engine.fftcg.query import abilities, damage_gate, matches, own_effects
from judge.engine.fftcg.state import State
from judge.engine.kernel.values import evolve as replace
from judge.text.ast import Ability, AbilityKind, Restriction


def usable(s: State, uid: str, count: int | None, log: Log, multi: bool) -> list[Ability] | None:
    """The EX Burst abilities of a card placed as the `count`th damage (None: every one of them is gated)."""
    from judge.engine.fftcg.effects.run import ex_burst_abilities

    d = s.card(uid)
    found = ex_burst_abilities(s, uid)
    if d is None or d.type == "summon" or count is None:
        return found
    marked = [ab for ab in d.abilities if "ex_burst" in ab.restrictions]
    if not marked:
        return found
    keys = ("damage_ex_burst", "damage_ex_burst_multi") if multi else ("damage_ex_burst",)
    ok: list[Ability] = []
    for ab in marked:
        n = damage_gate(ab)
        if n is None or count >= n:
            if n is not None:
                log.add(f"{s.name_of(uid)} was placed as damage number {count}: its Damage {n} EX Burst is met",
                        *keys)
            ok.append(ab)
        else:
            log.add(f"{s.name_of(uid)} was placed as damage number {count}" +
                    (" (counted when it was placed, not after all the damage)" if multi else "") +
                    f": its EX Burst needs Damage {n}, so it has no EX Burst", *keys)
    return ok or None


def gates_met(s: State, player: str, count: int, log: Log) -> None:
    """Note the Damage N abilities a point of damage just turned on (15.2.6.2): from this point they exist,
    a field ability applying at once with no stack, before any EX Burst of this damage is used."""
    for c in s.controlled(player):
        d = s.card(c.uid)
        for ab in d.abilities if d else ():
            if damage_gate(ab) != count:
                continue
            if ab.kind in (AbilityKind.FIELD, AbilityKind.CONSTANT):
                log.add(f"{player} now has {count} damage: {s.name_of(c.uid)}'s Damage {count} ability applies at "
                        f"once (a field ability, no stack), before any EX Burst is used", "damage_field_ability",
                        "damage_keyword", "field_no_stack")
            else:
                log.add(f"{player} now has {count} damage: {s.name_of(c.uid)} has its Damage {count} ability from "
                        f"this point of damage on", "damage_keyword")



def barred_by_source(e: Restriction) -> bool:
    """"EX Bursts of cards put into the Damage Zone due to X cannot be used" on X's own field ability: the
    restriction names cards of the Damage Zone that X's damage put there (`support` asks)."""
    t = e.target
    return e.mode == "cannot" and e.action == "use_ex_burst" and t is not None and t.zone == "damage" and \
        t.about is not None and t.about.self_ref and t.count in (None, 1)


def barred(s: State, uid: str, source: str | None, log: Log) -> bool:
    """Whether a field ability of the card whose damage placed `uid` says its EX Burst cannot be used (the
    card's text overrides the EX Burst, 2.2)."""
    if source is None or s.char(source) is None:
        return False
    c = s.char(source)
    for ab in abilities(s, source):
        if ab.kind not in (AbilityKind.FIELD, AbilityKind.CONSTANT):
            continue
        for e in own_effects(s, source, ab):
            if isinstance(e, Restriction) and barred_by_source(e) and \
                    matches(s, uid, replace(e.target, about=None, zone=None, count=None), c.controller, source):
                log.add(f"{s.name_of(uid)} was put into the Damage Zone due to {s.name_of(source)}, whose ability "
                        f"says its EX Burst cannot be used", "prevention_precedence", "ex_burst")
                return True
    return False

def is_burst_ability(ab: Ability) -> bool:
    return ab.kind in (AbilityKind.AUTO, AbilityKind.TRIGGERED) and "ex_burst" in ab.restrictions


__all__ = ["gates_met", "is_burst_ability", "usable"]
