"""A constant change to the cost of the first magic card a player uses each turn: "Reduce the cost of
the first magic card you use each turn by 1."

The cost of a magic card is determined as it is used (10-8-4), so the change applies to that payment
when the player has used no magic card yet this turn; a record of the turn's uses (kept from the start
of each use, whatever paid for it) decides "first", never asked. A board set up during a turn starts
with an empty record (nothing before it is known to have happened). The change adds to the cost after
any value an effect assigns to it, and a cost is never below 0 (1-3-6).
"""

from __future__ import annotations

from judge.engine.bs import derive, select
from judge.engine.bs.ctx import Ctx
from judge.engine.bs.state import State
from judge.text import ast
from judge.text.ast import AbilityKind

#: The selector state that names "the first magic card you use each turn".
FIRST = "first_used_each_turn"


def handles(e: object) -> bool:
    """"Reduce the cost of the first magic card you use each turn by N"."""
    return isinstance(e, ast.CostChange) and e.per is None and e.target.state == FIRST and \
        tuple(e.target.card_types) == ("magic",) and e.target.owner in (None, ast.Player.YOU)


def _key(turn: int, player: str) -> str:
    return f"{turn}:magic_used:{player}"


def record(ctx: Ctx, player: str) -> None:
    """`player` uses a magic card now."""
    ctx.set(used=ctx.state.used | {_key(ctx.state.turn, player)})


def change(state: State, card: str, player: str) -> int:
    """The sum of the active changes to the cost of `card`, a magic card `player` uses now."""
    if _key(state.turn, player) in state.used:
        return 0
    total = 0
    for fc in state.players[player].field:
        for _idx, ab in derive.active_abilities(state, fc.id):
            if ab.kind != AbilityKind.CONSTANT or not derive.constant_active(state, fc.id, ab):
                continue
            for e in ab.effects:
                if handles(e) and select.matches(state, card, ast.Selector(count=1, card_types=e.target.card_types,
                                                                          colors=e.target.colors), fc.id):
                    total += e.amount
    return total


__all__ = ["FIRST", "change", "handles", "record"]
