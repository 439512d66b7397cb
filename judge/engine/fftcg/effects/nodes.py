"""Walking effect nodes: the selectors of a chosen target keyed without their place in the text, and every
effect a resolution may reach (inside "then", "you may", "if …" and delayed abilities chosen now)."""

from __future__ import annotations

from collections.abc import Iterable

from judge.engine.kernel.values import evolve as replace
from judge.text.ast import Conditional, Effect, Optional, Selector, Sequence


def _key(sel: Selector) -> Selector:
    return replace(sel, span=None)


def _walk(effects: Iterable[Effect]) -> Iterable[Effect]:
    for e in effects:
        yield e
        if isinstance(e, Sequence | Optional):
            yield from _walk(e.effects)
        elif isinstance(e, Conditional):
            yield from _walk(e.effects)
            yield from _walk(e.otherwise)
        elif type(e).__name__ == "Delayed" and e.timing != "when_do_so":
            yield from _walk(e.effects)     # "Choose 1 Forward. At the end of this turn, break it.": chosen now
