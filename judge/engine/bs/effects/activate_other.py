""""Select one of your other Otherlander spirits. Activate one of its “When Summoned” effects with
this spirit" (`Activate(effect=timing, target=selector)`): a card's effect of that timing, carried out
as an effect of the card that borrows it.

Why its own module: which effects the selected card has is read at its current level (2-10-2), so a
LV1 spirit whose effect of that timing starts at LV2 offers nothing to borrow; with several, the
borrowing card's controller chooses one. The borrowed effects resolve with the borrowing card as
"this spirit".
"""

from __future__ import annotations

from judge.engine.bs import derive, select
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.state import Work
from judge.text import ast
from judge.text.ast import AbilityKind


def borrowable(ctx: Ctx, cid: str, timing: str) -> list[ast.Ability]:
    """The triggered abilities of that timing a field card has now (its current level's, 2-10-2)."""
    return [ab for _, ab in derive.active_abilities(ctx.state, cid)
            if ab.kind in (AbilityKind.TRIGGERED, AbilityKind.AUTO) and ab.timing == timing]


def activate_other(ctx: Ctx, eff: ast.Activate, item: Work) -> None:
    timing = eff.effect or ""
    label = derive.timing_label(timing)
    picked = select.choose(ctx, eff.target, controller=item.controller, source=item.source, label=item.label)
    for cid in picked:
        abilities = borrowable(ctx, cid, timing)
        if not abilities:
            ctx.log(f"{name_of(ctx.state, cid)} has no {label} effect at its current level "
                    f"(LV{derive.level(ctx.state, cid)}): there is nothing to activate", "card.level_effects",
                    "rules.impossible")
            continue
        chosen = abilities[0]
        if len(abilities) > 1:
            numbers = [str(i) for i in range(1, len(abilities) + 1)]
            answer = ctx.ask(f"{item.controller} chooses which {label} effect of {name_of(ctx.state, cid)} "
                             f"{item.label} activates (by number: {', '.join(numbers)})", "card.level_effects",
                             player=item.controller, options=numbers, kind="mode")
            if str(answer) not in numbers:
                raise ctx.refuse(f"{answer!r} is not one of {', '.join(numbers)}", "card.level_effects")
            chosen = abilities[int(str(answer)) - 1]
        ctx.log(f"{item.label}: {name_of(ctx.state, cid)}'s {label} effect is activated as this card's",
                "card.level_effects")
        from judge.engine.bs.effects.resolve import apply

        for e in chosen.effects:
            apply(ctx, e, item)


__all__ = ["activate_other", "borrowable"]
