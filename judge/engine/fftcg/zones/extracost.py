"""Extra costs a card offers when it is cast: "If you cast X, you may pay an extra 《2》", "If you cast X, you may
remove 10 Fire cards in your Break Zone from the game as an extra cost".

Whether to pay it is the caster's choice as the card is cast (11.3.5 / 11.4.4: "If the Summon has any additional
cost … the player selects which way to pay"), asked as a pending decision; the CP part is added to what the
payment must produce, the cards part is chosen by the caster and moved with the payment. The card remembers that
it was paid, for "If you paid the extra cost, …" (on the stack for a Summon, on the field for a Character).
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.engine.fftcg.conditions import waits_for
from judge.engine.fftcg.log import Log, as_list, not_modelled, pick, take_answer, yes_no
from judge.engine.fftcg.query import candidates, printed
from judge.engine.fftcg.state import State
from judge.engine.fftcg.zones.cost import CostReq, cost_option
from judge.engine.kernel.values import evolve as replace
from judge.text import ast

_MOVE_DESTS = ("removed", "break")


@dataclass(frozen=True)
class Extra:
    """What the extra cost asks: generic CP, Crystals and cards to move; and how much it reduces the cost by
    ("Before paying the cost to cast X, you can pay 《C》 to reduce the cost required to cast X by 3")."""

    cp: int
    moves: tuple[ast.Move, ...]
    crystal: int = 0
    reduce: int = 0


def _reduction(e: object) -> Extra | None:
    """"Before paying the cost to cast X, you can pay 《C》 / remove N cards … to reduce the cost required to cast X
    by M" (11.3.5 / 11.4.4: an alternative way to pay the player selects)."""
    if not isinstance(e, ast.Optional) or e.player not in (None, ast.Player.YOU) or e.cost is not None:
        return None
    changes = [x for x in e.effects if isinstance(x, ast.CostChange)]
    rest = [x for x in e.effects if not isinstance(x, ast.CostChange)]
    if len(changes) != 1 or not changes[0].target.self_ref or changes[0].per is not None or len(rest) != 1:
        return None
    part = rest[0]
    if isinstance(part, ast.Pay) and not part.cost.cp and not part.cost.effects and part.cost.crystal:
        return Extra(cp=0, moves=(), crystal=part.cost.crystal, reduce=-changes[0].amount)
    if isinstance(part, ast.Move) and part.dest in _MOVE_DESTS and part.target.zone == "break" and \
            part.target.count and part.target.owner in (None, ast.Player.YOU):
        return Extra(cp=0, moves=(part,), reduce=-changes[0].amount)
    return None


def _of(e: object) -> Extra | None:
    """The extra cost of one "If you cast X, you may …" (None: not one, or a kind this engine does not pay)."""
    if not isinstance(e, ast.Conditional) or waits_for(e.condition) != "you_cast" or e.otherwise:
        return None
    occurs = e.condition.occurs
    if occurs is None or occurs.what is None or not occurs.what.self_ref or len(e.effects) != 1:
        return None
    opt = e.effects[0]
    if not isinstance(opt, ast.Optional) or opt.player not in (None, ast.Player.YOU):
        return None
    cps = [x.cost for x in opt.effects if isinstance(x, ast.Pay)]
    cost = opt.cost
    if len(cps) + (cost is not None) != 1 or len(opt.effects) != len(cps):
        return None
    cost = cost or cps[0]
    if not all(c.isdigit() for c in cost.cp) or cost.x or cost.crystal or cost.dull_self or cost.special:
        return None
    moves = tuple(cost.effects)
    if not all(isinstance(m, ast.Move) and m.dest in _MOVE_DESTS and m.target.zone == "break" and m.target.count
               and m.target.owner in (None, ast.Player.YOU) for m in moves):
        return None
    return Extra(cp=sum(int(c) for c in cost.cp), moves=moves)


def is_extra_cost(e: object) -> bool:
    """Whether an effect of a field ability is an extra cost this engine offers when the card is cast."""
    return _of(e) is not None or _reduction(e) is not None


def offered(s: State, uid: str) -> Extra | None:
    for ab in printed(s, uid):
        for e in ab.effects:
            extra = _of(e) if ab.kind in (ast.AbilityKind.FIELD, ast.AbilityKind.CONSTANT) else None
            extra = extra or _reduction(e)
            if extra is not None:
                return extra
    return None


def readable_alternative(e: object) -> bool:
    """"You can pay 《1》《C》 (instead of paying the CP cost) to cast X", "You can dull 2 active Ice Forwards you
    control (instead of paying the CP cost) to cast X": CP, Crystals and the parts `costs.pay_costs` pays
    (11.6.2), for the card itself."""
    from judge.engine.fftcg.zones.costs import payable

    return isinstance(e, ast.AlternativeCost) and e.target.self_ref and not e.cost.x and not e.cost.dull_self \
        and not e.cost.special and all(payable(x) and not getattr(getattr(x, "target", None), "self_ref", False)
                                       for x in e.cost.effects)


def alternative_cost(s: State, uid: str, p: str, log: Log) -> ast.Cost | None:
    """The alternative cost the card's text offers now (while its "If …" holds), of a kind this engine pays."""
    from judge.engine.fftcg.zones.cost import _casting_effects

    found = [e for _, _, e in _casting_effects(s, uid, p, log, "AlternativeCost") if readable_alternative(e)]
    return found[0].cost if found else None


def alternative(s: State, uid: str, p: str, req: CostReq, log: Log, key: str) -> tuple[State, CostReq]:
    """An alternative cost the card's text offers (while its "If …" holds): the caster's choice as it is cast
    (11.3.5 / 11.4.4); chosen, the CP it names replace the CP cost and its Crystals are spent (6.8.1)."""
    from judge.engine.fftcg.zones.cost import ability_cost

    alt = alternative_cost(s, uid, p, log)
    if alt is None:
        return s, req
    from judge.engine.fftcg.zones.costs import can_pay, pay_costs

    name = s.name_of(uid)
    icons = " ".join(f"《{c}》" for c in (*alt.cp, *("C" for _ in range(alt.crystal)))) or "its other cost"
    if alt.crystal > s.crystals_of(p):
        log.add(f"{p} has too few Crystals to pay {icons} instead of {name}'s CP cost", key, "crystals")
        return s, req
    if alt.effects and not can_pay(s, p, uid, alt.effects):
        log.add(f"{p} has not the cards to pay {name}'s alternative cost, so only its CP cost can be paid", key,
                "cost_own_characters")
        return s, req
    s, answer = take_answer(s, p, "pay", f"{p} may pay {icons} instead of the CP cost to cast {name} (yes / no)",
                            ("yes", "no"), key)
    if not yes_no(as_list(answer)[0] if as_list(answer) else None):
        return s, req
    if alt.effects:                            # "dull 2 active Ice Forwards you control" (11.6.2)
        s = pay_costs(s, p, uid, alt.effects, f"{name}'s alternative cost", log)
    if alt.crystal:
        s = s.with_crystals(p, s.crystals_of(p) - alt.crystal)
        log.add(f"{p} spends {alt.crystal} Crystal(s)", "crystals")
    log.add(f"{p} pays {icons} instead of the CP cost to cast {name}", key)
    return s, ability_cost(alt.cp, f"{name}'s alternative cost")


def declare(s: State, uid: str, p: str, req: CostReq, log: Log,
            key: str) -> tuple[State, CostReq, tuple[str, ...] | None]:
    """The caster decides whether to pay the extra cost (11.3.5 / 11.4.4): the cost to pay, and the cards the extra
    cost moves (None: not paid)."""
    extra = offered(s, uid)
    if extra is None:
        return s, req, None
    name = s.name_of(uid)
    cards: list[str] = []
    payable = extra.crystal <= s.crystals_of(p)
    for m in extra.moves:
        found = candidates(s, m.target, p, uid)
        payable = payable and len(found) >= (m.target.count or 1)
    if not payable:
        log.add(f"{p} cannot pay the extra cost {name} offers, so it is cast without it", key, "impossible_text")
        return s, req, None
    s, answer = take_answer(s, p, "pay", f"{p} may pay the extra cost {name} offers as it is cast (yes / no)",
                            ("yes", "no"), key)
    if not yes_no(as_list(answer)[0] if as_list(answer) else None):
        log.add(f"{p} casts {name} without paying its extra cost", key)
        return s, req, None
    for m in extra.moves:
        found = tuple(candidates(s, m.target, p, uid))
        s, chosen = pick(s, p, "select", f"{p} chooses the cards {name}'s extra cost moves", found, key, log=log,
                         low=m.target.count or 1, high=m.target.count or 1)
        cards += chosen
    if extra.crystal:
        s = s.with_crystals(p, s.crystals_of(p) - extra.crystal)
        log.add(f"{p} spends {extra.crystal} Crystal(s)", "crystals")
    log.add(f"{p} pays the extra cost of {name}" + (f": {extra.cp} more CP" if extra.cp else "") +
            (f", reducing its cost by {extra.reduce}" if extra.reduce else "") +
            (f"; {', '.join(cards)} with the payment" if cards else ""), key)
    total = max(0, req.total + extra.cp - extra.reduce)
    need = () if total == 0 else req.need
    return s, replace(req, total=max(total, sum(n for _, n in need)), need=need), tuple(cards)


def pay_cards(s: State, uid: str, cards: tuple[str, ...], log: Log) -> State:
    """Move the cards the extra cost named (with the rest of the payment, 11.3.7)."""
    from judge.engine.fftcg.zones.moves import move

    extra = offered(s, uid)
    dest = extra.moves[0].dest if extra is not None and extra.moves else "removed"
    for u in cards:
        s = move(s, u, dest, log, why=("kw_remove",) if dest == "removed" else ("break_zone",))
    return s


def mark(s: State, uid: str) -> State:
    """Remember that the card was cast with its extra cost paid."""
    if s.char(uid) is not None:
        return s.with_char(uid, extra_paid=True)
    return replace(s, stack=tuple(replace(i, extra_paid=True) if i.card == uid else i for i in s.stack))


def extra_costs(s: State, uid: str, player: str, log: Log) -> None:
    """The optional extra costs printed on the card being cast: said when they cannot be paid; "not modelled"
    when they could (the engine does not yet take the player's declaration of them)."""
    from judge.engine.fftcg.query import candidates, printed
    from judge.text.ast import CostChange, Move, Optional

    if offered(s, uid) is not None:
        return                                        # asked as it is cast (extracost.py)
    for ab in printed(s, uid):
        if not cost_option(ab):
            continue
        moves = [x for e in ab.effects if isinstance(e, Optional) for x in e.effects if isinstance(x, Move)]
        if moves and all(len(candidates(s, m.target, player, uid)) < (m.target.count or 1) for m in moves):
            log.add(f"{player} cannot pay the extra cost {s.name_of(uid)} offers to change its cost, so it is "
                    f"cast at its printed cost", "summon_cost_fixed", "impossible_text")
        elif not any(isinstance(x, CostChange) for e in ab.effects if isinstance(e, Optional) for x in e.effects
                     if x is not None):
            continue
        else:
            not_modelled(log, f"whether {player} pays the extra cost {s.name_of(uid)} offers to change its cost")


__all__ = ["Extra", "alternative_cost", "declare", "extra_costs", "is_extra_cost", "mark", "offered", "pay_cards"]

