"""Derived values of the board: level, BP, symbols, keywords, costs, each with the clauses behind it.

Pure functions of a `State`. BP follows the documented order (Saga 8-8-1-3-1): level changes,
then redefined level BP, then set values, then additions, each category in timestamp order.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from judge.engine.bs.clauses import cite, cites
from judge.engine.bs.mods import mods_on
from judge.engine.bs.profile import profile
from judge.engine.bs.state import CardDef, FieldCard, State
from judge.text.ast import Ability, AbilityKind, Keyword


def norm_kw(name: str) -> str:
    """A keyword name reduced to letters: "A.T. Field" → "atfield", "Once per turn" → "oncepertturn"."""
    return re.sub(r"[^a-z]", "", name.lower())


def cores_on(state: State, fc: FieldCard) -> int:
    """Cores on a field card, counting the soul core if it sits there."""
    owner = state.controller(fc.id)
    soul = owner is not None and state.players[owner].soul_core == fc.id
    return fc.cores + (1 if soul else 0)


def has_soul(state: State, cid: str) -> bool:
    owner = state.controller(cid)
    return owner is not None and state.players[owner].soul_core == cid


def lv1_cost(d: CardDef) -> int:
    return min((c for _, c, _ in d.levels), default=0)


def printed_level(state: State, fc: FieldCard) -> int:
    """The level the cores pay for (2-10-3 / 2-8-3); 0 if short of LV1 (bs Super Unleash: soul → LV2)."""
    d = state.defs[fc.card]
    n = cores_on(state, fc)
    lv = max((lvl for lvl, c, _ in d.levels if n >= c), default=0)
    if d.levels and n < lv1_cost(d):
        return 0
    if not d.levels:
        return 1 if d.type == "nexus" else 0
    if d.super_unleash and has_soul(state, fc.id) and profile(state.game).common_effects:
        lv = max(lv, 2)
    return lv


def level(state: State, cid: str) -> int:
    """The current level: printed level, then "treated as LV n" effects (8-8-1-3-2)."""
    fc = state.field_card(cid)
    if fc is None:
        return 0
    lv = printed_level(state, fc)
    if lv == 0:
        return 0
    for m in sorted((m for m in mods_on(state, cid) if m.kind == "level_set"), key=lambda m: m.stamp):
        d = state.defs[fc.card]
        lv = int(m.value) if m.value is not None else max((n for n, _, _ in d.levels), default=lv)
    return lv


def level_cites(state: State) -> tuple[str, ...]:
    return cites(state.game, "card.level")


def _base_bp(d: CardDef, lv: int) -> int:
    for lvl, _, bp in d.levels:
        if lvl == lv and bp is not None:
            return bp
    return 0


def linked_from(state: State, cid: str) -> list[FieldCard]:
    """Spirits whose 【Link】 links them to `cid` (they lend it BP and symbols, 11-18-1)."""
    return [fc for p in state.players.values() for fc in p.field if fc.linked_to == cid]


def linked_with(state: State, cid: str, other: str) -> bool:
    """Whether `cid` and `other` are the two spirits of one link, either way round (11-18-1): "the
    linked spirit" said by one of them is the other."""
    a, b = state.field_card(cid), state.field_card(other)
    return a is not None and b is not None and cid != other and (a.linked_to == other or b.linked_to == cid)


def is_linked(state: State, cid: str) -> bool:
    """Whether a spirit is linked: it linked itself to a spirit by its 【Link】 or a spirit is linked to
    it, until the battle ends or either leaves the field (11-18-1, 11-18-4)."""
    fc = state.field_card(cid)
    return fc is not None and (fc.linked_to is not None or bool(linked_from(state, cid)))


@dataclass(frozen=True)
class BP:
    """A spirit's BP and how it was reached (for explaining a comparison)."""

    value: int
    parts: tuple[str, ...]
    cites: tuple[str, ...]


def bp(state: State, cid: str) -> BP:
    """BP now, built in the documented order (Saga 8-8-1-3-2 … 8-8-1-3-5)."""
    fc = state.field_card(cid)
    if fc is None:
        return BP(0, ("not on the field",), ())
    d = state.defs[fc.card]
    lv = level(state, cid)
    value = _base_bp(d, lv)
    parts = [f"LV{lv} BP {value}"]
    used = ["bp.order", "bp.level"]
    mods = sorted(mods_on(state, cid), key=lambda m: m.stamp)
    if any(m.kind == "level_set" for m in mods):
        used.append("bp.level")
    for m in mods:
        if m.kind == "bp_base":
            table = m.value if isinstance(m.value, dict) else {lv: m.value}
            if lv in table:
                value = int(table[lv])
                parts.append(f"level BP redefined to {value}")
                used.append("bp.redefine")
    for m in mods:
        if m.kind == "bp_set":
            value = int(m.value)
            parts.append(f"set to {value}")
            used.append("bp.set")
    for m in mods:
        if m.kind == "bp_add":
            value += int(m.value)
            parts.append(f"{int(m.value):+d}" + (f" from {m.source}'s constant effect" if m.stamp < 0 else ""))
            used += ["bp.add", *(("effect.constant",) if m.stamp < 0 else ())]
    for other in linked_from(state, cid):
        lent = bp(state, other.id).value
        value += lent
        parts.append(f"+{lent} linked from {other.id}")
        used.append("kw.link")
    return BP(value, tuple(parts), cites(state.game, *used))


#: When a constant ability's typed timing holds (10-12-1): (state, its card, its controller's turn?, step).
CONSTANT_TIMINGS: dict[str | None, Any] = {
    None: lambda s, src, mine, step: True,
    "while_attacks": lambda s, src, mine, step: s.battle is not None and s.battle.attacker == src,
    "while_blocks": lambda s, src, mine, step: s.battle is not None and s.battle.blocker == src,
    "while_attacks_or_blocks": lambda s, src, mine, step: s.battle is not None and src in (s.battle.attacker,
                                                                                          s.battle.blocker),
    "while_linked": lambda s, src, mine, step: is_linked(s, src),            # 11-18-1
    "during_your_turn": lambda s, src, mine, step: mine,
    "during_opponents_turn": lambda s, src, mine, step: not mine,
    "during_your_attack_step": lambda s, src, mine, step: mine and step == "attack",
    "during_opponents_attack_step": lambda s, src, mine, step: not mine and step == "attack",
    "during_either_attack_step": lambda s, src, mine, step: step == "attack",
    "during_your_main_step": lambda s, src, mine, step: mine and step in ("main", "second_main"),
    "during_opponents_main_step": lambda s, src, mine, step: not mine and step in ("main", "second_main"),
    "during_either_main_step": lambda s, src, mine, step: step in ("main", "second_main"),
    "during_your_end_step": lambda s, src, mine, step: mine and step == "end",
    "during_opponents_end_step": lambda s, src, mine, step: not mine and step == "end",
    "during_your_start_step": lambda s, src, mine, step: mine and step == "start",
    "during_your_core_step": lambda s, src, mine, step: mine and step == "core",
    "during_your_draw_step": lambda s, src, mine, step: mine and step == "draw",
}


def constant_active(state: State, src: str, ab: Ability) -> bool | None:
    """Whether a constant ability's typed timing holds now (10-12-1); None: an unknown timing."""
    check = CONSTANT_TIMINGS.get(ab.timing)
    if check is None:
        return None
    return check(state, src, state.turn_player == state.controller(src), state.step.value)


def families(state: State, cid: str) -> tuple[str, ...]:
    """A card's families: printed, plus those effects give it ("gain Otherlander spirit type", 2-5)."""

    d = state.card_def(cid)
    printed = tuple(d.families) if d is not None else ()
    gained = tuple(str(m.value) for m in mods_on(state, cid) if m.kind == "family") \
        if state.field_card(cid) is not None else ()
    return printed + tuple(f for f in gained if f.lower() not in {p.lower() for p in printed})


#: The family an effect gives for "all spirit types": it meets every family a selector names.
ALL_FAMILIES = "all"


def in_families(wanted: Iterable[str], have: Iterable[str]) -> bool:
    """Whether a card with families `have` is of one of the families `wanted` (one with "all spirit
    types" is of every one)."""
    mine = {f.lower() for f in have}
    return ALL_FAMILIES in mine or bool(mine & {f.lower() for f in wanted})


#: timings whose words are not their id's ("When This Spirit Links", as the cards print them)
_LABELS = {"when_links": "When This Spirit Links", "when_linked": "When This Spirit is Linked",
           "while_linked": "While This Spirit is Linked"}


def timing_label(timing: str | None) -> str:
    """A typed timing as a judge reads it: when_summoned → "When Summoned"."""
    fixed = _LABELS.get(timing or "")
    parts = (timing or "").removeprefix("when_").split("_or_") if (timing or "").startswith("when_") else []
    if fixed is None and any("when_" + p in _LABELS for p in parts):
        # either event (8-1-5-1), a part with words of its own: each part's label, joined by "/"
        return "/".join(timing_label("when_" + p) for p in parts)
    return fixed or (timing or "effect").replace("_", " ").title()


def symbols(state: State, cid: str) -> tuple[str, ...]:
    """Symbols of a field card: printed, plus symbols added by effects and by a linked spirit."""
    fc = state.field_card(cid)
    if fc is None:
        return ()
    out = list(state.defs[fc.card].symbols)
    for m in sorted(mods_on(state, cid), key=lambda m: m.stamp):
        if m.kind == "symbol_set" and out:
            out = [c or out[0] for c in m.value]
        elif m.kind == "symbol_add" and m.value:
            out.extend([str(m.value)] if isinstance(m.value, str) else list(m.value))
    for other in linked_from(state, cid):
        out.extend(symbols(state, other.id))
    return tuple(out)


def active_abilities(state: State, cid: str) -> list[tuple[int, Ability]]:
    """(index, ability) of a card's abilities active now: on the field, those of its current level."""
    d = state.card_def(cid)
    if d is None:
        return []
    fc = state.field_card(cid)
    if fc is None:
        return list(enumerate(d.abilities))
    lv = level(state, cid)
    mods = mods_on(state, cid)
    lost = [m.value for m in mods if m.kind == "lose_effects"]
    gained = [m.value for m in mods if m.kind == "ability"]
    out = [(i, ab) for i, ab in enumerate(d.abilities) if (not ab.levels or lv in ab.levels)
           and not any(not levels or set(levels) & set(ab.levels or (1, 2, 3, 4, 5)) for levels in lost)]
    return out + [(1000 + n, ab) for n, ab in enumerate(gained) if not ab.levels or lv in ab.levels]


def keywords(state: State, cid: str) -> list[Keyword]:
    """Keyword effects a card has now (10-13-1: on the field only at a level where they are active)."""
    out = [ab.keyword for _, ab in active_abilities(state, cid)
           if ab.kind == AbilityKind.KEYWORD and ab.keyword is not None]
    if state.field_card(cid) is not None:
        out.extend(m.value for m in mods_on(state, cid) if m.kind == "keyword")
    return out


def keyword(state: State, cid: str, name: str) -> list[Keyword]:
    """The instances of one keyword a card has now (e.g. every 【Gale】 it gained)."""
    want = norm_kw(name)
    return [k for k in keywords(state, cid) if norm_kw(k.name) == want]


def restrictions(state: State, cid: str) -> set[str]:
    """Printed restriction tags (bs [Once per turn], [Unstackable]) of a card's abilities."""
    d = state.card_def(cid)
    return {r for ab in (d.abilities if d else ()) for r in ab.restrictions}


def field_symbols(state: State, player: str) -> list[str]:
    """Every symbol on a player's field (spirits and nexuses), dual colours kept as "red/blue"."""
    return [s for fc in state.players[player].field for s in symbols(state, fc.id)]


def match_symbols(slots: list[str], syms: list[str]) -> int:
    """Maximum matching of field symbols to reduction slots (a dual symbol fits either colour)."""
    owner: dict[int, int] = {}

    def fits(sym: str, slot: str) -> bool:
        return slot in sym.split("/")

    def augment(si: int, seen: set[int]) -> bool:
        for ti, slot in enumerate(slots):
            if ti in seen or not fits(syms[si], slot):
                continue
            seen.add(ti)
            if ti not in owner or augment(owner[ti], seen):
                owner[ti] = si
                return True
        return False

    return sum(1 for si in range(len(syms)) if augment(si, set()))


def reduction(state: State, player: str, d: CardDef, fulfilled: int = 0) -> int:
    """How much a card's cost is reduced: matching field symbols, limited by its reduction symbols."""
    slots = list(d.reduction)
    matched = match_symbols(slots, field_symbols(state, player)) if slots else 0
    return min(len(slots), matched + fulfilled)


def cost_after_reduction(state: State, player: str, d: CardDef, fulfilled: int = 0) -> tuple[int, int]:
    """(cost to pay, reduction applied) (2-7-3 / 2-3-3); never below zero."""
    red = reduction(state, player, d, fulfilled)
    return max(0, d.cost - red), red


def reduction_cites(state: State, kind: str) -> tuple[str, ...]:
    return cites(state.game, "card.reduction", f"{kind}.reduction") + cite("card.dual_symbol", state.game)


__all__ = ["BP", "active_abilities", "bp", "cores_on", "cost_after_reduction", "field_symbols", "has_soul",
           "keyword", "keywords", "level", "level_cites", "linked_from", "lv1_cost", "match_symbols", "norm_kw",
           "printed_level", "reduction", "reduction_cites", "restrictions", "symbols"]
