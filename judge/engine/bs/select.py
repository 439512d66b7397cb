"""Selecting targets for an effect (8-5-3 / 9-3-2): who qualifies, who is protected, who is chosen.

The candidates come from the selector's filters; 【Armor】 removes spirits the effect's colours
cannot select (11-5-1). A fixed count with no more candidates than needed selects them all
(8-5-3-1); otherwise the choice must be supplied, or resolution stops and asks for it.
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.bs import derive, effect_criteria
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.state import Orientation, State, Work
from judge.text.ast import Player, Selector, Threshold

OPS = {"<=": lambda a, b: a <= b, ">=": lambda a, b: a >= b, "==": lambda a, b: a == b,
       "<": lambda a, b: a < b, ">": lambda a, b: a > b}


def whose(controller: str, who: Player | None, state: State) -> tuple[str, ...]:
    """Which players' areas a Player relation names, seen from the effect's controller."""
    if who == Player.YOU:
        return (controller,)
    if who == Player.OPPONENT:
        return (state.opponent(controller),)
    return ("A", "B")


def stat(state: State, cid: str, t: Threshold) -> int | None:
    """A card's value of a threshold's stat (None: a stat the engine does not read)."""
    if t.stat not in ("cost", "bp", "level", "cores", "symbols", "soul_cores"):
        return None
    if t.stat == "soul_cores":
        return 1 if derive.has_soul(state, cid) else 0
    return _stat(state, cid, t)


def _stat(state: State, cid: str, t: Threshold) -> int:
    fc = state.field_card(cid)
    d = state.card_def(cid)
    if t.stat == "cost":
        from judge.engine.bs.zones.cost import cost_of

        return cost_of(state, cid) if d else 0
    if t.stat == "bp":
        return derive.bp(state, cid).value
    if t.stat == "level":
        return derive.level(state, cid)
    if t.stat == "cores":
        return derive.cores_on(state, fc) if fc else 0
    if t.stat == "symbols":
        return len(derive.symbols(state, cid))
    if t.stat == "soul_cores":        # "with a Soul Core on it"
        return 1 if derive.has_soul(state, cid) else 0
    return 0


def matches(state: State, cid: str, sel: Selector, source: str | None) -> bool:
    """Whether a card meets a selector's filters (not yet whether the effect may select it)."""
    d = state.card_def(cid)
    if d is None:
        return False
    if sel.card_types and d.type not in sel.card_types:
        return False
    if sel.colors and not set(sel.colors) & set(d.colors):
        return False
    if sel.families and not derive.in_families(sel.families, derive.families(state, cid)):
        return False
    if sel.name and sel.name.lower() not in d.name.lower():
        return False
    if sel.other and cid == source:
        return False
    if sel.with_keyword and not derive.keyword(state, cid, sel.with_keyword):
        return False
    if (sel.has_effect or sel.lacks_effect) and not effect_criteria.meets(state, cid, sel):
        return False
    fc = state.field_card(cid)
    if sel.state == "first_attacker_this_turn":
        from judge.engine.bs.flow.first_attack import is_first_attacker

        if not is_first_attacker(state, cid):
            return False
    if sel.state in ("attacking", "blocking"):
        b = state.battle
        return b is not None and cid == (b.attacker if sel.state == "attacking" else b.blocker) and \
            all(OPS[t.op](_stat(state, cid, t), t.value) for t in sel.thresholds if per_card(t))
    if sel.state and fc is not None:
        want = {"exhausted": (Orientation.EXHAUSTED, Orientation.HEAVY_EXHAUSTED),
                "refreshed": (Orientation.REFRESHED,)}.get(sel.state, ())
        if want and fc.orientation not in want:
            return False
    return all(OPS[t.op](_stat(state, cid, t), t.value) for t in sel.thresholds if per_card(t))


def per_card(t: Threshold) -> bool:
    """A threshold each card must meet (not a count of cards, nor a total over the selection)."""
    return t.stat != "count" and not t.stat.startswith("total_")


def armored(state: State, cid: str, source: str | None, controller: str) -> bool:
    """【Armor: colours】: the opponent's spirits, nexuses and magic of those colours cannot select it."""
    if source is None or state.controller(cid) == controller:
        return False
    colors = set(state.card_def(source).colors) if state.card_def(source) else set()
    return any(colors & {p.lower() for p in kw.params} for kw in derive.keyword(state, cid, "Armor"))


def selects(sel: Selector) -> bool:
    """Whether an effect's target is a selection (8-5-3), which 【Armor】 and "cannot be selected" stop
    (11-5-1): the wording says so (`Selector.selects`); a phrase that does not say selects when it
    counts ("one", "up to two") and not when it takes all."""
    if sel.selects is not None:
        return sel.selects
    return sel.count is not None or sel.up_to


def cannot_be_selected(state: State, cid: str, controller: str, source: str | None = None) -> bool:
    """An effect says `cid` cannot be selected by this effect (its controller's, from `source`)."""
    from judge.engine.bs import continuous

    for m in continuous.mods_on(state, cid):
        if m.kind == "cannot" and m.value == "be_selected":
            if m.extra is None and m.stamp >= 0 and m.controller == controller:
                continue          # a resolved "cannot be selected" guards against the other player's effects
            if m.extra is None or continuous._by_matches(state, m, source, controller):
                return True
    return False


def candidates(ctx: Ctx, sel: Selector, *, controller: str, source: str | None) -> tuple[list[str], list[str]]:
    """(selectable ids, ids excluded by Armor or "cannot be selected") for a field selector."""
    state = ctx.state
    if sel.self_ref:
        return ([source] if source and state.field_card(source) else []), []
    out, shielded = [], []
    for p in whose(controller, sel.owner, state):
        for fc in state.players[p].field:
            if not sel.card_types and state.defs[fc.card].type != "spirit":
                continue
            if not matches(state, fc.id, sel, source):
                continue
            # an effect that does not select ("all", the attacking spirit) is not stopped by Armor (11-5-1)
            if selects(sel) and (armored(state, fc.id, source, controller)
                                 or cannot_be_selected(state, fc.id, controller, source)):
                shielded.append(fc.id)
            else:
                out.append(fc.id)
    return out, shielded


def per_each(ctx: Ctx, sel: Selector, *, controller: str, source: str | None, label: str) -> Selector:
    """"Select one … for each …" (a `count_per` threshold): how many is that many times the number of
    cards it counts (on the field, in a zone, or discarded by this effect)."""
    per = next((t for t in sel.thresholds if t.stat == "count_per"), None)
    if per is None or per.ref is None:
        return sel
    from judge.engine.bs.effects.move_cores import per_count
    from judge.engine.bs.state import Work

    k = max(0, per_count(ctx, per.ref, Work(kind="effects", source=source or "", controller=controller,
                                            label=label)))
    n = k * per.value
    ctx.log(f"{label}: {per.value} for each of the {k} card(s) it counts: {n} to select", "rules.text_order")
    return replace(sel, count=n, thresholds=tuple(t for t in sel.thresholds if t is not per))


def choose(ctx: Ctx, sel: Selector, *, controller: str, source: str | None, label: str,
           chooser: str | None = None, concept: str | None = None, item: Work | None = None) -> list[str]:
    """The field cards an effect acts on. The one entry point: the cards an earlier "Select X." of this
    effect chose (`selections.earlier`); a target naming the cards its watched event happened to
    ("it") is those cards (`subjects.event_cards`); else a selection: all when forced, else the
    supplied choice (validated), else Need. `item`: the effect's waiting item, when it is not the one
    resolving (`ctx.item`)."""
    from judge.engine.bs.effects import selections
    from judge.engine.bs.events import subjects

    made = selections.earlier(ctx, sel, label) if ctx.selections else None
    if made is not None:                                # the cards a "Select X." of this effect chose
        return made
    event = item if item is not None else ctx.item if ctx.item is not None and ctx.item.source == source else None
    hit = subjects.event_cards(ctx, sel, event, label) if event is not None else None
    if hit is not None:
        return hit
    if chooser is None and sel.chooser is not None:     # "your opponent selects one of their spirits" (8-5-3)
        chooser = whose(controller, sel.chooser, ctx.state)[0]
    sel = per_each(ctx, sel, controller=controller, source=source, label=label)
    cands, shielded = candidates(ctx, sel, controller=controller, source=source)
    for cid in shielded:
        ctx.log(f"{name_of(ctx.state, cid)} cannot be selected by {label}", "kw.armor")
    if sel.has_effect or sel.lacks_effect:
        effect_note(ctx, sel, cands, label)
    if sel.self_ref:
        return cands
    if sel.count is None and sel.up_to:
        return _any_number(ctx, sel, cands, shielded, label=label, who=chooser or controller, concept=concept)
    if not selects(sel):
        unshielded = [c for c in cands if armored(ctx.state, c, source, controller)]
        if unshielded:
            ctx.log(f"{', '.join(unshielded)}: 【Armor】 does not protect against {label}, which selects nothing "
                    "(the text itself fixes the cards)", "kw.armor")
    if sel.count is None:
        return cands
    if not selects(sel) and sel.state in ("attacking", "blocking"):
        ctx.log(f"{label}: applies to {', '.join(cands) or 'no spirit'}, the {sel.state} spirit (one spirit "
                f"{'attacks' if sel.state == 'attacking' else 'blocks'} at a time: nothing is selected)",
                "battle.declare" if sel.state == "attacking" else "battle.block")
        return cands[:sel.count]
    forced = not cands or (len(cands) <= sel.count and not sel.up_to)
    if forced and not _explicit(ctx):
        if not cands:
            if sel.count:
                ctx.log(f"{label}: nothing can be selected, so that part of the effect does nothing",
                        "effect.select_none")
            return []
        ctx.log(f"{label}: selects {', '.join(cands)} (no other choice)", "effect.select_count")
        return cands
    who = selections.chooser(ctx, sel, chooser or controller, source, label)   # 8-9-1 passed to another
    if forced:
        answer = ctx.take_answer("target")   # a selection written for a forced one is checked against it
    else:
        n = f"up to {sel.count}" if sel.up_to else str(sel.count)
        answer = ctx.ask(f"{who} selects {n} for {label} from: {', '.join(cands)}", *((concept,) if concept else ()),
                         "effect.select", "effect.select_up_to" if sel.up_to else "effect.select_count",
                         player=who, options=tuple(cands), kind="target")
    picked = gather(ctx, answer, cands, sel.count)
    for cid in picked:
        if cid in shielded:
            raise ctx.refuse(f"{name_of(ctx.state, cid)} cannot be selected by {label}", "kw.armor",
                             "effect.select")
        if cid not in cands:
            raise ctx.refuse(f"{cid} does not meet the selection of {label} (candidates: "
                             f"{', '.join(cands)})", "effect.select")
    if not cands and not picked:
        ctx.log(f"{label}: nothing can be selected, so that part of the effect does nothing",
                "effect.select_none")
        return []
    if len(picked) > sel.count or (not sel.up_to and len(picked) < min(sel.count, len(cands))):
        raise ctx.refuse(f"{label} selects {'up to ' if sel.up_to else ''}{sel.count}; "
                         f"{len(picked)} were chosen", "effect.select_count")
    ctx.log(f"{who} selects {', '.join(picked) or 'nothing'} for {label}",
            "effect.select_up_to" if sel.up_to else "effect.select")
    return picked


def effect_note(ctx: Ctx, sel: Selector, cands: list[str], label: str) -> None:
    """Say which cards meet a "with a … effect" / "with no effects" criterion, and why (the effects of
    their current level, 10-13-1; an "attacks or blocks" effect counts for either, 10-11-2)."""
    either = effect_criteria.uses_either(ctx.state, sel, cands)
    ctx.log(f"{label}: the cards that meet its effect criterion (effects they have now): "
            f"{', '.join(cands) or 'none'}", "effect.with_effect", "card.level_effects")
    if either:
        ctx.log(f"{', '.join(either)}: an effect worded for attacking or blocking counts as either",
                "battle.when_attacks_or_blocks")


def nothing_to_select(ctx: Ctx, node: object, item: Work) -> bool:
    """Whether an effect node selects field cards and none can be selected (not even protected ones):
    then it can do nothing (1-3-2), and a "you may" around it leaves no choice to make."""
    sel = getattr(node, "target", None)
    if not isinstance(sel, Selector) or sel.self_ref or sel.zone not in (None, "field") or sel.count is None:
        return False
    cands, shielded = candidates(ctx, sel, controller=item.controller, source=item.source)
    return not cands and not shielded


def _explicit(ctx: Ctx) -> bool:
    """Whether the next selection written in advance names cards on the field (then it is this
    selection's, and checked); anything else is left for the decision it was written for."""
    head = ctx.peek_answer("target")
    if head is None or isinstance(head, dict):
        return False
    named = [str(a) for a in (head if isinstance(head, list | tuple) else [head])]
    return bool(named) and all(ctx.state.field_card(n) is not None for n in named)


def gather(ctx: Ctx, answer: object, cands: list[str], most: int) -> list[str]:
    """The cards one selection answer names. A list is the selection; a single card followed, among
    the answers written in advance, by more cards of the same candidates is read as one selection
    of all of them (`targets: [b1, b3]` for "select up to two"), up to how many it may take."""
    if isinstance(answer, list | tuple):
        return [str(a) for a in answer]
    picked = [str(answer)]
    while len(picked) < most and ctx.has_answer("target", cands):
        nxt = ctx.peek_answer("target", cands)
        if isinstance(nxt, list | tuple | dict) or str(nxt) not in cands or str(nxt) in picked:
            break
        picked.append(str(ctx.take_answer("target", cands)))
    return picked


def _any_number(ctx: Ctx, sel: Selector, cands: list[str], shielded: list[str], *, label: str, who: str,
                concept: str | None) -> list[str]:
    """"Select any number of …" (8-5-3-2): the chooser picks a set, within any total the text sets."""
    if not cands:
        ctx.log(f"{label}: nothing can be selected, so that part of the effect does nothing", "effect.select_none")
        return []
    totals = [t for t in sel.thresholds if t.stat.startswith("total_")]
    limit = "; " + ", ".join(f"{t.stat.replace('_', ' ')} {t.op} {t.value}" for t in totals) if totals else ""
    answer = ctx.ask(f"{who} selects any number for {label} from: {', '.join(cands)}{limit}",
                     *((concept,) if concept else ()), "effect.select", "effect.select_up_to", player=who,
                     options=tuple(cands), kind="target")
    picked = [c for c in gather(ctx, answer, cands, len(cands)) if c not in ("None", "none")]
    for cid in picked:
        if cid not in cands:
            raise ctx.refuse(f"{cid} cannot be selected for {label} (candidates: {', '.join(cands)})",
                             *(("kw.armor",) if cid in shielded else ()), "effect.select")
    for t in totals:
        stat = Threshold(stat=t.stat.removeprefix("total_"), op=t.op, value=t.value)
        total = sum(_stat(ctx.state, cid, stat) for cid in picked)
        if not OPS[t.op](total, t.value):
            raise ctx.refuse(f"the selected cards total {total} {stat.stat.upper()}, not {t.op} {t.value}",
                             "effect.select")
    ctx.log(f"{who} selects {', '.join(picked) or 'nothing'} for {label}", "effect.select_up_to")
    return picked


__all__ = ["armored", "candidates", "choose", "matches", "selects", "whose"]
