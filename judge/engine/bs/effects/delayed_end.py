""""At the end of this turn, …" written in a resolving effect: the rest waits for the end of the
turn (Saga 6-8-1-1) and is carried out then.

Why its own module: the wait is a modification on the card whose effect it is, lasting the turn;
at the end step it is carried out before the turn's effects end. A card that left the field since
is a new card (3-1-4), so a part naming "this spirit" has nothing to act on. A part that needs a
player's decision there leaves it pending; once answered, the end of the step is carried out again
with the answer.
"""

from __future__ import annotations

from judge.engine.bs.ctx import Ctx, Need, name_of
from judge.engine.bs.flow import management
from judge.engine.bs.state import Work
from judge.text import ast


def defer(ctx: Ctx, eff: ast.Conditional, item: Work) -> None:
    """Leave the rest of the effect waiting for the end of this turn."""
    management.add_mod(ctx, target=item.controller, kind="at_turn_end", value=(eff.effects, item.label),
                       duration=ast.Duration.TURN, source=item.source, controller=item.controller)
    ctx.log(f"{item.label}: the rest waits for the end of this turn", "turn.end_effects")


def _names_itself(effects: tuple) -> bool:
    return any(isinstance(n, ast.Selector) and n.self_ref for e in effects for n in ast.walk(e))


def resolve(ctx: Ctx) -> None:
    """The end step: what waits for the end of this turn is carried out, in the order it was set."""
    for m in [m for m in ctx.state.mods if m.kind == "at_turn_end" and m.turn == ctx.state.turn]:
        effects, label = m.value
        src = m.source              # the wait is the player's: it outlasts the card leaving the field
        if ctx.state.field_card(src) is None and _names_itself(effects):
            ctx.log(f"{label}: {name_of(ctx.state, src)} has left the field since; as a new card it is not the "
                    "card the effect names, so that part does nothing", "turn.end_effects", "area.new_card")
            continue
        item = Work(kind="effects", source=src, controller=m.controller, label=f"{label} (at the end of the turn)",
                    effects=effects, cites=ctx.cites("turn.end_effects"))
        mark = ctx.mark()
        ctx.log(f"Resolve {item.label}", "turn.end_effects", fired=src, timing="turn_end")
        try:
            from judge.engine.bs.effects.resolve import run

            run(ctx, item)
        except Need:
            # a decision is its player's (8-1-8): it stays pending, and the declared end of the step is
            # carried out again with the answer
            ctx.rollback(mark)
            raise
        management.checkpoint(ctx)


__all__ = ["defer", "resolve"]
