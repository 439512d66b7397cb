"""What a card costs and how its cost is reduced (Saga 2-7-3, 10-6-4/5, 10-7-4/5, 10-8-4/5; Standard
11-1-1-2 … 11-3-1-4-1), with the effects that change either while the cost is worked out.

The cost is the printed one unless an effect assigns another ("Star Dragon spirit cards in your hand
have a cost equal to your life total": a `cost_set` modification, decided when the cost is
determined). The reduction is then one per symbol matching one of the card's reduction symbols,
at most as many as it has (2-7-3). Symbols normally come from the payer's field (each field card's
symbols as `derive.symbols` gives them); abilities that apply *while a cost is calculated* change
that pool for the payment they name:

- "count each symbol on X as two symbols when calculating cost reduction", "while summoning a Star
  Dragon spirit card, count each symbol on this spirit as two" — each symbol of those cards counts
  N times (`SetStat` of symbols);
- "you may use the symbols of spirit cards in your trash in addition" — those cards' symbols join
  the pool (`CostReduction` mode also); "only" — only theirs count; "fulfilled" — every reduction
  symbol is met.

Such an ability is in force for a payment its condition names (kind `paying`: the card being paid
for, how it is brought out and from where; or an event `uses` / `summoned` with that card as its
object). It is never a modification of the board otherwise (continuous and watch leave it alone).
"You may" in it is the payer's decision, asked only when it changes the cost.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from judge.engine.bs import continuous, derive, record, select
from judge.engine.bs.continuous import WHILE_PAYING
from judge.engine.bs.ctx import Ctx, add_mod, name_of
from judge.engine.bs.select import STATS
from judge.engine.bs.state import CardDef, State, Work
from judge.text import ast
from judge.text.ast import Ability, AbilityKind

#: How a card is brought out → the events that name it in a condition.
HOW_EVENTS = {"summon": frozenset({"summoned", "summons", "summoned_or_attacks", "summoned_or_placed"}),
              "place": frozenset({"placed", "deployed", "summoned_or_placed"}),
              "use": frozenset({"uses", "used"})}


@dataclass(frozen=True)
class Paying:
    """One payment being worked out: the card, its payer, how it is brought out and from where."""

    card: str
    player: str
    how: str            # summon | place | use
    zone: str = "hand"


# the cost --------------------------------------------------------------------------------------

def _own_cost_parts(effects: tuple[Any, ...], *, zoned: bool = True) -> Iterator[tuple[ast.SetStat, ast.Condition | None]]:
    """(cost assigned to the card itself, the condition it waits for) of each part of `effects`; `zoned`:
    only those saying in which area ("while it is in the trash")."""
    for e in effects:
        if isinstance(e, ast.Conditional) and e.condition.kind not in ("event", "would") and not e.instead:
            yield from ((x, e.condition) for x, _ in _own_cost_parts(e.effects, zoned=zoned))
        elif isinstance(e, ast.SetStat) and e.stat == "cost" and e.equal_to is None and e.target is not None \
                and e.target.self_ref and (not zoned or e.target.zone not in (None, "field")):
            yield e, None


def cost_when_paid(ab: Ability, how: str | None = None) -> list[tuple[ast.SetStat, ast.Condition | None]]:
    """"When using this magic card, it costs 4 if you have 3 or fewer life": the cost its own card has
    while that card's payment is worked out (`how`: summon | place | use; None: any), 8-8-1-3 —
    empty unless every part of the ability says that."""
    c = ab.condition
    if ab.kind != AbilityKind.CONSTANT or c is None or c.kind != "paying" or c.selector is None or \
            not c.selector.self_ref or not any(c.event in HOW_EVENTS[h] for h in ((how,) if how else HOW_EVENTS)):
        return []
    from judge.engine.bs import conditions

    parts = list(_own_cost_parts(ab.effects, zoned=False))
    ok = len(parts) == len(ab.effects) and all(k is None or conditions.decidable(k) for _, k in parts)
    return parts if ok else []


def own_cost(ab: Ability) -> bool:
    """Whether a constant ability only says what its own card costs in an area ("treat this card as though
    it costs 5 while it is in the trash", "this card costs 4 in your hand if you control a nexus")."""
    from judge.engine.bs import conditions

    parts = list(_own_cost_parts(ab.effects)) if ab.kind == AbilityKind.CONSTANT else []
    return bool(parts) and len(parts) == len(ab.effects) and all(c is None or conditions.decidable(c) for _, c in parts)


def _printed_or_own(state: State, cid: str, d: CardDef) -> int:
    """The printed cost, or the one the card's own constant ability gives it in the area it is in, while
    its condition holds (8-8-1-3-4: a value assigned)."""
    from judge.engine.bs import conditions
    from judge.engine.bs.continuous import _View

    zone = state.zone_of(cid)
    value = d.cost
    for ab in d.abilities:
        if not own_cost(ab):
            continue
        item = Work(kind="effects", source=cid, controller=state.owners.get(cid, "A"), label=cid)
        for e, cond in _own_cost_parts(ab.effects):
            if e.target.zone == zone and (cond is None or conditions.holds(_View(state), cond, item) is True):  # type: ignore[arg-type]
                value = e.value
    return value


def cost_of(state: State, cid: str, paying: Paying | None = None) -> int:
    """A card's cost now: printed (or what its own ability makes it in that area), then costs assigned by
    effects, latest last (8-8-1-3); while a payment is worked out, also those waiting for that summon
    (next_summon.py)."""

    d = state.card_def(cid)
    if d is None:
        return 0
    value = _printed_or_own(state, cid, d)
    if paying is not None and paying.card == cid:
        value = _while_paid(state, cid, d, paying, value)
    for m in sorted(continuous.mods(state), key=lambda m: m.stamp):
        if (m.kind == "cost_set" and _cost_applies(state, m, cid)) or (
                paying is not None and next_summon_applies(state, m, cid, paying.player, paying.how)):
            value = _amount(state, m)
    if paying is not None and paying.how == "use":       # "the first magic card you use each turn"

        value = max(0, value + first_magic_change(state, cid, paying.player))
    return value


def _while_paid(state: State, cid: str, d: CardDef, paying: Paying, value: int) -> int:
    """The cost the card's own "when using / summoning this card, it costs N if …" gives it now."""
    from judge.engine.bs import conditions
    from judge.engine.bs.continuous import _View

    item = Work(kind="effects", source=cid, controller=paying.player, label=cid)
    for ab in d.abilities:
        for e, cond in cost_when_paid(ab, paying.how):
            if cond is None or conditions.holds(_View(state), cond, item) is True:  # type: ignore[arg-type]
                value = e.value
    return value


def _cost_applies(state: State, m: Any, cid: str) -> bool:
    if m.target == cid:
        return True
    if m.target not in state.players or not isinstance(m.extra, ast.Selector):
        return False
    sel: ast.Selector = m.extra
    zone = state.zone_of(cid)
    if zone != (sel.zone or "field") or state.owners.get(cid) != m.target:
        return False        # 8-8-1-5: cards in that area (also those that enter it later) have that cost
    return select.matches(state, cid, ast.Selector(**{**sel.__dict__, "zone": None, "owner": None}), m.source)


def _amount(state: State, m: Any) -> int:
    """The value a cost_set assigns: a number, or a player's stat it equals ("your life total")."""
    if isinstance(m.value, ast.Threshold):
        t = m.value
        who = m.controller
        if t.ref is not None and t.ref.owner == ast.Player.OPPONENT:
            who = state.opponent(who)
        p = state.players[who]
        return {"life": p.life, "reserve": p.reserve, "hand": len(p.hand)}.get(t.stat, 0)
    return int(m.value)




# abilities in force while a cost is calculated ----------------------------------------------------

def _unwrap(effects: tuple[Any, ...]) -> Iterator[tuple[Any, bool]]:
    for e in effects:
        if isinstance(e, ast.Optional) and e.player in (None, ast.Player.YOU) and e.cost is None:
            for inner, _ in _unwrap(e.effects):
                yield inner, True
        else:
            yield e, False


def _pool_effect(e: Any) -> bool:
    return isinstance(e, ast.CostReduction) or (isinstance(e, ast.SetStat) and e.stat.startswith("symbols")
                                               and e.purpose == "cost_reduction")


def while_paying(ab: Ability) -> bool:
    """Whether an ability works only while a cost is calculated (never as a board modification)."""
    if ab.timing == "while_paying_cost" or (ab.condition is not None and ab.condition.kind == "paying"):
        return True
    effects = [e for e, _ in _unwrap(ab.effects)]
    return bool(effects) and all(_pool_effect(e) for e in effects)


WHILE_PAYING.append(while_paying)
STATS["cost"] = cost_of


#: Every event a payment's condition may name.
PAYMENT_EVENTS = frozenset().union(*HOW_EVENTS.values())


def handles(ab: Ability) -> bool:
    """Whether this module carries out an ability in force while a cost is calculated (coverage asks):
    its condition names a payment (or there is none), its window is one the engine reads, and every
    part changes the symbols counted (`pool`) or meets the reduction symbols."""
    if ab.kind == AbilityKind.KEYWORD or not while_paying(ab):
        return False
    if ab.timing not in (None, "while_paying_cost") and derive.CONSTANT_TIMINGS.get(ab.timing) is None:
        return False
    cond = ab.condition
    if cond is not None and not (cond.kind in ("paying", "event") and ((cond.event is None and cond.kind == "paying")
                                                                         or cond.event in PAYMENT_EVENTS)):
        return False
    parts = [e for e, _ in _unwrap(ab.effects)]
    return bool(parts) and all(
        (isinstance(e, ast.SetStat) and e.stat.startswith("symbols") and e.target is not None) or
        _colour_change(e) or
        (isinstance(e, ast.CostReduction) and (e.mode == "fulfilled" or e.source is not None)) for e in parts)


def _names(cond: ast.Condition | None, state: State, holder: str, ctrl: str, paying: Paying) -> bool:
    """Whether an ability's condition names this payment (no condition: every payment of its controller)."""
    if cond is None:
        return paying.player == ctrl
    if cond.kind == "paying":
        card = cond.selector
        if cond.event is not None and cond.event not in HOW_EVENTS[paying.how]:
            return False
        if cond.zone is not None and cond.zone != paying.zone:
            return False
    elif cond.kind == "event" and cond.event in HOW_EVENTS[paying.how]:
        card = cond.object or cond.selector
        if cond.player is not None and paying.player not in select.whose(ctrl, cond.player, state):
            return False
    else:
        return False
    if card is None:
        return paying.player == ctrl
    if card.self_ref:
        return paying.card == holder
    if card.owner is None and paying.player != ctrl:
        return False
    loose = ast.Selector(**{**card.__dict__, "zone": None, "owner": None, "self_ref": False})
    return select.matches(state, paying.card, loose, holder)


def _holders(state: State, paying: Paying) -> Iterator[tuple[str, str, Ability]]:
    """(card, its controller, ability) of every ability in force while this cost is calculated: the
    payer's field cards at their level (their timing holding), and the card being paid for itself."""
    for fc in state.players[paying.player].field:
        for _, ab in derive.active_abilities(state, fc.id):
            if ab.kind == AbilityKind.KEYWORD or not while_paying(ab):
                continue
            if ab.timing not in (None, "while_paying_cost") and not derive.constant_active(state, fc.id, ab):
                continue
            if _names(ab.condition, state, fc.id, paying.player, paying):
                yield fc.id, paying.player, ab
    d = state.card_def(paying.card)
    if state.field_card(paying.card) is None and d is not None:
        for ab in d.abilities:
            if ab.kind != AbilityKind.KEYWORD and while_paying(ab) and ab.condition is not None \
                    and _names(ab.condition, state, paying.card, paying.player, paying):
                yield paying.card, paying.player, ab


@dataclass(frozen=True)
class Change:
    """One change to the symbols counted for a payment, and whether the payer may decline it."""

    holder: str
    effect: Any
    optional: bool


def _colour_change(e: Any) -> bool:
    """"Treat this spirit's symbol colour as purple (as well)" while a cost is calculated."""
    return isinstance(e, ast.SetStat) and e.stat == "colors" and bool(e.colors) and e.target is not None


def changes(state: State, paying: Paying) -> list[Change]:
    return [Change(holder, e, opt) for holder, _, ab in _holders(state, paying)
            for e, opt in _unwrap(ab.effects) if _pool_effect(e) or _colour_change(e) or (
                isinstance(e, ast.SetStat) and e.stat.startswith("symbols"))]


# the pool of symbols ---------------------------------------------------------------------------

def _targets(state: State, sel: ast.Selector, holder: str, player: str) -> list[str]:
    if sel.self_ref:
        return [holder] if state.field_card(holder) is not None else []
    out = []
    for p in select.whose(player, sel.owner or ast.Player.YOU, state):
        for fc in state.players[p].field:
            if not sel.card_types and state.defs[fc.card].type != "spirit":
                continue
            if select.matches(state, fc.id, sel, holder):
                out.append(fc.id)
    return out


def _pile(state: State, sel: ast.Selector, holder: str, player: str) -> list[str]:
    zone = sel.zone or "field"
    if zone == "field":
        return _targets(state, sel, holder, player)
    out = []
    for p in select.whose(player, sel.owner or ast.Player.YOU, state):
        pile = getattr(state.players[p], zone, ()) if zone in ("hand", "trash", "removed") else ()
        loose = ast.Selector(**{**sel.__dict__, "zone": None, "owner": None})
        out += [c for c in pile if c != holder and select.matches(state, c, loose, holder)]
    return out


def pool(state: State, paying: Paying, used: list[Change]) -> list[str]:
    """The symbols counted for this payment with these changes applied (dual colours kept "red/blue")."""
    per_card: dict[str, list[str]] = {fc.id: list(derive.symbols(state, fc.id))
                                      for fc in state.players[paying.player].field}
    for m in continuous.mods(state):     # resolved "count as N when calculating cost reduction" effects
        if m.kind == "reduction_symbols" and m.target in per_card:
            per_card[m.target] = _times(per_card[m.target], *m.value)
    only: list[str] | None = None
    extra: list[str] = []
    for ch in used:
        e = ch.effect
        if _colour_change(e):       # each symbol also (or only) of those colours: a dual symbol fits either
            extra_colours = "/".join(e.colors)
            for cid in _targets(state, e.target, ch.holder, paying.player):
                if cid in per_card:
                    per_card[cid] = [f"{s}/{extra_colours}" if e.also else extra_colours
                                     for s in per_card[cid]]
        elif isinstance(e, ast.SetStat):
            colour = continuous.symbol_colour(e) or ""
            for cid in _targets(state, e.target, ch.holder, paying.player):
                if cid in per_card:
                    per_card[cid] = _times(per_card[cid], e.value, colour)
        elif e.mode == "also" and e.source is not None:
            extra += [s for c in _pile(state, e.source, ch.holder, paying.player)
                      for s in state.card_def(c).symbols]
        elif e.mode == "only" and e.source is not None:
            keep = set(_pile(state, e.source, ch.holder, paying.player))
            only = [s for cid, syms in per_card.items() if cid in keep for s in syms]
    base = only if only is not None else [s for syms in per_card.values() for s in syms]
    return base + extra


def _times(symbols: list[str], n: int, colour: str = "") -> list[str]:
    return [colour or s for s in symbols for _ in range(n)]


def _reduction(d: CardDef, symbols_: list[str], fulfilled: int, all_met: bool) -> int:
    slots = list(d.reduction)
    if all_met:
        return len(slots)
    matched = derive.match_symbols(slots, symbols_) if slots else 0
    return min(len(slots), matched + fulfilled)


def reduced_cost(state: State, paying: Paying, used: list[Change], fulfilled: int = 0) -> tuple[int, int]:
    d = state.card_def(paying.card)
    all_met = any(isinstance(c.effect, ast.CostReduction) and c.effect.mode == "fulfilled" for c in used)
    red = _reduction(d, pool(state, paying, used), fulfilled, all_met)
    return max(0, cost_of(state, paying.card, paying) - red), red


def quote(state: State, paying: Paying, fulfilled: int = 0) -> tuple[int, int]:
    """(cost to pay, reduction) with every change applied, asking nobody (for previews and checks)."""
    return reduced_cost(state, paying, changes(state, paying), fulfilled)


def pay_cost(ctx: Ctx, paying: Paying, fulfilled: int = 0) -> int:
    """Determine the cost and its reduction for a payment (10-6-4/5 …), logging both; an optional
    change is the payer's decision, asked only when it changes what is paid. Returns the cost."""
    kind = {"summon": "summon", "place": "place", "use": "magic"}[paying.how]
    state = ctx.state
    d = state.card_def(paying.card)
    used: list[Change] = []
    for ch in changes(state, paying):
        if ch.optional:
            without = reduced_cost(state, paying, used, fulfilled)
            with_it = reduced_cost(state, paying, [*used, ch], fulfilled)
            if without == with_it:
                continue
            label = f"{name_of(state, ch.holder)}'s effect"
            if not ctx.ask_yes_no(f"{paying.player}: use {label} for the cost reduction of {name_of(state, paying.card)} "
                                  f"(cost {with_it[0]} instead of {without[0]})?", "card.reduction",
                                  f"{kind}.reduction", "effect.may", player=paying.player):
                ctx.log(f"{paying.player} does not use {label} for this cost", "effect.may")
                continue
        used.append(ch)
        ctx.log(f"{name_of(state, ch.holder)}: {_describe(ch.effect)} while this cost is calculated",
                "card.reduction", f"{kind}.reduction")
    cost = cost_of(state, paying.card, paying)
    if cost != d.cost:
        ctx.log(f"{name_of(state, paying.card)} has a cost of {cost} (printed {d.cost}) when its cost is determined",
                f"{kind}.cost", "cost.set")
    to_pay, red = reduced_cost(state, paying, used, fulfilled)
    dual = ("card.dual_symbol",) if any("/" in s for s in pool(state, paying, used)) else ()
    ctx.log(f"Cost {cost}, reduced by {red}: {to_pay} to pay", f"{kind}.cost", f"{kind}.reduction", "card.reduction",
            *dual)
    return to_pay


def _describe(e: Any) -> str:
    if _colour_change(e):
        return f"the symbols of the cards it names are {'/'.join(e.colors)}{' as well' if e.also else ''}"
    if isinstance(e, ast.SetStat):
        colour = continuous.symbol_colour(e)
        return f"each symbol of the cards it names counts as {e.value}{' ' + colour if colour else ''}"
    return {"also": "the symbols of the cards it names count too", "only": "only the symbols it names count",
            "fulfilled": "every reduction symbol is fulfilled"}.get(e.mode, e.mode)


# --- first_magic (folded in): A constant change to the cost of the first magic card a player uses
# each turn: "Reduce the cost of the first magic card you use each turn by 1." The cost of a magic
# card is determined as it is used (10-8-4), so the change applies to that payment when the player has
# used no magic card yet this turn; a record of the turn's uses (kept from the start of each use,
# whatever paid for it) decides "first", never asked. A board set up during a turn starts with an
# empty record (nothing before it is known to have happened). The change adds to the cost after any
# value an effect assigns to it, and a cost is

#: The selector state that names "the first magic card you use each turn".
FIRST = "first_used_each_turn"


def changes_first_magic(e: object) -> bool:
    """"Reduce the cost of the first magic card you use each turn by N"."""
    return isinstance(e, ast.CostChange) and e.per is None and e.target.state == FIRST and \
        tuple(e.target.card_types) == ("magic",) and e.target.owner in (None, ast.Player.YOU)


def record_magic_used(ctx: Ctx, player: str) -> None:
    """`player` uses a magic card now."""
    record.note(ctx, "magic_used", player)


def first_magic_change(state: State, card: str, player: str) -> int:
    """The sum of the active changes to the cost of `card`, a magic card `player` uses now."""
    if record.happened(state, "magic_used", player):
        return 0
    total = 0
    for fc in state.players[player].field:
        for _idx, ab in derive.active_abilities(state, fc.id):
            if ab.kind != AbilityKind.CONSTANT or not derive.constant_active(state, fc.id, ab):
                continue
            for e in ab.effects:
                if changes_first_magic(e) and select.matches(state, card, ast.Selector(count=1, card_types=e.target.card_types,
                                                                          colors=e.target.colors), fc.id):
                    total += e.amount
    return total


# --- next_summon (folded in): A cost assigned to the next card of a kind a player summons this turn:
# "the next red spirit card with Ascend you summon this turn will have a cost equal to your life
# total". The effect resolves before the card it names is chosen, so it does not apply to cards in an
# area (8-8-1-5) nor to cards selected when it resolves (8-8-1-4): it waits, for the rest of the turn,
# for that player's next summon of a card its selector names, and that summon's cost is determined
# with it (10-6-4) — the value it assigns ("your life total") read then. It applies once: the first
# matching summon of the turn uses it up

#: The modification waiting for the next matching summon.
NEXT_KIND = "next_summon_cost"
#: The selector state that names "the next … you summon this turn".
NEXT = "next_summoned_this_turn"


def assigns_next_summon(eff: ast.SetStat) -> bool:
    """"The next X you summon this turn will have a cost of N / equal to your life total"."""
    return eff.stat == "cost" and eff.target is not None and eff.target.state == NEXT and (
        eff.equal_to is None or eff.equal_to.stat in ("life", "reserve", "hand"))


def arm_next_summon(ctx: Ctx, eff: ast.SetStat, item: Work) -> None:
    """Leave the assignment waiting for the summoning player's next matching summon this turn."""
    sel = eff.target
    value: Any = eff.equal_to if eff.equal_to is not None else eff.value
    for who in select.whose(item.controller, sel.owner or ast.Player.YOU, ctx.state):
        add_mod(ctx, target=who, kind=NEXT_KIND, value=value, duration=ast.Duration.TURN,
                           source=item.source, controller=item.controller, extra=sel)
        shown = value if isinstance(value, int) else f"equal to {value.stat} (read when that cost is determined)"
        ctx.log(f"{item.label}: the next matching card {who} summons this turn will have a cost {shown}",
                "effect.duration", "summon.cost")


def next_summon_applies(state: State, m: Any, card: str, player: str, how: str) -> bool:
    """Whether a waiting assignment names this summon (its player, a card its selector matches)."""
    if m.kind != NEXT_KIND or how != "summon" or m.target != player or not isinstance(m.extra, ast.Selector):
        return False
    plain = replace(m.extra, zone=None, owner=None, state=None)
    return select.matches(state, card, plain, m.source)


def use_up_next_summon(ctx: Ctx, player: str, card: str) -> None:
    """A matching card was summoned: the assignments waiting for it are spent."""
    spent = [m for m in ctx.state.mods if next_summon_applies(ctx.state, m, card, player, "summon")]
    if spent:
        ctx.set(mods=tuple(m for m in ctx.state.mods if all(m is not s for s in spent)))
        ctx.log(f"{name_of(ctx.state, card)} is the next matching card {player} summons this turn: the cost "
                "assigned to it is used up", "summon.cost")


__all__ = ["FIRST", "NEXT", "NEXT_KIND", "Paying", "arm_next_summon", "assigns_next_summon", "changes", "changes_first_magic", "cost_of", "cost_when_paid", "first_magic_change", "next_summon_applies", "pay_cost", "pool", "quote", "record_magic_used", "reduced_cost", "use_up_next_summon", "while_paying"]
