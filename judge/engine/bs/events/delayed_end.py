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
from judge.engine.bs.events import management
from judge.engine.bs.state import Work
from judge.text import ast


def _written_before(eff: ast.Conditional) -> list[ast.Selector]:
    """The selections of the waiting part written before its "at the end of this turn" words: the
    text selects a card first and names it again in the part that waits."""
    start = eff.condition.span.start if eff.condition.span is not None else None
    out: list[ast.Selector] = []
    for e in eff.effects:
        for node in ast.walk(e):      # the cards a directive acts on, or a condition is about (not the
            for n in (getattr(node, "target", None), getattr(node, "selector", None)):   # filters inside)
                if isinstance(n, ast.Selector) and start is not None and n.span is not None and \
                        n.span.end <= start and n.count is not None and not n.self_ref and \
                        n.zone in (None, "field") and n not in out:
                    out.append(n)
    return out


def select_now(ctx: Ctx, eff: ast.Conditional, item: Work) -> dict[ast.Selector, tuple[tuple[str, str], ...]]:
    """The selections a waiting part's text makes before its wait, made now, as the effect resolves
    (8-5-3): the part that waits acts on the cards chosen (also "… Destroy it when the battle ends")."""
    from judge.engine.bs.events import targets

    made: dict[ast.Selector, tuple[tuple[str, str], ...]] = {}
    for sel in _written_before(eff):
        chosen = targets.choose(ctx, sel, controller=item.controller, source=item.source, label=item.label)
        made[sel] = tuple((c, ctx.state.zone_of(c)) for c in chosen)
        ctx.selections[sel] = made[sel]
    return made


def defer(ctx: Ctx, eff: ast.Conditional, item: Work) -> None:
    """Leave the rest of the effect waiting for the end of this turn. A selection written before the
    wait is made now, as the effect resolves (8-5-3), and the waiting part acts on the card chosen."""
    made = select_now(ctx, eff, item)
    management.add_mod(ctx, target=item.controller, kind="at_turn_end", value=(eff.effects, item.label, made),
                       duration=ast.Duration.TURN, source=item.source, controller=item.controller)
    ctx.log(f"{item.label}: the rest waits for the end of this turn", "turn.end_effects")


def _names_itself(effects: tuple) -> bool:
    return any(isinstance(n, ast.Selector) and n.self_ref for e in effects for n in ast.walk(e))


def resolve(ctx: Ctx) -> None:
    """The end step: what waits for the end of this turn is carried out, in the order it was set."""
    for m in [m for m in ctx.state.mods if m.kind == "at_turn_end" and m.turn == ctx.state.turn]:
        effects, label, made = m.value
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
            from judge.engine.bs.dispatch import run

            ctx.selections = dict(made)      # what was selected as the effect resolved (8-5-3)
            run(ctx, item)
        except Need:
            # a decision is its player's (8-1-8): it stays pending, and the declared end of the step is
            # carried out again with the answer
            ctx.rollback(mark)
            raise
        management.checkpoint(ctx)


__all__ = ["defer", "resolve", "select_now"]
