"""The effects waiting to be resolved (8-5-2-3 / 9-1-5-8): simultaneous ones are queued as one batch,
ahead of older ones (most recent first); the turn player orders a batch when it resolves (flow/priority.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from judge.engine.bs.ctx import Ctx
from judge.engine.bs.keyword_registry import KEYWORDS, rule
from judge.engine.bs.state import Work


def push(ctx: Ctx, items: list[Work]) -> None:
    """Queue simultaneous effects as one batch, ahead of older ones (most recent first)."""
    if not items:
        return
    # bs [Unstackable] (12-3-2-1): the same effect of same-named cards activates once per timing
    seen: set[tuple[str, str]] = set()
    kept: list[Work] = []
    for w in items:
        d = ctx.state.card_def(w.source)
        key = (d.name if d else w.source, w.label.split(":", 1)[-1])
        if w.param == "unstackable" and key in seen:
            ctx.log(f"{w.label}: [Unstackable], the same effect already activated at this timing",
                    "kw.unstackable")
            continue
        seen.add(key)
        kept.append(w)
    for w in kept:
        ctx.log(f"{w.label} activates and waits to be resolved", *_concepts(w))
    ctx.set(work=(tuple(kept), *ctx.state.work))


@contextmanager
def one_batch(ctx: Ctx) -> Iterator[None]:
    """Everything queued inside activates on one event, so it is one batch of simultaneous effects that
    the turn player orders (8-5-2-4), however many parts of the engine queue it (a card's own triggers,
    the effects watching for the event, the keywords): never older and newer, resolved newest first."""
    before = len(ctx.state.work)
    yield
    work = ctx.state.work
    k = len(work) - before
    if k > 1:
        ctx.set(work=(tuple(w for batch in reversed(work[:k]) for w in batch), *work[k:]))


def _concepts(w: Work) -> tuple[str, ...]:
    if w.kind == "keyword" and w.keyword:
        r = rule(w.keyword)
        return (r.concept,) if r else ()
    return {"effects": ("effect.triggered",), "burst": ("burst.activate",)}.get(w.kind, ("magic.steps",))


def trigger(ctx: Ctx, event: str, **scene: Any) -> None:
    """Queue every triggered keyword the event sets off (attacker, blocker, battle, lasts in `scene`)."""
    items: list[Work] = []
    for r in KEYWORDS.values():
        if not r.in_game(ctx.profile):
            continue
        if r.event == event and r.collect is not None:
            items += r.collect(ctx, **scene)
        items += [w for ev, collect in r.also if ev == event for w in collect(ctx, **scene)]
    push(ctx, items)


__all__ = ["one_batch", "push", "trigger"]
