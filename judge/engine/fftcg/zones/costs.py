"""The parts of an ability's cost that are not CP (11.6.2, 11.7.2): discarding, dulling, putting or removing cards.

"Discard 1 card:", "Dull 1 active Job Dancer:", "put 1 Backup into the Break Zone:", "Remove Warrior of
Light from the game:" — the player picks the cards that pay (a decision of theirs, given with the use
as `answers:` since an action is not paused midway; said when only one choice is possible). Only
cards the player controls (or owns, in a zone of theirs) can pay (11.6.2.3, 11.6.2.4), every part is
paid at once (11.6.10), and a cost that cannot be paid makes the use illegal (11.6.3, 14.1).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from judge.engine.fftcg.log import Log, Refused, not_modelled, pick
from judge.engine.fftcg.query import candidates, counters_on
from judge.engine.fftcg.state import State
from judge.engine.fftcg.zones.moves import discard, move
from judge.engine.kernel.values import evolve as replace
from judge.text import ast
from judge.text.ast import Player

#: where "put … into / remove … from the game" sends the cards of a cost
_DESTS = {"break": "break", "trash": "break", "removed": "removed", "hand": "hand", "deck_bottom": "deck_bottom",
          "deck_top": "deck_top", "deck": "deck_top"}


def _choices(s: State, e: Any, p: str, source: str) -> tuple[list[str], int, str] | None:
    """(the cards that could pay this part, how many it takes, what it is), or None if not a cost kind known."""
    if isinstance(e, ast.Discard) and e.player in (None, Player.YOU) and not e.per and e.controller_of is None:
        sel = e.target or ast.Selector(count=e.count, card_types=("card",))
        pool = candidates(s, replace(sel, zone="hand", owner=Player.YOU), p, source)
        return pool, e.count or 1, "discard"
    target = getattr(e, "target", None)
    if not isinstance(target, ast.Selector) or target.self_ref:
        return None
    if isinstance(e, ast.Counters) and e.remove and e.count:    # "remove 1 Bounty Counter from a Character:"
        pool = [u for u in candidates(s, replace(target, owner=Player.YOU), p, source)    # only its controller's
                if s.char(u) is not None and s.char(u).controller == p          # Characters pay (11.6.2.3)
                and counters_on(s, u, e.name) >= e.count]
        return pool, 1, f"remove {e.count} {e.name} Counter(s) from"
    if isinstance(e, ast.SetState) and e.state == "dull":
        pool = [u for u in candidates(s, replace(target, owner=Player.YOU), p, source)
                if s.char(u) is not None and not s.char(u).dull]
        return pool, target.count or 1, "dull"
    if isinstance(e, ast.Move | ast.Destroy) and (isinstance(e, ast.Destroy) or e.dest in _DESTS):
        pool = candidates(s, replace(target, owner=Player.YOU), p, source)
        if target.zone in (None, "field"):
            pool = [u for u in pool if s.char(u) is not None and s.char(u).controller == p and u != source]
        return pool, target.count or 1, "move"
    return None


def _self_payable(s: State, e: Any, source: str) -> bool:
    """Whether the card itself can pay its part of the cost: "remove N X Counters from {Name}" needs N of them
    on it (15.1.1.10.1); a cost that cannot be paid makes the use illegal (11.6.3)."""
    if isinstance(e, ast.Counters) and e.remove and e.count:
        return s.char(source) is not None and counters_on(s, source, e.name) >= e.count
    return True


def payable(e: Any) -> bool:
    """Whether `pay_costs` pays this part of a cost (11.6.2)."""
    target = getattr(e, "target", None)
    if isinstance(target, ast.Selector) and target.self_ref:
        return True
    if isinstance(e, ast.Discard):
        return e.player in (None, Player.YOU) and not e.per and e.controller_of is None
    if isinstance(e, ast.SetState):
        return e.state == "dull"
    return isinstance(e, ast.Destroy) or (isinstance(e, ast.Move) and e.dest in _DESTS)


def can_pay(s: State, p: str, source: str, costs: tuple[Any, ...]) -> bool:
    """Whether the player has the cards to pay every part of `costs` (each card paying one part)."""
    used: set[str] = set()
    for e in costs:
        if getattr(getattr(e, "target", None), "self_ref", False):
            if not _self_payable(s, e, source):
                return False
            continue
        found = _choices(s, e, p, source)
        if found is None:
            return False
        pool = [u for u in found[0] if u not in used]
        if len(pool) < found[1]:
            return False
        used.update(pool[:found[1]])
    return True


def pay_costs(s: State, p: str, source: str, costs: tuple[Any, ...], label: str, log: Log) -> State:
    """Pay the non-CP parts of a cost: the player's picks first, checked all together, then paid at once."""
    plan: list[tuple[Any, list[str]]] = []
    for e in costs:
        if getattr(getattr(e, "target", None), "self_ref", False):
            if not _self_payable(s, e, source):
                raise Refused(f"{p} cannot pay the cost of {label}: {s.name_of(source)} has fewer than {e.count} "
                              f"{e.name} Counter(s) to remove", "action_cost", "remove_counter", "action_rewind")
            plan.append((e, [source]))
            continue
        found = _choices(s, e, p, source)
        if found is None:
            not_modelled(log, f"paying the cost '{ast.kind_of(e).replace('_', ' ')}' of {label}")
            continue
        pool, n, what = found
        used = {u for _, us in plan for u in us}
        pool = [u for u in pool if u not in used]
        if len(pool) < n:
            raise Refused(f"{p} cannot pay the cost of {label}: it needs {n} card(s) to {what} and there are "
                          f"{len(pool)}", "action_cost", "cost_own_characters", "action_rewind")
        s, picked = pick(s, p, "discard" if what == "discard" else "select",
                         f"{p} picks the card(s) to {what} for the cost of {label}", tuple(pool), "action_cost",
                         log=log, low=n, high=n)
        plan.append((e, picked))
    for e, cards in plan:
        s = _pay(e, cards)(s, log)
    return s


def _pay(e: Any, cards: list[str]) -> Callable[[State, Log], State]:
    why = ("action_cost", "kw_put_into_break")

    def run(s: State, log: Log) -> State:
        for u in cards:
            if isinstance(e, ast.Discard):
                s = discard(s, u, log, why=("action_cost", "kw_discard"))
            elif isinstance(e, ast.SetState):
                s = s.with_char(u, dull=True)
                log.add(f"{s.name_of(u)} is dulled to pay the cost", "action_cost", "cost_own_characters",
                        changes=(f"{u}: dull",))
            elif isinstance(e, ast.Counters):
                c = s.char(u)
                have = dict(c.counters)
                key = next(k for k in have if k.casefold() == e.name.casefold())
                left = have[key] - e.count
                s = s.with_char(u, counters=tuple((k, left if k == key else v) for k, v in have.items()
                                                  if (left if k == key else v)))
                log.add(f"{e.count} {e.name} Counter(s) removed from {s.name_of(u)} to pay the cost", "action_cost",
                        "cost_own_characters", "remove_counter", changes=(f"{u}: {key} counters {have[key]} -> {left}",))
            elif isinstance(e, ast.Destroy):
                s = move(s, u, "break", log, why=("action_cost", "kw_break"), broken=True)
            else:
                dest = _DESTS.get(e.dest, "break")
                s = move(s, u, dest, log, why=("action_cost", "kw_remove") if dest == "removed" else why)
        return s
    return run


__all__ = ["pay_costs"]
