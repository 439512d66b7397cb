"""The core step's core (Saga 6-3-2) and the substitution effects that change it ("gain two cores
during your core step instead of one", typed as a constant ability whose `instead` conditional,
for the core step, moves N cores from the void to the reserve).

Why its own module: it is a substitution (8-9-1): the one core is never placed, the N are. Several
such effects do not add up, since only one substitution applies to one event (8-9-3); when they
would give different amounts, the player taking the core step chooses which applies (8-9-2-2).
"""

from __future__ import annotations

from collections.abc import Iterator

from judge.engine.bs import conditions, derive
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.state import Work
from judge.text import ast
from judge.text.ast import AbilityKind


def is_core_gain(node: object) -> bool:
    """"… during your core step instead of one": an `instead` conditional of the core step whose
    effect places cores from the void into the reserve."""
    if not isinstance(node, ast.Conditional) or not node.instead:
        return False
    c = node.condition
    return c.kind == "during" and c.event == "core_step" and len(node.effects) == 1 and \
        isinstance(node.effects[0], ast.MoveCores) and node.effects[0].source == "void" and \
        node.effects[0].dest == "reserve" and node.effects[0].count is not None


def _gains(ctx: Ctx, item: Work, effects: tuple) -> Iterator[int]:
    for e in effects:
        if is_core_gain(e):
            yield e.effects[0].count
        elif isinstance(e, ast.Conditional) and not e.instead and e.condition.kind != "for_each" and \
                conditions.holds(ctx, e.condition, item) is True:
            yield from _gains(ctx, item, e.effects)


def substitutes(ctx: Ctx, player: str) -> list[tuple[str, int]]:
    """(card, cores) of each active substitution for the player's core step core."""
    state = ctx.state
    out = []
    for fc in state.players[player].field:
        for _, ab in derive.active_abilities(state, fc.id):
            if ab.kind != AbilityKind.CONSTANT or not derive.constant_active(state, fc.id, ab):
                continue
            item = Work(kind="effects", source=fc.id, controller=player, label=name_of(state, fc.id))
            out += [(fc.id, n) for n in _gains(ctx, item, ab.effects)]
    return out


def gain(ctx: Ctx, player: str) -> int:
    """How many cores the core step places into the player's reserve (one, or a substitute's)."""
    subs = substitutes(ctx, player)
    if not subs:
        return 1
    amounts = sorted({n for _, n in subs})
    if len(amounts) == 1:
        card, n = subs[0]
    else:
        answer = ctx.ask(f"{player} chooses which substitution for the core step's core applies: "
                         + ", ".join(f"{c} ({n})" for c, n in subs), "effect.substitution_choice",
                         player=player, options=tuple(c for c, _ in subs), kind="substitution")
        hit = [(c, n) for c, n in subs if c == str(answer)]
        if not hit:
            raise ctx.refuse(f"{answer!r} is not one of {', '.join(c for c, _ in subs)}", "effect.substitution_choice")
        card, n = hit[0]
    ctx.log(f"{name_of(ctx.state, card)}: {player} gains {n} core(s) in the core step instead of one", "effect.substitution")
    if len(subs) > 1:
        ctx.log(f"{len(subs)} effects would replace the same core; only one substitution applies to one event, "
                "so they do not add up", "effect.substitution_one")
    return n


__all__ = ["gain", "is_core_gain", "substitutes"]
