"""Payments asked for while a Summon or ability resolves, and the cost an attack requires.

"You may pay 《1》. When you do so, …" is an optional payment: the controller decides when the ability
resolves (11.8.14) and the delayed auto-ability after it triggers only if they paid (11.8.17). "If
your opponent doesn't pay 《1》, …" asks the named player on resolution (11.11.5.1). A payment is made
all at once and exactly (11.2.1.1, 11.6.10); a player who cannot pay it simply does not pay (2.3).
"X cannot attack unless you pay 《2》" is a cost to attack, checked and locked in as the attack is
declared (10.1.2.3). A scenario answers with `choose: yes` plus `pay: {...}`, or `choose: no`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from judge.engine.fftcg.fieldreads import field_read
from judge.engine.fftcg.log import Log, Refused, not_modelled, take_answer, yes_no
from judge.engine.fftcg.state import State, other
from judge.engine.fftcg.zones import costs
from judge.engine.fftcg.zones.cost import (
    CostReq,
    Payment,
    _feasible,
    _sources,
    ability_cost,
    apply_payment,
    check_payment,
)
from judge.engine.fftcg.zones.exact import first_payment
from judge.engine.kernel.values import ANY, is_any
from judge.engine.kernel.values import evolve as replace
from judge.text.ast import Condition, Cost, Discard, Optional, Pay, Player, Restriction

field_read(Restriction, "unless_paid", "attack", concepts=("attack_cost",), reader=__name__,
           meaning="it attacks only if the cost is paid")
field_read(Restriction, "unless_paid", "block", concepts=("block_cost",), reader=__name__,
           meaning="it blocks only if the cost is paid")

#: Condition kinds meaning "if (player) doesn't pay (cost)" (the grammar's cond_opp_not_pay / cond_not_pay)
UNPAID_KINDS = ("opp_not_pay", "not_pay")


@dataclass(frozen=True)
class PayAnswer:
    """A `choose` that came with a `pay:` (yes, and the CP sources offered)."""

    answer: Any
    pay: Payment
    x: int | None = None            # the value chosen for 《X》 (4.5)


def cost_text(cost: Cost) -> str:
    icons = [*({"fire": "火", "ice": "氷", "wind": "風", "lightning": "雷", "water": "水", "earth": "土",
                "light": "光", "dark": "闇"}.get(c, c) for c in cost.cp), *("C" for _ in range(cost.crystal))]
    return "".join(f"《{i}》" for i in icons) or "nothing"


def _all_sources(s: State, player: str) -> Payment:
    """Every CP source `player` could offer now: their cards in hand (not Light/Dark), their active Backups."""
    hand = tuple((u, None) for u in s.zones[player].hand if s.card(u) is not None and not s.card(u).light_dark)
    backups = tuple(c.uid for c in s.controlled(player, ("backup",)) if not c.dull)
    return Payment(discard=hand, dull=backups)


def can_pay(s: State, player: str, cost: Cost) -> bool:
    """Whether `player` has the CP (and Crystals) to pay `cost` at all (11.2.1.1)."""
    if cost.crystal > s.crystals_of(player):
        return False
    req = ability_cost(cost.cp, "the cost")
    if req.total == 0:
        return True
    return _feasible(_sources(s, player, _all_sources(s, player), None), req) is not None


def pay(s: State, player: str, cost: Cost, offered: Payment, log: Log, what: str, keys: tuple[str, ...]) -> State:
    """Pay `cost` with the sources offered (all at once, exactly; Refused otherwise)."""
    req: CostReq = ability_cost(cost.cp, f"{cost_text(cost)} for {what}")
    produced = check_payment(s, player, offered, req, keys=keys)
    if cost.crystal > s.crystals_of(player):
        raise Refused(f"{player} has {s.crystals_of(player)} Crystal(s) and cannot pay {cost.crystal}", "crystals",
                      *keys)
    s = apply_payment(s, player, offered, produced, log, keys=keys)
    if cost.crystal:
        s = s.with_crystals(player, s.crystals_of(player) - cost.crystal)
        log.add(f"{player} spends {cost.crystal} Crystal(s) ({s.crystals_of(player)} left)", "crystals", *keys)
    return s


def _decide(s: State, player: str, cost: Cost, prompt: str, keys: tuple[str, ...],
            log: Log | None = None) -> tuple[State, Payment | None]:
    """Ask `player` whether they pay; their Payment, or None when they decline. `any` takes the first option,
    yes, and pays it the first exact way the board allows (zones.exact: Backups dulled before cards discarded,
    fewest sources first), told in a step; when there is no such way it is not paid (2.3)."""
    how = "choose yes with pay: {discard: [...], dull: [...]}, or no" if cost.cp else "choose yes or no"
    left_open = bool(s.answers) and is_any(s.answers[0])
    s, answer = take_answer(s, player, "pay", f"{prompt} ({how})", ("yes", "no"), *keys)
    if isinstance(answer, PayAnswer):
        if yes_no(answer.answer) is False:
            return s, None
        return s, answer.pay
    value = answer[0] if isinstance(answer, list) and answer else answer
    if yes_no(value) is False or value is None:
        return s, None
    if cost.cp and left_open:
        return s, _any_payment(s, player, cost, log, keys)
    if cost.cp:
        raise Refused(f"{player} pays {cost_text(cost)}: say which cards are discarded or Backups dulled "
                      f"(pay: {{discard: [...], dull: [...]}})", "pay_cp", *keys)
    return s, Payment()


def _any_payment(s: State, player: str, cost: Cost, log: Log | None, keys: tuple[str, ...]) -> Payment | None:
    """The payment `any` makes: the first exact one (zones.exact), or None (not paid) when there is none."""
    offered = first_payment(s, player, ability_cost(cost.cp, cost_text(cost)))
    if log is not None:
        how = ", ".join([*(f"dull {s.name_of(u)}" for u in offered.dull),
                         *(f"discard {s.name_of(u)}" for u, _ in offered.discard)]) if offered else ""
        log.add(f"'any': {player} pays {cost_text(cost)} the first exact way the board allows ({how})" if offered
                else f"'any': {player} has no exact way to pay {cost_text(cost)}, so it is not paid", "pay_cp", *keys)
    return offered


def _any_x(s: State, player: str, cost: Cost) -> int | None:
    """《X》 left open (`any`): X = 1, the least X that pays anything (4.5: the controller chooses X), or None when
    `player` cannot pay even that (a greater X costs more)."""
    return 1 if can_pay(s, player, replace(cost, cp=(*cost.cp, "1"), x=False)) else None


def optional_payment(s: State, e: Optional, controller: str, label: str, log: Log,
                     run_rest: Any) -> tuple[State, bool]:
    """"You may pay (cost)[, then effects]": the controller chooses on resolution (11.8.14); done or not."""
    first = e.effects[0]
    assert isinstance(first, Pay)
    player = other(controller) if e.player is not None and e.player.value == "opponent" else controller
    keys = ("auto_may", "pay_cp")
    cost = first.cost
    if not cost.x and not can_pay(s, player, cost):
        log.add(f"{player} cannot pay {cost_text(cost)} for {label}, so it is not paid (nothing else "
                f"that depends on paying happens)", "impossible_text", *keys)
        return s, False
    x = None
    if cost.x:                                   # "you may pay 《X》": the payer names X as they pay (4.5)
        left_open = bool(s.answers) and is_any(s.answers[0])
        s, answer = take_answer(s, player, "pay", f"{player} may pay 《X》 for {label} (choose yes with x: N and "
                                f"pay: {{...}}, or no)", ("yes", "no"), "variable_x", *keys)
        x = _any_x(s, player, cost) if left_open else getattr(answer, "x", None)
        s = replace(s, answers=(ANY if left_open else answer, *s.answers))     # read again by _decide
        if left_open and x is None:
            log.add(f"'any': {player} cannot pay 《X》 for {label} with X of 1 or more, so it is not paid",
                    "variable_x", *keys)
            return s, False
        if x is None and yes_no(getattr(answer, "answer", answer)) is not False:
            raise Refused(f"{player} pays 《X》 for {label}: say the value chosen for X (x: N)", "variable_x", *keys)
        cost = replace(cost, cp=(*cost.cp, str(x)) if x else cost.cp, x=False)
    s, offered = _decide(s, player, cost, f"{player} may pay {cost_text(cost)} for {label}", keys, log)
    if offered is None:
        log.add(f"{player} chooses not to pay {cost_text(first.cost)} for {label}", *keys)
        return s, False
    s = pay(s, player, cost, offered, log, label, keys)
    log.add(f"{player} pays {cost_text(cost)} for {label}" + (f", choosing X = {x}: every X that follows is {x}"
                                                             if x is not None else ""), *keys,
            *(("variable_x",) if x is not None else ()))
    if x is not None:
        from judge.engine.fftcg.zones.xvalue import bind_x

        return replace(run_rest(s, bind_x(e.effects[1:], x)), x_paid=x), True
    return run_rest(s, e.effects[1:]), True


def unpaid_parts(cond: Condition) -> tuple[Any, ...] | None:
    """The parts of the cost "If (player) doesn't (pay / remove / discard) …" names that are not CP: the cards it
    moves or discards ("doesn't discard 1 card" is read as a threshold of discards), each from the payer's side;
    None when one of them is not a part `zones.costs` pays."""
    parts = list(cond.cost.effects) if cond.cost is not None else []
    th = getattr(cond, "threshold", None)
    if th is not None and th.stat == "discard" and th.op == ">=" and th.value:
        parts.append(Discard(count=th.value, player=Player.YOU))
    parts = [replace(e, player=Player.YOU) if isinstance(e, Discard) else e for e in parts]
    return tuple(parts) if all(costs.payable(e) for e in parts) else None


def unpaid_gaps(cond: Condition) -> list[str]:
    """What of "If (player) doesn't pay …" `not_paid` cannot decide (effects.conditional asks)."""
    parts = unpaid_parts(cond)
    if cond.cost is None and not parts:
        return ["condition: an unpaid cost not typed"]
    if parts is None:
        return ["condition: an unpaid cost other than CP, of a kind not paid here"]
    if not (parts or cond.cost.cp or cond.cost.crystal):
        return ["condition: an unpaid cost not typed"]
    return []


def not_paid(s: State, cond: Condition, controller: str, label: str, log: Log,
             source: str | None = None) -> tuple[State, bool | None]:
    """"If (player) doesn't pay (cost) / remove … / discard …, …": that player decides on resolution whether to pay
    (11.11.5.1); a cost they cannot pay in full is not paid (2.3: 11.2.1.1). True if unpaid, None (and "not
    modelled") when the cost is not one this engine pays."""
    player = other(controller) if cond.kind == "opp_not_pay" else controller
    if unpaid_gaps(cond):
        not_modelled(log, f'the cost named in "{cond.text}" ({label}): {unpaid_gaps(cond)[0]}', "resolution_choice")
        return s, None
    cost, parts = cond.cost or Cost(), unpaid_parts(cond) or ()
    what = cost_text(cost) if not parts else f'what "{cond.text}" names'
    keys = ("resolution_choice", "pay_cp") if cost.cp else ("resolution_choice",)
    if not can_pay(s, player, cost) or (parts and not costs.can_pay(s, player, source or "", parts)):
        log.add(f"{player} cannot pay {what} in full, so \"{cond.text}\" holds", "impossible_text", *keys)
        return s, True
    s, offered = _decide(s, player, cost, f"{player} decides whether to pay {what} ({label})", keys, log)
    if offered is None:
        log.add(f"{player} does not pay {what}: \"{cond.text}\" holds", *keys)
        return s, True
    if cost.cp or cost.crystal:
        s = pay(s, player, cost, offered, log, label, keys)
    if parts:
        s = costs.pay_costs(s, player, source or "", parts, label, log)
    log.add(f"{player} pays {what}, so the effect that depends on not paying does not happen", *keys)
    return s, False


__all__ = ["UNPAID_KINDS", "PayAnswer", "can_pay", "cost_text", "not_paid", "optional_payment", "pay", "pay_block",
           "unpaid_gaps", "unpaid_parts"]


# ---- attack costs (10.1.2.3) ------------------------------------------------------------------------

def attack_costs(s: State, attackers: tuple[str, ...], action: str = "attack") -> list[tuple[str, str, Cost]]:
    """(Forward, source of the requirement, cost) for each "cannot attack (block) unless … pays" that applies."""
    from judge.engine.fftcg.query import field_effects, matches
    from judge.text.ast import Restriction

    out = []
    for src, e in field_effects(s):
        if not (isinstance(e, Restriction) and e.mode == "unless_paid" and e.action == action and e.cost):
            continue
        for uid in attackers:
            if e.target is not None and matches(s, uid, e.target, src.controller, src.uid):
                out.append((uid, src.uid, e.cost))
    return out


def pay_attack(s: State, player: str, attackers: tuple[str, ...], offered: Payment | None, log: Log) -> State:
    """Check the cost to attack, lock it in as the attack is declared, and pay it exactly (10.1.2.3)."""
    costs = attack_costs(s, attackers)
    if not costs:
        if offered is not None and (offered.discard or offered.dull):
            raise Refused("no cost is required for this attack, so nothing may be paid for it", "attack_cost",
                          "exact_cp")
        return s
    total = Cost(cp=tuple(i for _, _, c in costs for i in c.cp), crystal=sum(c.crystal for _, _, c in costs))
    why = "; ".join(f"{s.name_of(u)} cannot attack unless {cost_text(c)} is paid "
                    f"({'its own text' if src == u else s.name_of(src)})" for u, src, c in costs)
    log.add(f"{player} checks the cost to attack: {cost_text(total)} ({why}); it is locked in now",
            "attack_cost")
    if offered is None or not (offered.discard or offered.dull or total.crystal):
        raise Refused(f"{why}: declare the attack with pay: {{...}} for {cost_text(total)}", "attack_cost")
    s = pay(s, player, total, offered, log, "the attack", ("attack_cost",))
    return s


# ---- block costs (10.1.3.1.3) -------------------------------------------------------------------------

def pay_block(s: State, player: str, blocker: str, offered: Payment | None, log: Log) -> State:
    """The cost to block: checked as the blocker is declared, locked in, paid exactly (10.1.3.1.3)."""
    costs = attack_costs(s, (blocker,), "block")
    if not costs:
        if offered is not None and (offered.discard or offered.dull):
            raise Refused(f"no cost is required for {s.name_of(blocker)} to block, so nothing may be paid for it",
                          "block_cost", "exact_cp")
        return s
    total = Cost(cp=tuple(i for _, _, c in costs for i in c.cp), crystal=sum(c.crystal for _, _, c in costs))
    why = "; ".join(f"{s.name_of(u)} cannot block unless {cost_text(c)} is paid "
                    f"({'its own text' if src == u else s.name_of(src)})" for u, src, c in costs)
    log.add(f"{player} checks the cost to block: {cost_text(total)} ({why}); it is locked in now", "block_cost")
    if offered is None or not (offered.discard or offered.dull or total.crystal):
        raise Refused(f"{why}: declare the block with pay: {{...}} for {cost_text(total)}", "block_cost")
    return pay(s, player, total, offered, log, "the block", ("block_cost",))
