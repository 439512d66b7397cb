"""Conditions about what has happened ("if you place a Soul Core into your reserve with this
effect", "if you summon this spirit from your hand"): the typed kind "happened", decided from what
the resolution and the board recorded, never asked.

Why a module of its own: each window keeps its own record. "With this effect" reads what the
resolving effect did (the cores it placed, the cards it discarded: `Ctx.core_moves`,
`Ctx.discarded`); a condition about the triggering event ("this spirit was summoned from your
hand", the grammar's window "trigger") reads the facts the event left on the card (where it came
from, which spirit its Ascend used). A history this engine does not keep ("… this turn") stays
None, so the step says "not modelled" rather than guessing.
"""

from __future__ import annotations

from collections.abc import Callable

from judge.engine.bs import continuous
from judge.engine.bs.conditions import CONDITIONS, EVENT_FACTS, PARTLY
from judge.engine.bs.ctx import Ctx
from judge.engine.bs.state import Work
from judge.engine.kernel.registry import Registry
from judge.text import ast

#: (window, event) → how the board decides it.
HAPPENED: Registry[tuple[str, str]] = Registry("Battle Spirits 'has happened' conditions")
Decide = Callable[[Ctx, ast.Condition, Work], "bool | None"]


@CONDITIONS.register("happened", concepts=("effect.if",),
                     meaning="something happened (with this effect, in the triggering event)")
def _happened(ctx: Ctx, cond: ast.Condition, item: Work) -> bool | None:
    entry = HAPPENED.get((cond.window or "", cond.event or ""))
    return None if entry is None else entry.handler(ctx, cond, item)


PARTLY["happened"] = lambda cond: (cond.window or "", cond.event or "") in HAPPENED


def _whose(ctx: Ctx, item: Work, who: ast.Player | None) -> str:
    return ctx.state.opponent(item.controller) if who == ast.Player.OPPONENT else item.controller


@HAPPENED.register(("this_effect", "core_placed"), concepts=("core.which",),
                   meaning="the resolving effect placed cores (a soul core, when it names one) in that area")
def _placed(ctx: Ctx, cond: ast.Condition, item: Work) -> bool | None:
    if cond.zone not in ("reserve", "trash", "life"):
        return None
    who = _whose(ctx, item, cond.player)
    soul = cond.object is not None and cond.object.unit == "soul_core"
    return any(to == who and where == cond.zone and n > 0 and (moved_soul or not soul)
               for to, where, n, moved_soul in ctx.core_moves)


@HAPPENED.register(("this_effect", "discarded"), concepts=("effect.if",),
                   meaning="the resolving effect discarded a card")
def _discarded(ctx: Ctx, cond: ast.Condition, item: Work) -> bool | None:
    return bool(ctx.discarded)


def _summoned_from(ctx: Ctx, cond: ast.Condition, item: Work) -> bool | None:
    """"If this spirit was summoned from your hand": the area its summon took it from."""
    subject = cond.object if cond.object is not None else cond.selector
    if subject is None or not subject.self_ref or cond.zone is None:
        return None
    came = [m.value for m in continuous.mods_on(ctx.state, item.source) if m.kind == "entered_from"]
    return bool(came) and came[-1] == cond.zone


HAPPENED.register(("trigger", "summons"), concepts=("do.when_summoned",),
                  meaning="this spirit was summoned from that area")(_summoned_from)
HAPPENED.register(("trigger", "summoned"), concepts=("do.when_summoned",),
                  meaning="this spirit was summoned from that area")(_summoned_from)


@HAPPENED.register(("trigger", "ascends"), concepts=("kw.ascend",),
                   meaning="this spirit's Ascend used a spirit meeting the object")
def _ascends(ctx: Ctx, cond: ast.Condition, item: Work) -> bool | None:
    entry = EVENT_FACTS.get("ascends")
    return None if entry is None else entry.handler(ctx, cond, item)


def activation_condition(ab: ast.Ability) -> ast.Condition | None:
    """The condition about the triggering event that leads a triggered ability's text ("When
    Summoned: if you summon this spirit from your hand, …"): it decides whether the effect
    activates at all (8-6-2), not only whether a part of it is performed."""
    first = ab.effects[0] if ab.effects else None
    if isinstance(first, ast.Conditional) and first.condition.kind == "happened" and \
            first.condition.window == "trigger" and not first.otherwise:
        return first.condition
    return None


def entered_from(ctx: Ctx, cid: str, zone: str, player: str) -> None:
    """Keep on a spirit the area it was summoned from (conditions about its summon ask)."""
    from judge.engine.bs.flow.management import add_mod

    add_mod(ctx, target=cid, kind="entered_from", value=zone, duration=ast.Duration.PERMANENT, source=cid,
            controller=player)


# "has been destroyed this turn" and "if you spend a Soul Core as part of its cost" register here too
from judge.engine.bs.events import drawn_this_turn, history, soul_paid, summoned_by  # noqa: E402,F401

__all__ = ["HAPPENED", "activation_condition", "entered_from"]
