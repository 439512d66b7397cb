"""Naming the effects of a batch the turn player orders (8-5-2-4).

When several effects activate at once the turn player chooses which resolves first (8-5-2-4), even
when two of them are effects of one card. An order answer names each effect by a reference:

- `a1`: the card `a1`'s first waiting effect (enough when the card has one effect in the batch);
- `a1:2`: the card's 2nd printed ability (1-based, as `judge card` numbers them), so two effects
  of one card waiting together can be told apart;
- `a1:keyword`: the triggered effect of one of its keywords (as `a1:immortal`).

The options the decision offers name each effect by its card id, or by `id:N` where the card has
more than one effect in the batch.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import permutations

from judge.engine.bs.ctx import Ctx, sandbox
from judge.engine.bs.state import Work

#: Abilities a card gains from elsewhere are numbered from here (derive.active_abilities): they are not printed.
GAINED_FROM = 1000


def ref(w: Work, *, specific: bool) -> str:
    """How an order answer names this effect: the card id, or (specific) `id:N` / `id:keyword`."""
    if not specific:
        return w.source
    if w.ability is not None and w.ability < GAINED_FROM:
        return f"{w.source}:{w.ability + 1}"
    if w.kind == "keyword" and w.keyword:
        return f"{w.source}:{w.keyword}".lower()
    return w.source


def options(batch: Sequence[Work]) -> tuple[str, ...]:
    """The references a batch's order decision offers, `id:N` only where a card has several effects in it."""
    sources = [w.source for w in batch]
    return tuple(ref(w, specific=sources.count(w.source) > 1) for w in batch)


def decider(ctx: Ctx, batch: Sequence[Work]) -> str:
    """Who orders a batch: the turn player (Saga 8-5-2-4; Standard 9-1-5-8 when both players' effects
    wait), or the one player whose effects they all are (Standard 9-1-5-7)."""
    owners = {w.controller for w in batch}
    if ctx.profile.own_effects_ordered_by_controller and len(owners) == 1:
        return owners.pop()
    return ctx.state.turn_player


def shown(batch: Sequence[Work], works: Sequence[Work]) -> str:
    """The effects `works` (of `batch`) for the trace, each with its `id:N` where the bare id is ambiguous."""
    names = {id(w): o for w, o in zip(batch, options(batch), strict=True)}
    return "; ".join(w.label if names[id(w)] == w.source else f"{w.label} [{names[id(w)]}]" for w in works)


def _hits(w: Work, answer_ref: str) -> bool:
    card, _, which = answer_ref.partition(":")
    if which.isdigit():
        return w.source == card and w.ability is not None and w.ability == int(which) - 1
    return answer_ref in (w.source, w.label) or w.label.startswith(answer_ref) \
        or bool(w.keyword and answer_ref.lower() == f"{w.source}:{w.keyword}".lower())


def match(batch: Sequence[Work], answer: object) -> list[Work] | None:
    """The batch in the order the answer gives (effects it leaves out follow in their order), or None
    when the answer is not a list or names an effect that is not waiting (or names one twice)."""
    if not isinstance(answer, list | tuple):
        return None
    rest = list(batch)
    out: list[Work] = []
    for answer_ref in map(str, answer):
        hit = next((w for w in rest if _hits(w, answer_ref)), None)
        if hit is None:
            return None
        rest.remove(hit)
        out.append(hit)
    return out + rest


#: The largest batch whose orders are tried (4! = 24 runs of what waits); a larger one is asked.
TRIED_UP_TO = 4


def written(ctx: Ctx, batch: Sequence[Work], opts: Sequence[str]) -> bool:
    """Whether the next answer written in advance orders this batch (a list naming its effects):
    then it is honoured, whether or not the order matters."""
    if not ctx.has_answer("order", opts):
        return False
    head = ctx.peek_answer("order", opts)
    return isinstance(head, list | tuple) and bool(head) and match(batch, head) is not None


def order_free(ctx: Ctx, batch: Sequence[Work], run: Callable[[Ctx], None]) -> bool:
    """Whether the order of a batch of simultaneous effects cannot change the outcome (8-5-2-4: the
    turn player chooses which resolves first): every order, each resolved with all that waits, ends
    on the same board (`ctx.sandbox`: the board is put back after each try); an order that needs a
    decision, or reaches what the engine cannot run, counts as one that matters."""
    if len(batch) > TRIED_UP_TO or getattr(ctx, "trying", False):
        return False
    rest = ctx.state.work[1:]
    first: object = None

    def attempt(perm: tuple[Work, ...]) -> None:
        ctx.trying = True                 # type: ignore[attr-defined]  (no tries inside a try)
        ctx.set(work=(*((w,) for w in perm), *rest))
        run(ctx)

    for perm in permutations(batch):
        end = sandbox(ctx, lambda perm=perm: attempt(perm))
        first = end if first is None else first
        if end is None or end != first:
            return False
    return True
