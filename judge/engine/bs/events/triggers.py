"""Triggered effects: what activates on an event, and the queue of effects waiting to be resolved.

Simultaneous triggers form a batch; the turn player orders a batch (8-5-2-4 / 9-1-5-8) and effects
that trigger while another resolves are resolved first (most recent first, 9-1-5-9). The work
loop resolves one item at a time and performs gameplay management after each (4-7-2).
"""

from __future__ import annotations

from judge.engine.bs import derive
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.events.facts import abilities_for, restricted, timing_events
from judge.engine.bs.state import Work
from judge.engine.bs.waiting import push
from judge.engine.core import Step
from judge.text.ast import Ability, AbilityKind

EVENT_CONCEPT = {"summoned": "do.when_summoned", "deployed": "do.when_deployed",
                 "attacks": "battle.when_attacks", "blocks": "battle.when_blocks",
                 "destroyed": "do.when_destroyed", "battle_end": "battle.end",
                 "links": "kw.link", "linked": "kw.link"}


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




def _by_opponent(ab: Ability) -> bool:
    return ab.timing in BY_OPPONENT










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
    from judge.engine.bs.events import facts as also_activates

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
        said = derive.timing_label(f"when_{event}") if event in ("links", "linked") else event.replace("_", " ")
        ctx.log(f"{name_of(state, cid)}: {said} effects trigger", EVENT_CONCEPT[event])
    from judge.engine.bs.events.delayed import waiting_on

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
    from judge.engine.bs.events.no_trigger import keep

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

    from judge.engine.bs import dispatch as effects
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




__all__ = ["abilities_for", "fire", "fire_destroyed", "push", "timing_events"]
