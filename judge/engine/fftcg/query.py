"""Derived values of a board: a Character's abilities, keywords, power, names; what a selector matches.

Pure functions of a State. Power applies ongoing effects in the documented order (11.12.4.6: a
power change comes after every other kind; 11.3.10 / 11.5.6: setting a power replaces the base
value and later changes add to it); keywords come from the printed text, field abilities of cards
on the field (11.9) and effects that resolved with a duration.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import replace

from judge.engine.fftcg import conditions, ongoing, stackref
from judge.engine.fftcg.fieldreads import field_read
from judge.engine.fftcg.reads import provide
from judge.engine.fftcg.state import CHARACTER_TYPES, CardDef, Character, State, where
from judge.text.ast import (
    Ability,
    AbilityKind,
    Conditional,
    DamageCount,
    DoSo,
    Gain,
    ModifyStat,
    Player,
    Selector,
    Threshold,
)

field_read(ModifyStat, "", "power", concepts=("ongoing_order", "ongoing_self_first"), reader=__name__,
           meaning="its power changes (applied last, 11.12.4.6 kind 5)")
field_read(ModifyStat, "", "power_set", concepts=("ongoing_order", "ongoing_self_first"), reader=__name__,
           meaning="its power becomes N (applied last, 11.12.4.6 kind 5)")


def norm_kw(name: str) -> str:
    """Keyword names compared case-blind with single spaces ("First Strike" == "first strike")."""
    return " ".join(name.replace("_", " ").split()).lower()


def damage_gate(ab: Ability) -> int | None:
    """The N of a "Damage N --" ability (15.2.6), or None for an ordinary ability."""
    if ab.keyword is not None and norm_kw(ab.keyword.name) == "damage" and ab.keyword.params:
        try:
            return int(ab.keyword.params[0])
        except ValueError:
            return None
    if isinstance(ab.condition, DamageCount):
        return ab.condition.threshold.value
    for r in ab.restrictions:
        if r.startswith("damage_") and r[7:].isdigit():
            return int(r[7:])
    return None


def printed(s: State, uid: str) -> tuple[Ability, ...]:
    d = s.card(uid)
    return d.abilities if d else ()


_MEMO: dict[tuple[str, int], tuple[CardDef, object]] = {}


def _per_card(name: str, d: CardDef, compute):
    """A value derived from a card definition, computed once per definition object (cheap lookups)."""
    hit = _MEMO.get((name, id(d)))
    if hit is not None and hit[0] is d:
        return hit[1]
    if len(_MEMO) > 20000:
        _MEMO.clear()
    value = compute(d)
    _MEMO[(name, id(d))] = (d, value)
    return value


def _gates(d: CardDef) -> tuple[tuple[Ability, int | None], ...]:
    return _per_card("gates", d, lambda d: tuple((ab, damage_gate(ab)) for ab in d.abilities))


def abilities(s: State, uid: str) -> tuple[Ability, ...]:
    """The abilities a card has now: gated by Damage N, then changed by text-changing ongoing effects (11.12.4)."""
    if s.field:
        layer = ongoing.text_layer(s, gated)
        if layer is not None and uid in layer:
            return layer[uid]
    return gated(s, uid)


def gated(s: State, uid: str) -> tuple[Ability, ...]:
    """The printed abilities a card has now: Damage N abilities only once its controller has N damage (15.2.6.2)."""
    d = s.card(uid)
    if d is None:
        return ()
    gates = _gates(d)
    if all(n is None for _, n in gates):
        return d.abilities
    c = s.char(uid)
    who = c.controller if c else s.objs[uid].owner
    have = len(s.zones[who].damage)
    return tuple(ab for ab, n in gates if n is None or have >= n)


def _has_field_effects(d: CardDef) -> bool:
    return _per_card("field", d, lambda d: any(ab.kind in (AbilityKind.FIELD, AbilityKind.CONSTANT)
                                               and ab.cost is None for ab in d.abilities))


_READING: list[bool] = [False]     # a field condition is being read now (see `live`)


def is_ongoing_condition(e: object) -> bool:
    """A field ability's "If …, …" that applies only while it holds (11.9.1), not a replacement (11.12.5)."""
    return isinstance(e, Conditional) and not e.instead and conditions.waits_for(e.condition) is None and \
        not isinstance(e.condition, DoSo)


def is_instead_condition(e: object) -> bool:
    """"The Forwards … gain +1000 power. If C, the Forwards you control gain +2000 power instead.": a field
    ability's "If …, … instead" that, while C holds, applies in place of the effect before it (11.12.5.2; its
    condition read like any field ability's, 11.9.1)."""
    return isinstance(e, Conditional) and e.instead and not e.otherwise and \
        conditions.waits_for(e.condition) is None and not isinstance(e.condition, DoSo)


def live(s: State, effects: Iterable, controller: str, source: str) -> Iterable:
    """The effects of a field ability that apply now: "If …, …" parts only while their condition holds.

    The condition is read afresh on every look at the board, so the effect turns on and off as the
    board changes (11.9.1, 11.12.4.4). A condition the engine cannot evaluate applies nothing (and
    `unevaluated` names it for the ruling). While one condition is being read, other conditional field
    effects are left out of that reading, so a condition about power cannot loop on itself.
    """
    items = list(ongoing.flat(effects))
    for i, e in enumerate(items):
        if is_instead_condition(e):
            continue                                  # read with the effect it replaces, just below
        after = items[i + 1] if i + 1 < len(items) else None
        if is_instead_condition(after) and not _READING[0] and _holds_now(s, after.condition, controller, source):
            yield from live(s, after.effects, controller, source)      # "… instead": in place of `e`
            continue
        if not is_ongoing_condition(e):
            yield e
            continue
        if not _READING[0] and _holds_now(s, e.condition, controller, source):
            yield from live(s, e.effects, controller, source)


def _holds_now(s: State, cond: object, controller: str, source: str) -> bool:
    """A field ability's condition read now, other conditional field effects left out meanwhile (see `live`)."""
    _READING[0] = True
    try:
        return bool(conditions.holds(s, cond, controller, source))
    finally:
        _READING[0] = False


def _conditional_def(d: CardDef) -> bool:
    return _per_card("cond_field", d, lambda d: any(
        ab.kind in (AbilityKind.FIELD, AbilityKind.CONSTANT) and ab.cost is None and
        any(is_ongoing_condition(e) for e in ongoing.flat(ab.effects)) for ab in d.abilities))


def conditional_field(s: State) -> bool:
    """Whether a card on the field prints a field ability with "If …, …" (its effects change with the board)."""
    return any(d is not None and _conditional_def(d) for d in (s.card(c.uid) for c in s.field))


def field_conditions(s: State) -> list[tuple[str, object, bool | None]]:
    """(source, condition, holds now) of every "If …, …" of a field ability on the field (11.9.1)."""
    return [(c.uid, e.condition, conditions.holds(s, e.condition, c.controller, c.uid))
            for c, ab in _field_abilities(s) for e in ongoing.flat(ab.effects) if is_ongoing_condition(e)]


def unevaluated(s: State) -> list[tuple[str, object]]:
    """(source, condition) of every conditional field ability on the field whose condition is not evaluated."""
    return [(u, cond) for u, cond, ok in field_conditions(s) if ok is None]


def own_effects(s: State, uid: str, ab: Ability) -> Iterable:
    """The effects of one of a card's own abilities that apply now (conditional parts only while they hold)."""
    c = s.char(uid)
    if c is not None:
        return live(s, ab.effects, c.controller, uid)
    return (e for e in ongoing.flat(ab.effects) if not is_ongoing_condition(e))


def field_effects(s: State) -> list[tuple[Character, object]]:
    """(source Character, effect) for every ongoing effect of a field ability on the field (11.9.1).

    Read once per board (boards are immutable): every power, keyword and restriction read on that
    board shares the list, so reading the whole field stays linear in its size. A reading made
    while a condition is being evaluated (see `live`) is partial and is not kept."""
    hit = _FX.get(id(s))
    if hit is not None and hit[0] is s:
        return hit[1]
    out = [(c, e) for c, ab in _field_abilities(s) for e in live(s, ab.effects, c.controller, c.uid)]
    if not _READING[0]:
        if len(_FX) > 2048:
            _FX.clear()
        _FX[id(s)] = (s, out)
    return out


_FX: dict[int, tuple[State, list]] = {}


def _field_abilities(s: State) -> Iterator[tuple[Character, Ability]]:
    """(Character, ability) for every field ability (no cost, no trigger) of the cards on the field (11.9)."""
    for c in s.field:
        d = s.card(c.uid)
        if d is None or not _has_field_effects(d):
            continue
        for ab in abilities(s, c.uid):
            if ab.kind in (AbilityKind.FIELD, AbilityKind.CONSTANT) and ab.cost is None:
                yield c, ab


def keywords(s: State, uid: str) -> frozenset[str]:
    """Keyword abilities a Character has now (printed, granted by field abilities, or gained)."""
    out = set()
    for ab in abilities(s, uid):
        if ab.kind not in (AbilityKind.KEYWORD, AbilityKind.FIELD) or ab.cost is not None:
            continue
        if ab.keyword is not None and norm_kw(ab.keyword.name) not in ("damage", "warp", "priming", "limit break"):
            out.add(norm_kw(ab.keyword.name))
        for e in own_effects(s, uid, ab):       # "Haste First Strike"; "Damage 3 -- X gains Haste"
            if isinstance(e, Gain) and e.keyword is not None and e.target.self_ref and \
                    not ongoing.is_type_change(e):
                out.add(norm_kw(e.keyword.name))
    c = s.char(uid)
    if c is None or (s.field and ongoing.text_layer(s, gated) is not None):
        return frozenset(out)        # the text layer already holds granted and lost keywords (11.12.4.6)
    out.update(norm_kw(m.value) for m in c.mods if m.kind == "keyword")
    for src, e in field_effects(s):
        if isinstance(e, Gain) and e.keyword is not None and not ongoing.is_type_change(e) and \
                matches(s, uid, e.target, src.controller, src.uid):
            out.add(norm_kw(e.keyword.name))
    return frozenset(out)


#: keywords a card carries as printed marks rather than abilities it "has" now ("a card with Warp",
#: 15.2.7; "with Priming", 15.2.9): `matches` reads them from the printed text, in any zone
PRINTED_MARKS = frozenset({"warp", "priming"})


def has(s: State, uid: str, keyword: str) -> bool:
    return norm_kw(keyword) in keywords(s, uid)


def keyword_ability(s: State, uid: str, name: str, zone_card: bool = True) -> Ability | None:
    """The printed keyword ability `name` (Warp, Priming, Limit Break) of a card in any zone."""
    for ab in printed(s, uid):
        if ab.keyword is not None and norm_kw(ab.keyword.name) == norm_kw(name):
            return ab
    return None


def base_power(s: State, uid: str) -> int:
    """Printed power, or the power a card that "also becomes a Forward with N power" has (5.2.6.1)."""
    from judge.engine.fftcg.cardtypes import forward_power

    d = s.card(uid)
    if d is None:
        return 0
    if d.type != "forward":
        gained = forward_power(s, uid)
        if gained is not None:
            return gained
    return d.power or 0


def power(s: State, uid: str, fx: list | None = None) -> int:
    """Power now: base (or the set value that applies last, 11.3.10), then every power change (11.12.4.6-7).

    "X's power becomes N" from a resolved effect or a field ability sets a new base; several sets
    apply those on the card itself first, then the others (11.12.4.7), each group in timestamp order
    (a field ability has its source's timestamp, 11.12.4.8 / 11.12.4.10), so the last applied wins.
    """
    c = s.char(uid)
    value = base_power(s, uid)
    if c is None:
        return value
    sets = [((m.source or uid) != uid, m.ts, int(m.value)) for m in c.mods if m.kind == "set_power"]
    add = sum(int(m.value) for m in c.mods if m.kind == "power")
    for src, e in field_effects(s) if fx is None else fx:
        if isinstance(e, ModifyStat) and e.stat in ("power", "power_set") and \
                matches(s, uid, e.target, src.controller, src.uid):
            if e.stat == "power":
                add += e.amount * per(s, e, src.controller, src.uid)
            else:
                sets.append((src.uid != uid, src.ts, e.amount))
    if sets:
        value = max(sets)[2]
    return value + add


def field_boosts(s: State, uid: str) -> list[tuple[str, int]]:
    """(source, amount) of every field-ability power change applying to a Character now (11.9.1)."""
    return [(src.uid, e.amount * per(s, e, src.controller, src.uid)) for src, e in field_effects(s)
            if isinstance(e, ModifyStat) and e.stat == "power" and matches(s, uid, e.target, src.controller, src.uid)]


def per(s: State, e, controller: str, source: str | None) -> int:
    """How many times an effect's amount applies: 1, or what its "for each …" counts now (11.9.1); 0 when
    this engine does not keep what it counts (`per_unknown` names those for the ruling)."""
    sel = getattr(e, "per", None)
    if sel is None:
        return 1
    n = conditions.per_count(s, sel, controller, source)
    return 0 if n is None else n


def per_unknown(s: State) -> list[tuple[str, object]]:
    """(source, effect) of the field effects on the board whose "for each …" this engine cannot count."""
    return [(src.uid, e) for src, e in field_effects(s) if getattr(e, "per", None) is not None
            and conditions.per_count(s, e.per, src.controller, src.uid) is None]


def names(s: State, uid: str) -> frozenset[str]:
    """A Character's names: a Primed Character has the names of both cards (15.2.9.4.1)."""
    from judge.engine.fftcg.cardtypes import also_names

    c = s.char(uid)
    ids = (uid, *(c.primed_under if c else ()))
    return frozenset((*(d.name for d in (s.card(i) for i in ids) if d), *also_names(s, uid)))


def is_type(s: State, uid: str, *types: str) -> bool:
    """Whether a card is (also) of one of these types now (11.12.4.6, kind 3: `cardtypes`)."""
    from judge.engine.fftcg.cardtypes import types_of

    return bool(types_of(s, uid) & set(types))


def is_forward(s: State, uid: str) -> bool:
    return is_type(s, uid, "forward")


def _threshold(value: int, t: Threshold) -> bool:
    return {"<=": value <= t.value, ">=": value >= t.value, "==": value == t.value,
            "<": value < t.value, ">": value > t.value}[t.op]


def _in_state(s: State, uid: str, c: Character | None, state: str) -> bool:
    """Whether a card is in the state a selector names (6.3, 10.1, 15.1.1.9): dull, active, attacking,
    blocking, in a party, damaged, frozen, entered this turn, also of a type. A state this engine does not know never fits."""
    b = s.battle
    if state in ("dull", "active"):
        return c is not None and c.dull == (state == "dull")
    if state == "attacking":
        return b is not None and uid in b.attackers
    if state == "blocking":
        return b is not None and b.blocker == uid
    if state == "in_party":
        return b is not None and len(b.attackers) > 1 and uid in b.attackers
    if state == "in_battle_with":           # an attacking and its blocking Forward are in battle (10.1.3.2.1)
        return bool(_battling(s, uid))
    if state == "blocked_by":               # it attacks and is blocked (10.1.3)
        return b is not None and uid in b.attackers and b.blocker is not None
    if state == "damaged":
        return c is not None and c.damage > 0
    if state == "frozen":
        return c is not None and c.frozen
    if state.startswith("also_"):          # "a Monster that is also a Forward": of that type too now (11.12.4.6)
        return is_type(s, uid, state.removeprefix("also_"))
    if state == "entered_this_turn":        # this turn's record of entering: a change of control is none (6.2.6.1)
        return c is not None and any(k == "entered" and u == uid for k, u, _ in s.turn_log)
    return False


#: "the highest cost Forward", "the Backup with the lowest power" (5.2.1 / 5.2.6): Selector.state values
EXTREMES = frozenset({"highest_cost", "lowest_cost", "highest_power", "lowest_power"})


def _extreme(s: State, uid: str, sel: Selector, controller: str, source: str | None) -> bool:
    """Whether no card on the field that fits the rest of the selector has a higher (lowest: lower) cost or
    power than this one: the extreme is taken among the cards the selector names, and cards tied all fit."""
    most, stat = sel.state.split("_") if sel.state else ("", "")
    rest = replace(sel, state=None)

    def value(u: str) -> int:
        d = s.card(u)
        return power(s, u) if stat == "power" else d.cost if d is not None else 0

    others = [v.uid for v in s.field if v.uid != uid and matches(s, v.uid, rest, controller, source)]
    mine = value(uid)
    return all(mine >= value(u) if most == "highest" else mine <= value(u) for u in others)


def _also_jobs(s: State, uid: str) -> frozenset[str]:
    from judge.engine.fftcg.cardtypes import also_jobs

    return frozenset(also_jobs(s, uid))


def _party_with(s: State, uid: str, about: Selector, controller: str, source: str | None) -> bool:
    """"Forming a party with X" (15.1.1.9.1): another of the Forwards attacking together with it is X."""
    b = s.battle
    return b is not None and any(u != uid and matches(s, u, about, controller, source) for u in b.attackers)


def _battling(s: State, uid: str) -> tuple[str, ...]:
    """The Forwards in battle with this one (10.1.3.2.1): its blocker if it attacks and is blocked, the attackers
    if it blocks."""
    b = s.battle
    if b is None or b.blocker is None:
        return ()
    if uid == b.blocker:
        return tuple(b.attackers)
    return (b.blocker,) if uid in b.attackers else ()


def selector_reads(sel: Selector) -> frozenset[str]:
    """The Selector fields `matches` reads on this selector: `about` only where it names a party's partner or
    the Forward it is in battle with, or the card whose ability removed it ("removed by X's ability")."""
    return SELECTOR_READS | {"about"} if sel.state in ("in_party", "in_battle_with", "blocking", "blocked_by") \
        or removed_by_own_ability(sel) else SELECTOR_READS


def removed_by_own_ability(sel: Selector) -> bool:
    """"The cards removed by {Name}'s ability": a selector of the removed zone about the card's own abilities."""
    about = sel.about
    return sel.zone == "removed" and about is not None and about.self_ref and about.card_types == ("ability",) \
        and about.ref is None


def _parts(value: str) -> frozenset[str]:
    """A card's Jobs or Categories as a set: a card with several belongs to each of them (5.2.2.2)."""
    hit = _PARTS.get(value)
    if hit is None:
        hit = _PARTS[value] = frozenset(p.strip().lower() for p in re.split(r"/|·|&middot;", value) if p.strip())
    return hit


_PARTS: dict[str, frozenset[str]] = {}


def _elements_fit(wanted: tuple[str, ...], elements: tuple[str, ...]) -> bool:
    """Whether a card's Elements fit a selector's: any one named ("Fire or Ice"; "Multi-Element": a card of more
    than one Element, 5.2.1.1; "of any Element": every card), none of those it excludes ("other than Light or
    Dark": `not_light`, `not_dark`; "not Multi-Element")."""
    yes = [c for c in wanted if not c.startswith("not_") and c != "any"]
    no = {c[4:] for c in wanted if c.startswith("not_")}
    multi = len(set(elements)) > 1
    return (not yes or ("multi" in yes and multi) or bool(set(yes) & set(elements))) and \
        not no & set(elements) and not ("multi" in no and multi)


def matches(s: State, uid: str, sel: Selector, controller: str, source: str | None) -> bool:
    """Whether a card fits a selector, read from the point of view of `controller` (7.2.1)."""
    if stackref.is_stack_selector(sel) and (uid not in s.objs or where(s, uid)[0] in ("stack", "field", "out")):
        return stackref.matches(s, uid, sel, controller, source)   # "Choose 1 Summon": something on the stack
    #                                                                (a Summon card in a hand or a Break Zone is a card)
    d = s.card(uid)
    if d is None:
        return False
    if sel.self_ref:
        return uid == source
    if sel.other and uid == source:
        return False
    if sel.either:          # "X or a Job Y Forward": any one of them (its first is the selector itself)
        return any(matches(s, uid, x, controller, source) for x in (replace(sel, either=()), *sel.either))
    c = s.char(uid)
    who = c.controller if c else s.objs[uid].owner
    if sel.owned_by is not None and (s.objs[uid].owner == controller) != (sel.owned_by == Player.YOU):
        return False
    if sel.excluding is not None and matches(s, uid, sel.excluding, controller, source):
        return False
    if sel.costs and d.cost not in sel.costs:
        return False
    if sel.owner == Player.YOU and who != controller:
        return False
    if sel.owner == Player.OPPONENT and who == controller:
        return False
    if sel.card_types and not set(sel.card_types) <= {"card"}:
        types = set(sel.card_types)
        if "character" in types:
            types.update(CHARACTER_TYPES)
        if d.type not in types and not is_type(s, uid, *types):
            return False
    if sel.colors and not _elements_fit(sel.colors, d.elements):
        return False
    if sel.families and not (_parts(d.job) | _also_jobs(s, uid)) & {f.lower() for f in sel.families}:
        return False
    if sel.categories and not _parts(d.category) & {k.lower() for k in sel.categories}:
        return False
    if sel.name and sel.name.lower() not in {n.lower() for n in names(s, uid)}:
        return False
    if sel.state in EXTREMES:
        if not _extreme(s, uid, sel, controller, source):
            return False
    elif sel.state is not None and not _in_state(s, uid, c, sel.state):
        return False
    if sel.about is not None and sel.about.self_ref and sel.about.card_types == ("ability",) and \
            (uid, source) not in s.removed_by:         # "removed by {Name}'s ability" (State.removed_by)
        return False
    if sel.state == "in_party" and sel.about is not None and not _party_with(s, uid, sel.about, controller, source):
        return False
    if sel.state in ("in_battle_with", "blocking", "blocked_by") and sel.about is not None and \
            not any(matches(s, u, sel.about, controller, source) for u in _battling(s, uid)):
        return False
    if sel.with_keyword == "not_generic":                    # "without 《一般》" (5.2.2.1)
        if d.generic:
            return False
    elif sel.with_keyword and not has(s, uid, sel.with_keyword) and not (
            norm_kw(sel.with_keyword) in PRINTED_MARKS and keyword_ability(s, uid, sel.with_keyword) is not None):
        return False
    for t in sel.thresholds:
        value = power(s, uid) if t.stat == "power" else d.cost if t.stat == "cost" else \
            counters_on(s, uid, t.stat[9:]) if t.stat.startswith("counters:") else None
        if value is None or not _threshold(value, t):
            return False
    return True


def distinct(s: State, uids: list[str]) -> list[str]:
    """One card per card number: copies of the same card in a hidden zone are one choice, not several."""
    seen: set = set()
    out = []
    for u in uids:
        key = s.objs[u].defn or u
        if key not in seen:
            seen.add(key)
            out.append(u)
    return out


def counters_on(s: State, uid: str, name: str) -> int:
    """How many counters of a name a card carries (6.7.2, any case): a Character's, or the Warp Counters of a
    removed card (15.2.7.3)."""
    c = s.char(uid)
    if c is not None:
        return sum(n for k, n in c.counters if k.casefold() == name.casefold())
    if name.casefold() == "warp":
        return sum(n for z in s.zones.values() for u, n in z.removed if u == uid)
    return 0


def _any_card(sel: Selector) -> bool:
    """A selector that asks for no property at all ("a card", "cards"): every card fits."""
    return set(sel.card_types) <= {"card"} and sel == replace(Selector(count=sel.count, up_to=sel.up_to,
                                                                       card_types=sel.card_types, choose=sel.choose,
                                                                       chooser=sel.chooser), span=sel.span)


#: the Selector fields `matches` and `candidates` read; a selector using another is not modelled
SELECTOR_READS = frozenset({"count", "up_to", "self_ref", "owner", "card_types", "colors", "families", "categories",
                            "name", "with_keyword", "state", "zone", "thresholds", "other", "choose", "ref", "chooser",
                            "span", "costs", "owned_by", "excluding", "either", "option"})


def candidates(s: State, sel: Selector, controller: str, source: str | None) -> list[str]:
    """The cards a selector could pick now: on the field, or in the zone it names."""
    if stackref.is_stack_selector(sel):
        return stackref.candidates(s, sel, controller, source)
    zone = sel.zone or "field"
    if zone == "field":
        pool = [c.uid for c in s.field]
    else:
        attr = {"break": "break_zone", "hand": "hand", "deck": "deck", "damage": "damage", "removed": "removed"}.get(zone)
        if attr is None:
            return []
        players = [controller] if sel.owner in (None, Player.YOU) else [p for p in s.zones if p != controller] \
            if sel.owner == Player.OPPONENT else list(s.zones)
        if zone == "removed" and sel.owner is None:     # "a card removed from the game", nobody's named: any
            players = list(s.zones)                     # player's Removed from Play Zone (7.13.1)
        pool = [u if isinstance(u, str) else u[0] for p in players for u in getattr(s.zones[p], attr)]
        sel_zone_free = replace(sel, owner=None, zone=None)     # (`about` kept: "removed by X's ability")
        if _any_card(sel_zone_free):            # "each card in your hand": unknown cards are cards too
            return pool
        return [u for u in pool if matches(s, u, sel_zone_free, controller, source)]
    return [u for u in pool if matches(s, u, sel, controller, source)]


def condition_holds(s: State, cond, controller: str, source: str | None, ctx=None) -> bool | None:
    """Whether a structured condition holds now (None when the engine cannot evaluate its kind); `ctx` is
    the Summon or ability resolving, when there is one (its own facts: from an EX Burst, what it paid)."""
    return conditions.holds(s, cond, controller, source, ctx)


def _types_of(s: State, uid: str) -> frozenset[str]:
    from judge.engine.fftcg.cardtypes import types_of

    return types_of(s, uid)


# the parts this module is composed of ask the board through judge.engine.fftcg.reads (no import cycle)
provide(candidates=candidates, matches=matches, power=power, is_ongoing_condition=is_ongoing_condition,
        _threshold=_threshold, _per_card=_per_card, gated=gated, live=live, printed=printed, reading=_READING,
        types_of=_types_of)

from judge.engine.fftcg import conditions_paid  # noqa: E402,F401  (registers the readers about how a card was paid)
