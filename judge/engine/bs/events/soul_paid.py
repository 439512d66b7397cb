""""If you spend a "Soul Core" as part of this card's cost" / "… this spirit's summoning cost": the typed
condition kind "happened" with window "cost", event "spends" and a soul core as its object, decided from
how the cost was paid (10-6-6 summoning cost, 10-8-6 use cost), never asked.

Why a module of its own: paying is the act of summoning or using the card, the condition is read later,
while its effect resolves. So the payment leaves a fact on the card (a modification of kind
`paid_soul`): on the spirit summoned (it lasts while that spirit is on the field, the same card) or on
the magic card being used (it lasts the turn; the card resolves in it).
"""

from __future__ import annotations

from judge.engine.bs import continuous
from judge.engine.bs.ctx import Ctx
from judge.engine.bs.events.happened import HAPPENED
from judge.engine.bs.state import Work
from judge.text import ast

KIND = "paid_soul"


def remember(ctx: Ctx, cid: str, player: str, *, until: ast.Duration = ast.Duration.PERMANENT) -> None:
    """The soul core was among the cores that paid `cid`'s cost."""
    from judge.engine.bs.flow.management import add_mod

    add_mod(ctx, target=cid, kind=KIND, value=True, duration=until, source=cid, controller=player)


def paid_with_soul(ctx: Ctx, cid: str) -> bool:
    return any(m.kind == KIND for m in continuous.mods_on(ctx.state, cid))


@HAPPENED.register(("cost", "spends"), concepts=("summon.pay", "magic.pay"),
                   meaning="the soul core was spent paying this card's cost")
def _spent(ctx: Ctx, cond: ast.Condition, item: Work) -> bool | None:
    subject = cond.selector
    if cond.object is None or cond.object.unit != "soul_core" or (subject is not None and not subject.self_ref):
        return None
    spent = paid_with_soul(ctx, item.source)
    ctx.log(f"{item.label}: the soul core {'was' if spent else 'was not'} spent paying its cost",
            "summon.pay" if ctx.state.card_def(item.source) and ctx.state.card_def(item.source).type != "magic"
            else "magic.pay")
    return spent


__all__ = ["KIND", "paid_with_soul", "remember"]
