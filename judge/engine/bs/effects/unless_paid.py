"""Effects done "unless <a player> pays <cores>" (8-4: a cost; 8-1-8 a choice the player makes): the
named player decides at resolution whether to pay; if they pay, the effect is not performed. A player
who cannot pay has no choice to make."""

from __future__ import annotations

from judge.engine.bs.conditions import CONDITIONS
from judge.engine.bs.ctx import Ctx
from judge.engine.bs.state import Work
from judge.text.ast import Condition, Player


def _available(ctx: Ctx, who: str) -> int:
    p = ctx.state.players[who]
    return p.reserve + sum(fc.cores for fc in p.field)


@CONDITIONS.register("unpaid", concepts=("effect.cost",), meaning="unless a player pays: holds when they do not")
def _unpaid(ctx: Ctx, cond: Condition, item: Work) -> bool | None:
    pay = cond.cost.effects[0] if cond.cost is not None and cond.cost.effects else None
    count = getattr(pay, "count", None)
    if count is None:
        return None
    who = ctx.state.opponent(item.controller) if cond.player is Player.OPPONENT else item.controller
    if _available(ctx, who) < count:
        ctx.log(f"{item.label}: {who} cannot pay {count} core(s), so the effect is performed", "effect.cost")
        return True
    if not ctx.ask_yes_no(f"{who} may pay {count} core(s) so that the effect of {item.label} is not performed",
                          "effect.cost", player=who):
        ctx.log(f"{item.label}: {who} does not pay; the effect is performed", "effect.cost")
        return True
    from judge.engine.bs.zones.payment import take_cores

    take_cores(ctx, who, count, {}, concept="effect.cost", what=f"the payment {item.label} asks")
    ctx.log(f"{item.label}: {who} pays {count} core(s); the effect is not performed", "effect.cost")
    return False


__all__: list[str] = []
