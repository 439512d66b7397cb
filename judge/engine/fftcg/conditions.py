"""Whether a printed condition holds on a board now (11.8.13 conditions, 11.9 conditional field abilities).

One evaluator for every place a condition is read: a conditional field ability ("If you control 3
or more Job Knight Forwards, X gains Haste", re-read whenever the board is looked at, so it turns on
and off as the board changes, 11.9.1 / 11.12.4.4), a conditional auto-ability when it triggers and
resolves (11.8.13, 11.11.3) and "If …, …" inside an effect. `holds` answers True, False, or None
when the engine cannot evaluate that kind of condition: callers must then say so in the ruling,
never treat it as true.

The kinds come from the card grammar (judge/text/fftcg/conditions.py and friends): counts of the
cards a player controls with a property, damage received, cards in hand / Break Zone / LB deck /
removed, presence of an Element / Job / Category / name (a selector), a Character's state.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from judge.engine.fftcg.reads import READS
from judge.engine.fftcg.state import State, other
from judge.engine.kernel import Registry
from judge.text.ast import (
    Condition,
    Controls,
    DamageCount,
    HandCount,
    Player,
    Selector,
    Threshold,
)

_OPS = {"<=": lambda a, b: a <= b, ">=": lambda a, b: a >= b, "==": lambda a, b: a == b,
        "<": lambda a, b: a < b, ">": lambda a, b: a > b}


def compare(value: int, t: Threshold) -> bool:
    return _OPS[t.op](value, t.value)


def _players(owner: Player | None, controller: str) -> list[str]:
    if owner in (None, Player.YOU):
        return [controller]
    if owner == Player.OPPONENT:
        return [other(controller)]
    return [controller, other(controller)]


def _split(sel: Selector) -> tuple[Selector, Threshold | None]:
    """A selector without its count requirement, and that requirement ("3 or more" / "only 1" / "a")."""
    count = next((t for t in sel.thresholds if t.stat == "count" and t.ref is None), None)
    plain = replace(sel, thresholds=tuple(t for t in sel.thresholds if t is not count), count=None, also=())
    return plain, count


def _count(s: State, sel: Selector, controller: str, source: str | None, owner: Player | None) -> int:
    candidates = READS.candidates

    plain = replace(sel, owner=owner if owner is not None else sel.owner or Player.YOU)
    if plain.zone in (None, "field"):
        return len(candidates(s, plain, controller, source))
    if plain.zone in ("hand", "break", "deck", "damage"):
        return len(candidates(s, plain, controller, source))
    if plain.zone == "removed":
        return sum(len(s.zones[p].removed) for p in _players(plain.owner, controller))
    if plain.zone == "lb_deck_face_up":
        return sum(1 for p in _players(plain.owner, controller) for _, up in s.zones[p].lb_deck if up)
    raise _Unknown


class _Unknown(Exception):
    """The condition names something this engine does not keep track of."""


def waits_for(cond: Any) -> str | None:
    """The event a condition waits for (a replacement's "If X is …, … instead", 11.12.5), or None: the nodes
    of the FFTCG condition family are all read from the board, only a `Condition` of kind "event" waits."""
    return cond.event if isinstance(cond, Condition) else None


def _controls(q: _Q) -> bool:
    """6.2 "you control 3 or more Job Knight Forwards", "your opponent controls no Backups", "neither player
    controls X" (none of both players'), "either player controls X" (one of them does)."""
    c: Controls = q.cond
    if c.none:
        return q.count(_split(c.selector)[0], c.player) == 0
    owners = (Player.YOU, Player.OPPONENT) if c.player in (Player.ANY, Player.EACH) else (c.player,)
    found = [_control(q.s, c, q.me, q.source, owner) for owner in owners]
    return all(found) if c.player is Player.EACH else any(found)


def _control(s: State, cond: Any, controller: str, source: str | None, owner: Player) -> bool:
    """"you control 3 or more Job Knight Forwards" / "only 1 Forward" / "a wind Backup and a fire Backup"."""
    sel = cond.selector
    assert sel is not None
    for part in (sel, *sel.also):
        plain, need = _split(part)
        if part is sel and cond.threshold is not None and cond.threshold.stat == "count":
            need = cond.threshold
        need = need or Threshold("count", ">=", part.count or 1)
        if not compare(_count(s, plain, controller, source, owner), need):
            return False
    return True


def _state(s: State, sel: Selector, controller: str, source: str | None) -> bool:
    """"If X is dull / active / attacking / blocking / frozen / damaged" (6.3, 10.1)."""
    matches = READS.matches

    uid = source if sel.self_ref else None
    if uid is None:
        found = [c.uid for c in s.field if matches(s, c.uid, replace(sel, state=None), controller, source)]
        if len(found) != 1:
            raise _Unknown
        uid = found[0]
    c = s.char(uid)
    if c is None:
        return False
    state = sel.state
    if state in ("dull", "active"):
        return c.dull == (state == "dull")
    if state == "frozen":
        return c.frozen
    if state == "damaged":
        return c.damage > 0
    if state in ("attacking", "blocking"):
        b = s.battle
        if b is None:
            return False
        return uid in b.attackers if state == "attacking" else b.blocker == uid
    raise _Unknown


class _Q:
    """One condition being read: the board, the condition, whose point of view, its source, what resolves."""

    __slots__ = ("cond", "ctx", "me", "s", "source")

    def __init__(self, s: State, cond: Condition, me: str, source: str | None, ctx: Any) -> None:
        self.s, self.cond, self.me, self.source, self.ctx = s, cond, me, source, ctx

    @property
    def t(self) -> Threshold:
        if self.cond.threshold is None:
            raise _Unknown
        return self.cond.threshold

    @property
    def sel(self) -> Selector:
        if self.cond.selector is None:
            raise _Unknown
        return self.cond.selector

    def count(self, sel: Selector, owner: Player | None = None) -> int:
        return _count(self.s, sel, self.me, self.source, owner)


def _damage(q: _Q) -> bool:
    """7.8.2 the points of damage a player has received: the cards in their Damage Zone."""
    c: DamageCount = q.cond
    return compare(len(q.s.zones[other(q.me) if c.player is Player.OPPONENT else q.me].damage), c.threshold)


def _hand(q: _Q) -> bool:
    """"you have 2 cards or less in your hand", "your opponent has …", "each player has no cards" (each: all
    of them; either player: any of them)."""
    c: HandCount = q.cond
    owner = c.player
    sizes = [len(q.s.zones[p].hand) for p in _players(owner, q.me)]
    q = _Q(q.s, c, q.me, q.source, q.ctx)
    th = c.threshold
    return any(compare(n, th) for n in sizes) if owner == Player.ANY else all(compare(n, th) for n in sizes)


def _in_zone(q: _Q) -> bool:
    """"X is in the Break Zone / in your hand": where the card is now (7.1)."""
    from judge.engine.fftcg.state import where

    zone = q.sel.zone
    if zone is None or not q.sel.self_ref or q.source is None:
        raise _Unknown
    return where(q.s, q.source)[0] == zone


def _counters(q: _Q) -> bool:
    """"3 or more Barrier Counters are placed on X" (6.7.2: counters of that name)."""
    zone = q.sel.zone or ""
    if not zone.startswith("counters:"):
        raise _Unknown
    n = per_count(q.s, q.sel, q.me, q.source)
    if n is None:
        raise _Unknown
    return compare(n, q.t)


def _different_elements(q: _Q) -> bool:
    """"the Backups you control are all of different Elements" (5.2.1.1)."""
    candidates = READS.candidates

    found = candidates(q.s, replace(q.sel, owner=q.sel.owner or Player.YOU), q.me, q.source)
    elements = [e for u in found for e in q.s.card(u).elements]
    return len(elements) == len(set(elements))


def _all_of(field: str):
    """"all the Characters you control have Ice Element" / "… have Job X": every card that fits has it."""
    def read(q: _Q) -> bool:
        candidates = READS.candidates

        if q.sel.zone not in (None, "field"):
            raise _Unknown
        everyone = candidates(q.s, replace(q.sel, **{field: ()}), q.me, q.source)
        return all(u in candidates(q.s, q.sel, q.me, q.source) for u in everyone)
    return read


def _during(q: _Q) -> bool:
    """"during your turn / your opponent's turn" (11.12.4.4): whose turn it is now."""
    w = q.cond.window
    if w is None:
        raise _Unknown
    if w.phase is not None:                      # "during (your / each) Attack Phase": that phase now
        now = {"main1": "main", "main2": "main"}.get(q.s.phase.value, q.s.phase.value)
        if any(p not in ("active", "draw", "main", "attack", "end") for p in w.phase.split("|")):
            raise _Unknown
        if now not in w.phase.split("|"):
            return False
    if w.whose == Player.OPPONENT:
        return q.s.turn_player != q.me
    return w.whose in (Player.ANY, Player.EACH) or q.s.turn_player == q.me


def _cast(q: _Q) -> bool:
    """"you have cast 3 or more cards (other than X) this turn" (from the turn's record)."""
    sel = q.cond.selector
    casts = [u for u, p in q.s.happened("cast") if p == q.me and not (sel is not None and sel.other and u == q.source)]
    return compare(len(casts), q.t)


def _break_count(q: _Q) -> bool:
    if q.cond.selector is None:
        return compare(len(q.s.zones[q.me].break_zone), q.t)
    return compare(q.count(replace(q.sel, zone="break")), q.t)


def _have(q: _Q) -> bool:
    plain, need = _split(q.sel)
    t = q.cond.threshold
    need = t if q.cond.kind != "have" and t is not None else need or Threshold("count", ">=", q.sel.count or 1)
    return compare(q.count(plain), need)


def _count_compare(q: _Q) -> bool:
    if q.t.ref is None:
        raise _Unknown
    return compare(q.count(q.sel) - q.count(q.t.ref), Threshold("count", q.t.op, 0))


def _one_card(q: _Q, sel: Selector | None) -> str:
    """The card a condition is about: its source ("X is on the field"), the card the effect chose or the
    event happened to ("its cost is 5 or more"), or the one card on the field that fits."""
    if sel is not None and sel.choose == "choose" and not sel.self_ref:     # "Choose 1 Forward. If its cost …"
        chosen = (getattr(q.ctx, "targets", None) or {}).get(replace(sel, span=None))
        if chosen is not None and len(chosen) == 1:
            return chosen[0]
    if sel is None or sel.ref in ("it", "them") or (sel.choose == "choose" and not sel.self_ref):
        chosen = [u for uids in (getattr(q.ctx, "targets", None) or {}).values() for u in uids]
        if len(chosen) == 1:
            return chosen[0]
        subject = getattr(q.ctx, "subject", None)
        if subject is not None and not chosen:
            return subject
        raise _Unknown
    if sel.self_ref:
        if q.source is None:
            raise _Unknown
        return q.source
    candidates = READS.candidates

    found = candidates(q.s, sel, q.me, q.source)
    if len(found) != 1:
        raise _Unknown
    return found[0]


def _power(q: _Q) -> bool:
    power = READS.power

    uid = _one_card(q, q.cond.selector)
    value = q.t.value if q.t.ref is None else power(q.s, _one_card(q, q.t.ref))
    return q.s.char(uid) is not None and compare(power(q.s, uid), Threshold("power", q.t.op, value))


def _its_cost(q: _Q) -> bool:
    d = q.s.card(_one_card(q, q.cond.selector))
    if d is None or q.t.value < 0:          # an unbound X (4.5)
        raise _Unknown
    return compare(d.cost, q.t)


def _on_field(q: _Q) -> bool:
    return q.s.char(_one_card(q, q.sel)) is not None


def _elements(q: _Q) -> bool:
    candidates = READS.candidates

    found = candidates(q.s, replace(q.sel, owner=q.sel.owner or Player.YOU), q.me, q.source)
    return compare(len({e for u in found for e in q.s.card(u).elements}), q.t)


def _have_crystal(q: _Q) -> bool:
    if q.cond.threshold is None:
        return q.s.crystals_of(q.me) >= 1
    return compare(q.s.crystals_of(q.me), q.cond.threshold)     # "3 or more 《C》" / "2 or less 《C》" (6.8)


def _ex_burst(q: _Q) -> bool:
    """"If X results from an EX Burst": the Summon or ability resolving now was used as an EX Burst (11.10)."""
    if q.ctx is None:
        raise _Unknown
    return bool(getattr(q.ctx, "ex_burst", False))


# ---- what happened this turn (State.turn_log) --------------------------------------------------------

def _events(q: _Q, event: str, sel: Selector | None) -> list[str | None]:
    """The cards `event` happened to this turn that fit `sel` (its owner read as who controlled them then)."""
    out = []
    for uid, player in q.s.happened(event):
        if sel is not None:
            if (sel.owner == Player.YOU and player != q.me) or (sel.owner == Player.OPPONENT and player == q.me):
                continue
            matches = READS.matches

            if uid is None or not matches(q.s, uid, replace(sel, owner=None, thresholds=_no_count(sel)), q.me, None):
                continue
        out.append(uid)
    return out


def _no_count(sel: Selector) -> tuple[Threshold, ...]:
    return tuple(t for t in sel.thresholds if t.stat != "count")


def _happened(event: str, mine: bool = False):
    """A condition true when `event` happened this turn to enough cards that fit (of its player, if `mine`)."""
    def read(q: _Q) -> bool:
        sel = q.cond.selector
        if mine:
            sel = replace(sel, owner=Player.YOU) if sel is not None else Selector(count=None, owner=Player.YOU)
        _, need = _split(sel) if sel is not None else (None, None)
        need = q.cond.threshold if q.cond.threshold is not None and q.cond.threshold.stat != "cost" else need
        return compare(len(_events(q, event, sel)), need or Threshold("count", ">=", 1))
    return read


def _all(q: _Q) -> bool:
    """"If A and if B, …": every part holds (11.8.13); one part the engine cannot read leaves the whole
    unread unless another part is already false."""
    if not q.cond.parts:
        raise _Unknown
    results = [holds(q.s, c, q.me, q.source, q.ctx) for c in q.cond.parts]
    if any(r is False for r in results):
        return False
    if any(r is None for r in results):
        raise _Unknown
    return True


def _cost_vs(q: _Q) -> bool:
    """"its cost is equal to or less than the number of X you control / the damage you have received": the
    card's cost against a count read now (5.2.1.2)."""
    d = q.s.card(_one_card(q, q.cond.selector))
    if d is None:
        raise _Unknown
    if q.cond.kind == "cost_vs_damage":
        value = len(q.s.zones[q.me].damage)
    elif q.t.ref is not None:
        value = q.count(q.t.ref)
    else:
        raise _Unknown
    return compare(d.cost, Threshold("cost", q.t.op, value))


def _damage_marked(q: _Q) -> bool:
    """"X has received 4000 damage or more": the damage marked on that Forward this turn (5.2.6.1)."""
    c = q.s.char(_one_card(q, q.cond.selector))
    return c is not None and compare(c.damage, q.t)


def _removed_count(q: _Q) -> bool:
    return compare(sum(len(z.removed) for z in q.s.zones.values()), q.t)


#: condition kind → how it is read from the board (the kernel's registry; the rest are "not modelled"). The
#: nodes of the FFTCG condition family register under their node kind (`Controls` → "controls").
READERS: Registry[str] = Registry("FFTCG conditions")
for _kind, _reader in {
    "controls": _controls, "damage_count": _damage, "hand_count": _hand, "during_turn": _during,
    "all_of": lambda q: _all(q),
    "possible": lambda q: True,      # "If possible, X must block": an obligation met whenever it can be; the attack
    #                                  and block rules say when it cannot (10.1.2.1.3, 10.1.3.1.3, 2.3)
    "damage_vs_opponent": lambda q: compare(len(q.s.zones[q.me].damage) - len(q.s.zones[other(q.me)].damage), q.t),
    "count": lambda q: compare(q.count(q.sel), q.t),
    "break_count": _break_count,
    "have": _have, "lb_face_up": _have, "removed": _have,
    "count_compare": _count_compare,
    "state": lambda q: _state(q.s, q.sel, q.me, q.source) if q.sel.state else _raise(),
    "power": _power, "its_cost": _its_cost, "on_field": _on_field, "elements": _elements,
    "have_crystal": _have_crystal, "ex_burst": _ex_burst,
    "removed_count": _removed_count,
    "entered": _happened("entered", mine=True),
    "entered_this_turn": _happened("entered", mine=True),
    "in_zone": _in_zone, "counters": _counters, "different_elements": _different_elements, "cast": _cast,
    "all_of_element": _all_of("colors"), "all_have_job": _all_of("families"),
    "cast_this_turn": _happened("cast", mine=True),
    "cast_count": lambda q: compare(len([p for _, p in q.s.happened("cast") if p == q.me]), q.t),
    "damaged_this_turn": lambda q: any(p == q.me for _, p in q.s.happened("damaged")),
    "drawn": lambda q: compare(len([p for _, p in q.s.happened("drawn") if p == q.me]), q.t),
    "put_into_break_zone_this_turn": _happened("to_break_from_field"),
    "returned_to_hand_this_turn": _happened("returned"),
    "left_field_this_turn": _happened("left_field"),
    "attacking_this_turn": _happened("attacked"),
    "formed_party_this_turn": _happened("party"),
    "attacks_this_turn": _happened("attacked"),
    "cost_vs_count": _cost_vs, "cost_vs_damage": _cost_vs, "damage_received": _damage_marked,
}.items():
    READERS.register(_kind, meaning="a condition read from the board")(_reader)


def _raise() -> bool:
    raise _Unknown


#: events of this turn the board records (State.turn_log), read by "if … has happened this turn"
PAST_EVENTS = {"opponent_discards": "opp_discarded"}


def past_event(cond: Any) -> str | None:
    """The turn-log record a "… this turn" event condition reads ("if your opponent has discarded a card due to
    your Summons or abilities this turn"), or None."""
    if not isinstance(cond, Condition):
        return None
    occurs = cond.occurs
    if cond.event not in PAST_EVENTS or occurs is None or "this_turn" not in occurs.qualifiers:
        return None
    if occurs.by is None or occurs.by.owner != Player.YOU or set(occurs.qualifiers) - {"this_turn"}:
        return None
    return PAST_EVENTS[cond.event]


def _evaluate(s: State, cond: Condition, controller: str, source: str | None, ctx: Any = None) -> bool:
    record = past_event(cond)
    if record is not None:
        return any(p == controller for _, p in s.happened(record)) != cond.negated
    entry = READERS.get(cond.kind)
    if entry is None:
        raise _Unknown
    return entry.handler(_Q(s, cond, controller, source, ctx))


def evaluated_kinds() -> frozenset[str]:
    """The condition kinds this engine reads from the board (the rest are "not modelled")."""
    return frozenset(READERS)


#: the zones whose cards "for each …" counts (`per_count`); besides, "elements_among", "crystals", "counters:<name>"
_PER_CARDS = (None, "field", "hand", "break", "deck", "damage", "removed")


def countable(sel: Selector) -> bool:
    """Whether `per_count` counts what this "for each …" names (what the effect registry asks of a node's `per`)."""
    return sel.zone in (*_PER_CARDS, "elements_among", "crystals") or str(sel.zone).startswith("counters:")


def per_count(s: State, sel: Selector, controller: str, source: str | None) -> int | None:
    """How many the "for each …" of an effect counts now (None: what it counts is not kept by this engine).

    Cards in a zone that fit (the field, a hand, a Break Zone, the removed zone …), the Elements among
    the Characters that fit ("for each Element among …", 5.2.1.1), a player's Crystals (6.8), the counters
    of a name on the cards that fit (6.7.2)."""
    candidates = READS.candidates

    zone = sel.zone
    if zone in _PER_CARDS:
        return len(candidates(s, sel, controller, source))
    if zone == "elements_among":
        found = candidates(s, replace(sel, zone=None), controller, source)
        return len({e for u in found for e in (s.card(u).elements if s.card(u) else ())})
    if zone == "crystals":
        return sum(s.crystals_of(p) for p in _players(sel.owner, controller))
    if zone is not None and zone.startswith("counters:"):
        name = zone.split(":", 1)[1]
        found = [source] if sel.self_ref and source is not None else \
            candidates(s, replace(sel, zone=None), controller, source)
        return sum(n for c in (s.char_known(u) for u in found) if c is not None    # a counter's name, whatever
                   for k, n in c.counters if k.casefold() == name.casefold())       # its case (6.7.2)
    return None


def holds(s: State, cond: Condition, controller: str, source: str | None, ctx=None) -> bool | None:
    """True or False when the condition can be read from the board; None when its kind is not evaluated."""
    try:
        return _evaluate(s, cond, controller, source, ctx)
    except _Unknown:
        return None


