"""What an event is read against: a card's facts now or as last known (8-10-1), whether they meet an
event's selector, which triggered abilities of a card answer to an event (with the events a constant
effect makes them answer to as well, 8-1-5-1 / 10-11-1), and [Once per turn] (12-3-1-1).
"""

from __future__ import annotations

from typing import Any

from judge.engine.bs import derive, effect_criteria, record
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.state import State
from judge.text import ast
from judge.text.ast import Ability, AbilityKind


def last_known(state: State, cid: str) -> dict:
    """A card's facts just before it leaves the field (8-10-1 / 10-2-2-2)."""
    fc = state.field_card(cid)
    if fc is None:
        d = state.card_def(cid)
        if d is None:
            return {}
        return {"id": cid, "name": d.name, "cost": d.cost, "colors": d.colors, "families": d.families,
                "type": d.type, "controller": state.owners.get(cid), "owner": state.owners.get(cid),
                "zone": state.zone_of(cid), "keywords": [ab.keyword.name for ab in d.abilities if ab.keyword]}
    d = state.defs[fc.card]
    return {"id": cid, "name": d.name, "cost": d.cost, "colors": d.colors, "families": derive.families(state, cid),
            "level": derive.level(state, cid), "bp": derive.bp(state, cid).value,
            "controller": state.controller(cid), "soul": derive.has_soul(state, cid), "type": d.type,
            "soul_cores": 1 if derive.has_soul(state, cid) else 0, "cores": derive.cores_on(state, fc),
            "symbols": derive.symbols(state, cid), "keywords": [k.name for k in derive.keywords(state, cid)],
            "owner": state.owners.get(cid)}


def facts(state: State, cid: str) -> dict[str, Any]:
    """A field card's facts now (the same shape as management.last_known)."""

    return last_known(state, cid)


def matches_facts(sel: ast.Selector | None, holder: str, ctrl: str, subject: str, lk: dict, state: State) -> bool:
    from judge.engine.bs.select import OPS, whose

    if sel is not None and sel.either:   # "when this spirit or one of your Skybinder spirits attacks"
        return any(matches_facts(alt, holder, ctrl, subject, lk, state)
                   for alt in (ast.replace(sel, either=()), *sel.either))
    if sel is None or sel.self_ref:
        return subject == holder
    if _left_out(sel, holder, ctrl, subject, lk, state):
        return False
    if sel.other and subject == holder:
        return False
    if sel.owner is not None and lk.get("controller") not in whose(ctrl, sel.owner, state):
        return False
    if sel.card_types and lk.get("type") not in sel.card_types:
        return False
    if sel.colors and not set(sel.colors) & set(lk.get("colors", ())):
        return False
    if sel.costs and lk.get("cost") not in sel.costs:
        return False
    if sel.families and not derive.in_families(sel.families, lk.get("families", ())):
        return False
    if sel.with_keyword and derive.norm_kw(sel.with_keyword) not in {derive.norm_kw(k) for k in lk.get("keywords", ())}:
        return False
    if sel.name and sel.name.lower() not in str(lk.get("name", "")).lower():
        return False
    if (sel.has_effect or sel.lacks_effect) and not effect_criteria.meets(
            state, subject, sel, None if state.field_card(subject) is not None else lk.get("level")):
        return False
    for t in sel.thresholds:
        value = lk.get(t.stat)
        if t.stat != "count" and (value is None or not OPS[t.op](value, t.value)):
            return False
    return True


def _left_out(sel: ast.Selector, holder: str, ctrl: str, subject: str, lk: dict, state: State) -> bool:
    """What the event's card must not be ("one of your spirits without 【Ascend】", "non-Voidlord",
    "other than {name}", "except …"), read from its facts as the event found it (8-10-1)."""
    kws = {derive.norm_kw(k) for k in lk.get("keywords", ())}
    if any(derive.norm_kw(k) in kws for k in sel.without):
        return True
    if sel.not_families and derive.in_families(sel.not_families, lk.get("families", ())):
        return True
    if set(sel.not_colors) & set(lk.get("colors", ())):
        return True
    if str(lk.get("name", "")).lower() in {n.lower() for n in sel.not_names}:
        return True
    ex = sel.excluding
    if ex is None:
        return False
    if ex.state is not None:          # "that is not attacking": a state of the card now, on the field
        from judge.engine.bs.select import matches

        return state.field_card(subject) is not None and matches(state, subject, ex, holder)
    return matches_facts(ast.replace(ex, owner=None), holder, ctrl, subject, lk, state)


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
    "when_links": frozenset({"links"}), "when_linked": frozenset({"linked"}),      # 11-18-1
}


def restricted(ctx: Ctx, cid: str, idx: int, ab: Ability) -> bool:
    """bs [Once per turn] (12-3-1-1): an ability that already activated this turn does not again."""
    if "once_per_turn" not in ab.restrictions:
        return False
    if record.happened(ctx.state, "once_per_turn", cid, idx):
        ctx.log(f"{name_of(ctx.state, cid)}: its [Once per turn] effect already activated this turn",
                "kw.once_per_turn")
        return True
    record.note(ctx, "once_per_turn", cid, idx)
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


# --- also_activates (folded in): Effects that also activate on a further event (8-1-5-1, 10-11-1): a
# constant effect such as "your spirits' "When This Spirit Blocks" effects also activate when
# attacking" makes the effects of the cards it names that answer to one event answer to another too,
# while it is active. An effect answering to a block also includes one worded "when this spirit
# attacks or blocks" (10-11-2). Such an effect is met twice by one attack — as an attack effect and as
# a block effect made to answer to the attack — and still activates only once (8-6-3).

def _extensions(state: State) -> list[tuple[str, str, ast.AlsoActivates]]:
    """(card, controller, effect) of the active constant "also activate" effects on the field."""
    out = []
    for name, p in state.players.items():
        for fc in p.field:
            for _idx, ab in derive.active_abilities(state, fc.id):
                if ab.kind != AbilityKind.CONSTANT or not any(isinstance(e, ast.AlsoActivates) for e in ab.effects):
                    continue
                if not derive.constant_active(state, fc.id, ab):
                    continue
                out.extend((fc.id, name, e) for e in ab.effects if isinstance(e, ast.AlsoActivates))
    return out


def also_events(state: State, cid: str, event: str) -> list[tuple[str, str]]:
    """(granting card, event) pairs: the events whose effects of `cid` also answer to `event` now."""

    if state.field_card(cid) is None:
        return []
    out = []
    for src, ctrl, eff in _extensions(state):
        if eff.event != event or not matches_facts(eff.target, src, ctrl, cid, facts(state, cid), state):
            continue
        out.extend((src, ev) for ev in events_of_timing(eff.timing) if ev != event)
    return out


def abilities(ctx: Ctx, cid: str, event: str) -> list[tuple[int, Ability]]:
    """The triggered abilities of `cid` that activate on `event`: those written for it, and those a
    constant effect makes answer to it as well — each once, however many ways it is met (8-6-3)."""

    state = ctx.state
    found = abilities_for(state, cid, event)
    extra = also_events(state, cid, event)
    if not extra:
        return found
    seen = {idx for idx, _ab in found}
    for src, ev in extra:
        for idx, ab in abilities_for(state, cid, ev):
            label = f"{name_of(state, cid)}: {derive.timing_label(ab.timing)}"
            if idx in seen:
                ctx.log(f"{label}: met as its {event} effect and, by {name_of(state, src)}, as its {ev} effect; "
                        "it activates only once", "effect.trigger_once")
                continue
            seen.add(idx)
            found.append((idx, ab))
            ctx.log(f"{label}: by {name_of(state, src)} it also activates on this {event.rstrip('s')}",
                    "effect.triggered", f"battle.when_{event}")
    return found


def events_of_timing(timing: str | None) -> frozenset[str]:
    """The events a typed timing answers to: its own, or, for timings joined by "_or_" ("When
    Placed or Destroyed", "When Summoned/When This Spirit Attacks": either event, 8-1-5-1), every
    part's; a timing with a part the engine does not know answers to none."""
    if not timing:
        return frozenset()
    fixed = TIMING_EVENTS.get(timing)
    if fixed is not None or not timing.startswith("when_") or "_or_" not in timing:
        return fixed or frozenset()
    parts = [TIMING_EVENTS.get("when_" + p) for p in timing.removeprefix("when_").split("_or_")]
    return frozenset().union(*parts) if all(parts) else frozenset()


def timing_events(ab: Ability) -> frozenset[str]:
    """The events an ability's typed timing answers to (an untyped timing answers to none)."""
    return events_of_timing(ab.timing)


__all__ = ["TIMING_EVENTS", "abilities", "abilities_for", "also_events", "events_of_timing", "facts", "last_known", "matches_facts", "restricted"]
