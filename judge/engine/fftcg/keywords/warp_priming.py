"""Keyword abilities (15.2): the registry judges read, and the special actions Warp and Priming.

Haste, Brave, First Strike and Back Attack change the rules where they apply (attack.py,
actions.py); this module names each with its clauses (for `explain`) and carries out the
keywords that are actions of their own: Warp (15.2.7) with its counters and its two
auto-abilities, and Priming (15.2.9).
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.engine.fftcg.events.triggers import emit
from judge.engine.fftcg.log import Log, Refused
from judge.engine.fftcg.query import keyword_ability, names
from judge.engine.fftcg.state import Phase, State, Trigger
from judge.engine.fftcg.zones.cost import Payment, ability_cost, apply_payment, check_payment
from judge.engine.fftcg.zones.moves import enter_field, move
from judge.engine.kernel.values import evolve as replace
from judge.text.ast import Ability, AbilityKind, Effect

#: keyword (lower case) → (what it means on the board, concept keys of its clauses)
KEYWORDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "haste": ("can attack, and use abilities with the Dull icon, even if it entered the field this turn",
              ("haste", "haste_dull_icon")),
    "brave": ("does not dull when it attacks, but still attacks only once per turn", ("brave",)),
    "first strike": ("deals its battle damage before Forwards without First Strike, with a priority window "
                     "between", ("first_strike", "first_strike_window")),
    "back attack": ("can be cast whenever its controller has priority in a Main or Attack Phase, even in "
                    "response; it does not use the stack", ("back_attack", "back_attack_no_stack")),
    "warp": ("can be removed from the game from the hand with Warp counters and enters the field when the "
             "last counter is removed", ("warp", "warp_counter", "warp_enter")),
    "limit break": ("is cast from the LB deck by also turning LB cards face up", ("lb_cast", "lb_cost")),
    "priming": ("can pay its Priming cost to put the named card from the deck on top of it",
                ("priming", "priming_search")),
    "damage": ("gains the ability once its controller has received the damage named", ("damage_keyword",)),
    "ex burst": ("may be applied when it is put into the Damage Zone by damage", ("ex_burst",)),
}


def _count(ab: Ability) -> int:
    try:
        return int(ab.keyword.params[0]) if ab.keyword and ab.keyword.params else 0
    except ValueError:
        return 0


# ---- Warp -----------------------------------------------------------------------------------------

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


def _main_special_action(s: State, player: str, what: str, key: str) -> None:
    if s.phase not in (Phase.MAIN1, Phase.MAIN2) or player != s.turn_player or s.stack or s.priority != player:
        raise Refused(f"{what} is done by the turn player with priority in their Main Phase with the stack empty",
                      key, timing=True)


def warp(s: State, player: str, uid: str, pay: Payment, log: Log) -> State:
    """Pay the Warp cost of a card in hand to remove it from the game with X Warp counters (15.2.7.3)."""
    ab = keyword_ability(s, uid, "warp")
    if ab is None:
        raise Refused(f"{s.name_of(uid)} does not have Warp", "warp")
    if uid not in s.zones[player].hand:
        raise Refused(f"{s.name_of(uid)} is not in {player}'s hand; Warp works from the hand", "warp_hand", "warp")
    _main_special_action(s, player, "Warp", "warp")
    req = ability_cost(ab.cost.cp if ab.cost else (), f"the Warp cost of {s.name_of(uid)}")
    produced = check_payment(s, player, pay, req, casting=uid, keys=("warp", "pay_cp"))
    s = apply_payment(s, player, pay, produced, log, keys=("warp",))
    n = _count(ab)
    s = move(s, uid, "removed", log, why=("warp", "kw_remove"), counters=n)
    log.add(f"{s.name_of(uid)} gets {n} Warp counter{'s' if n != 1 else ''} (this does not use the stack)", "warp")
    return replace(s, pc=("priority", player), priority=None, passes=0)


# ---- Priming --------------------------------------------------------------------------------------

def prime(s: State, player: str, uid: str, pay: Payment, log: Log) -> State:
    """Pay a Character's Priming cost: the named card from the deck goes on top of it (15.2.9.3)."""
    c = s.char(uid)
    if c is None or c.controller != player:
        raise Refused(f"{uid} is not a Character {player} controls", "priming")
    ab = keyword_ability(s, uid, "priming")
    if ab is None or not ab.keyword or not ab.keyword.params:
        raise Refused(f"{s.name_of(uid)} does not have Priming", "priming")
    _main_special_action(s, player, "Priming", "priming")
    wanted = ab.keyword.params[0]
    req = ability_cost(ab.cost.cp if ab.cost else (), f"the Priming cost of {s.name_of(uid)}")
    produced = check_payment(s, player, pay, req, keys=("priming", "pay_cp"))
    s = apply_payment(s, player, pay, produced, log, keys=("priming",))
    controlled = any(wanted.lower() in {n.lower() for n in names(s, x.uid)} for x in s.controlled(player))
    deck = s.zones[player].deck
    from judge.engine.fftcg.effects.search import distinct
    from judge.engine.fftcg.log import pick

    named = distinct(s, [u for u in deck if s.card(u) and s.card(u).name.lower() == wanted.lower()])
    found = None
    if named and not controlled:
        s, chosen = pick(s, player, "prime", f"{player} searches their deck for {wanted} to prime {s.name_of(uid)}",
                         tuple(named), "priming_search", log=log, low=1, high=1)
        found = chosen[0]
    if controlled or found is None:
        why = "you already control a Character with that name" if controlled else "there is none in the deck"
        log.add(f"{player} searches for {wanted} but cannot find it ({why}); {s.name_of(uid)} is not Primed",
                "priming_name_controlled" if controlled else "priming_search")
        return replace(s, pc=("priority", player), priority=None, passes=0)
    s = s.with_zones(player, deck=tuple(u for u in deck if u != found))
    field = tuple(replace(x, uid=found, primed_under=(uid, *x.primed_under)) if x.uid == uid else x for x in s.field)
    s = replace(s, field=field)
    log.add(f"{player} searches the deck for {s.name_of(found)} and puts it on top of {s.name_of(uid)}: they are "
            f"one Primed Character, keeping its damage, status and changes; it does not enter the field",
            "priming_search", "primed_keeps", "primed_not_entered", "primed_one_character",
            changes=(f"{found}: deck -> field (primed on {uid})",))
    s = emit(s, "priming", uid, log, extra_sources=(uid,))       # "When X … is priming" (15.2.9.3)
    s = emit(s, "primes_into", found, log)                     # "When X primes into Y"
    return replace(s, pc=("priority", player), priority=None, passes=0)
