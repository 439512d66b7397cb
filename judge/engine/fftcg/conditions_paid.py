"""Conditions about how a card was paid for (5.2.1.3, 11.3.5 / 11.4.4): the Elements of the CP paid to cast it, what
produced that CP, whether its extra cost was paid. Registered in `conditions.READERS` (imported by it).
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.fftcg.conditions import _Q, READERS, _one_card, _Unknown, compare
from judge.engine.fftcg.reads import READS
from judge.text.ast import Selector


def _paid_element(q: _Q) -> bool:
    """"the cost paid to cast X included Fire CP" / "was only paid with Fire CP" (5.2.1.3)."""
    wanted = {c for c in (q.cond.cost.cp if q.cond.cost else ()) if not c.isdigit()}
    if not wanted:
        raise _Unknown
    paid = {e for e, n in _paid(replace_q(q, self_only=True)) if n > 0}
    return paid <= wanted and bool(paid) if q.cond.kind == "paid_only_element" else wanted <= paid


def replace_q(q: _Q, *, self_only: bool) -> _Q:
    """The same reading about the condition's own card (its source)."""
    cond = replace(q.cond, selector=Selector(count=1, self_ref=True)) if self_only else q.cond
    return _Q(q.s, cond, q.me, q.source, q.ctx)


def _paid_elements(q: _Q) -> bool:
    """"The cost to cast X was paid with CP of 3 or more different Elements" (5.2.1.3)."""
    paid = _paid(q)
    return compare(len([e for e, n in paid if n > 0]), q.t)


def _paid_by(q: _Q) -> bool:
    """"the CP paid to cast X was only produced by (Category XIV) Backups" (5.2.1.3): every source of that payment
    was a Backup dulled for it, of the kind named."""
    matches = READS.matches

    if q.source is None:
        raise _Unknown
    c = q.s.char(q.source)
    item = next((i for i in q.s.stack if i.card == q.source), None)
    sources = c.paid_from if c is not None else item.paid_from if item is not None else None
    if sources is None:
        raise _Unknown
    sel = replace(q.sel, owner=None, count=None)
    return bool(sources) and all(kind == "dull" and matches(q.s, u, sel, q.me, q.source) for kind, u in sources)


def _paid(q: _Q) -> tuple[tuple[str, int], ...]:
    uid = _one_card(q, q.sel)
    c = q.s.char(uid)
    if c is not None:
        return c.paid
    item = next((i for i in q.s.stack if i.card == uid), None)
    if item is None:
        raise _Unknown
    return item.paid


def _paid_extra(q: _Q) -> bool:
    """"If you paid the extra cost": the Summon resolving, or the Character, was cast with it paid (extracost.py)."""
    c = q.s.char(q.source) if q.source is not None else None
    return bool(getattr(q.ctx, "extra_paid", False)) or (c is not None and c.extra_paid)


for _kind, _reader in {"paid_element": _paid_element, "paid_only_element": _paid_element,
                       "paid_elements": _paid_elements, "paid_by": _paid_by, "paid_extra": _paid_extra}.items():
    READERS.register(_kind, meaning="how a card was paid for")(_reader)
