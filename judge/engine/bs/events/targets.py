"""Choosing what an effect acts on (and the cards an event happened to, named again by the effect it
set off: "when one of your spirits is destroyed, return it …", folded in from subjects.py) (8-5-3, 8-9-1): the cards an earlier "Select X." of the same effect
chose, the cards its watched event happened to ("it"), or a selection made now — all when forced,
else the chooser's decision, validated; and choosing among the cards of a pile or revealed ones.

It reads what happened while the effect resolves (its selections, its discards and destructions,
the event that set it off), so it sits with the events; the filters themselves are `select`.
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.bs import effect_criteria, select
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.events.measured import bind_selected, earlier, names_subjects
from judge.engine.bs.select import OPS, _stat, armored, candidates, selects, whose
from judge.engine.bs.state import State, Work, indistinguishable
from judge.engine.bs.zones.piles import PILES, _pile_of
from judge.text import ast
from judge.text.ast import Selector, Threshold


def per_each(ctx: Ctx, sel: Selector, *, controller: str, source: str | None, label: str) -> Selector:
    """"Select one … for each …" (a `count_per` threshold): how many is that many times the number of
    cards it counts (on the field, in a zone, or discarded by this effect)."""
    per = next((t for t in sel.thresholds if t.stat == "count_per"), None)
    if per is None or per.ref is None:
        return sel
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

    made = earlier(ctx, sel, label) if ctx.selections else None
    if made is not None:                                # the cards a "Select X." of this effect chose
        return made
    event = item if item is not None else ctx.item if ctx.item is not None and ctx.item.source == source else None
    hit = event_cards(ctx, sel, event, label) if event is not None else None
    if hit is not None:
        return hit
    if chooser is None and sel.chooser is not None:     # "your opponent selects one of their spirits" (8-5-3)
        chooser = whose(controller, sel.chooser, ctx.state)[0]
    sel = per_each(ctx, sel, controller=controller, source=source, label=label)
    bound = bind_selected(ctx, sel, controller=controller, source=source, label=label, select_now=choose)
    if bound is None:
        ctx.log(f"{label}: the card it is measured against was not selected, so nothing can be selected",
                "effect.select_none")
        return []
    sel = bound
    cands, shielded = candidates(ctx, sel, controller=controller, source=source)
    for cid in shielded:
        ctx.log(f"{name_of(ctx.state, cid)} cannot be selected by {label}", _why_shielded(ctx, cid, source, controller))
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
    if not selects(sel) and sel.state == "linked_with_this":
        ctx.log(f"{label}: applies to {', '.join(cands) or 'no spirit'}, the spirit linked with {source} (the "
                "link fixes it: nothing is selected)", "kw.link")
        return cands[:sel.count]
    if sel.count == 0 and cands:       # "one for each …" of none: 0 fulfils the number, nothing to decide (8-5-3-1)
        ctx.log(f"{label}: the number to select comes to 0, so nothing is selected", "effect.select_count")
        return []
    forced = not cands or (len(cands) <= sel.count and not sel.up_to)
    if forced and not _explicit(ctx):
        if not cands:
            if sel.count:
                ctx.log(f"{label}: nothing can be selected, so that part of the effect does nothing",
                        "effect.select_none")
            return []
        ctx.log(f"{label}: selects {', '.join(cands)} (no other choice)", "effect.select_count")
        return cands
    who = passed_chooser(ctx, sel, chooser or controller, source, label)   # 8-9-1 passed to another
    if forced:
        answer = ctx.take_answer("target")   # a selection written for a forced one is checked against it
    elif not sel.up_to and same_copies(ctx, cands):
        answer = ctx.no_matter(f"{who} selects {sel.count} for {label} from: {', '.join(cands)}",
                               f"{label}: {', '.join(cands[:sel.count])} (copies of one card that nothing on the "
                               "board tells apart: which of them makes no difference)", "effect.select",
                               player=who, options=tuple(cands), kind="target", default=cands[:sel.count])
    else:
        n = f"up to {sel.count}" if sel.up_to else str(sel.count)
        answer = ctx.ask(f"{who} selects {n} for {label} from: {', '.join(cands)}", *((concept,) if concept else ()),
                         "effect.select", "effect.select_up_to" if sel.up_to else "effect.select_count",
                         player=who, options=tuple(cands), kind="target",
                         first=None if sel.up_to or sel.count <= 1 else cands[:sel.count])
    picked = gather(ctx, answer, cands, sel.count)
    for cid in picked:
        if cid in shielded:
            raise ctx.refuse(f"{name_of(ctx.state, cid)} cannot be selected by {label}",
                             _why_shielded(ctx, cid, source, controller),
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
    # what the rest of the effect says of "it" / "that spirit" (the same selector) is said of these (8-5-3)
    ctx.selections.setdefault(sel, tuple((c, ctx.state.zone_of(c)) for c in picked))
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


def _why_shielded(ctx: Ctx, cid: str, source: str | None, controller: str) -> str:
    """The rule a card is shielded by: its 【Armor】 (11-5-1), else an effect saying it cannot be
    selected ("cannot" wins, 1-3-3)."""
    return "kw.armor" if armored(ctx.state, cid, source, controller) else "rules.cannot_wins"


def passed_chooser(ctx: Ctx, sel: ast.Selector, who: str, source: str | None, label: str) -> str:
    """Who makes a selection `who` would make: another player when a substitution says so (8-9-1)."""
    for m in ctx.state.mods:
        if m.kind != PASSES or m.target != who:
            continue
        by, once = m.extra
        if not _fits(ctx, sel, source, m.value, by):
            continue
        if once:
            ctx.set(mods=tuple(x for x in ctx.state.mods if x is not m))
        ctx.log(f"{label}: {who} would select; by {name_of(ctx.state, m.source)}, {m.controller} selects "
                "instead", "effect.substitution", "effect.select")
        return m.controller
    return who


def pile_candidates(ctx: Ctx, sel: ast.Selector, item: Work) -> list[str]:
    """Cards of the zone a selector names (the revealed cards, a trash, a hand) that meet it."""
    bound = bind_selected(ctx, sel, controller=item.controller, source=item.source, label=item.label,
                          select_now=choose)
    if bound is None:
        return []
    sel, state = bound, ctx.state
    if sel.zone == "revealed":
        pool = [c for c in ctx.revealed if _pile_of(state, c) is not None]
    else:
        pool = [c for p in select.whose(item.controller, sel.owner or ast.Player.YOU, state)
                for c in getattr(state.players[p], sel.zone or "hand")]
    out = [c for c in pool if state.cards.get(c) != "_unknown"
           and select.matches(state, c, ast.Selector(**{**sel.__dict__, "state": None}), item.source)]
    if sel.with_keyword and sel.zone != "revealed":
        # off the field a card has a keyword printed at any level, not one granted only conditionally
        kws = "】 or 【".join(dict.fromkeys([sel.with_keyword, *(e.with_keyword for e in sel.either if e.with_keyword)]))
        ctx.log(f"{item.label}: cards in the {sel.zone or 'hand'} with 【{kws}】: "
                f"{', '.join(out) or 'none'}", "do.with_keyword_elsewhere")
    return out


def same_copies(ctx: Ctx, cands: list[str]) -> bool:
    """Field cards that are all copies of one card which nothing on the board tells apart
    (`state.indistinguishable`), nor anything this resolution has noted of one of them (cores it
    moved, cards it summoned, revealed, discarded, destroyed or selected)."""
    if len(cands) < 2 or any(ctx.state.field_card(c) is None for c in cands):
        return False
    noted = {*ctx.core_cause, *ctx.summoned, *ctx.revealed, *ctx.discarded, *ctx.destroyed,
             *(c for made in ctx.selections.values() for c, _ in made)}
    return not noted & set(cands) and all(indistinguishable(ctx.state, cands[0], c) for c in cands[1:])


def interchangeable(state: State, cands: list[str]) -> bool:
    """Candidates outside the field that are all copies of one card: whichever of them are taken, the
    board that results is the same (a card in a hand, trash or deck carries nothing of its own), so
    which ones is no decision."""
    return len(cands) > 1 and len({state.cards.get(c) for c in cands}) == 1 and \
        len({state.owners.get(c) for c in cands}) == 1 and len({state.zone_of(c) for c in cands}) == 1 and \
        all(state.field_card(c) is None for c in cands)


def pick(ctx: Ctx, sel: ast.Selector, item: Work, cands: list[str]) -> list[str]:
    """The cards chosen among candidates: all of them for "all"/"the rest", else the controller's choice."""
    if sel.count is None:
        return cands
    if not cands:
        ctx.log(f"{item.label}: no card can be chosen, so that part does nothing", "effect.select_none")
        return []
    if len(cands) <= sel.count and not sel.up_to:
        ctx.log(f"{item.label}: {', '.join(cands)} (no other choice)", "effect.select_count")
        return cands
    prompt = (f"{item.controller} chooses {'up to ' if sel.up_to else ''}{sel.count} for {item.label} "
              f"from: {', '.join(cands)}")
    if not sel.up_to and interchangeable(ctx.state, cands):
        answer = ctx.no_matter(prompt, f"{item.label}: {', '.join(cands[:sel.count])} (copies of one card: which "
                               "of them makes no difference)", "effect.select", player=item.controller,
                               options=cands, kind="target", default=cands[:sel.count])
    else:
        answer = ctx.ask(prompt, "effect.select", player=item.controller, options=cands, kind="target")
    picked = gather(ctx, answer, cands, sel.count)
    if any(c not in cands for c in picked) or len(picked) > sel.count or \
            (not sel.up_to and len(picked) < min(sel.count, len(cands))):
        raise ctx.refuse(f"{answer!r} is not {sel.count} of {', '.join(cands)}", "effect.select")
    return picked


def per_count(ctx: Ctx, per: ast.Selector, item: Work) -> int:
    """How many "for each …" counts: the cards destroyed by this effect (last-known facts, 8-10-1), or
    the cards a selector describes now (-1: what it refers to is not known)."""
    from judge.engine.bs import conditions
    from judge.engine.bs.events.facts import matches_facts

    if per.state in ("discarded", "discarded_by_this_effect"):     # the cards this effect discarded
        loose = ast.Selector(**{**per.__dict__, "state": None, "zone": None, "count": 1})
        return sum(1 for c in ctx.discarded if select.matches(ctx.state, c, loose, item.source))
    if per.state in ("destroyed", "destroyed_by_this_effect"):
        return sum(1 for cid, lk in ctx.destroyed.items()
                   if matches_facts(ast.Selector(**{**per.__dict__, "state": None}), item.source, item.controller,
                                    cid, lk, ctx.state))
    if per.unit == "symbol" and per.about is not None:
        return symbols_on(ctx, per, item)
    return conditions.count(ctx, per, item) if conditions.countable_per(per) else -1


def symbols_on(ctx: Ctx, per: ast.Selector, item: Work) -> int:
    """"For each symbol on this spirit / on that spirit / on the destroyed spirit" (2-8): the symbols of
    the card the words name — this one, the card the watched event happened to, the card this effect
    destroyed (as it last was on the field, 8-10-1); -1 when the words name some other card."""
    from judge.engine.bs.events.facts import last_known, matches_facts

    about = per.about
    if about.self_ref:
        named = [item.source]
    elif names_subjects(about, item):
        named = [str(c) for c in item.param]
    else:
        named = [cid for cid, lk in ctx.destroyed.items()
                 if matches_facts(about, item.source, item.controller, cid, lk, ctx.state)]
        if not named:
            return -1
    total = 0
    for cid in named:
        lk = ctx.destroyed.get(cid) or last_known(ctx.state, cid)
        marks = lk.get("symbols")
        if marks is None:
            d = ctx.state.card_def(cid)
            marks = d.symbols if d is not None else ()
        total += sum(1 for m in marks if not per.colors or set(m.split("/")) & set(per.colors))
    return total


#: The kind of the modification waiting for a selection to pass to another player.
PASSES = "selection_passes"


def _fits(ctx: Ctx, sel: ast.Selector, source: str | None, what: ast.Selector | None,
          by: ast.Selector | None) -> bool:
    if what is not None and what.card_types and not set(what.card_types) & set(sel.card_types):
        return False
    about = by.about if by is not None else None
    if about is not None and about.card_types:
        d = ctx.state.card_def(source) if source else None
        return d is not None and d.type in about.card_types       # "while using a magic card"
    return True


def subjects(ctx: Ctx, sel: ast.Selector, item: Work) -> list[str]:
    """The event's cards the effect acts on: those still where the event put them (not back on the
    field, where they would be new cards, 3-1-4), the controller choosing when there are more."""

    left = [str(c) for c in item.param if ctx.state.card_def(str(c)) is not None
            and ctx.state.zone_of(str(c)) in PILES]
    return pick(ctx, sel, item, left)


def event_cards(ctx: Ctx, sel: ast.Selector, item: Work, label: str) -> list[str] | None:
    """The cards the watched event happened to, when a target names them ("it is refreshed", "place
    cores onto it"): those still on the field (a card that left it is a new card, 3-1-4; found by their
    last-known facts, 8-10-1), the controller choosing when the effect takes fewer (8-5-3). None when
    the target does not name them (then it is a selection: `select.choose`)."""

    if not names_subjects(sel, item):
        return None
    here = [str(c) for c in item.param if ctx.state.field_card(str(c)) is not None]
    if not here:
        ctx.log(f"{label}: the card the event happened to is no longer on the field; nothing happens",
                "rules.impossible")
        return []
    ctx.log(f"{label}: {', '.join(name_of(ctx.state, c) for c in here)} (the card the event happened to)",
            "effect.last_state")
    return pick(ctx, sel, item, here)


def move_their_cores(ctx: Ctx, eff: ast.MoveCores, item: Work, dest: str | None) -> None:
    """"Place all of the destroyed spirit's cores onto it": the cores that were on those cards, now in
    their controller's reserve (10-1-3-4), the soul core among them if it was there (3-5-5)."""
    from judge.engine.bs.events import cores

    facts = item.subject_facts or {}
    chosen = subjects(ctx, eff.source_target, item) if eff.source_target is not None else []
    if dest is None:
        ctx.log(f"{item.label}: no card to place the cores on; nothing moves", "rules.impossible")
        return
    for cid in chosen:
        lk = facts.get(cid, {})
        owner = lk.get("controller") or item.controller
        soul = bool(lk.get("soul_cores")) and ctx.state.players[owner].soul_core == "reserve"
        plain = max(0, int(lk.get("cores", 0)) - (1 if lk.get("soul_cores") else 0))
        want = plain if eff.count is None else min(plain, eff.count)
        got = cores.take(ctx, owner, "reserve", want + (1 if soul else 0), soul=soul)
        cores.put(ctx, owner, dest, got, soul=soul)
        ctx.log(f"{item.label}: the {got} core(s) that were on {name_of(ctx.state, cid)}"
                + (" (the soul core among them)" if soul else "") + f" move from {owner}'s reserve to "
                f"{name_of(ctx.state, dest)}", "core.which", "effect.last_state")


def targets(ctx: Ctx, sel: ast.Selector, item: Work) -> list[str]:
    """The field cards an effect acts on: `select.choose` decides whether its target names the event's
    cards or is a selection (one entry point for both)."""

    return choose(ctx, sel, controller=item.controller, source=item.source, label=item.label, item=item)


__all__ = ["choose", "earlier", "effect_note", "event_cards", "gather", "move_their_cores", "names_subjects", "passed_chooser", "per_count", "per_each", "pick", "pile_candidates", "subjects", "targets"]
