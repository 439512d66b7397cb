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

from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.effects.resolve import effect
from judge.engine.bs.state import Work
from judge.text import ast

#: The kind of the modification waiting for a selection to pass to another player.
PASSES = "selection_passes"


@effect(ast.Select, concepts=("effect.select",))
def _select(ctx: Ctx, eff: ast.Select, item: Work) -> None:
    """Make the selection now (8-5-3); the directive that acts on it later takes these cards."""
    from judge.engine.bs import select

    chosen = select.choose(ctx, eff.target, controller=item.controller, source=item.source, label=item.label)
    ctx.selections[eff.target] = tuple((c, ctx.state.zone_of(c)) for c in chosen)


def earlier(ctx: Ctx, sel: ast.Selector, label: str) -> list[str] | None:
    """The cards an earlier "Select X." of the resolving effect chose for this selector, or None."""
    chosen = ctx.selections.get(sel)
    if chosen is None:
        return None
    left = [c for c, zone in chosen if ctx.state.zone_of(c) == zone]     # one that moved is a new card (3-1-4)
    ctx.log(f"{label}: acts on the card(s) selected before: {', '.join(left) or 'none left'}", "effect.select")
    return left


def passing(eff: ast.Conditional) -> tuple[ast.Condition, ast.Restriction] | None:
    """The would-condition and the permission of "… would select …, <player> selects it instead"."""
    cond = eff.condition
    if not (eff.instead and cond.kind == "would" and cond.event == "selects" and len(eff.effects) == 1):
        return None
    r = eff.effects[0]
    if isinstance(r, ast.Restriction) and r.mode == "can" and r.action == "choose_targets" and r.player is not None:
        return cond, r
    return None


def arm(ctx: Ctx, eff: ast.Conditional, item: Work) -> bool:
    """Set up "… would select …, <another player> selects it instead" (8-9-1); False: not that form."""
    from judge.engine.bs.flow import management
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


def _fits(ctx: Ctx, sel: ast.Selector, source: str | None, what: ast.Selector | None,
          by: ast.Selector | None) -> bool:
    if what is not None and what.card_types and not set(what.card_types) & set(sel.card_types):
        return False
    about = by.about if by is not None else None
    if about is not None and about.card_types:
        d = ctx.state.card_def(source) if source else None
        return d is not None and d.type in about.card_types       # "while using a magic card"
    return True


def chooser(ctx: Ctx, sel: ast.Selector, who: str, source: str | None, label: str) -> str:
    """Who makes a selection `who` would make: another player when a substitution says so (8-9-1)."""
    for m in ctx.state.mods:
        if m.kind != PASSES or m.target != who:
            continue
        by, once = m.extra
        if not _fits(ctx, sel, source, m.value, by):
            continue
        if once:
            ctx.set(mods=tuple(x for x in ctx.state.mods if x is not m))
        ctx.log(f"{label}: {who} would select; by {name_of(ctx.state, m.source)}, {m.controller} selects "
                "instead", "effect.substitution", "effect.select")
        return m.controller
    return who


__all__ = ["PASSES", "arm", "chooser", "earlier", "passing"]
