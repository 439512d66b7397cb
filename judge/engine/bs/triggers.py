"""Triggered effects: what activates on an event, and the queue of effects waiting to be resolved.

Simultaneous triggers form a batch; the turn player orders a batch (8-5-2-4 / 9-1-5-8) and effects
that trigger while another resolves are resolved first (most recent first, 9-1-5-9). The work
loop resolves one item at a time and performs gameplay management after each (4-7-2).
"""

from __future__ import annotations

from judge.engine.bs import derive
from judge.engine.bs.ctx import Ctx, Need, name_of
from judge.engine.bs.state import State, Work
from judge.engine.core import Step
from judge.text.ast import Ability, AbilityKind

EVENT_CONCEPT = {"summoned": "do.when_summoned", "deployed": "do.when_deployed",
                 "attacks": "battle.when_attacks", "blocks": "battle.when_blocks",
                 "destroyed": "do.when_destroyed", "battle_end": "battle.end"}


def timing_events(ab: Ability) -> set[str]:
    """The events an ability's timing label answers to (grammar timing names, or the printed label)."""
    t = " ".join(filter(None, (ab.timing, ab.timing_text))).lower().replace("_", " ")
    out: set[str] = set()
    if "while" in t or "during" in t:
        return out
    if "summon" in t:
        out.add("summoned")
    if "deploy" in t or "placed" in t:
        out.add("deployed")
    if "attack" in t:
        out.add("attacks")
    if "block" in t:
        out.add("blocks")
    if "destroyed" in t:
        out.add("destroyed")
    if ("end of" in t and "battle" in t) or "battle end" in t:
        out = {"battle_end"}
    return out


def _by_opponent(ab: Ability) -> bool:
    t = " ".join(filter(None, (ab.timing, ab.timing_text))).lower()
    return "opponent" in t


def _restricted(ctx: Ctx, cid: str, idx: int, ab: Ability) -> bool:
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
    lv = derive.level(state, cid) if level is None else level
    return [(i, ab) for i, ab in enumerate(d.abilities)
            if ab.kind in (AbilityKind.TRIGGERED, AbilityKind.AUTO) and event in timing_events(ab)
            and (not ab.levels or lv in ab.levels)]


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
        from judge.engine.bs.keywords import rule

        r = rule(w.keyword)
        return (r.concept,) if r else ()
    return {"effects": ("effect.triggered",), "burst": ("burst.activate",)}.get(w.kind, ("magic.steps",))


def fire(ctx: Ctx, event: str, cid: str) -> None:
    """Card abilities of `cid` that trigger on `event` (summoned, attacks, blocks, battle_end…)."""
    state = ctx.state
    ctrl = state.controller(cid) or state.owners.get(cid, "A")
    items = []
    for idx, ab in abilities_for(state, cid, event):
        if _restricted(ctx, cid, idx, ab):
            continue
        items.append(Work(kind="effects", source=cid, controller=ctrl,
                          label=f"{name_of(state, cid)}: {ab.timing_text or ab.timing or event}",
                          effects=ab.effects, cites=ctx.cites(EVENT_CONCEPT[event]),
                          param="unstackable" if "unstackable" in ab.restrictions else None))
    if items:
        ctx.log(f"{name_of(state, cid)}: {event.replace('_', ' ')} effects trigger", EVENT_CONCEPT[event])
    push(ctx, items)


def fire_destroyed(ctx: Ctx, ids: list[str], lasts: dict[str, dict], *, cause: str, by: str | None) -> None:
    """"When Destroyed" effects of cards just destroyed, read at their last-known level (8-10-1)."""
    items = []
    for cid in ids:
        lk = lasts[cid]
        ctrl = lk.get("controller") or "A"
        for idx, ab in abilities_for(ctx.state, cid, "destroyed", level=lk.get("level", 0)):
            if _by_opponent(ab) and (by is None or by == ctrl):
                continue
            if _restricted(ctx, cid, idx, ab):
                continue
            items.append(Work(kind="effects", source=cid, controller=ctrl,
                              label=f"{name_of(ctx.state, cid)}: {ab.timing_text or 'When Destroyed'}",
                              effects=ab.effects,
                              cites=ctx.cites("do.when_destroyed_by_opponent" if _by_opponent(ab)
                                              else "do.when_destroyed", "effect.last_state"),
                              last=lk, param="unstackable" if "unstackable" in ab.restrictions else None))
    items += _watchers(ctx, ids, lasts)
    if items:
        ctx.log("The destruction is confirmed: effects triggered by it activate", "do.destroy_triggers")
    push(ctx, items)


def _lk_matches(sel, lk: dict) -> bool:
    """Whether a destroyed card's last-known facts meet a selector (8-10-1)."""
    if sel.card_types and lk.get("type") not in sel.card_types:
        return False
    if sel.colors and not set(sel.colors) & set(lk.get("colors", ())):
        return False
    if sel.families and not {f.lower() for f in sel.families} & {f.lower() for f in lk.get("families", ())}:
        return False
    return not (sel.name and sel.name.lower() not in str(lk.get("name", "")).lower())


def _watchers(ctx: Ctx, ids: list[str], lasts: dict[str, dict]) -> list[Work]:
    """"When one of your spirits is destroyed" effects on the field (or on the destroyed cards): they
    activate once however many cards were destroyed together (8-6-3 / 9-1-5-4)."""
    from judge.engine.bs.select import whose

    state = ctx.state
    out = []
    holders = [(fc.id, None) for p in state.players.values() for fc in p.field] + \
              [(cid, lasts[cid].get("level")) for cid in ids]
    for holder, lv in holders:
        d = state.card_def(holder)
        ctrl = state.controller(holder) or lasts.get(holder, {}).get("controller") or "A"
        level_now = derive.level(state, holder) if lv is None else lv
        for idx, ab in enumerate(d.abilities if d else ()):
            cond = ab.condition
            if ab.kind != AbilityKind.TRIGGERED or cond is None or cond.kind != "event" or cond.selector is None \
                    or cond.event != "destroyed" or (ab.levels and level_now not in ab.levels):
                continue
            sel = cond.selector
            hits = [c for c in ids if lasts[c].get("controller") in whose(ctrl, sel.owner, state)
                    and _lk_matches(sel, lasts[c]) and not (sel.other and c == holder)]
            if not hits or _restricted(ctx, holder, idx, ab):
                continue
            if len(hits) > 1:
                ctx.log(f"{name_of(state, holder)}: {len(hits)} cards were destroyed at once; its effect "
                        "activates only once", "effect.trigger_once")
            out.append(Work(kind="effects", source=holder, controller=ctrl,
                            label=f"{name_of(state, holder)}: when {cond.text}", effects=ab.effects,
                            cites=ctx.cites("effect.triggered", "effect.trigger_once")))
    return out


def fire_burst(ctx: Ctx, player: str, event: str) -> None:
    """A set burst whose condition is met may be activated (10-9-1, 10-9-3): life_lost | spirit_destroyed."""
    p = ctx.state.players[player]
    if p.burst is None:
        return
    d = ctx.state.card_def(p.burst)
    for ab in d.abilities if d else ():
        if ab.kind != AbilityKind.BURST:
            continue
        t = " ".join(filter(None, (ab.timing, ab.timing_text))).lower().replace("_", " ")
        hit = (event == "life_lost" and "life" in t) or (event == "spirit_destroyed" and "destroy" in t)
        if hit:
            push(ctx, [Work(kind="burst", source=p.burst, controller=player, effects=ab.effects,
                            label=f"{player}'s burst {name_of(ctx.state, p.burst)}",
                            cites=ctx.cites("burst.activate"))])
            return


def resolve_burst(ctx: Ctx, item: Work) -> None:
    """Activate a burst if its owner wants to: no cost, then it goes to the trash (10-9-2, 10-9-4)."""
    from dataclasses import replace

    from judge.engine.bs import effects
    from judge.engine.bs.state import with_player

    p = ctx.state.players[item.controller]
    if p.burst != item.source:
        return
    answer = ctx.answer()
    if answer is None:
        raise ctx.need(f"{item.controller}: activate {item.label}? (choose: yes / no)", "burst.activate",
                       "effect.may", player=item.controller, options=("yes", "no"))
    if str(answer).lower() in ("no", "false", "0"):
        ctx.log(f"{item.controller} does not activate the burst; it stays set", "effect.may")
        return
    ctx.log(f"{item.controller} turns {item.label} face up and activates it without paying its cost",
            "burst.activate")
    for e in item.effects:
        effects.apply(ctx, e, item)
    p = ctx.state.players[item.controller]
    if p.burst == item.source:
        ctx.state = with_player(ctx.state, replace(p, burst=None, trash=(*p.trash, item.source)))
        ctx.log(f"The burst {item.source} has resolved and goes to the trash", "burst.activate")


def _match_order(batch: tuple[Work, ...], answer: object) -> list[Work] | None:
    if not isinstance(answer, list | tuple):
        return None
    rest = list(batch)
    out: list[Work] = []
    for ref in map(str, answer):
        hit = next((w for w in rest if ref in (w.source, w.label) or w.label.startswith(ref)
                    or (w.keyword and ref.lower() == f"{w.source}:{w.keyword}".lower())), None)
        if hit is None:
            return None
        rest.remove(hit)
        out.append(hit)
    return out + rest


def run_work(ctx: Ctx, order: tuple[str, ...] = ()) -> None:
    """Resolve waiting effects until none remain (or a choice is missing: Need, state rolled back)."""
    from judge.engine.bs import effects, keywords, management

    order_hint: tuple[str, ...] | None = order or None
    management.checkpoint(ctx)  # a winner is established before anything waiting resolves (9-2-1)
    while ctx.state.work and ctx.state.winner is None:
        batch = ctx.state.work[0]
        if len(batch) > 1 and len({w.source for w in batch}) > 1:
            answer = order_hint if order_hint else ctx.answer()
            order_hint = None
            ordered = _match_order(batch, answer)
            if ordered is None and answer is not None:
                raise ctx.refuse(f"{answer!r} does not order the waiting effects (name their cards: "
                                 f"{', '.join(w.source for w in batch)})", "effect.order")
            if ordered is None:
                raise ctx.need(f"{ctx.state.turn_player} orders the simultaneous effects: "
                               + "; ".join(w.label for w in batch), "effect.order",
                               player=ctx.state.turn_player, options=tuple(w.source for w in batch))
            ctx.log(f"{ctx.state.turn_player} resolves them in the order: "
                    + "; ".join(w.label for w in ordered), "effect.order")
            ctx.set(work=(*((w,) for w in ordered), *ctx.state.work[1:]))
            continue
        item, rest_of_batch = batch[0], batch[1:]
        before, n_steps = ctx.state, len(ctx.steps)
        ctx.set(work=((rest_of_batch,) if rest_of_batch else ()) + ctx.state.work[1:])
        try:
            if item.kind == "keyword":
                keywords.resolve(ctx, item)
            elif item.kind == "burst":
                resolve_burst(ctx, item)
            else:
                ctx.steps.append(Step(f"Resolve {item.label}", item.cites))
                effects.run(ctx, item)
                if item.kind == "magic":
                    from judge.engine.bs.turn import finish_magic

                    finish_magic(ctx, item)
        except Need:
            ctx.state = before
            del ctx.steps[n_steps:]
            raise
        management.checkpoint(ctx)


__all__ = ["abilities_for", "fire", "fire_destroyed", "push", "run_work", "timing_events"]
