"""Substitution effects (Saga 8-9, 10-1-3-2 / Standard 9-1-8): "when … would be destroyed, … instead".

An ability whose condition is the would-event (`Condition(kind="would", event="when_destroyed")`,
its selector saying whose card) applies while it is active (a constant one only while its timing
holds). Its "instead" part may carry its own condition (decided from the board), a "you may" (the
controller decides) and a cost (paid first; unpaid, it does not apply). "Keep it on the field"
(a Move to the field of the card about to be destroyed) means the card stays, in the state the
text says. Only one substitution applies to one event (8-9-3): with several, the controller of
the card that would be destroyed chooses which. The replaced destruction never happens, so
nothing that triggers on destruction activates (8-9-1-1).
"""

from __future__ import annotations

from typing import Any

from judge.engine.bs import conditions, derive, record, select
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.dispatch import form
from judge.engine.bs.state import Orientation, Work
from judge.engine.kernel.registry import Registry
from judge.text import ast


def _applies_to(ctx: Ctx, holder: str, ctrl: str, cond: ast.Condition, cid: str) -> bool:
    sel = cond.selector
    if sel is None or sel.self_ref:
        return holder == cid
    return ctx.state.controller(cid) in select.whose(ctrl, sel.owner, ctx.state) and \
        select.matches(ctx.state, cid, sel, holder)


#: The would-events a destruction substitution is written on ("when … would be destroyed").
WOULD_DESTROYED = ("when_destroyed", "destroyed")


def is_substitution(ab: ast.Ability) -> bool:
    """Whether an ability is a substitution for a destruction (8-9, 10-1-3-2)."""
    cond = ab.condition
    return cond is not None and cond.kind == "would" and cond.event in WOULD_DESTROYED


def active_now(state: Any, src: str, ab: ast.Ability) -> bool:
    """A substitution is active only while its written period holds (8-1-4-1: "During Either Attack
    Step: when … would be destroyed" applies in an attack step only, whatever the ability's kind)."""
    if ab.timing in (None, "event"):
        return True
    return bool(derive.constant_active(state, src, ab))


def _by_holds(cond: ast.Condition, ctrl: str, cid: str, state: Any, cause: str, by: str | None) -> bool:
    """"… would be destroyed by your opponent's (destruction) effects": the destruction about to happen
    must be that one (its cause and whose effect it is, as a destruction trigger reads them)."""
    if cond.by is None and not cond.qualifiers:
        return True
    from judge.engine.bs.events import destroyed_how

    facts = destroyed_how.stamp({cid: {"controller": state.controller(cid)}}, cause=cause, by=by)[cid]
    return destroyed_how.holds(cond, ctrl, facts)


def candidates(ctx: Ctx, cid: str, cause: str = "effect", by: str | None = None) -> list[tuple[str, ast.Conditional]]:
    """(source card, its "instead" part) of every substitution that applies to `cid` being destroyed
    (with `cause`, by the effect of player `by`)."""
    state = ctx.state
    out = []
    for name, p in state.players.items():
        for fc in p.field:
            for idx, ab in derive.active_abilities(state, fc.id):
                cond = ab.condition
                if cond is None or not is_substitution(ab) or not active_now(state, fc.id, ab):
                    continue
                if "once_per_turn" in ab.restrictions and record.happened(state, "once_per_turn", fc.id, idx):
                    continue          # [Once per turn] (12-3-1-1): already used this turn
                if not _applies_to(ctx, fc.id, name, cond, cid) or not _by_holds(cond, name, cid, state, cause, by):
                    continue
                parts = [e for e in ab.effects if isinstance(e, ast.Conditional) and e.instead]
                if not parts:      # the whole text after "would be destroyed" is what happens instead
                    parts = [ast.Conditional(condition=ast.Condition(kind="substitution", text=""),
                                             effects=ab.effects, instead=True)]
                for eff in parts:
                    if _holds(ctx, fc.id, name, eff) and _affordable(ctx, fc.id, name, eff):
                        out.append((fc.id, eff))
                        break
    return out


def _affordable(ctx: Ctx, src: str, ctrl: str, eff: ast.Conditional) -> bool:
    """A substitution whose cost cannot be paid in full cannot be used (8-4-2-3)."""
    from judge.engine.bs.zones.costs import payable

    inner = eff.effects[0] if len(eff.effects) == 1 else None
    if not isinstance(inner, ast.Optional) or inner.cost is None:
        return True
    item = Work(kind="effects", source=src, controller=ctrl, label=src)
    return all(payable(ctx, e, item) is not False for e in inner.cost.effects)


def _holds(ctx: Ctx, src: str, ctrl: str, eff: ast.Conditional) -> bool:
    if eff.condition.kind == "substitution":
        return True
    return conditions.holds_or_unmodelled(ctx, eff.condition, src, ctrl,
                                          f"{name_of(ctx.state, src)}'s substitution: whether its")


def _which(ctx: Ctx, cid: str, options: list[tuple[str, Any]]) -> tuple[str, Any]:
    """Several substitution effects apply but only one may (8-9-3): in Saga the player controlling the
    card that would be destroyed chooses which (8-9-2-1); in Standard the turn player (9-1-8-1-3)."""
    affected = ctx.profile.substitution_chosen_by_affected
    who = (ctx.state.controller(cid) if affected else None) or ctx.state.turn_player
    why = "effect.substitution_affected" if affected else "effect.substitution_choice"
    sources = [src for src, _ in options]
    answer = ctx.ask(f"{who}: which substitution effect replaces the destruction of {cid} (only one applies): "
                     f"{', '.join(sources)}", "effect.substitution_one", why, player=who, options=sources,
                     kind="substitution")
    picked = [str(a) for a in (answer if isinstance(answer, list | tuple) else [answer])]
    if len(picked) != 1 or picked[0] not in sources:
        raise ctx.refuse(f"{answer!r} is not one of the substitution effects {', '.join(sources)}",
                         "effect.substitution_one")
    return options[sources.index(picked[0])]


#: Keyword effects that are substitutions for a destruction (key: the keyword's name): the handler
#: says whether it applies to this destruction (ctx, card, cause, by); `extra["run"](ctx, card)` uses it
#: (its controller may decline: False) — curse.py registers 【Bloodcurse】.
KEYWORD_SUBSTITUTES: Registry[str] = Registry("Battle Spirits keyword substitutions")


def _keyword_options(ctx: Ctx, cid: str, cause: str, by: str | None) -> list[tuple[str, Any]]:
    return [(f"{cid}:{derive.norm_kw(str(e.key))}", e) for e in KEYWORD_SUBSTITUTES.entries()
            if derive.keyword(ctx.state, cid, str(e.key)) and e.handler(ctx, cid, cause, by)]


def substitute(ctx: Ctx, cid: str, *, cause: str = "effect", by: str | None = None) -> bool:
    """Apply one substitution effect for the destruction of `cid`, if one applies and is used.

    `cause` (battle | effect | cores | bp) and `by` (the player whose effect destroys it) say what
    destruction it is, for substitutions that apply only to some (【Bloodcurse】)."""
    options: list[tuple[str, Any]] = [*candidates(ctx, cid, cause, by), *_keyword_options(ctx, cid, cause, by)]
    if not options:
        return False
    src, sub = options[0] if len(options) == 1 else _which(ctx, cid, options)
    if not isinstance(sub, ast.Conditional):          # a keyword's substitution
        return bool(sub.extra["run"](ctx, cid, len(options) > 1))
    ctrl = ctx.state.controller(src) or ""
    item = Work(kind="effects", source=src, controller=ctrl, label=f"{name_of(ctx.state, src)}'s substitution")
    inner = list(sub.effects)
    cost: tuple[Any, ...] = ()
    if len(inner) == 1 and isinstance(inner[0], ast.Optional):
        if not ctx.ask_yes_no(f"{ctrl}: use {item.label} so that {cid} is not destroyed?", "effect.substitution",
                              "effect.may", player=ctrl):
            ctx.log(f"{ctrl} does not use {item.label}", "effect.may")
            return False
        cost = inner[0].cost.effects if inner[0].cost is not None else ()
        inner = list(inner[0].effects)
    ctx.log(f"{name_of(ctx.state, cid)} would be destroyed: {item.label} applies instead, so the destruction "
            "never happens and nothing triggers on it", "do.destroy_substitute", "effect.substitution",
            "do.destroy_interrupted",
            *(("effect.substitution_one",) if len(options) > 1 else ()))
    from judge.engine.bs import dispatch as effects

    idx, about = _would_of(ctx, src, sub)
    if idx is not None and "once_per_turn" in _restrictions(ctx, src, idx):
        record.note(ctx, "once_per_turn", src, idx)
    for e in (*cost, *inner):
        if isinstance(e, ast.Move) and e.dest == "field":
            _stay(ctx, cid, src, e)
        elif isinstance(e, ast.Move) and about is not None and _same(e.target, about):
            _move_it(ctx, cid, e)        # "return it to your hand instead": the card that would be destroyed
        else:
            effects.apply(ctx, e, item)
    return True


def _would_of(ctx: Ctx, src: str, sub: ast.Conditional) -> tuple[int | None, ast.Selector | None]:
    """(ability index, selector of the would-event) a substitution part belongs to ("one of your
    Serpent spirits")."""
    for idx, ab in derive.active_abilities(ctx.state, src):
        if ab.condition is not None and ab.condition.kind == "would" and (
                any(e is sub for e in ab.effects) or tuple(sub.effects) == tuple(ab.effects)):
            return idx, ab.condition.selector
    return None, None


def _restrictions(ctx: Ctx, src: str, idx: int) -> tuple[str, ...]:
    return next((ab.restrictions for i, ab in derive.active_abilities(ctx.state, src) if i == idx), ())


def _same(a: ast.Selector, b: ast.Selector) -> bool:
    """The grammar writes "it" as a copy of what it refers to: equal but for where it was written."""
    from dataclasses import replace

    return not a.self_ref and replace(a, span=None) == replace(b, span=None)


#: Where "<move> it … instead" can put the card that would be destroyed.
MOVES_INSTEAD = frozenset({"hand", "deck_top", "deck_bottom", "removed", "trash"})


def _move_it(ctx: Ctx, cid: str, e: ast.Move) -> None:
    from judge.engine.bs.events import management

    if e.dest not in MOVES_INSTEAD:
        ctx.unmodelled(f"moving {cid} to {e.dest} instead of its destruction")
        return
    management.leave_field(ctx, cid, e.dest)


def _stay(ctx: Ctx, cid: str, src: str, e: ast.Move) -> None:
    """"Keep it on the field (exhausted)": the card that would be destroyed stays where it is."""
    fc = ctx.state.field_card(cid)
    if fc is None:
        return
    from judge.engine.bs.events import management

    want = {"exhausted": Orientation.EXHAUSTED, "refreshed": Orientation.REFRESHED}.get(e.target.state or "")
    if want is not None and fc.orientation != want:
        management.set_orientation(ctx, fc, want)
    ctx.log(f"{name_of(ctx.state, cid)} stays on the field" + (f", {want.value}" if want else ""),
            "effect.substitution")



@form("substitute_destruction", concepts=("effect.substitution",))
def _substitute_destruction(ctx: Ctx, cid: str, cause: str, by: str | None) -> bool:
    return substitute(ctx, cid, cause=cause, by=by)


__all__ = ["KEYWORD_SUBSTITUTES", "MOVES_INSTEAD", "WOULD_DESTROYED", "active_now", "candidates", "is_substitution", "substitute"]
