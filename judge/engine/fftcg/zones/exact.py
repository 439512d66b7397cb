"""The exact payments of a CP cost a player could make from the board now, in one fixed order.

A CP cost is paid all at once and exactly (11.2.1.1, 11.6.10). Two readers need the ways to pay: the legal
actions a player has (judge.engine.fftcg.legal lists the first few as the `pay` parameter), and a payment
decision answered `any` (zones.payments), which takes the first of them. The order is fixed so that both
agree and a ruling can say which payment `any` made: active Backups dulled before cards discarded, each in
the order the board lists them, fewest sources first.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from judge.engine.fftcg.log import Refused
from judge.engine.fftcg.state import State
from judge.engine.fftcg.zones.cost import CostReq, Payment, check_payment

#: source combinations tried at most (a rarer way to pay is still written out as pay: {…})
MAX_TRIES = 600


def sources(s: State, p: str, casting: str | None, dulled: str | None = None) -> list[tuple[str, str]]:
    """CP sources: active Backups (not the one a Dull icon dulls as part of the cost), then the hand (no Light or
    Dark card, 11.2.1.1; not the card being cast)."""
    dull = [("dull", c.uid) for c in s.controlled(p, ("backup",)) if not c.dull and c.uid != dulled]
    discard = [("discard", u) for u in dict.fromkeys(s.zones[p].hand)
               if u != casting and (d := s.card(u)) is not None and not d.light_dark]
    return dull + discard


def exact_payments(s: State, p: str, req: CostReq, casting: str | None = None,
                   dulled: str | None = None) -> Iterator[Payment]:
    """Every exact payment of `req` (checked as a payment is, `check_payment`), fewest sources first."""
    pool = sources(s, p, casting, dulled)
    tries = 0
    for size in range(1, min(len(pool), req.total) + 1):       # every source gives at least 1 CP
        for combo in combinations(pool, size):
            tries += 1
            if tries > MAX_TRIES:
                return
            pay = Payment(discard=tuple((u, None) for kind, u in combo if kind == "discard"),
                          dull=tuple(u for kind, u in combo if kind == "dull"))
            try:
                check_payment(s, p, pay, req, casting=casting)
            except Refused:
                continue
            yield pay


def first_payment(s: State, p: str, req: CostReq, casting: str | None = None) -> Payment | None:
    """The first exact payment in that order (an empty one when nothing is to be paid), or None."""
    if req.total == 0:
        return Payment()
    return next(exact_payments(s, p, req, casting), None)


__all__ = ["MAX_TRIES", "exact_payments", "first_payment", "sources"]
