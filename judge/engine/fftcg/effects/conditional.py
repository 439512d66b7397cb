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
from judge.engine.fftcg.effects import castperm
from judge.engine.fftcg.effects.reveal import IT_KINDS
from judge.engine.fftcg.zones.payments import UNPAID_KINDS, unpaid_gaps
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
    if c.kind in UNPAID_KINDS:                         # zones/payments.not_paid: CP, Crystals, cards
        yield from unpaid_gaps(c)
        return
    if c.event is not None:
        if castperm.reads_cast(c):                     # "If you cast it, …" (castperm.cast_or_castable)
            return
        if c.event not in replacement.EVENTS:
            yield f"replacement on {c.event}"
        elif c.event == replacement.DEALS and not replacement.dealer_readable(c):
            yield "replacement on damage dealt to a player or of an unread kind"
        elif c.event == replacement.DEALS and c.selector is not None and stackref.is_stack_selector(c.selector):
            yield "replacement on damage dealt by a Summon or ability"
        return
    yield f"condition {c.kind}"


def conditional_gaps(e: ast.Conditional) -> Iterator[str]:
    """The `check` of the Conditional handler: its condition must be one the engine decides; a lasting one
    ("as long as {Name} is on the field, …") its effects as they are run then (`run.lasting_effects`)."""
    if e.lasting:
        from judge.engine.fftcg.effects.registry import refused

        effects = lasting_effects(e)
        if effects is None:
            yield "conditional (lasting) on another condition"
            return
        for x in effects:
            yield from refused(x)
        return
    yield from condition_gaps(e.condition)



def lasting_effects(e: ast.Conditional) -> tuple | None:
    """"As long as {Name} is on the field, it gains +2000 power": the effects, lasting while the card whose
    ability it is stays on the field (11.12.4.1); None when the condition is another one."""
    c = e.condition
    sel = getattr(c, "selector", None)
    if not e.lasting or c.kind != "on_field" or sel is None or not sel.self_ref or e.otherwise or \
            not all(getattr(x, "duration", None) == ast.Duration.PERMANENT for x in e.effects):
        return None
    return tuple(ast.replace(x, duration=ast.Duration.WHILE_ON_FIELD) for x in e.effects)



__all__ = ["RUN_CONDITIONS", "condition_gaps", "conditional_gaps", "lasting_effects"]
