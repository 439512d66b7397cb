"""Paying CP (5.2.1.3, 11.2): discard a card for 2 CP of its Element, dull a Backup for 1 CP.

A payment is legal when it covers the cost and its Element requirements (one CP of the card's
Element; one of each Element for a Multi-Element card, 11.4.6.2; none for Light/Dark, 11.4.6.3),
is exact except for the one excess CP per Element needed that a discard may produce (5.2.1.3.1),
and uses no source it did not need. Light and Dark cards cannot be discarded for CP.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from itertools import product

from judge.engine.fftcg.fieldreads import field_read
from judge.engine.fftcg.log import Log, Refused, not_modelled
from judge.engine.fftcg.state import ELEMENTS, State
from judge.engine.fftcg.zones.moves import move
from judge.engine.kernel.values import evolve as replace
from judge.text.ast import CostChange, Restriction

field_read(CostChange, concepts=("field_ability", "ongoing_order"), reader=__name__,
           meaning="the cost to cast the cards it names is changed while it is on the field")
field_read(Restriction, "can", "pay_with_any_element", concepts=("card_text_precedence",), reader=__name__,
           meaning="the cost may be paid with CP of any Element")
field_read(Restriction, "must", "pay_with_cp_from_backups", concepts=("card_text_precedence",), reader=__name__,
           own_only=True, meaning="its own cost may be paid only with CP that Backups produce")
field_read(Restriction, "must", "pay_with_fire_cp", concepts=("card_text_precedence",), reader=__name__,
           own_only=True, matches=lambda a: one_element(a) is not None,
           meaning="its own cost may be paid only with CP of that Element")
field_read(Restriction, "can", "produce_fire_cp", concepts=("card_text_precedence", "backup_cp"), reader=__name__,
           matches=lambda a: a.startswith("produce_") and a.endswith("_cp") and a[8:-3] in ELEMENTS,
           meaning="it produces CP of that Element as well as its own")
field_read(Restriction, "can", "produce_any_cp", concepts=("card_text_precedence",), reader=__name__,
           meaning="it produces CP of any Element")

_ICONS = {"火": "fire", "氷": "ice", "風": "wind", "雷": "lightning", "水": "water", "土": "earth",
          "光": "light", "闇": "dark"}


@dataclass(frozen=True, kw_only=True)
class Payment:
    """What a player offers for a cost: cards to discard (with a declared Element), Backups to dull."""

    discard: tuple[tuple[str, str | None], ...] = ()
    dull: tuple[str, ...] = ()
    lb: tuple[str, ...] = ()
    special: str | None = None


class Produced(Counter):
    """CP produced by a payment, per Element, remembering which Element each source produced and how
    much of it exceeds the cost (wasted, 5.2.1.3.1)."""

    choice: dict[str, str]
    wasted: int = 0


@dataclass(frozen=True, kw_only=True)
class CostReq:
    """A CP cost: the total and the minimum CP of each Element it needs."""

    total: int
    need: tuple[tuple[str, int], ...] = ()
    what: str = "the cost"

    @property
    def allowance(self) -> int:
        """Excess CP a discard may produce: one per Element needed (5.2.1.3.1), at least one."""
        return max(1, len(self.need))


def card_cost(elements: tuple[str, ...], cost: int, name: str) -> CostReq:
    """The CP cost of casting a card (11.4.6): its cost, and its Element(s) unless Light/Dark."""
    if cost <= 0:
        return CostReq(total=0, what=f"{name}'s cost")
    if any(e in ("light", "dark") for e in elements):
        return CostReq(total=cost, what=f"{name}'s cost")
    total = max(cost, len(elements))
    return CostReq(total=total, need=tuple((e, 1) for e in elements), what=f"{name}'s cost")


def cast_cost(s: State, uid: str, player: str, log: Log, x: int | None = None) -> int:
    """The cost to cast a card now, with every cost change applied, fixed and locked from here on
    (11.3.5 / 11.4.4, 11.3.7 / 11.4.6). Changes come from the card's own text and field abilities."""
    from judge.engine.fftcg.conditions import per_count

    d = s.card(uid)
    changes: list[tuple[str, int]] = []
    floors = []
    for src, ctrl, e in _casting_effects(s, uid, player, log, "CostChange"):
        n = per_count(s, e.per, ctrl, src) if e.per is not None else 1
        if n is None:
            not_modelled(log, f"what the \"for each …\" of a cost change of {d.name} counts ({e.per.zone})")
            continue
        if n and e.amount:
            changes.append((src, e.amount * n))
            floors.append(e.floor or 0)
    for i in resolved_changes(s, uid, player):          # "… this turn": from a resolved effect (11.12.4.1)
        _, e, src, amount = s.cost_changes[i]
        changes.append((src, amount))
        floors.append(e.floor or 0)
    base = x if d.x_cost and x is not None else d.cost      # a cost printed as X: the value set (11.3.5)
    lowest = min(base, max(floors, default=0))              # "(it cannot become 0)": no lower than its floor
    cost = max(lowest, base + sum(n for _, n in changes))
    if changes:
        keys = ("summon_cost_fixed", "summon_cost_locked") if d.type == "summon" else \
            ("character_cost_fixed", "character_cost_locked")
        log.add(f"{d.name} costs {cost} to cast now (" + ", ".join(f"{n:+d} from {s.name_of(src)}"
                                                                   for src, n in changes) + "); the cost is now locked",
                *keys)
    return cost


def resolved_changes(s: State, uid: str, player: str) -> list[int]:
    """Indexes in `State.cost_changes` of the resolved cost changes that apply to `player` casting this card."""
    from judge.engine.fftcg.query import matches

    return [i for i, (p, e, src, _) in enumerate(s.cost_changes)
            if p == player and matches(s, uid, _as_owned(s, uid, player, replace(e.target, count=None, state=None)),
                                       player, src)]


def _as_owned(s: State, uid: str, player: str, sel):
    """A card `player` may cast "as though you owned it" (11.12.4.1) is one of "your" cards for what applies to
    casting it: the selector's owner is not asked of it."""
    return replace(sel, owner=None) if s.may_cast_card(player, uid) and sel.owner is not None else sel


def use_cost_changes(s: State, uid: str, player: str, log: Log) -> State:
    """A card was cast: "your next Summon …" changes that applied to it are used up."""
    used = [i for i in resolved_changes(s, uid, player) if s.cost_changes[i][1].target.state == "next"]
    if not used:
        return s
    log.add(f"The change to the cost of {player}'s next card of that kind is used up by {s.name_of(uid)}",
            "card_text_precedence")
    return replace(s, cost_changes=tuple(c for i, c in enumerate(s.cost_changes) if i not in used))


def _casting_effects(s: State, uid: str, player: str, log: Log, kind: str):
    """(source, its controller, effect) of every field-ability effect of type `kind` that applies to casting this
    card now: the card's own text ("the cost required to cast X …") and any card on the field naming it."""
    from judge.engine.fftcg.query import abilities, matches, printed

    sources = [(uid, ab) for ab in printed(s, uid)] + [(c.uid, ab) for c in s.field for ab in abilities(s, c.uid)]
    for src, ab in sources:
        if ab.kind.value not in ("field", "constant") or ab.cost is not None:
            continue
        ctrl = player if src == uid else s.char(src).controller
        for e in _applying(s, ab.effects, ctrl, src, log):
            if type(e).__name__ != kind or getattr(e, "target", None) is None:
                continue
            if e.target.self_ref and src != uid:
                continue
            if not e.target.self_ref and not matches(s, uid, _as_owned(s, uid, ctrl, e.target), ctrl, src):
                continue
            yield src, ctrl, e


def cast_req(s: State, uid: str, player: str, log: Log, x: int | None = None) -> CostReq:
    """The CP a player pays to cast a card now: its cost after changes (`cast_cost`), of its Element(s) unless an
    effect lets it "be paid with CP of any Element" (2.1 over 11.3.7 / 11.4.6)."""
    d = s.card(uid)
    req = card_cost(d.elements, cast_cost(s, uid, player, log, x=x), d.name)
    freed = [src for src, _, e in _casting_effects(s, uid, player, log, "Restriction")
             if e.mode == "can" and e.action == "pay_with_any_element"]
    if freed and req.need:
        log.add(f"{d.name}'s cost can be paid with CP of any Element ({s.name_of(freed[0])})", "card_text_precedence")
        return CostReq(total=req.total, what=req.what)
    return req


def backups_only(s: State, uid: str, player: str, pay: Payment, log: Log) -> None:
    """"You can only pay with CP produced by (Ice) Backups to cast X": a payment with a discard, or with a Backup
    of another kind, is refused (2.1 over 5.2.1.3)."""
    from judge.engine.fftcg.query import matches

    for src, _, e in _casting_effects(s, uid, player, log, "Restriction"):
        if e.mode == "must" and one_element(e.action):
            _one_element_only(s, uid, one_element(e.action), pay, log)
            continue
        if e.mode != "must" or e.action != "pay_with_cp_from_backups":
            continue
        what = f"{s.name_of(uid)} can only be paid with CP produced by " + \
            (" ".join(c.title() for c in e.by.colors) + " " if e.by is not None and e.by.colors else "") + "Backups"
        if pay.discard:
            raise Refused(f"{what} (its own text): no card can be discarded for it", "card_text_precedence",
                          "cp_generation")
        bad = [b for b in pay.dull if e.by is not None and not matches(s, b, e.by, player, src)]
        if bad:
            raise Refused(f"{what} (its own text): {', '.join(s.name_of(b) for b in bad)} cannot pay it",
                          "card_text_precedence", "cp_generation")
        log.add(f"{what} (its own text), and it is", "card_text_precedence", "cp_generation")


def one_element(action: str) -> str | None:
    """The Element of "you can only pay with (Fire) CP to cast X" (action pay_with_<element>_cp), or None."""
    m = re.fullmatch(r"pay_with_([a-z]+)_cp", action)
    return m.group(1) if m and m.group(1) in ELEMENTS else None


def _one_element_only(s: State, uid: str, element: str, pay: Payment, log: Log) -> None:
    """Every CP paid must be of that Element (2.1 over 5.2.1.3): a discarded card or a dulled Backup that cannot
    produce it is refused."""
    what = f"{s.name_of(uid)} can only be paid with {element.title()} CP"
    bad = [c for c, declared in pay.discard
           if (declared.lower() if declared else None) not in (element, None)
           or s.card(c) is None or element not in s.card(c).elements]
    bad += [b for b in pay.dull if s.card(b) is None or element not in s.card(b).elements]
    if bad:
        raise Refused(f"{what} (its own text): {', '.join(s.name_of(b) for b in bad)} cannot produce it",
                      "card_text_precedence", "cp_generation")
    log.add(f"{what} (its own text), and it is", "card_text_precedence", "cp_generation")


def cost_option(ab) -> bool:
    """An ability that offers an extra cost to change the card's own cost ("Before paying the cost to cast X,
    you can remove … to reduce the cost by 5"): part of casting it (11.3.5, 11.4.4), not of what it does."""
    from judge.text.ast import CostChange, Optional

    return any(isinstance(e, Optional) and any(isinstance(x, CostChange) and x.target.self_ref for x in e.effects)
               for e in ab.effects)


def _applying(s: State, effects, controller: str, source: str, log: Log):
    """The effects of a field ability that apply now: "If …, …" parts only while they hold (11.9.1)."""
    from judge.engine.fftcg.conditions import holds
    from judge.engine.fftcg.query import is_ongoing_condition
    from judge.text.ast import Sequence

    for e in effects:
        if isinstance(e, Sequence):
            yield from _applying(s, e.effects, controller, source, log)
        elif is_ongoing_condition(e):
            ok = holds(s, e.condition, controller, source)
            if ok is None:
                not_modelled(log, f'whether "{e.condition.text}" holds for a cost change of {s.name_of(source)}')
            elif ok:
                yield from _applying(s, e.effects, controller, source, log)
        else:
            yield e


def ability_cost(cp: tuple[str, ...], what: str) -> CostReq:
    """The CP part of an ability cost: Element icons and generic numbers (11.6.2.1)."""
    need: Counter[str] = Counter()
    generic = 0
    for icon in cp:
        token = _ICONS.get(str(icon), str(icon).lower())
        if token in ELEMENTS:
            need[token] += 1
        elif token.isdigit():
            generic += int(token)
        elif token in ("x",):
            continue
        else:
            raise Refused(f"the engine does not know the cost icon {icon!r}", "action_cost")
    return CostReq(total=sum(need.values()) + generic, need=tuple(sorted(need.items())), what=what)


def _sources(s: State, player: str, pay: Payment, casting: str | None) -> list[tuple[str, tuple[str, ...], int]]:
    """(card, Elements it may produce, CP amount) for each source offered, checked (11.2.1.1)."""
    out = []
    z = s.zones[player]
    for uid, declared in pay.discard:
        if uid not in s.objs or uid not in z.hand:
            raise Refused(f"{uid} is not in {player}'s hand, so it cannot be discarded for CP", "pay_cp")
        if uid == casting:
            raise Refused(f"{uid} is the card being cast; it cannot also be discarded for CP", "pay_cp")
        d = s.card(uid)
        if d is None:
            raise Refused(f"{uid} is an unknown card; name it in cards: to discard it for CP", "pay_cp")
        if d.light_dark:
            raise Refused(f"{s.name_of(uid)} is a Light/Dark card: it cannot be discarded to produce CP",
                          "cp_generation", "pay_cp")
        elements = d.elements
        if declared is not None:
            if declared not in elements:
                raise Refused(f"{s.name_of(uid)} has no {declared} Element to declare", "cp_generation")
            elements = (declared,)
        out.append((uid, elements, 2))
    for uid in pay.dull:
        c = s.char(uid)
        if c is None or c.controller != player:
            raise Refused(f"{uid} is not a Backup {player} controls, so it cannot be dulled for CP",
                          "pay_cp", "cost_own_characters")
        d = s.card(uid)
        if d is None or d.type != "backup":
            raise Refused(f"{s.name_of(uid)} is not a Backup; only Backups are dulled for CP", "backup_cp", "pay_cp")
        if c.dull:
            raise Refused(f"{s.name_of(uid)} is already dull and cannot produce CP", "backup_cp", "pay_cp")
        out.append((uid, ELEMENTS if _any_cp(s, uid) else (*d.elements, *_more_cp(s, uid, d.elements)), 1))
    if len({u for u, _, _ in out}) != len(out):
        raise Refused("the same card is offered twice in one payment", "pay_cp")
    return out


def _more_cp(s: State, uid: str, own: tuple[str, ...]) -> tuple[str, ...]:
    """"X can produce Water CP": the Elements a Backup produces beside its own (2.1 over 5.2.3.1.1.3)."""
    from judge.engine.fftcg.restrictions import restricted

    return tuple(el for el in ELEMENTS if el not in own and restricted(s, uid, f"produce_{el}_cp", mode="can"))


def _any_cp(s: State, uid: str) -> bool:
    """"X can produce CP of any Element" / "The Backups you control can produce CP of any Element" (2.1 over
    5.2.3.1.1.3): its own field ability or another card's naming it, applying now."""
    from judge.engine.fftcg.restrictions import restricted

    return restricted(s, uid, "produce_any_cp", mode="can")


def _assignments(sources: list[tuple[str, tuple[str, ...], int]]):
    for choice in product(*(els for _, els, _ in sources)):
        produced: Counter[str] = Counter()
        for (_, _, n), e in zip(sources, choice, strict=True):
            produced[e] += n
        yield choice, produced


def _covers(produced: Counter[str], req: CostReq) -> bool:
    return sum(produced.values()) >= req.total and all(produced[e] >= n for e, n in req.need)


def _feasible(sources: list[tuple[str, tuple[str, ...], int]], req: CostReq) -> tuple[tuple[str, ...], Counter] | None:
    best = None
    for choice, produced in _assignments(sources):
        if _covers(produced, req) and (best is None or sum(produced.values()) < sum(best[1].values())):
            best = (choice, produced)
    return best


def check_payment(s: State, player: str, pay: Payment, req: CostReq, casting: str | None = None,
                  keys: tuple[str, ...] = ("pay_cp",)) -> Counter[str]:
    """The CP produced by a legal payment of `req`; Refused naming the rule it breaks otherwise."""
    sources = _sources(s, player, pay, casting)
    if req.total == 0:
        if sources:
            raise Refused(f"{req.what} is 0 CP; no CP may be produced for it", "exact_cp", *keys)
        return Counter()
    found = _feasible(sources, req)
    produced_total = sum(n for _, _, n in sources)
    if found is None:
        need = ", ".join(f"{n} {e}" for e, n in req.need)
        elements = f" including at least {need} CP" if need else ""
        raise Refused(f"the payment produces {produced_total} CP, which does not pay {req.what} "
                      f"({req.total} CP{elements})", "cost_element", *keys)
    choice, counted = found
    produced = Produced(counted)
    produced.choice = {uid: e for (uid, _, _), e in zip(sources, choice, strict=True)}
    for i in range(len(sources)):
        if _feasible(sources[:i] + sources[i + 1:], req) is not None:
            raise Refused(f"{sources[i][0]} is not needed: CP must be paid exactly, the only excess allowed is "
                          f"what a discard produces (one per Element needed)", "exact_cp", *keys)
    excess = produced_total - req.total
    if excess > 0 and not pay.discard:
        raise Refused(f"the payment produces {excess} CP too many", "exact_cp", *keys)
    if excess > req.allowance:
        raise Refused(f"the payment produces {excess} excess CP; at most {req.allowance} may be wasted",
                      "exact_cp", *keys)
    produced.wasted = excess
    return produced


def apply_payment(s: State, player: str, pay: Payment, produced: Counter[str], log: Log,
                  keys: tuple[str, ...] = ("pay_cp",)) -> State:
    """Discard and dull the sources (all at once, 11.4.7), recording the CP produced and paid."""
    for uid, declared in pay.discard:
        element = declared or getattr(produced, "choice", {}).get(uid) or "/".join(s.card(uid).elements)
        s = move(s, uid, "break", log, quiet=True)
        if s.card(uid).multi_element:
            log.add(f"{player} discards {s.name_of(uid)}, a Multi-Element card, declaring {element}: 2 {element} CP",
                    "cp_generation", "pay_cp", changes=(f"{uid}: hand -> break",))
        else:
            log.add(f"{player} discards {s.name_of(uid)} for 2 {element} CP", "cp_generation",
                    changes=(f"{uid}: hand -> break",))
    for uid in pay.dull:
        s = s.with_char(uid, dull=True)
        log.add(f"{player} dulls {s.name_of(uid)} for 1 CP", "backup_cp", changes=(f"{uid}: dull",))
    if produced:
        summary = ", ".join(f"{n} {e}" for e, n in sorted(produced.items()))
        log.add(f"{player} produces {summary} CP and pays the cost with it", *keys)
        wasted = getattr(produced, "wasted", 0)
        if wasted:
            log.add(f"{wasted} CP more than the cost came from discarding, which is allowed; it is wasted",
                    "exact_cp")
    return replace(s, cp_paid=tuple(sorted(produced.items())),
                   cp_sources=(*(("discard", u) for u, _ in pay.discard), *(("dull", u) for u in pay.dull)))


def lb_flip(s: State, player: str, uid: str, pay: Payment, n: int, log: Log) -> State:
    """Pay a Limit Break cost: turn N other face-down LB cards face up (15.2.8.3.2)."""
    down = [u for u, up in s.zones[player].lb_deck if not up and u != uid]
    chosen = list(pay.lb)
    if not chosen and len(down) == n:
        chosen = down
        log.add(f"{player} has exactly {n} other face-down LB card(s): the only choice for the LB cost", "lb_cost")
    elif not chosen and len(down) > n:
        raise Refused(f"the LB cost is {n}: say which {n} of the face-down LB cards {', '.join(down)} are turned "
                      f"face up (pay: {{lb: [...]}})", "lb_cost", "lb_cast")
    if len(chosen) != n or any(u not in down for u in chosen):
        raise Refused(f"the LB cost is {n}: turn {n} other face-down LB card(s) face up", "lb_cost", "lb_cast")
    s = s.with_zones(player, lb_deck=tuple((u, True if u in chosen else up) for u, up in s.zones[player].lb_deck))
    log.add(f"{player} casts {s.name_of(uid)} from the LB deck and pays its LB cost by turning "
            f"{', '.join(chosen)} face up", "lb_cast", "lb_cost")
    return s
