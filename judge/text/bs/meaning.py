"""Normalisation passes after the Transformer: the meaning the engine acts on (issue 20 item 3).

The Transformer gives each sentence its node, in the order it is written; these passes read three
things that only the sentences around it decide, so the engine receives the meaning and never
rewrites the tree while resolving (it used to: `replaced.fold`, `effect_scope.narrow`,
`zones.summon_pays`):

1. **An effect's own "instead"** (Saga 8-9-1 / 8-9-1-1): "Draw a card. If one of your spirits has
   been destroyed this turn, draw two cards instead." is a substitution of the directive written
   before it: when its condition holds as that directive would be performed, the replacement is
   performed and the original never is. The pass puts the replacement at the original's place, as
   `Conditional(condition, effects=(replacement,), otherwise=(original,), instead=True)` (an
   "instead" holding what it replaces). The directive replaced is the latest one written before of
   the same kind, else the latest acting on the same cards; the replacement repeats only what
   changes, so a duration it does not state is the original's. When no directive is found the
   sentences stay as written (the engine says it does not model such an "instead"). A substitution
   of an event outside the effect ("when … would be destroyed, … instead") is not this.
2. **A restriction "with this effect"** (1-3-3, 4-11-1, 4-11-3): "You cannot place a Soul Core on
   this spirit with this effect." bars only what that effect does, so every core placement of the
   effect is of regular cores (`MoveCores.core_type = "core"`); the restriction stays, for the
   engine to say it applied.
3. **"Pay its cost and summon it"** (10-6-6): the summon's own payment is that cost, so the written
   payment is left out before a summon of the same card (paid once, by the summon).
4. **"When … by this effect"** written inside the effect (1-3-7): what that effect did, decided as
   the sentence is reached (`happened`, window `this_effect`), not an event waited for.

5. **A step's one-time directives** (6-2-1, 8-1-4): "During Your Start Step: if C, destroy …", written
   without "at the start of the step", is performed once as that step begins, as the effects worded
   so are (a constant effect cannot perform a one-time directive): read in that wording.

Each of the passes 1–4 maps a tuple of effects to a tuple of effects; `meaning` applies them, in that order, to an
ability's effects and to every tuple of effects nested in them (parts resolved later, as a delayed
or optional part, are read the same way). The written tree (what `judge parse` shows and the
renderer reads back) is the Transformer's; this is what the rules engine loads.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields, replace
from typing import Any

from judge.text import ast

Pass = Callable[[tuple[ast.Effect, ...]], tuple[ast.Effect, ...]]


# 1. an effect's own "instead" ------------------------------------------------------------------
def local_instead(e: object) -> bool:
    """"If C, <one directive> instead." written as a sentence of the effect it replaces a part of."""
    return isinstance(e, ast.Conditional) and e.instead and len(e.effects) == 1 and not e.otherwise \
        and e.condition.kind not in ("substitution", "would")


def folded_instead(e: object) -> bool:
    """An "instead" this pass has put at the directive it replaces (it holds the original)."""
    return isinstance(e, ast.Conditional) and e.instead and bool(e.otherwise) \
        and e.condition.kind not in ("substitution", "would")


def _target(e: Any) -> ast.Selector | None:
    return getattr(e, "target", None) or getattr(e, "source_target", None)


def _same_cards(a: Any, b: Any) -> bool:
    ta, tb = _target(a), _target(b)
    return ta is not None and tb is not None and replace(ta, span=None) == replace(tb, span=None)


def _merged(orig: Any, sub: Any) -> Any:
    """The replacement, with the original's duration where it states none."""
    if type(orig) is type(sub) and any(f.name == "duration" for f in fields(sub)) and \
            sub.duration == ast.Duration.PERMANENT and orig.duration != ast.Duration.PERMANENT:
        return replace(sub, duration=orig.duration)
    return sub


def _swap(effects: tuple, match: Callable[[Any], bool], make: Callable[[Any], Any]) -> tuple | None:
    """The effects with the latest directive `match` accepts (searched backwards, inside "you may" and
    "then" too) rebuilt by `make`; None when there is none."""
    for i in range(len(effects) - 1, -1, -1):
        e = effects[i]
        if isinstance(e, ast.Optional | ast.Sequence):
            inner = _swap(e.effects, match, make)
            if inner is not None:
                return (*effects[:i], replace(e, effects=inner), *effects[i + 1:])
            continue
        if match(e):
            return (*effects[:i], make(e), *effects[i + 1:])
    return None


def _fold_one(before: tuple, c: ast.Conditional) -> tuple | None:
    sub = c.effects[0]

    def make(orig: Any) -> ast.Conditional:
        return ast.Conditional(condition=c.condition, effects=(_merged(orig, sub),), otherwise=(orig,),
                               instead=True, span=c.span)

    return (_swap(before, lambda e: type(e) is type(sub) and not isinstance(e, ast.Conditional), make)
            or _swap(before, lambda e: _same_cards(e, sub), make))


def fold_instead(effects: tuple[ast.Effect, ...]) -> tuple[ast.Effect, ...]:
    """Each "…, <directive> instead" of these effects read at the directive it replaces (unchanged
    when there is none, or when a directive replaced is not found)."""
    if not any(local_instead(e) for e in effects):
        return effects
    out: tuple = ()
    for e in effects:
        if local_instead(e):
            folded = _fold_one(out, e)
            if folded is None:
                return effects
            out = folded
        else:
            out = (*out, e)
    return out


# 2. a restriction "with this effect" ------------------------------------------------------------
def this_effect(eff: object) -> bool:
    """A restriction whose scope is the effect it is written in ("… with this effect")."""
    by = getattr(eff, "by", None)
    return isinstance(eff, ast.Restriction) and eff.mode == "cannot" and by is not None \
        and by.unit == "effect" and by.effect == "this"


def soul_bar(eff: object) -> bool:
    """"cannot place a Soul Core … with this effect"."""
    return this_effect(eff) and eff.action == "place_cores" and eff.object is not None \
        and eff.object.unit == "soul_core"


_NESTED = (ast.Conditional, ast.Sequence, ast.Optional)


def _regular_cores(eff: ast.Effect) -> ast.Effect:
    if isinstance(eff, ast.MoveCores) and eff.core_type is None:
        return replace(eff, core_type="core")      # regular cores only (4-11-1)
    if isinstance(eff, _NESTED):
        return replace(eff, effects=tuple(_regular_cores(e) for e in eff.effects))
    return eff


def narrow_this_effect(effects: tuple[ast.Effect, ...]) -> tuple[ast.Effect, ...]:
    """A bar on placing the soul core "with this effect" makes every core placement of the effect one
    of regular cores."""
    if not any(soul_bar(e) for e in effects):
        return effects
    return tuple(e if soul_bar(e) else _regular_cores(e) for e in effects)


# 3. "pay its cost and summon it" ---------------------------------------------------------------
def _pays_own_cost(e: object) -> bool:
    return isinstance(e, ast.MoveCores) and e.dest == "trash" and e.equal_to is not None and \
        e.equal_to.stat == "cost" and e.equal_to.ref is not None and e.equal_to.ref.self_ref


def _summons_itself(e: object) -> bool:
    return isinstance(e, ast.Deploy) and e.verb == "summon" and not e.free and e.target.self_ref


def summon_pays(effects: tuple[ast.Effect, ...]) -> tuple[ast.Effect, ...]:
    """The written payment of a card's cost left out before that card's summon (paid once, 10-6-6)."""
    out = [e for i, e in enumerate(effects)
           if not (_pays_own_cost(e) and i + 1 < len(effects) and _summons_itself(effects[i + 1]))]
    return effects if len(out) == len(effects) else tuple(out)


# 4. "when … by this effect" inside the effect -------------------------------------------------------
def _by_this_effect(e: object) -> bool:
    return isinstance(e, ast.Conditional) and e.condition.kind == "event" and \
        "with_this_effect" in e.condition.qualifiers


def this_effect_did(effects: tuple[ast.Effect, ...]) -> tuple[ast.Effect, ...]:
    """"Discard the top four cards …. When a magic card is discarded by this effect, …": the event is a
    part of the effect being resolved, done or not by the time the next sentence is (1-3-7), so it is
    read as what that effect did (`happened` in the window `this_effect`), not an event to wait for."""
    if not any(_by_this_effect(e) for e in effects):
        return effects
    return tuple(replace(e, condition=replace(e.condition, kind="happened", window="this_effect", qualifiers=tuple(
        q for q in e.condition.qualifiers if q != "with_this_effect"))) if _by_this_effect(e) else e
        for e in effects)


#: The passes, in the order they apply to each tuple of effects.
PASSES: tuple[Pass, ...] = (fold_instead, narrow_this_effect, summon_pays, this_effect_did)

#: Fields of effect nodes holding further tuples of effects.
_PARTS = ("effects", "otherwise")


def _effects(effects: tuple[ast.Effect, ...]) -> tuple[ast.Effect, ...]:
    inner = tuple(_node(e) for e in effects)
    out = inner if any(a is not b for a, b in zip(inner, effects, strict=True)) else effects
    for p in PASSES:
        out = p(out)
    return out


def _node(e: ast.Effect) -> ast.Effect:
    changes: dict[str, Any] = {}
    for name in _PARTS:
        part = getattr(e, name, None)
        if isinstance(part, tuple) and part and all(isinstance(x, ast.Effect) for x in part):
            new = _effects(part)
            if new is not part:
                changes[name] = new
    if isinstance(e, ast.Modal):
        options = tuple(_effects(tuple(o)) for o in e.options)
        if any(a is not b for a, b in zip(options, e.options, strict=True)):
            changes["options"] = options
    return replace(e, **changes) if changes else e


# 5. a step's one-time directives -----------------------------------------------------------------
#: Windows of the steps no player acts in (6-2 start, 6-3 core, 6-4 draw, 6-5 refresh) and of the end
#: step (6-8): each begins with the effects worded to activate "at the start of the step".
STEP_WINDOWS = frozenset({"during_your_start_step", "during_your_core_step", "during_your_draw_step",
                          "during_your_refresh_step", "during_your_end_step", "during_opponents_end_step"})

#: Directives performed once, when they are reached (never applied continuously, 8-1-4).
_ONCE = (ast.Destroy, ast.Discard, ast.SetState, ast.MoveCores, ast.Move, ast.Reveal, ast.Search, ast.Deploy)


def once(e: object) -> bool:
    """Whether a directive is performed once (a draw that is not "one additional card" at the draw step,
    a BP change that lasts a while, not one that applies as long as the ability does)."""
    if isinstance(e, ast.Draw):
        return not e.additional
    if isinstance(e, ast.ModifyStat):
        return e.duration != ast.Duration.PERMANENT
    if isinstance(e, ast.Optional | ast.Sequence):
        return bool(e.effects) and all(once(x) for x in e.effects)
    return isinstance(e, _ONCE)


#: The start of the step, as "At the start of the step, …" is read (6-2-1).
STEP_START = ast.Condition(kind="event", text="at the start of the step", event="step_start")


def step_once(ability: ast.Ability) -> ast.Ability:
    """"During Your Start Step: [if C,] select one of your opponent's spirits and destroy it", written
    without "at the start of the step": a constant effect applies continuously (8-1-4) and a one-time
    directive cannot, so the step's directives are performed once, as the step begins, with the
    effects worded to activate then (6-2-1, 6-3-1, 6-4-1, 6-5-1, 6-8-1-1): read as that wording is
    (a condition on the board decided as the step starts)."""
    if ability.kind != ast.AbilityKind.CONSTANT or ability.condition is not None or \
            ability.timing not in STEP_WINDOWS or not ability.effects:
        return ability
    if all(once(e) for e in ability.effects):
        return replace(ability, kind=ast.AbilityKind.TRIGGERED, condition=STEP_START)
    guard = ability.effects[0]
    if len(ability.effects) == 1 and isinstance(guard, ast.Conditional) and guard.condition.kind != "event" \
            and not guard.instead and not guard.otherwise and guard.effects and all(once(e) for e in guard.effects):
        start = ast.Conditional(condition=STEP_START, effects=guard.effects, span=guard.span)
        return replace(ability, effects=(replace(guard, effects=(start,)),))
    return ability


def meaning(ability: ast.Ability) -> ast.Ability:
    """The ability as the engine acts on it: the passes applied to its effects at every level, then
    the reading of a step's one-time directives."""
    effects = _effects(ability.effects)
    return step_once(ability if effects is ability.effects else replace(ability, effects=effects))


__all__ = ["PASSES", "STEP_START", "STEP_WINDOWS", "fold_instead", "folded_instead", "local_instead", "meaning", "narrow_this_effect",
           "once", "soul_bar", "step_once", "summon_pays", "this_effect", "this_effect_did"]
