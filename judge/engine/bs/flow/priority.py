"""Resolving what waits (8-5-2 / 9-1-5): the batches of effects waiting to be resolved, most recent
first; the turn player orders a batch of simultaneous effects (8-5-2-4; Standard 9-1-5-7/8); each
item resolves in full, and what it sets off waits ahead of the rest.
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.bs import derive
from judge.engine.bs.ctx import Ctx, Need
from judge.engine.bs.events.triggers import fire_burst, resolve_burst
from judge.engine.bs.flow import order
from judge.engine.bs.state import Work, with_player
from judge.engine.bs.waiting import _concepts
from judge.engine.core import ChoiceNeeded, Step


def run_work(ctx: Ctx, order_answer: tuple[str, ...] = ()) -> None:
    """Resolve waiting effects until none remain (or a choice is missing: Need, state rolled back)."""
    from judge.engine.bs import dispatch as effects
    from judge.engine.bs import keyword_registry as keywords
    from judge.engine.bs.events import draws, management

    order_hint: tuple[str, ...] | None = order_answer or None
    management.checkpoint(ctx)  # a winner is established before anything waiting resolves (9-2-1)
    while ctx.state.work and ctx.state.winner is None:
        batch = ctx.state.work[0]
        if len(batch) > 1:       # even two effects of one card are ordered (8-5-2-4; Standard 9-1-5-7)
            _order_batch(ctx, batch, order_hint)
            order_hint = None
            continue
        item, rest_of_batch = batch[0], batch[1:]
        ctx.destroyed, ctx.did, ctx.revealed, ctx.discarded, ctx.acted = {}, None, [], [], {}
        ctx.drawn, ctx.core_moves, ctx.selections, ctx.summoned = {}, [], dict(item.selections or {}), []
        before, n_steps = ctx.state, len(ctx.steps)
        ctx.set(work=((rest_of_batch,) if rest_of_batch else ()) + ctx.state.work[1:])
        outer, ctx.acting = ctx.acting, item       # what it does is done by this effect (effect_events.py)
        try:
            if item.kind == "keyword":
                ctx.steps.append(Step(f"Resolve {item.label}", ctx.cites(*_concepts(item)), fired=item.source,
                                      card=ctx.state.cards.get(item.source), timing=item.keyword))
                keywords.resolve(ctx, item)
            elif item.kind == "burst":
                resolve_burst(ctx, item)
            else:
                ctx.steps.append(Step(f"Resolve {item.label}", item.cites, fired=item.source,
                                      card=ctx.state.cards.get(item.source), timing=item.timing))
                effects.run(ctx, item)
                if item.kind == "magic":

                    finish_magic(ctx, item)
                elif item.timing == "when_summoned" and ctx.state.field_card(item.source) is not None \
                        and ctx.state.card_def(item.source).type == "spirit":
                    fire_burst(ctx, ctx.state.opponent(item.controller), "summoned_resolved")
        except Need:
            ctx.state = before
            del ctx.steps[n_steps:]
            raise
        finally:
            ctx.acting = outer
        draws.settle(ctx, item)      # what watches the draws it made activates once (8-6-3)
        management.checkpoint(ctx)
    if order_hint:
        ctx.log(f"The order given ({', '.join(order_hint)}) is not needed: no effects wait together here",
                "effect.order")


def _order_batch(ctx: Ctx, batch: tuple[Work, ...], order_hint: tuple[str, ...] | None) -> None:
    """The turn player orders a batch of simultaneous effects (8-5-2-4): by the order the action gave,
    unasked where every order ends alike, else by their decision."""
    options, who = order.options(batch), order.decider(ctx, batch)
    prompt = f"{who} orders the simultaneous effects: {order.shown(batch, batch)}"
    if not order_hint and not order.written(ctx, batch, options) and order.order_free(ctx, batch, run_work):
        _free_order(ctx, batch, prompt, who, options)
        return
    if order_hint:
        answer: object = order_hint
        decision = ChoiceNeeded(prompt, ctx.cites("effect.order"), player=who, options=options, kind="order")
        ctx.steps.append(Step(f"{who} decides (order): {', '.join(order_hint)}",
                              decision.cites, decision=decision, answer=list(order_hint)))
    else:
        answer = ctx.ask(prompt, "effect.order", player=who, options=options, kind="order")
    ordered = order.match(batch, answer)
    if ordered is None:
        raise ctx.refuse(f"{answer!r} does not order the waiting effects (name them: "
                         f"{', '.join(options)})", "effect.order")
    ctx.log(f"{who} resolves them in the order: {order.shown(batch, ordered)}", "effect.order")
    ctx.set(work=(*((w,) for w in ordered), *ctx.state.work[1:]))


def _free_order(ctx: Ctx, batch: tuple[Work, ...], prompt: str, who: str, options: tuple[str, ...]) -> None:
    """A batch whose every order ends on the same board (order.order_free): the turn player's order is
    taken unasked (8-5-2-4) — their own effects first, then as written, since any order will do — and
    logged as that decision, so a later `choose` of an order is accepted as changing nothing."""
    ordered = sorted(batch, key=lambda w: w.controller != ctx.state.turn_player)
    decision = ChoiceNeeded(prompt, ctx.cites("effect.order"), player=who, options=options, kind="order")
    names = dict(zip(map(id, batch), options, strict=True))
    ctx.steps.append(Step(f"{who} orders the simultaneous effects ({order.shown(batch, ordered)}): every order ends "
                          "on the same board, so the order cannot change the outcome and it is taken unasked",
                          decision.cites, decision=decision, answer=[names[id(w)] for w in ordered],
                          after=ctx.state))
    ctx.set(work=(*((w,) for w in ordered), *ctx.state.work[1:]), free_choice=("order", options))


def finish_magic(ctx: Ctx, item: Work) -> None:
    """After a magic effect resolves: 【Chain】 follow-ups, then the card goes to the trash (10-8-8)."""
    from judge.engine.bs import dispatch as effects

    for ab in item.param or ():
        colors = {c.lower() for c in ab.keyword.params}
        have = {c for s in derive.field_symbols(ctx.state, item.controller) for c in s.split("/")}
        if colors & have:
            ctx.log(f"【Chain: {', '.join(ab.keyword.params)}】: {item.controller} has the symbol; the chain "
                    "effect follows", "kw.chain")
            for e in ab.effects:
                effects.apply(ctx, e, item)
        else:
            ctx.log("【Chain】: no symbol of that colour on the field; the chain effect does not activate",
                    "kw.chain")
    player = item.controller
    p = ctx.state.players[player]
    if item.source in p.hand:
        ctx.state = with_player(ctx.state, replace(p, hand=tuple(c for c in p.hand if c != item.source),
                                                   trash=(*p.trash, item.source)))
        ctx.log(f"{item.source} has resolved and goes to the trash", "magic.resolve")


__all__ = ["run_work"]
