"""Triggered effects: what activates on an event, and the queue of effects waiting to be resolved.

Simultaneous triggers form a batch; the turn player orders a batch (8-5-2-4 / 9-1-5-8) and effects
that trigger while another resolves are resolved first (most recent first, 9-1-5-9). The work
loop resolves one item at a time and performs gameplay management after each (4-7-2).
"""

from __future__ import annotations

from judge.engine.bs import derive
from judge.engine.bs.ctx import Ctx, Need, name_of
from judge.engine.bs.state import State, Work
from judge.engine.core import ChoiceNeeded, Step
from judge.text.ast import Ability, AbilityKind

EVENT_CONCEPT = {"summoned": "do.when_summoned", "deployed": "do.when_deployed",
                 "attacks": "battle.when_attacks", "blocks": "battle.when_blocks",
                 "destroyed": "do.when_destroyed", "battle_end": "battle.end"}


#: The events each typed timing of a triggered ability answers to (the grammar's `Ability.timing`).
TIMING_EVENTS: dict[str, frozenset[str]] = {
    "when_summoned": frozenset({"summoned"}), "when_placed": frozenset({"deployed"}),
    "when_deployed": frozenset({"deployed"}), "when_attacks": frozenset({"attacks"}),
    "when_blocks": frozenset({"blocks"}), "when_attacks_or_blocks": frozenset({"attacks", "blocks"}),
    "when_destroyed": frozenset({"destroyed"}), "when_destroyed_by_opponent": frozenset({"destroyed"}),
    "when_opponent_destroys_this_spirit": frozenset({"destroyed"}),
    "when_summoned_or_destroyed": frozenset({"summoned", "destroyed"}),
    "when_summoned_or_attacks": frozenset({"summoned", "attacks"}),
    "when_battle_ends": frozenset({"battle_end"}), "end_of_battle": frozenset({"battle_end"}),
}
#: Concepts a timing adds when it triggers: one worded for attacking or blocking meets either (10-11-2).
TIMING_CONCEPT: dict[str, tuple[str, ...]] = {"when_attacks_or_blocks": ("battle.when_attacks_or_blocks",)}
#: Timings that trigger only when the opponent destroys the card (10-15-1 / 12-2-1-12-1).
BY_OPPONENT = frozenset({"when_destroyed_by_opponent", "when_opponent_destroys_this_spirit"})
#: Burst timings (10-9-1) and the event that meets each condition.
BURST_EVENTS: dict[str, str] = {"burst_when_you_lose_life": "life_lost",
                                "burst_when_opponent_destroys_your_spirit": "spirit_destroyed",
                                "burst_when_opponent_resolves_a_spirits_when_summoned_effect": "summoned_resolved"}


def burst_event(ab: Ability) -> str | None:
    """The engine event that meets a burst's condition (10-9-1): its typed timing, or its event
    condition (your life is reduced, your spirit is destroyed, a When Summoned effect resolves)."""
    if ab.timing in BURST_EVENTS:
        return BURST_EVENTS[ab.timing]
    cond = ab.condition
    if ab.timing != "burst_event" or cond is None or cond.kind != "event":
        return None
    if cond.event in ("loses_life", "life_reduced"):
        return "life_lost"
    if cond.event == "destroyed":
        return "spirit_destroyed"
    if cond.event == "resolves" and cond.object is not None and cond.object.effect == "when_summoned":
        return "summoned_resolved"
    return None


def timing_events(ab: Ability) -> frozenset[str]:
    """The events an ability's typed timing answers to (an untyped timing answers to none)."""
    return TIMING_EVENTS.get(ab.timing or "", frozenset())


def _by_opponent(ab: Ability) -> bool:
    return ab.timing in BY_OPPONENT


def restricted(ctx: Ctx, cid: str, idx: int, ab: Ability) -> bool:
    """bs [Once per turn] (12-3-1-1): an ability that already activated this turn does not again."""
    if "once_per_turn" not in ab.restrictions:
        return False
    key = f"{ctx.state.turn}:{cid}:{idx}"
    if key in ctx.state.used:
        ctx.log(f"{name_of(ctx.state, cid)}: its [Once per turn] effect already activated this turn",
                "kw.once_per_turn")
        return True
    ctx.set(used=ctx.state.used | {key})
    ctx.log(f"{name_of(ctx.state, cid)}: its [Once per turn] effect activates for the first time this turn "
            "(each card, even of the same name, has its own once)", "kw.once_per_turn")
    return False


def abilities_for(state: State, cid: str, event: str, *, level: int | None = None) -> list[tuple[int, Ability]]:
    """Triggered abilities of a card answering to `event`, at its level (or a last-known level)."""
    d = state.card_def(cid)
    if d is None:
        return []
    if level is None and state.field_card(cid) is not None:
        pool = derive.active_abilities(state, cid)        # gained ones too, lost ones not (8-2-2-2)
    else:
        lv = derive.level(state, cid) if level is None else level
        pool = [(i, ab) for i, ab in enumerate(d.abilities) if not ab.levels or lv in ab.levels]
    return [(i, ab) for i, ab in pool if ab.kind in (AbilityKind.TRIGGERED, AbilityKind.AUTO)
            and event in timing_events(ab)]


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


def _concepts(w: Work) -> tuple[str, ...]:
    if w.kind == "keyword" and w.keyword:
        from judge.engine.bs.keywords.registry import rule

        r = rule(w.keyword)
        return (r.concept,) if r else ()
    return {"effects": ("effect.triggered",), "burst": ("burst.activate",)}.get(w.kind, ("magic.steps",))


def trigger_condition(ctx: Ctx, cid: str, ctrl: str, ab: Ability) -> bool:
    """A triggered ability with a condition beside its timing activates only when it holds (decided
    from the board; a condition the node does not type is not modelled and the effect is left)."""
    if ab.condition is None:
        return True
    from judge.engine.bs import conditions

    return conditions.holds_or_unmodelled(ctx, ab.condition, cid, ctrl, f"{name_of(ctx.state, cid)}: whether its "
                                          f"{derive.timing_label(ab.timing)} effect's")


def _event_condition(ctx: Ctx, cid: str, ctrl: str, ab: Ability) -> bool:
    """A condition about the triggering event that leads the text ("When Summoned: if you summon this
    spirit from your hand, …") decides whether the effect activates (8-6-2); when it does not hold,
    nothing activates, and a burst waiting for that effect to resolve has nothing to answer (10-9-1)."""
    from judge.engine.bs import conditions
    from judge.engine.bs.events import happened

    cond = happened.activation_condition(ab)
    if cond is None:
        return True
    holds = conditions.holds(ctx, cond, Work(kind="effects", source=cid, controller=ctrl, label=cid))
    if holds is not False:
        return True            # it holds, or it is left to the resolution to say it cannot be decided
    ctx.log(f"{name_of(ctx.state, cid)}: the event does not meet the condition its "
            f"{derive.timing_label(ab.timing)} effect is written for, so that effect does not activate",
            "effect.triggered")
    opp = ctx.state.players[ctx.state.opponent(ctrl)]
    if ab.timing == "when_summoned" and opp.burst is not None and any(
            b.kind == AbilityKind.BURST and burst_event(b) == "summoned_resolved"
            for b in ctx.state.card_def(opp.burst).abilities):
        ctx.log(f"{opp.name}'s burst {name_of(ctx.state, opp.burst)}: no When Summoned effect activates or resolves, "
                "so its condition is not met", "burst.condition")
    return False


def fire(ctx: Ctx, event: str, cid: str) -> None:
    """Card abilities of `cid` that trigger on `event` (summoned, attacks, blocks, battle_end…)."""
    state = ctx.state
    ctrl = state.controller(cid) or state.owners.get(cid, "A")
    from judge.engine.bs.events import also_activates

    items = []
    for idx, ab in also_activates.abilities(ctx, cid, event):
        if not trigger_condition(ctx, cid, ctrl, ab) or not _event_condition(ctx, cid, ctrl, ab) \
                or restricted(ctx, cid, idx, ab):
            continue
        items.append(Work(kind="effects", source=cid, controller=ctrl,
                          label=f"{name_of(state, cid)}: {derive.timing_label(ab.timing or event)}",
                          effects=ab.effects, cites=ctx.cites(EVENT_CONCEPT[event], *TIMING_CONCEPT.get(ab.timing or "", ())),
                          timing=ab.timing or event,
                          param="unstackable" if "unstackable" in ab.restrictions else None, ability=idx))
    if items:
        ctx.log(f"{name_of(state, cid)}: {event.replace('_', ' ')} effects trigger", EVENT_CONCEPT[event])
    from judge.engine.bs.effects.delayed import waiting_on

    push(ctx, items + waiting_on(ctx, event, cid))


def fire_destroyed(ctx: Ctx, ids: list[str], lasts: dict[str, dict], *, cause: str, by: str | None) -> None:
    """"When Destroyed" effects of cards just destroyed, read at their last-known level (8-10-1)."""
    items = []
    for cid in ids:
        lk = lasts[cid]
        ctrl = lk.get("controller") or "A"
        killer = ctx.state.opponent(ctrl) if cause == "battle" else by    # a BP comparison with their spirit
        for idx, ab in abilities_for(ctx.state, cid, "destroyed", level=lk.get("level", 0)):
            if _by_opponent(ab) and (killer is None or killer == ctrl):
                continue
            if restricted(ctx, cid, idx, ab):
                continue
            items.append(Work(kind="effects", source=cid, controller=ctrl,
                              label=f"{name_of(ctx.state, cid)}: {derive.timing_label(ab.timing)}",
                              effects=ab.effects,
                              cites=ctx.cites("do.when_destroyed_by_opponent" if _by_opponent(ab)
                                              else "do.when_destroyed", "effect.last_state"),
                              last=lk, param="unstackable" if "unstackable" in ab.restrictions else None,
                              timing=ab.timing or "when_destroyed", ability=idx))
    from judge.engine.bs.events.destroyed_how import stamp
    from judge.engine.bs.events.watch import watchers

    items += watchers(ctx, "when_destroyed", stamp(lasts, cause=cause, by=by))
    from judge.engine.bs.effects.no_trigger import keep

    items = keep(ctx, items, lasts)
    if items:
        ctx.log("The destruction is confirmed: effects triggered by it activate", "do.destroy_triggers")
    push(ctx, items)


def fire_burst(ctx: Ctx, player: str, event: str) -> None:
    """A set burst whose condition is met may be activated (10-9-1, 10-9-3): life_lost | spirit_destroyed."""
    p = ctx.state.players[player]
    if p.burst is None:
        return
    d = ctx.state.card_def(p.burst)
    for ab in d.abilities if d else ():
        if ab.kind != AbilityKind.BURST or burst_event(ab) != event:
            continue
        push(ctx, [Work(kind="burst", source=p.burst, controller=player, effects=ab.effects,
                        label=f"{player}'s burst {name_of(ctx.state, p.burst)}",
                        cites=ctx.cites("burst.activate"), timing=ab.timing)])
        return


def resolve_burst(ctx: Ctx, item: Work) -> None:
    """Activate a burst if its owner wants to: no cost, then it goes to the trash (10-9-2, 10-9-4)."""
    from dataclasses import replace

    from judge.engine.bs.effects import resolve as effects
    from judge.engine.bs.state import with_player

    p = ctx.state.players[item.controller]
    if p.burst != item.source:
        return
    if not ctx.ask_yes_no(f"{item.controller}: activate {item.label}?", "burst.activate", "effect.may",
                          player=item.controller):
        ctx.log(f"{item.controller} does not activate the burst; it stays set", "effect.may")
        return
    ctx.steps.append(Step(f"{item.controller} turns {item.label} face up and activates it without paying its cost",
                          ctx.cites("burst.activate"), fired=item.source, card=ctx.state.cards.get(item.source),
                          timing=item.timing))
    for e in item.effects:
        effects.apply(ctx, e, item)
    p = ctx.state.players[item.controller]
    if p.burst == item.source:
        ctx.state = with_player(ctx.state, replace(p, burst=None, trash=(*p.trash, item.source)))
        ctx.log(f"The burst {item.source} has resolved and goes to the trash", "burst.activate")


def run_work(ctx: Ctx, order_answer: tuple[str, ...] = ()) -> None:
    """Resolve waiting effects until none remain (or a choice is missing: Need, state rolled back)."""
    from judge.engine.bs.effects import draw as draws
    from judge.engine.bs.effects import resolve as effects
    from judge.engine.bs.flow import management, order
    from judge.engine.bs.keywords import registry as keywords

    order_hint: tuple[str, ...] | None = order_answer or None
    management.checkpoint(ctx)  # a winner is established before anything waiting resolves (9-2-1)
    while ctx.state.work and ctx.state.winner is None:
        batch = ctx.state.work[0]
        if len(batch) > 1:       # even two effects of one card are ordered (8-5-2-4; Standard 9-1-5-7)
            options, who = order.options(batch), order.decider(ctx, batch)
            prompt = f"{who} orders the simultaneous effects: {order.shown(batch, batch)}"
            if order_hint:
                answer: object = order_hint
                decision = ChoiceNeeded(prompt, ctx.cites("effect.order"), player=who, options=options, kind="order")
                ctx.steps.append(Step(f"{who} decides (order): {', '.join(order_hint)}",
                                      decision.cites, decision=decision, answer=list(order_hint)))
            else:
                answer = ctx.ask(prompt, "effect.order", player=who, options=options, kind="order")
            order_hint = None
            ordered = order.match(batch, answer)
            if ordered is None:
                raise ctx.refuse(f"{answer!r} does not order the waiting effects (name them: "
                                 f"{', '.join(options)})", "effect.order")
            ctx.log(f"{who} resolves them in the order: {order.shown(batch, ordered)}", "effect.order")
            ctx.set(work=(*((w,) for w in ordered), *ctx.state.work[1:]))
            continue
        item, rest_of_batch = batch[0], batch[1:]
        ctx.destroyed, ctx.did, ctx.revealed, ctx.discarded = {}, None, [], []
        ctx.drawn, ctx.core_moves, ctx.selections, ctx.summoned = {}, [], {}, []
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
                    from judge.engine.bs.flow.turn import finish_magic

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


__all__ = ["abilities_for", "fire", "fire_destroyed", "push", "run_work", "timing_events"]
