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

from judge.engine.fftcg.model import State, other
from judge.text.ast import Condition, Player, Selector, Threshold

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
    from judge.engine.fftcg.query import candidates

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


def _control(s: State, cond: Condition, controller: str, source: str | None, owner: Player) -> bool:
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
    from judge.engine.fftcg.query import matches

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


def _evaluate(s: State, cond: Condition, controller: str, source: str | None) -> bool:
    t, sel, kind = cond.threshold, cond.selector, cond.kind
    opp = other(controller)
    if kind in ("damage", "opp_damage") and t is not None and sel is None:
        return compare(len(s.zones[opp if kind == "opp_damage" else controller].damage), t)
    if kind == "damage_vs_opponent" and t is not None:
        return compare(len(s.zones[controller].damage) - len(s.zones[opp].damage), t)
    if kind in ("control", "opp_control") and sel is not None:
        return _control(s, cond, controller, source, Player.OPPONENT if kind == "opp_control" else Player.YOU)
    if kind in ("not_control", "opp_not_control") and sel is not None:
        owner = Player.OPPONENT if kind == "opp_not_control" else Player.YOU
        return _count(s, _split(sel)[0], controller, source, owner) == 0
    if kind == "control_none" and sel is not None:
        return _count(s, _split(sel)[0], controller, source, Player.ANY) == 0
    if kind == "count" and sel is not None and t is not None:
        return compare(_count(s, sel, controller, source, None), t)
    if kind in ("hand", "opp_hand") and t is not None:
        owner = Player.OPPONENT if kind == "opp_hand" else sel.owner if sel is not None else Player.YOU
        sizes = [len(s.zones[p].hand) for p in _players(owner, controller)]
        return any(compare(n, t) for n in sizes) if owner == Player.ANY else all(compare(n, t) for n in sizes)
    if kind == "break_count" and t is not None:
        if sel is None:
            return compare(len(s.zones[controller].break_zone), t)
        return compare(_count(s, replace(sel, zone="break"), controller, source, None), t)
    if kind in ("have", "lb_face_up", "removed") and sel is not None:
        plain, need = _split(sel)
        need = t if kind != "have" and t is not None else need or Threshold("count", ">=", sel.count or 1)
        return compare(_count(s, plain, controller, source, None), need)
    if kind == "count_compare" and sel is not None and t is not None and t.ref is not None:
        mine = _count(s, sel, controller, source, None)
        theirs = _count(s, t.ref, controller, source, None)
        return compare(mine - theirs, Threshold("count", t.op, 0))
    if kind == "state" and sel is not None and sel.state:
        return _state(s, sel, controller, source)
    raise _Unknown


def per_count(s: State, sel: Selector, controller: str, source: str | None) -> int | None:
    """How many the "for each …" of an effect counts now (None: what it counts is not kept by this engine).

    Cards in a zone that fit (the field, a hand, a Break Zone, the removed zone …), the Elements among
    the Characters that fit ("for each Element among …", 5.2.1.1), a player's Crystals (6.8), the counters
    of a name on the cards that fit (6.7.2)."""
    from judge.engine.fftcg.query import candidates

    zone = sel.zone
    if zone in (None, "field", "hand", "break", "deck", "damage", "removed"):
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
        return sum(dict(c.counters).get(name, 0) for c in (s.char(u) for u in found) if c is not None)
    return None


def holds(s: State, cond: Condition, controller: str, source: str | None, ctx=None) -> bool | None:
    """True or False when the condition can be read from the board; None when its kind is not evaluated."""
    try:
        return _evaluate(s, cond, controller, source)
    except _Unknown:
        return None
