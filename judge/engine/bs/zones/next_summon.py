"""A cost assigned to the next card of a kind a player summons this turn: "the next red spirit card with
Ascend you summon this turn will have a cost equal to your life total".

The effect resolves before the card it names is chosen, so it does not apply to cards in an area
(8-8-1-5) nor to cards selected when it resolves (8-8-1-4): it waits, for the rest of the turn, for that
player's next summon of a card its selector names, and that summon's cost is determined with it
(10-6-4) — the value it assigns ("your life total") read then. It applies once: the first matching
summon of the turn uses it up, paid or not. Like any effect assigning a cost, it applies in timestamp
order with the others (8-8-1-3), so a later one assigning a cost to that card wins.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from judge.engine.bs import select
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.state import State, Work
from judge.text import ast

#: The modification waiting for the next matching summon.
KIND = "next_summon_cost"
#: The selector state that names "the next … you summon this turn".
NEXT = "next_summoned_this_turn"


def handles(eff: ast.SetStat) -> bool:
    """"The next X you summon this turn will have a cost of N / equal to your life total"."""
    return eff.stat == "cost" and eff.target is not None and eff.target.state == NEXT and (
        eff.equal_to is None or eff.equal_to.stat in ("life", "reserve", "hand"))


def arm(ctx: Ctx, eff: ast.SetStat, item: Work) -> None:
    """Leave the assignment waiting for the summoning player's next matching summon this turn."""
    from judge.engine.bs.flow import management

    sel = eff.target
    value: Any = eff.equal_to if eff.equal_to is not None else eff.value
    for who in select.whose(item.controller, sel.owner or ast.Player.YOU, ctx.state):
        management.add_mod(ctx, target=who, kind=KIND, value=value, duration=ast.Duration.TURN,
                           source=item.source, controller=item.controller, extra=sel)
        shown = value if isinstance(value, int) else f"equal to {value.stat} (read when that cost is determined)"
        ctx.log(f"{item.label}: the next matching card {who} summons this turn will have a cost {shown}",
                "effect.duration", "summon.cost")


def applies(state: State, m: Any, card: str, player: str, how: str) -> bool:
    """Whether a waiting assignment names this summon (its player, a card its selector matches)."""
    if m.kind != KIND or how != "summon" or m.target != player or not isinstance(m.extra, ast.Selector):
        return False
    plain = replace(m.extra, zone=None, owner=None, state=None)
    return select.matches(state, card, plain, m.source)


def use_up(ctx: Ctx, player: str, card: str) -> None:
    """A matching card was summoned: the assignments waiting for it are spent."""
    spent = [m for m in ctx.state.mods if applies(ctx.state, m, card, player, "summon")]
    if spent:
        ctx.set(mods=tuple(m for m in ctx.state.mods if all(m is not s for s in spent)))
        ctx.log(f"{name_of(ctx.state, card)} is the next matching card {player} summons this turn: the cost "
                "assigned to it is used up", "summon.cost")


__all__ = ["KIND", "NEXT", "applies", "arm", "handles", "use_up"]
