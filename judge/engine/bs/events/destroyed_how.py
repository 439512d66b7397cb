"""How a card was destroyed or discarded, as the effects that watch those events ask it: "when one of your
spirits is destroyed in battle", "… is destroyed by your opponent", "… by your opponent's effect", "when
this card is discarded from your deck by your opponent's effect".

A destruction carries its cause (battle: the BP comparison, 7-1-5-2-1; an effect: a destruction effect,
10-1-2, or cores / BP an effect brought too low, 9-3-2-1 / 9-4-2-1) and the player who destroyed it
(the winner of the battle's controller; the controller of the effect). A watcher's event condition
(`Condition.qualifiers`, `Condition.by`) is met only by a destruction with that cause and that player;
cards destroyed together that do not meet it are not the watched event (10-15-1).
"""

from __future__ import annotations

from typing import Any

from judge.engine.bs.events import qualifiers
from judge.text import ast

#: The keys a destroyed card's last-known facts carry for its destruction.
CAUSE, KILLER = "destroyed_cause", "destroyed_by"

#: Qualifiers that name the cause, and the causes that meet each.
QUALIFIED = {"via_battle": ("battle",), "via_zero_cores": ("cores",), "via_zero_bp": ("bp",)}
qualifiers.reads(__name__, *QUALIFIED)


def stamp(lasts: dict[str, dict], *, cause: str, by: str | None) -> dict[str, dict]:
    """The destroyed cards' facts with how they were destroyed (a battle's loser was destroyed by the
    other player, whose spirit won it)."""
    out = {}
    for cid, lk in lasts.items():
        ctrl = lk.get("controller")
        killer = ({"A": "B", "B": "A"}.get(ctrl) if cause == "battle" else by) or None
        out[cid] = {**lk, CAUSE: cause, KILLER: killer}
    return out


#: The key a discarded card's facts carry for the area it was discarded from.
FROM = "discarded_from"
#: The key a returned card's facts carry for the area it was returned to (hand | deck).
RETURNED = "returned_to"


def discards(lasts: dict[str, dict], *, zone: str, by: str | None) -> dict[str, dict]:
    """Discarded cards' facts with where from and whose effect discarded them (None: not an effect)."""
    return {cid: {**lk, CAUSE: "effect" if by else "rule", KILLER: by, FROM: zone} for cid, lk in lasts.items()}


def holds(cond: ast.Condition, watcher_ctrl: str, lk: dict[str, Any]) -> bool:
    """Whether the destruction or discard recorded in `lk` is the one `cond` watches for (True for any
    other event: nothing to check)."""
    if cond.event == "returned" and RETURNED in lk:
        return cond.zone is None or lk[RETURNED] in cond.zone.split("/")   # "to their hand or their deck"
    if cond.event == "discarded" and FROM in lk:
        if cond.zone is not None and cond.zone != lk[FROM]:
            return False          # "discarded from your deck" is not a discard from the hand
    elif cond.event != "destroyed" or CAUSE not in lk:
        return True
    cause, killer = lk[CAUSE], lk[KILLER]
    for q, causes in QUALIFIED.items():
        if q in cond.qualifiers and cause not in causes:
            return False
    by = cond.by
    if by is None:
        return True
    if by.unit == "attack":
        return cause == "battle" and _whose(by.owner, watcher_ctrl, killer)
    if by.unit == "effect":
        return cause != "battle" and killer is not None and _whose(by.owner, watcher_ctrl, killer) and \
            (by.effect != "destruction" or cause == "effect")
    if by.unit == "player":
        return killer is not None and _whose(by.owner, watcher_ctrl, killer)
    return True


def _whose(owner: ast.Player | None, watcher_ctrl: str, killer: str | None) -> bool:
    if owner is None:
        return killer is not None
    if owner == ast.Player.YOU:
        return killer == watcher_ctrl
    if owner == ast.Player.OPPONENT:
        return killer is not None and killer != watcher_ctrl
    return True


__all__ = ["CAUSE", "FROM", "KILLER", "RETURNED", "discards", "holds", "stamp"]
