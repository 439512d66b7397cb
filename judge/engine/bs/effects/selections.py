"""Selections as steps of an effect (8-5-3), and selections that pass to another player (8-9-1).

- "Select one of your opponent's spirits. Then, discard …, and place one core from that spirit …":
  the selection is made when the text directs it (8-5-3), before the directives written after it; a
  later directive whose target is that same selector acts on the cards selected then (`Ctx.selections`,
  kept while one effect resolves).
- "The next time your opponent would select a spirit or nexus while using a magic card during this
  turn, you select it instead": a substitution (8-9-1) waiting for that selection; when it happens, the
  other player makes it (and the effect is used up, being for the next time only).
"""

from __future__ import annotations

from judge.engine.bs.ctx import Ctx
from judge.engine.bs.dispatch import effect, form
from judge.engine.bs.events import qualifiers, targets
from judge.engine.bs.events.targets import PASSES
from judge.engine.bs.state import Work
from judge.text import ast

qualifiers.reads(__name__, "this_turn", "this_battle", "next_only")   # "the next time … this turn"


@effect(ast.Select, concepts=("effect.select",), reads=("target",))
def _select(ctx: Ctx, eff: ast.Select, item: Work) -> None:
    """Make the selection now (8-5-3); the directive that acts on it later takes these cards."""

    chosen = targets.choose(ctx, eff.target, controller=item.controller, source=item.source, label=item.label)
    ctx.selections[eff.target] = tuple((c, ctx.state.zone_of(c)) for c in chosen)




@form("passes_selection")
def passes(eff: ast.Conditional) -> bool:
    """Whether an "instead" is a selection passed to another player (`arm` sets it up): coverage asks."""
    return passing(eff) is not None


def passing(eff: ast.Conditional) -> tuple[ast.Condition, ast.Restriction] | None:
    """The would-condition and the permission of "… would select …, <player> selects it instead"."""
    cond = eff.condition
    if not (eff.instead and cond.kind == "would" and cond.event == "selects" and len(eff.effects) == 1):
        return None
    r = eff.effects[0]
    if isinstance(r, ast.Restriction) and r.mode == "can" and r.action == "choose_targets" and r.player is not None:
        return cond, r
    return None


@form("passed_selection", concepts=("effect.substitution",))
def arm(ctx: Ctx, eff: ast.Conditional, item: Work) -> bool:
    """Set up "… would select …, <another player> selects it instead" (8-9-1); False: not that form."""
    from judge.engine.bs.events import management
    from judge.engine.bs.select import whose

    found = passing(eff)
    if found is None:
        return False
    cond, passes = found
    selector = whose(item.controller, cond.player or ast.Player.YOU, ctx.state)
    chooser = whose(item.controller, passes.player, ctx.state)
    if len(selector) != 1 or len(chooser) != 1:
        ctx.unmodelled(f"{item.label}: a selection passing between several players")
        return True
    quals = set(cond.qualifiers)
    duration = ast.Duration.TURN if "this_turn" in quals else ast.Duration.BATTLE if "this_battle" in quals \
        else ast.Duration.PERMANENT
    management.add_mod(ctx, target=selector[0], kind=PASSES, value=cond.object, duration=duration,
                       source=item.source, controller=chooser[0],
                       extra=(cond.by, "next_only" in quals))
    what = "the next such selection" if "next_only" in quals else "such selections"
    ctx.log(f"{item.label}: {what} that {selector[0]} would make will be made by {chooser[0]} instead "
            f"({duration.value})", "effect.substitution")
    return True






__all__ = ["arm", "passing"]
