"""Which conditions the engine decides when an "If …, …" resolves (`effects.run.conditional`), a replacement
waits (11.12.5), an auto-ability triggers (11.8.13) or a field ability is looked at (11.9.1): the answer the
effect registry gives for a `Conditional` (its `check`) and `judge card` for a trigger's or a field ability's
condition. It asks the registries the engine reads them with: the board's readers (`conditions.READERS`, a
"this turn" record), the replacement events (`replacement.EVENTS`), the kinds decided while the effect
resolves ("If you do so", a revealed card, an unpaid cost). Empty: the engine decides it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from judge.engine.fftcg import conditions, replacement, stackref
from judge.engine.fftcg.effects.reveal import IT_KINDS
from judge.engine.fftcg.zones.payments import UNPAID_KINDS
from judge.text import ast

#: conditions `effects.run` decides from what happened in the same effect ("If you do so", "If not", 11.8.17)
RUN_CONDITIONS = frozenset({"do_so"})


def condition_gaps(c: Any) -> Iterator[str]:
    """What of a condition the engine cannot decide, in words (nothing: it decides it)."""
    if c.kind in RUN_CONDITIONS or c.kind in IT_KINDS or c.kind in conditions.READERS or \
            conditions.past_event(c) is not None:
        return
    if not isinstance(c, ast.Condition):               # a family node the engine has no reader for
        yield f"condition {c.kind}"
        return
    if c.kind in UNPAID_KINDS:
        if c.cost is None:
            yield "condition: an unpaid cost not typed"
        elif not (c.cost.cp or c.cost.crystal):        # zones/payments.not_paid asks for CP / Crystals only
            yield "condition: an unpaid cost other than CP"
        return
    if c.event is not None:
        if c.event not in replacement.EVENTS:
            yield f"replacement on {c.event}"
        elif c.event == replacement.DEALS and not replacement.dealer_readable(c):
            yield "replacement on damage dealt to a player or of an unread kind"
        elif c.event == replacement.DEALS and c.selector is not None and stackref.is_stack_selector(c.selector):
            yield "replacement on damage dealt by a Summon or ability"
        return
    yield f"condition {c.kind}"


def conditional_gaps(e: ast.Conditional) -> Iterator[str]:
    """The `check` of the Conditional handler: its condition must be one the engine decides."""
    yield from condition_gaps(e.condition)


__all__ = ["RUN_CONDITIONS", "condition_gaps", "conditional_gaps"]
