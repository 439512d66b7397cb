"""What has happened, as every "if … was", "this turn" and "used during" condition reads it: one
registry (`HAPPENED`, keyed by the typed condition's window and event) over the records the engine
keeps, decided from them and never asked.

The records, by window: "with this effect" reads what the resolving effect did (the cores it placed,
the cards it discarded, the spirits it summoned: `Ctx.core_moves`, `Ctx.discarded`, `Ctx.summoned`);
"trigger" reads the facts the triggering event left on the card (where it came from, which spirit
its Ascend used); "this turn" reads the turn's record of destructions (self-destructions are not
destructions to effects, 10-1-1-1) and draws by effects (events/draws.py); "cost" reads how a cost
was paid (a Soul Core spent, 10-6-6 / 10-8-6); "during" reads the step the effect is used in (10-8-7).
A history this engine does not keep stays None, so the step says "not modelled" rather than
guessing. (One module since session 5: happened, during, summoned_by, history, soul_paid and
spends_event were one sentence each.)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from judge.engine.bs import continuous, record, select
from judge.engine.bs.conditions import CONDITIONS, EVENT_FACTS, PARTLY
from judge.engine.bs.ctx import Ctx
from judge.engine.bs.state import State, Work
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
    """"If a magic card is discarded by this effect": the cards it discarded that are of that kind,
    as many as the condition asks (one, when it names no number)."""
    cards = list(ctx.discarded)
    sel = cond.selector
    if sel is not None:
        loose = replace(sel, zone=None, owner=None, count=None,
                            thresholds=tuple(t for t in sel.thresholds if t.stat != "count"))
        cards = [c for c in cards if select.matches(ctx.state, c, loose, item.source)]
    need = cond.threshold or next((t for t in (sel.thresholds if sel else ()) if t.stat == "count"), None)
    if need is None:
        return bool(cards)
    return select.OPS[need.op](len(cards), need.value)


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
    from judge.engine.bs.ctx import add_mod

    add_mod(ctx, target=cid, kind="entered_from", value=zone, duration=ast.Duration.PERMANENT, source=cid,
            controller=player)


# --- during (folded in): The condition "if used during your main step" (typed kind "during": `event`
# a step id of `judge.text.ast.STEPS`, `player` whose step): decided from the turn the board is in,
# never asked. An effect resolves at the timing it was used (a magic card resolves as it is used,
# 10-8-7), so the step it was used in is the step the board is in while it resolves.

#: Step ids of the grammar → the engine's steps (Standard's second main step is a main step too).
STEP_OF: dict[str, tuple[str, ...]] = {
    "start_step": ("start",), "core_step": ("core",), "draw_step": ("draw",), "refresh_step": ("refresh",),
    "main_step": ("main", "second_main"), "attack_step": ("attack",), "end_step": ("end",),
}


@CONDITIONS.register("during", concepts=("effect.if",), meaning="the effect is used during that player's step")
def _during(ctx: Ctx, cond: ast.Condition, item: Work) -> bool | None:
    state = ctx.state
    if cond.player is None:
        whose = True
    else:
        who = state.opponent(item.controller) if cond.player == ast.Player.OPPONENT else item.controller
        whose = state.turn_player == who
    if cond.event == "turn":
        return whose
    steps = STEP_OF.get(cond.event or "")
    if steps is None:
        return None
    return whose and str(state.step) in steps


# --- summoned_by (folded in): "If you summon a spirit with this effect, draw a card": a condition
# about what the resolving effect did, decided from the cards it summoned (`Ctx.summoned`, kept while
# one effect resolves), never asked. The effect's directives are performed in written order (1-3-7),
# so the summon written before the "if" has happened, or not (the player declined a "may", no card
# could be chosen, the cost could not be paid: 1-3-2), when the condition is decided. A card it
# summoned that has left the field since still was summoned by it.

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


# --- history (folded in): "If one of your spirits has been destroyed this turn", "if two or more of
# your opponent's spirits have been destroyed this turn": the typed kind "happened" with window
# "this_turn" and event "destroyed", decided from a record the engine keeps of the turn's
# destructions, never asked. Why a module of its own: the rest of the engine forgets a destroyed card
# once its effects are done; this record keeps, for the current turn, whose card of which type was
# destroyed (self-destructions are not destructions to effects, 10-1-1-1, so they are not recorded). A
# board set up during a turn starts with an empt

def record_destroyed(ctx: Ctx, lasts: dict[str, dict]) -> None:
    """These cards were destroyed now (their last-known controller and type)."""
    for cid, lk in lasts.items():
        record.note(ctx, "destroyed", lk.get("controller"), lk.get("type"), cid)


def destroyed_this_turn(ctx: Ctx, players: tuple[str, ...], types: tuple[str, ...]) -> int:
    return sum(ctrl in players and kind in types for ctrl, kind, _card in record.this_turn(ctx.state, "destroyed"))




@HAPPENED.register(("this_turn", "destroyed"), concepts=("do.destroy", "effect.if"),
                   meaning="cards of that player and type were destroyed this turn (self-destruction aside)")
def _destroyed(ctx: Ctx, cond: ast.Condition, item: Work) -> bool | None:
    sel = cond.selector
    if sel is None or sel.self_ref:
        return None
    plain = ast.Selector(count=sel.count, owner=sel.owner, card_types=sel.card_types, span=sel.span,
                         up_to=sel.up_to, selects=sel.selects)
    if plain != sel:
        return None
    players = select.whose(item.controller, sel.owner, ctx.state)
    n = destroyed_this_turn(ctx, players, sel.card_types or ("spirit",))
    t = cond.threshold
    if t is not None and t.stat == "count":
        return bool(select.OPS[t.op](n, t.value))
    return n >= (sel.count or 1)


# --- soul_paid (folded in): "If you spend a "Soul Core" as part of this card's cost" / "… this
# spirit's summoning cost": the typed condition kind "happened" with window "cost", event "spends" and
# a soul core as its object, decided from how the cost was paid (10-6-6 summoning cost, 10-8-6 use
# cost), never asked. Why a module of its own: paying is the act of summoning or using the card, the
# condition is read later, while its effect resolves. So the payment leaves a fact on the card (a
# modification of kind `paid_soul`): on the spirit summoned (it lasts while that spirit is on the
# field, the same card) or on the magic card b

KIND = "paid_soul"


def remember_soul_paid(ctx: Ctx, cid: str, player: str, *, until: ast.Duration = ast.Duration.PERMANENT) -> None:
    """The soul core was among the cores that paid `cid`'s cost."""
    from judge.engine.bs.ctx import add_mod

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


# --- spends_event (folded in): "When you spend a "Soul Core" as part of a magic card's cost": the use
# of a magic card (the event "when_uses", raised once its cost is paid, 10-8-6) whose cost the soul
# core was among (soul_paid.py's record on the card), so an effect watching it activates then (8-6-1)
# and not for a use paid without it.

def handles_spends(cond: ast.Condition) -> bool:
    """The event form this module decides: the soul core spent on a magic card's cost."""
    return cond.kind == "event" and cond.event == "spends" and cond.object is not None and \
        cond.object.unit == "soul_core" and cond.selector is not None and \
        tuple(cond.selector.card_types) == ("magic",)


def spends_hold(cond: ast.Condition, card: str, state: State) -> bool:
    """Whether the use of `card` is the watched one (True for every other event)."""
    if not handles_spends(cond):
        return True
    return any(m.kind == KIND and m.target == card for m in state.mods)


__all__ = ["HAPPENED", "KIND", "STEP_OF", "activation_condition", "destroyed_this_turn", "entered_from", "handles_spends", "paid_with_soul", "record_destroyed", "remember_soul_paid", "spends_hold"]
