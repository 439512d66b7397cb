"""The board an FFTCG probe run needs, read from what the ability's typed AST asks for (bench_probe_fftcg.py).

A plain board refuses many abilities for want of a legal target (a damaged, attacking or blocking Forward, a
Monster, a Summon in the Break Zone, a card of a named Job or Card Name), of a threshold ("Damage 3"), of a
state of the card itself ("only while it is attacking") or of what a cost takes (cards of a Job to discard or
to remove from the Break Zone). `fit` adds to the board, from the selectors and conditions themselves, one
plain card for each thing asked and the attack that puts a Forward in the state asked: a refusal left then
says something about the engine, not the board. Nothing is read from card text; the cards added are invented.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from judge.text.ast import Counters, Discard, Player, Selector, walk

#: the Elements a fitted card may have (Light / Dark cards are plain cards too)
ELEMENTS = ("fire", "ice", "wind", "earth", "lightning", "water", "light", "dark")
#: a selector's type → the type of the card fitted for it
TYPES = {"forward": "forward", "backup": "backup", "monster": "monster", "summon": "summon", "character": "forward"}
#: keywords a fitted card can have, printed as its text ("with Brave")
KEYWORDS = ("brave", "haste", "first strike", "back attack")
#: selector zones → the probe player's zone the card goes to
ZONES = {None: "field", "field": "field", "break": "break", "hand": "hand", "removed": "removed"}


def _cost(sel: Selector) -> int:
    """A cost the selector's thresholds allow (the greatest allowed under a bound, the least over one)."""
    if sel.costs:
        return max(0, sel.costs[0])
    for t in sel.thresholds:
        if t.stat == "cost" and isinstance(t.value, int):
            return max(0, {"<": t.value - 1, ">": t.value + 1}.get(t.op, t.value))
    return 2


def _power(sel: Selector) -> int:
    for t in sel.thresholds:
        if t.stat == "power" and isinstance(t.value, int):
            return {"<": t.value - 1000, ">": t.value + 1000}.get(t.op, t.value)
    return 5000


def card_for(sel: Selector) -> dict[str, Any] | None:
    """A plain card the selector matches, or None when it asks for no card (an ability, a Summon on the stack)."""
    kinds = [TYPES[t] for t in sel.card_types if t in TYPES] or ["forward"]
    if sel.about is not None or sel.unit is not None or (kinds[0] == "summon" and ZONES.get(sel.zone) == "field"):
        return None
    kind = kinds[0]
    barred = {c.removeprefix("not_") for c in sel.colors if c.startswith("not_")}
    elements = [next((c for c in sel.colors if c in ELEMENTS), next(e for e in ELEMENTS if e not in barred))]
    if "multi" in sel.colors:
        elements = [e for e in ELEMENTS if e not in barred][:2]
    raw: dict[str, Any] = {"name": sel.name or f"Probe Fitted {kind.title()}", "type": kind, "element": elements,
                           "cost": _cost(sel), "generic": sel.name is None,
                           "text": sel.with_keyword.title() if (sel.with_keyword or "").lower() in KEYWORDS else ""}
    if kind in ("forward", "monster") or sel.thresholds:
        raw["power"] = _power(sel)
    if sel.families:
        raw["job"] = sel.families[0]
    if sel.categories:
        raw["category"] = sel.categories[0]
    return raw


def _wanted(effects: tuple) -> list[Selector]:
    """Every selector the effects choose or act on (not the card itself, not an earlier card: "it")."""
    out: list[Selector] = []
    inner: set[int] = set()             # the parts of "X and Y" / "X or Y", fitted with the selector they are in
    for e in effects:
        for n in walk(e):
            if isinstance(n, Selector) and not n.self_ref and n.ref is None and id(n) not in inner:
                inner.update(id(x) for x in (*n.also, *n.either))
                out += [x for x in (n, *n.also) if replace(x, span=None) not in {replace(y, span=None) for y in out}]
    return out


class Fit:
    """The additions to one probe board: cards by zone and player, states of its cards, the attack before use."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.n = 0
        self.attack: str | None = None        # the attacker declared before the ability is used
        self.block = False                    # B blocks that attack with b1
        self.opp_attacks = False              # B attacks (on B's turn) rather than A
        self.me_backup = False                # the card under test is a Backup
        self.me_name = ""                     # and its name (it is itself a card of that name on the field)

    def add(self, sel: Selector, count: int = 1) -> None:
        """Cards the selector matches, in the zone it names, on the side it names (the opponent's field by
        default, the player's own Break Zone by default); dull, active, damaged, entered, attacking, blocking."""
        raw = card_for(sel)
        if raw is None:
            return
        if sel.state in ("attacking", "blocking") and raw["type"] == "forward" and sel.zone is None:
            self._battle(sel, raw)
            return
        zone = ZONES.get(sel.zone)
        if zone is None:
            return
        mine = sel.owner == Player.YOU or (sel.owner is None and zone != "field")
        who = "A" if mine else "B"
        if zone == "field" and raw["type"] == "backup":     # five Backups at most on a side (7.7.4)
            count = min(count, 5 - self._backups(who))
        if sel.name is not None and zone == "field":     # one of a name on the field: two would break one (12.4.6)
            count = 0 if who == "A" and sel.name == self.me_name else 1
        for _ in range(max(0, min(count, 6))):
            key = f"fit{self.n}"
            self.n += 1
            self.data["cards"][key] = raw
            entry: dict[str, Any] = {"id": key, "card": key}
            if zone == "field":
                entry.update(self._state(sel, raw))
            self.data["players"][who].setdefault(zone, []).append(entry if zone == "field" else key)

    def _backups(self, who: str) -> int:
        """The Backups on a side now (the card under test among them when it is one)."""
        cards = self.data["cards"]
        return sum(1 for x in self.data["players"][who].get("field", [])
                   if (cards.get(x["card"]) or {}).get("type") == "backup" or (x["id"] == "me" and self.me_backup))

    def _state(self, sel: Selector, raw: dict[str, Any]) -> dict[str, Any]:
        if sel.state in ("dull", "active"):
            return {"state": sel.state}
        if sel.state == "damaged" and raw["type"] == "forward":
            return {"damage": 1000}
        if sel.state == "entered_this_turn":
            return {"entered_this_turn": True}
        return {}

    def _battle(self, sel: Selector, raw: dict[str, Any]) -> None:
        """An attacking Forward: one of A's that fits attacks (B's, on B's turn, when the selector says so); a
        blocking one: B's blocks A's attack."""
        if sel.state == "attacking":
            if sel.owner == Player.OPPONENT and self.attack is None:
                self.opp_attacks = True
            elif self.attack is None:
                self.attack = self._put("A", raw, {}) if (sel.colors or sel.families or sel.name or sel.categories
                                                          or sel.thresholds) else "af"
        else:
            self.attack = self.attack or "af"
            self.block = True

    def _put(self, who: str, raw: dict[str, Any], state: dict[str, Any]) -> str:
        key = f"fit{self.n}"
        self.n += 1
        self.data["cards"][key] = raw
        self.data["players"][who].setdefault("field", []).append({"id": key, "card": key, **state})
        return key


def fit(data: dict[str, Any], card: Any, kind: str, ab: Any, effects: tuple) -> dict[str, Any]:
    """The board `data` with what `effects` and the ability's condition and cost ask for (see the module)."""
    f = Fit(data)
    f.me_backup = card.type == "backup"
    f.me_name = card.name
    for sel in _wanted(effects):
        f.add(sel, sel.count or 1)
    cost = getattr(ab, "cost", None)
    for e in (cost.effects if cost is not None else ()):
        _cost_part(f, e)
    cond = getattr(ab, "condition", None)
    if cond is not None:
        _condition(f, cond, card)
    if kind in ("action", "special", "summon") and (f.attack or f.block or f.opp_attacks):
        _stage(data, f)
    return data


def _cost_part(f: Fit, e: Any) -> None:
    """What a cost takes, on the player's own side (a cost is paid with one's own cards): the cards it names, the
    counters it removes from the card itself, the cards it discards."""
    if isinstance(e, Counters) and e.remove and e.target.self_ref:
        me = next((x for x in f.data["players"]["A"].get("field", []) if x["id"] == "me"), None)
        if me is not None:
            me.setdefault("counters", {})[e.name] = max(1, e.count)
        return
    if isinstance(e, Discard) and e.target is None:
        f.data["players"]["A"]["hand"] += [f"pf_{el}" for el in ("water", "earth", "wind", "ice")[:max(0, e.count)]]
        return
    for sel in _wanted((e,)):
        f.add(replace(sel, owner=Player.YOU) if sel.owner is None else sel, sel.count or 1)


def _condition(f: Fit, cond: Any, card: Any) -> None:
    """"Damage N" (the player's Damage Zone holds N cards), "while X is attacking", "if you control X"."""
    th = getattr(cond, "threshold", None)
    if type(cond).__name__ == "DamageCount" and th is not None and isinstance(th.value, int) and th.value < 7:
        f.data["players"]["A"]["damage"] = th.value
    sel = getattr(cond, "selector", None)
    if getattr(cond, "kind", None) == "state" and sel is not None and sel.self_ref and sel.state == "attacking":
        if card.type == "forward":
            f.attack = "me"
    elif getattr(cond, "kind", None) == "controls" and sel is not None and not sel.self_ref:
        f.add(replace(sel, owner=Player.YOU), sel.count or 1)


def _stage(data: dict[str, Any], f: Fit) -> None:
    """Declare the attack (and the block) before the ability is used (the engine passes the windows between)."""
    use = data["actions"][-1]
    if f.opp_attacks:
        data["turn"] = {"number": 5, "player": "B", "phase": "attack"}
        data["actions"][-1:] = [{"player": "B", "attack": "b1"}, use]
        return
    data["turn"]["phase"] = "attack"
    staged = [{"player": "A", "attack": f.attack or "af"}]
    if f.block:
        staged.append({"player": "B", "block": "b1"})
    data["actions"][-1:] = [*staged, use]


__all__ = ["card_for", "fit"]
