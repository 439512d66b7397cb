""""If you summon a spirit with this effect, draw a card": a condition about what the resolving effect
did, decided from the cards it summoned (`Ctx.summoned`, kept while one effect resolves), never asked.

The effect's directives are performed in written order (1-3-7), so the summon written before the "if"
has happened, or not (the player declined a "may", no card could be chosen, the cost could not be paid:
1-3-2), when the condition is decided. A card it summoned that has left the field since still was
summoned by it.
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.bs import select
from judge.engine.bs.ctx import Ctx
from judge.engine.bs.events.happened import HAPPENED
from judge.engine.bs.state import Work
from judge.text import ast


@HAPPENED.register(("this_effect", "summons"), concepts=("effect.if", "rules.text_order"),
                   meaning="the resolving effect summoned a card the object names")
def _summoned(ctx: Ctx, cond: ast.Condition, item: Work) -> bool | None:
    if cond.player not in (None, ast.Player.YOU):
        return None                     # the effect's controller summons with it
    sel = cond.object
    if sel is None:
        return bool(ctx.summoned)
    plain = replace(sel, zone=None, owner=None, state=None, count=1, up_to=False)
    return any(select.matches(ctx.state, cid, plain, item.source) for cid in ctx.summoned)


__all__: list[str] = []
