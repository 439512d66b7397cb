""""Cast 1 Summon of cost 4 or less from your hand without paying the cost": a Summon cast by an effect.

The effect's controller picks the Summon (the effect's selector: from the hand, or the card it chose), which is
then cast as any Summon is (11.3.1-11.3.4): its option declared, its targets chosen as it goes on the stack
(11.3.3; a Summon that must choose and has nothing to choose is not cast), on top of the stack above what is
resolving, so it resolves later (7.12.3). The card's text lets it skip its cost (2.1); the cast is an event
like any other (cards cast this turn, "When you cast …", "When X is chosen by …").
"""

from __future__ import annotations

from typing import Any

from judge.engine.fftcg.cardlimits import cast_limits
from judge.engine.fftcg.effects import changes
from judge.engine.fftcg.events.triggers import chosen, emit
from judge.engine.fftcg.log import Log, Refused, as_list, take_answer
from judge.engine.fftcg.query import candidates
from judge.engine.fftcg.state import StackItem, State, other
from judge.engine.kernel.values import evolve as replace
from judge.text import ast

#: where a Summon cast by an effect may come from in this engine
FREE_CAST_ZONES = (None, "hand", "break")


def readable(e: ast.Deploy) -> bool:
    """Whether the engine casts what this Deploy names (support.py asks)."""
    return e.verb == "cast" and e.free and e.target.zone in FREE_CAST_ZONES and (e.target.count or 1) == 1


def cast_free(s: State, e: ast.Deploy, ctx: Any, log: Log, targets) -> State:
    """Cast the Summon the effect names, without paying its cost."""
    s, uids = targets(s, e, e.target, ctx, log)
    for uid in uids[:1]:
        d = s.card(uid)
        if d is None or d.type != "summon":
            log.add(f"{s.name_of(uid)} is not a Summon, so it is not cast", "impossible_text")
            continue
        try:
            cast_limits(s, ctx.controller, uid, log)
        except Refused as why:
            log.add(f"{s.name_of(uid)} is not cast: {why}", "card_text_precedence")
            continue
        s = _cast(s, uid, ctx.controller, ctx.label, log)
    return s


def _cast(s: State, uid: str, p: str, label: str, log: Log) -> State:
    from judge.engine.fftcg.effects.run import declared, option_count, select_modes, summon_effects

    d = s.card(uid)
    effects = option_count(s, summon_effects(s, uid), p, uid, "summon_modes_count", log)
    modal = next((e for e in effects if isinstance(e, ast.Modal)), None)
    if modal is not None:                               # its option is declared as it is cast (11.3.4)
        n = len(modal.options)
        s, answer = take_answer(s, p, "mode", f"{p} selects {modal.count} of the {n} options of {d.name}",
                                tuple(str(i + 1) for i in range(n)), "summon_modes")
        effects, modes = select_modes(effects, tuple(str(x) for x in as_list(answer)), d.name, "summon_modes")
        said, keys = declared(modes, "summon_modes")
        log.add(f"{p} declares {said} of {d.name}", *keys)
    s, picked = _targets(s, effects, p, uid, d.name, log)
    if picked is None:
        return s
    zones = s.zones[p]
    s = s.with_zones(p, hand=tuple(u for u in zones.hand if u != uid),
                     break_zone=tuple(u for u in zones.break_zone if u != uid))
    from judge.engine.fftcg.effects.divide import divide

    s, divided = divide(s, effects, picked, p, "summon", d.name, log)
    s, sid = s.next_id("s")
    item = StackItem(uid=sid, kind="summon", controller=p, source=uid, card=uid, effects=effects,
                     label=f"{s.name_of(uid)} (Summon)", targets=tuple(picked.items()), divided=divided)
    s = replace(s, stack=(*s.stack, item))
    names = "; ".join(", ".join(v) for v in picked.values())
    log.add(f"{label}: {p} casts {s.name_of(uid)} without paying its cost" + (f", choosing {names}" if names else "")
            + "; it goes on top of the stack and resolves after what is resolving now", "card_text_precedence",
            "cast_summon", "summon_to_stack", "stack_order", *(("summon_choose",) if picked else ()),
            changes=(f"{uid}: -> stack",))
    s = emit(s.record("cast", uid, p), "cast", uid, log, player=p)
    s = emit(s, "opp_cast", uid, log, player=other(p))
    return chosen(s, item, log)


def _targets(s: State, effects: tuple, p: str, uid: str, name: str, log: Log) -> tuple[State, dict | None]:
    """The targets of a Summon cast by an effect, chosen by its caster (11.3.3); None: it cannot be cast."""
    from judge.engine.fftcg.effects.run import choose_slots

    out: dict = {}
    for sel in choose_slots(effects):
        found = [u for u in candidates(s, sel, p, uid) if u != uid]
        legal = changes.choosable(s, found, p, uid)
        if not legal:
            log.add(f"{name} must choose a target and there is none, so it is not cast", "summon_choose")
            return s, None
        n = sel.count if sel.count is not None else len(legal)
        if len(legal) <= n and not sel.up_to:
            out[sel] = tuple(legal)
            continue
        s, answer = take_answer(s, p, "target", f"{p} chooses the target(s) of {name}", tuple(legal),
                                "summon_choose")
        chosen_ = tuple(str(u) for u in as_list(answer))
        if not chosen_ or len(chosen_) > n or any(u not in legal for u in chosen_):
            raise Refused(f"choose {n} target(s) for {name} among {', '.join(legal)}", "summon_choose")
        out[sel] = chosen_
    return s, out


__all__ = ["FREE_CAST_ZONES", "cast_free", "readable"]
