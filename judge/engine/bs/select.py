"""Selecting targets for an effect (8-5-3 / 9-3-2): who qualifies, who is protected, who is chosen.

The candidates come from the selector's filters; 【Armor】 removes spirits the effect's colours
cannot select (11-5-1). A fixed count with no more candidates than needed selects them all
(8-5-3-1); otherwise the choice must be supplied, or resolution stops and asks for it.
"""

from __future__ import annotations

from collections.abc import Callable

from judge.engine.bs import derive, effect_criteria
from judge.engine.bs.ctx import Ctx
from judge.engine.bs.mods import mods_on
from judge.engine.bs.record import is_first_attacker
from judge.engine.bs.state import Mod, Orientation, State, Work
from judge.text import ast
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


#: Stats worked out elsewhere (a card's cost: zones/cost.py registers it), by the threshold's stat.
STATS: dict[str, Callable[[State, str], int]] = {}


def stat(state: State, cid: str, t: Threshold) -> int | None:
    """A card's value of a threshold's stat (None: a stat the engine does not read)."""
    if t.stat not in PER_CARD_STATS:
        return None
    if t.stat == "soul_cores":
        return 1 if derive.has_soul(state, cid) else 0
    return _stat(state, cid, t)


def _stat(state: State, cid: str, t: Threshold) -> int:
    fc = state.field_card(cid)
    d = state.card_def(cid)
    if t.stat == "cost":
        return STATS["cost"](state, cid) if d and "cost" in STATS else 0
    if t.stat == "bp":
        return derive.bp(state, cid).value
    if t.stat == "level":
        return derive.level(state, cid)
    if t.stat == "cores":
        return derive.cores_on(state, fc) if fc else 0
    if t.stat == "symbols":
        return len(derive.symbols(state, cid))
    if t.stat == "colors":            # "a magic card with two or more colors" (2-4)
        return len(d.colors) if d else 0
    if t.stat == "soul_cores":        # "with a Soul Core on it"
        return 1 if derive.has_soul(state, cid) else 0
    return 0


def matches(state: State, cid: str, sel: Selector, source: str | None) -> bool:
    """Whether a card meets a selector's filters (not yet whether the effect may select it)."""
    d = state.card_def(cid)
    if d is None:
        return False
    if sel.either:          # "a spirit with Curse or Bloodcurse", "your attacking or blocking spirits"
        return any(cid == source if alt.self_ref else matches(state, cid, alt, source)
                   for alt in (ast.replace(sel, either=()), *sel.either))
    if _left_out(state, cid, sel, source):
        return False
    if sel.card_types and d.type not in sel.card_types:
        return False
    if sel.colors and not set(sel.colors) & set(d.colors):
        return False
    if sel.costs and _stat(state, cid, Threshold("cost", "==", 0)) not in sel.costs:   # "that costs 3 or 6"
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
    if sel.state == "first_attacker_this_turn" and not is_first_attacker(state, cid):
        return False
    if sel.state in ("attacking", "blocking"):
        b = state.battle
        return b is not None and cid == (b.attacker if sel.state == "attacking" else b.blocker) and \
            all(OPS[t.op](_stat(state, cid, t), t.value) for t in sel.thresholds if per_card(t))
    if sel.state in LINK_STATES and not LINK_STATES[sel.state](state, cid, source):
        return False
    if sel.state and fc is not None:
        want = {"exhausted": (Orientation.EXHAUSTED, Orientation.HEAVY_EXHAUSTED),
                "refreshed": (Orientation.REFRESHED,)}.get(sel.state, ())
        if want and fc.orientation not in want:
            return False
    return all(OPS[t.op](_stat(state, cid, t), t.value) for t in sel.thresholds if per_card(t))


#: States a link gives (11-18-1): "your linked spirits", and "the linked spirit" that one of a link's
#: two spirits names (the other one; none when no card says it).
LINK_STATES = {"linked": lambda state, cid, source: derive.is_linked(state, cid),
               "linked_with_this": lambda state, cid, source: source is not None and derive.linked_with(
                   state, source, cid)}


#: Selector fields no part of the Battle Spirits engine reads (the FFTCG grammar's): a card whose text
#: carries one is said not executed (support.py), never run as if the words were not there.
UNREAD_FIELDS = ("categories", "also", "owned_by", "amount_var", "nth", "count_per", "ref")


def unread_fields(sel: Selector, *, group: bool = False) -> list[str]:
    """The fields of a selector the engine would pass over, and thresholds on a stat it does not read
    (`group`: the selector says what a group of cards is, so GROUP_STATS are read)."""
    read = READ_STATS | set(GROUP_STATS) if group else READ_STATS
    return [f for f in UNREAD_FIELDS if getattr(sel, f)] + \
        [f"threshold {t.stat}" for t in sel.thresholds if t.stat not in read]


def _left_out(state: State, cid: str, sel: Selector, source: str | None) -> bool:
    """What a selector says its cards are not: "without 【Ascend】", "non-Voidlord", "that are not red",
    "other than {name}", "except blue Angel spirits" (8-5-3: the cards described, and no others)."""
    d = state.card_def(cid)
    if sel.without and any(derive.keyword(state, cid, k) for k in sel.without):
        return True
    if sel.not_families and derive.in_families(sel.not_families, derive.families(state, cid)):
        return True
    if sel.not_colors and set(sel.not_colors) & set(d.colors):
        return True
    if sel.not_names and d.name.lower() in {n.lower() for n in sel.not_names}:
        return True
    return sel.excluding is not None and matches(state, cid, sel.excluding, source)


#: The stats a card's own value is read for (`stat`), and the thresholds read over a selection:
#: how many ("count"), how many per card counted ("count_per", targets.per_each), a total over the
#: cards selected ("total_bp", "total_cost", targets.py). A threshold on any other stat is said not
#: executed (support.py), never compared against a value of 0.
PER_CARD_STATS = frozenset({"cost", "bp", "level", "cores", "symbols", "soul_cores", "colors"})


def _distinct_costs(state: State, ids: list[str]) -> int:
    return len({_stat(state, cid, Threshold("cost", "==", 0)) for cid in ids})


#: Stats of a group of cards, not of one: "all the spirits on your field cost the same amount" is a
#: threshold on how many different costs the cards described have (none: no cost at all). Read where a
#: condition says what a group is (conditions.py, "is"); on the cards an effect selects, not yet.
GROUP_STATS: dict[str, Callable[[State, list[str]], int]] = {"distinct_costs": _distinct_costs}
READ_STATS = PER_CARD_STATS | {"count", "count_per", "total_bp", "total_cost"}


def per_card(t: Threshold) -> bool:
    """A threshold each card must meet (not a count of cards, nor a total over the selection, nor a
    stat of the group, nor a comparison with the other cards described: `against_others`)."""
    return t.stat not in ("count", "count_per") and not t.stat.startswith("total_") and t.stat not in GROUP_STATS \
        and not against_others(t)


def against_others(t: Threshold) -> bool:
    """"The spirit that costs the least": a card's value against every other card the selector
    describes (the text layer writes it as a threshold whose reference is "the others")."""
    r = t.ref
    return r is not None and r.other and not r.self_ref and r.count is None and not r.owner \
        and not r.card_types and t.stat in PER_CARD_STATS


def _keep_extremes(state: State, ids: list[str], sel: Selector) -> list[str]:
    """The cards among `ids` that meet each comparison with all the others (the least, the most)."""
    rel = [t for t in sel.thresholds if against_others(t)]
    return [c for c in ids if all(OPS[t.op](_stat(state, c, t), _stat(state, o, t))
                                  for t in rel for o in ids if o != c)] if rel else ids


def group_holds(state: State, ids: list[str], sel: Selector) -> bool:
    """Whether the cards `ids` together meet the group thresholds of `sel` (GROUP_STATS)."""
    return all(OPS[t.op](GROUP_STATS[t.stat](state, ids), t.value) for t in sel.thresholds if t.stat in GROUP_STATS)


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


def cannot_be_selected(state: State, cid: str, controller: str, source: str | None = None,
                       last: dict | None = None) -> bool:
    """An effect says `cid` cannot be selected by this effect (its controller's, from `source`; `last`:
    the source's last-known facts when it has left the field, 8-10-1)."""
    for m in mods_on(state, cid):
        if m.kind == "cannot" and m.value == "be_selected":
            if m.extra is None and m.stamp >= 0 and m.controller == controller:
                continue          # a resolved "cannot be selected" guards against the other player's effects
            if m.extra is None or by_matches(state, m, source, controller, last):
                return True
    return False


def _self_value(ctx: Ctx, source: str, t: Threshold) -> int | None:
    """The effect's own card's value of `t.stat`: now, on the field, or as it last was there when it
    has left (a When Destroyed effect's card is in the trash, 8-10-1); None when nothing says."""
    if ctx.state.field_card(source) is not None:
        return stat(ctx.state, source, t)
    item = ctx.item
    last = item.last if item is not None and item.source == source and isinstance(item.last, dict) else None
    acted = getattr(ctx, "acted", {})
    if last is None and len(acted) == 1:
        # a card never on the field (a magic) measures "it" against the one card its effect has just
        # acted on ("… more than the card discarded by this effect"), as that card last was (8-10-1)
        last = next(iter(acted.values()))
    value = (last or {}).get(t.stat)
    return value if isinstance(value, int) else None


def bind_self(ctx: Ctx, sel: Selector, source: str | None) -> Selector:
    """A threshold measured against the effect's own card (a BP no higher than its own) is given that
    card's value (as it last was on the field when it has left, 8-10-1), never compared with 0."""
    if source is None or not any(t.ref is not None and t.ref.self_ref and t.stat in PER_CARD_STATS
                                 for t in sel.thresholds):
        return sel
    out = []
    for t in sel.thresholds:
        value = _self_value(ctx, source, t) if t.ref is not None and t.ref.self_ref and \
            t.stat in PER_CARD_STATS else None
        if value is not None:
            where, named = ("", source) if ctx.state.field_card(source) else (" as it last was on the field", source)
            item, acted = ctx.item, getattr(ctx, "acted", {})
            if where and not (item is not None and item.source == source and isinstance(item.last, dict)):
                named, where = f"{', '.join(acted)} (the card this effect acted on)", " as it last was"
            ctx.log(f"{named}'s {t.stat.upper()}{where} is {value}: the cards selected have {t.op} {value}",
                    "effect.last_state" if where else "effect.select")
            t = ast.replace(t, value=value, ref=None)
        out.append(t)
    return ast.replace(sel, thresholds=tuple(out))


def printed_elsewhere(state: State, cid: str, keyword: str) -> tuple[int, ...]:
    """The levels at which `cid` prints `keyword`, when it has it at none of them now."""
    d = state.card_def(cid)
    if d is None or derive.keyword(state, cid, keyword):
        return ()
    want = derive.norm_kw(keyword)
    return tuple(lv for ab in d.abilities if ab.kind == ast.AbilityKind.KEYWORD and ab.keyword is not None
                 and derive.norm_kw(ab.keyword.name) == want for lv in ab.levels)


def _note_unreached(ctx: Ctx, cid: str, keyword: str) -> None:
    """Say why a card whose keyword starts at a level it has not reached is not one "with" it (10-13-1)."""
    levels = printed_elsewhere(ctx.state, cid, keyword)
    if levels:
        ctx.log(f"{cid} has 【{keyword}】 only at LV{'/'.join(map(str, sorted(set(levels))))}; at "
                f"LV{derive.level(ctx.state, cid)} it is not a spirit with 【{keyword}】, so it cannot be selected",
                "do.with_keyword")


def candidates(ctx: Ctx, sel: Selector, *, controller: str, source: str | None) -> tuple[list[str], list[str]]:
    """(selectable ids, ids excluded by Armor or "cannot be selected") for a field selector."""
    state = ctx.state
    sel = bind_self(ctx, sel, source)
    if sel.self_ref:
        return ([source] if source and state.field_card(source) else []), []
    out, shielded = [], []
    item = ctx.item
    last = item.last if item is not None and item.source == source and isinstance(item.last, dict) else None
    for p in whose(controller, sel.owner, state):
        for fc in state.players[p].field:
            if not sel.card_types and state.defs[fc.card].type != "spirit":
                continue
            if not matches(state, fc.id, sel, source):
                if sel.with_keyword and matches(state, fc.id, ast.replace(sel, with_keyword=None), source):
                    _note_unreached(ctx, fc.id, sel.with_keyword)
                continue
            # an effect that does not select ("all", the attacking spirit) is not stopped by Armor (11-5-1)
            if selects(sel) and (armored(state, fc.id, source, controller)
                                 or cannot_be_selected(state, fc.id, controller, source, last)):
                shielded.append(fc.id)
            else:
                out.append(fc.id)
    if any(against_others(t) for t in sel.thresholds):     # compared among all described (8-5-3)
        every = _keep_extremes(state, out + shielded, sel)
        out, shielded = [c for c in out if c in every], [c for c in shielded if c in every]
    return out, shielded


def nothing_to_select(ctx: Ctx, node: object, item: Work) -> bool:
    """Whether an effect node selects field cards and none can be selected (not even protected ones):
    then it can do nothing (1-3-2), and a "you may" around it leaves no choice to make."""
    sel = getattr(node, "target", None)
    if not isinstance(sel, Selector) or sel.self_ref or sel.zone not in (None, "field") or sel.count is None:
        return False
    cands, shielded = candidates(ctx, sel, controller=item.controller, source=item.source)
    return not cands and not shielded


def by_matches(state: State, m: Mod, actor: str | None, player: str | None, last: dict | None = None) -> bool:
    """Whether an act of `actor` (controlled by `player`) is one a restriction "by <selector>" binds;
    `last`: the actor's last-known facts where it has left the field (8-10-1)."""
    by: ast.Selector = m.extra
    if player is not None and by.owner is not None and player not in whose(m.controller, by.owner, state):
        return False
    if actor is None:
        return True
    if by.unit == "effect" and by.about is not None and not _effect_source_fits(state, m, by.about, actor, last):
        return False       # "by the effects of your opponent's spirits": not a magic's, nor one's own
    d = state.card_def(actor)
    if d is not None and by.card_types and d.type not in by.card_types:
        return False
    if state.field_card(actor) is None:
        return True
    return matches(state, actor, ast.Selector(**{**_against_holder(state, by, m.target).__dict__, "owner": None,
                                                 "card_types": ()}), None)


def _effect_source_fits(state: State, m: Mod, about: Selector, actor: str, last: dict | None = None) -> bool:
    """Whether the card an effect comes from is one of the kind and owner "the effects of …" names."""
    d = state.card_def(actor)
    if about.card_types and (d is None or d.type not in about.card_types):
        return False
    owner = state.controller(actor) or state.owners.get(actor)
    if about.owner is not None and owner not in whose(m.controller, about.owner, state):
        return False
    # "… of your opponent's spirits with a Soul Core on them": what else it says of them, on the field, or
    # as the card last was there when its effect resolves after it left (a When Destroyed effect, 8-10-1)
    if state.field_card(actor) is not None:
        return matches(state, actor, ast.replace(about, owner=None, card_types=()), None)
    return last is None or _facts_fit(about, last)


def _facts_fit(about: Selector, last: dict) -> bool:
    """Whether a card's last-known facts meet what a selector says of it beyond its kind and owner."""
    if about.colors and not set(about.colors) & set(last.get("colors", ())):
        return False
    if about.families and not derive.in_families(about.families, last.get("families", ())):
        return False
    for t in about.thresholds:
        value = last.get(t.stat)
        if t.stat in PER_CARD_STATS and t.ref is None and (not isinstance(value, int) or not OPS[t.op](value, t.value)):
            return False
    return True


def _against_holder(state: State, by: Selector, holder: str) -> Selector:
    """"Cannot be blocked by spirits with fewer BP than them": a threshold of the restriction's "by"
    measured against the card the restriction is on takes that card's value now."""
    if state.field_card(holder) is None or not any(t.ref is not None and not against_others(t) and
                                                   t.stat in PER_CARD_STATS for t in by.thresholds):
        return by
    return ast.replace(by, thresholds=tuple(
        ast.replace(t, value=_stat(state, holder, t), ref=None)
        if t.ref is not None and not against_others(t) and t.stat in PER_CARD_STATS else t for t in by.thresholds))


__all__ = ["armored", "by_matches", "candidates", "matches", "selects", "whose"]
