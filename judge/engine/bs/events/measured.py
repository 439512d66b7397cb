"""Thresholds measured against another card ("BP no higher than the token selected before", "costs
no more than the spirit you returned", "… than the card discarded by this effect"): which card gives
the value, and its value as it is now or as it last was where it has moved (8-5-3, 8-10-1). Split from
targets.py, which chooses the cards; this module only binds the value a threshold compares with.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from judge.engine.bs import select
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.select import _stat, candidates, whose
from judge.engine.bs.state import Work
from judge.text import ast
from judge.text.ast import Selector, Threshold


def _measured_against_a_selection(t: Threshold) -> bool:
    r = t.ref
    return r is not None and not r.self_ref and not r.other and r.count is not None and r.zone in (None, "field") \
        and t.stat in select.PER_CARD_STATS


def bind_selected(ctx: Ctx, sel: Selector, *, controller: str, source: str | None, label: str,
                  select_now: Callable[..., list[str]] | None = None) -> Selector | None:
    """A threshold measured against another card ("BP no higher than the token selected before"): the
    card the effect selected earlier (8-5-3), or the one its watched event happened to as it last was
    (8-10-1), gives the value. None when there is no such card (or the engine cannot tell which: said
    not modelled). `select_now` makes a selection written before this one (targets.choose)."""
    if not any(_measured_against_a_selection(t) for t in sel.thresholds):
        return sel
    out = []
    event = ctx.item if ctx.item is not None and ctx.item.source == source else None
    for t in sel.thresholds:
        victim = _victim_value(ctx, event, t) if event is not None and _measured_against_a_selection(t) else None
        if victim is not None:                  # "… the spirit it destroyed": as it last was (8-10-1)
            t = replace(t, value=victim, ref=None)
            ctx.log(f"{label}: measured against the spirit destroyed, as it last was: {t.stat.upper()} {t.op} "
                    f"{victim}", "effect.last_state")
        elif _measured_against_a_selection(t) and event is not None and names_subjects(t.ref, event):
            value = _subject_value(event, t.stat)      # "the destroyed spirit": as it last was (8-10-1)
            if value is None:
                return None
            t = replace(t, value=value, ref=None)
            ctx.log(f"{label}: measured against the card the event happened to, as it last was: "
                    f"{t.stat.upper()} {t.op} {value}", "effect.last_state")
        elif _measured_against_a_selection(t):
            chosen = earlier(ctx, t.ref, label) if t.ref in ctx.selections else None
            if chosen is None and any(select.against_others(x) for x in t.ref.thresholds):
                # "… than your opponent's highest BP spirit": the text fixes that card; nothing is selected
                chosen = candidates(ctx, replace(t.ref, selects=False), controller=controller, source=source)[0][:1]
            moved = _acted_on(ctx, t.ref, controller, source) if not chosen else None
            if chosen is None and moved is None and select_now is not None and _written_before(t.ref, sel):
                # "Select one of your tokens. Select …": selected now, in the order written
                chosen = select_now(ctx, t.ref, controller=controller, source=source, label=label)
                ctx.selections[t.ref] = tuple((c, ctx.state.zone_of(c)) for c in chosen)
            if not chosen and moved is not None:
                # "… no more than the spirit you returned": the card this effect moved, as it last was (8-10-1)
                value = moved.get(t.stat)
                if not isinstance(value, int):
                    return None
                t = replace(t, value=value, ref=None)
                ctx.log(f"{label}: measured against {moved.get('name', 'the card')} that this effect moved, as it "
                        f"last was: {t.stat.upper()} {t.op} {value}", "effect.last_state")
                out.append(t)
                continue
            if chosen is None:          # a card the text names that this effect has not selected
                ctx.unmodelled(f"{label}: which card the {t.stat} is measured against")
                return None
            if len(chosen) != 1:
                return None
            t = replace(t, value=_stat(ctx.state, chosen[0], t), ref=None)
            ctx.log(f"{label}: measured against {name_of(ctx.state, chosen[0])}: {t.stat.upper()} {t.op} {t.value}",
                    "effect.select")
        out.append(t)
    return replace(sel, thresholds=tuple(out))


def _written_before(ref: Selector, sel: Selector) -> bool:
    """Whether the card measured against is selected in a sentence of its own before the selection."""
    return ref.span is not None and sel.span is not None and ref.span.end <= sel.span.start


def _victim_value(ctx: Ctx, item: Work, t: Threshold) -> int | None:
    """"When your spirit destroys an opponent's spirit, … with BP equal to the destroyed spirit": the
    one spirit the destroyer destroyed (its facts carry it), when it is whose the reference says."""
    facts = [(item.subject_facts or {}).get(str(c), {}) for c in item.param or ()]
    victims = [v for f in facts for v in (f.get("victims") or {}).values()]
    owners = whose(item.controller, t.ref.owner, ctx.state) if t.ref.owner is not None else ("A", "B")
    victims = [v for v in victims if v.get("controller") in owners]
    if item.timing != "when_destroys" or len(victims) != 1:
        return None
    value = victims[0].get(t.stat)
    return value if isinstance(value, int) else None


def _subject_value(item: Work, stat: str) -> int | None:
    """The one card a watched event happened to: its value of `stat` from its last-known facts."""
    facts = [(item.subject_facts or {}).get(str(c), {}) for c in item.param or ()]
    if len(facts) != 1:
        return None
    value = facts[0].get(stat)
    value = len(value) if isinstance(value, list | tuple) else value
    return value if isinstance(value, int) else None


def _acted_on(ctx: Ctx, ref: Selector, controller: str, source: str | None) -> dict | None:
    """The one card the resolving effect's latest act moved (returned, discarded, destroyed) that the
    reference describes (the one selected for it, when it was), by its last-known facts (8-10-1): a
    card that moved is a new card to select (3-1-4) but is still measured as it was; None when there
    is not exactly one."""
    from judge.engine.bs.events.facts import matches_facts

    picked = {c for c, _ in ctx.selections.get(ref, ())}     # selected before, then moved by this effect
    on_field = ref.zone in (None, "field")       # a field card described: one this effect moved off the field
    lasts = [lk for cid, lk in getattr(ctx, "acted", {}).items() if (not picked or cid in picked)
             and (not on_field or "level" in lk) and matches_facts(replace(ref, thresholds=()), source or "", controller, cid, lk, ctx.state)]
    return lasts[0] if len(lasts) == 1 else None


def names_subjects(sel: ast.Selector, item: Work) -> bool:
    """Whether a target selector names the cards the watched event happened to."""
    if item.subject is None or not isinstance(item.param, list | tuple) or sel.self_ref:
        return False
    return replace(sel, span=None, zone=None) == replace(item.subject, span=None, zone=None)


def earlier(ctx: Ctx, sel: ast.Selector, label: str) -> list[str] | None:
    """The cards an earlier "Select X." of the resolving effect chose for this selector, or None."""
    chosen = ctx.selections.get(sel)
    if chosen is None:
        return None
    left = [c for c, zone in chosen if ctx.state.zone_of(c) == zone]     # one that moved is a new card (3-1-4)
    ctx.log(f"{label}: acts on the card(s) selected before: {', '.join(left) or 'none left'}", "effect.select")
    return left
