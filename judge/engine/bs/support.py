"""What the Battle Spirits engine carries out of a parsed ability (the `Rules.unexecuted` hook).

It reads the same registries the engine runs on, and keeps no table of its own: an effect node is
asked of the effect registry (`dispatch.gaps`: an entry for its kind, every field it carries one
its handler reads, no shape the handler declares it cannot run — what `dispatch.apply` refuses);
conditions of the condition registry, keywords of the keyword registry, trigger timings of the
event tables. This module only says where in an ability each node stands (a cost, a constant
effect, a trigger's condition, a substitution). The answer is what the engine does not run, in
words; empty: all of it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import judge.engine.bs.effects as _families  # noqa: F401  (every effect family registers its handlers)
from judge.engine.bs import conditions, continuous, derive, select
from judge.engine.bs import dispatch as effects
from judge.engine.bs import keyword_registry as keywords
from judge.engine.bs.effects.replace import is_substitution
from judge.engine.bs.events import qualifiers, triggers, watch
from judge.engine.bs.events.facts import events_of_timing
from judge.engine.bs.flow import core_step, step_effects
from judge.engine.bs.keywords import ascend
from judge.engine.bs.zones import cost as symbols
from judge.text import ast
from judge.text.ast import AbilityKind
from judge.text.bs.meaning import folded_instead, meaning

#: Durations the engine's turn flow does not tell (flow/durations.py ends only this turn's, this battle's
#: and "until the end of the next turn"): an effect lasting one later turn only ("during your opponent's
#: next turn", BSS 6-8-1-2) would hold from now and never end, so it is not run.
_LATER_TURNS = (ast.Duration.OPPONENT_NEXT_TURN, ast.Duration.YOUR_NEXT_TURN)


def _effect_gaps(node: Any) -> Iterator[str]:
    """What `dispatch.apply` would not run of one effect node (the handler registry's answer), and of
    an ability it gives (read as the engine loads it)."""
    yield from effects.gaps(node)
    if getattr(node, "duration", None) in _LATER_TURNS:
        yield f"{ast.kind_of(node)} duration {node.duration.value}"
    if isinstance(node, ast.Gain) and node.keyword is None and node.ability is not None:
        yield from (f"gained {g}" for g in unexecuted(node.ability))


def _effects_gaps(effs: tuple[Any, ...]) -> Iterator[str]:
    from judge.engine.bs.effects.selections import passing
    from judge.engine.bs.events.discard_cap import turn_cap

    done = {id(n) for node in ast.walk(effs) if isinstance(node, ast.Conditional) and (
        passing(node) or turn_cap(node) is not None)
            for n in node.effects}             # a passed selection's permission (selections.py); a discard limit
    for node in ast.walk(effs):
        if isinstance(node, ast.Effect) and id(node) not in done:
            yield from _effect_gaps(node)


def _substitution_gaps(ab: ast.Ability) -> Iterator[str]:
    """A "would be destroyed … instead" ability (effects/replace.py): its period must be one the engine
    tells (8-1-4-1), its "by …" one a destruction records, and its parts ones it can run."""
    from judge.engine.bs.effects.replace import MOVES_INSTEAD

    cond = ab.condition
    if ab.timing not in (None, "event") and derive.CONSTANT_TIMINGS.get(ab.timing) is None:
        yield f"substitution timing {ab.timing}"
    if cond is not None and cond.by is not None and cond.by.unit not in ("attack", "effect", "player"):
        yield f"substitution by {cond.by.unit}"
    for e in ab.effects:
        inner = e.effects if isinstance(e, ast.Conditional) else (e,)
        if isinstance(e, ast.Conditional) and e.condition.kind != "substitution" and not conditions.decidable(
                e.condition):
            yield f"condition {e.condition.kind}"
        for x in inner:
            parts = (*(x.cost.effects if isinstance(x, ast.Optional) and x.cost else ()),
                     *(x.effects if isinstance(x, ast.Optional) else (x,)))
            for p in parts:
                if isinstance(p, ast.Move) and (p.dest == "field" or p.dest in MOVES_INSTEAD):
                    continue          # "keep it on the field" / "return it to your hand instead"
                yield from _effects_gaps((p,))


def _constant_gaps(ab: ast.Ability) -> Iterator[str]:
    if step_effects.handles(ab):          # "if …, <do> at the start of the step" (step_effects._guarded)
        yield from _effects_gaps(ab.effects[0].effects[0].effects)
        return
    if ab.timing is not None and derive.CONSTANT_TIMINGS.get(ab.timing) is None:
        yield f"constant timing {ab.timing}"
    if ab.condition is not None and ab.condition.kind == "would" and ab.condition.event == "when_destroyed":
        yield from _substitution_gaps(ab)
        return
    if ab.condition is not None:                  # "while …: when <event>, …" is a trigger
        if not any(watch.is_event(ab.condition, e) for e in watch.EVENTS):
            yield f"trigger {ab.condition.event or ab.condition.kind}"
        yield from _effects_gaps(ab.effects)
        return
    for n, e in enumerate(ab.effects):
        yield from _constant_effect_gaps(e)
        if isinstance(e, ast.Conditional) and e.condition.kind == "event" and not e.effects:
            yield from _effects_gaps(ab.effects[n + 1:])      # "When X, …": the sentences that follow
            return


def _constant_effect_gaps(e: Any) -> Iterator[str]:
    from judge.engine.bs.zones.cost import changes_first_magic as first_magic

    if core_step.is_core_gain(e) or isinstance(e, ast.AlsoActivates) or first_magic(e):
        return                           # core_step.py; also_activates.py; first_magic.py
    if isinstance(e, ast.Conditional):
        c = e.condition
        if c.kind == "event":            # a trigger inside a constant ability (watch.py)
            if not any(watch.is_event(c, e) for e in watch.EVENTS):
                yield f"trigger {c.event or 'event'}"
            yield from _effects_gaps(e.effects)
            return
        if (e.instead and not folded_instead(e)) or not conditions.decidable(c):
            yield f"condition {c.kind}"
        for inner in (*e.effects, *e.otherwise):
            if isinstance(inner, ast.Conditional) and inner.condition.kind == "event" and e.otherwise:
                yield "trigger inside a condition with an otherwise"   # watch.py reads the "if" branch only
                continue
            yield from _constant_effect_gaps(inner)
        return
    yield from continuous.constant_gaps(e)      # the constant effect registry's answer (continuous.py)


def _trigger_gaps(ab: ast.Ability) -> Iterator[str]:
    if events_of_timing(ab.timing) or ab.timing in step_effects.END_TIMINGS:   # end-step effects: step_effects.py
        if ab.condition is not None and not conditions.decidable(ab.condition):
            yield f"trigger condition {ab.condition.kind}"
        return
    cond = ab.condition
    if step_effects.handles(ab):          # "at the start of the step" in a main / attack step window
        return
    if (ab.timing == "event" or derive.CONSTANT_TIMINGS.get(ab.timing) is not None) and cond is not None and \
            any(watch.is_event(cond, e) for e in watch.EVENTS):
        return
    what = cond.event or cond.kind if ab.timing == "event" and cond is not None else ab.timing
    yield f"trigger {what}"


def _about_itself(cond: ast.Condition | None, event: str) -> bool:
    """"When this card is discarded from your hand": an event that happens to the card itself, watched
    where it lands (the trash, 8-10-1)."""
    return cond is not None and cond.kind == "event" and cond.event == event and cond.selector is not None \
        and cond.selector.self_ref


def _self_deploy_gaps(ab: ast.Ability) -> Iterator[str]:
    """"Summon / place this card" is run from where the card is when its effect resolves: the burst
    area of a burst being activated (10-9-2), the trash after its own destruction (its When Destroyed,
    8-10-1) or after it was discarded, or the trash of a card whose start-of-step ability works from
    there (step_effects.from_own_area). A card in a hand or trash watching another event is not watched."""
    if ab.kind == AbilityKind.BURST or "destroyed" in events_of_timing(ab.timing) or \
            step_effects.from_own_area(ab, "trash") or _about_itself(ab.condition, "discarded"):
        return
    for n in ast.walk(ab.effects):
        if isinstance(n, ast.Deploy) and n.target.self_ref:
            yield f"{n.verb} this card from outside the field"


def _same(a: ast.Selector | None, b: ast.Selector) -> bool:
    return a is not None and ast.replace(a, span=None) == ast.replace(b, span=None)


def _symbols_named(ab: ast.Ability, per: ast.Selector) -> bool:
    """"For each symbol on <a card>" where the card is one targets.symbols_on finds: this one, the one
    the ability's event happened to, or one a destruction of the ability names."""
    about = per.about
    if per.unit != "symbol" or about is None:
        return False
    event = ab.condition if ab.condition is not None and ab.condition.kind == "event" else None
    return about.self_ref or (event is not None and _same(event.selector, about)) or any(
        isinstance(n, ast.Destroy) and _same(n.target, about) for n in ast.walk(ab.effects))


def _unread_parts(ab: ast.Ability) -> Iterator[str]:
    """A "for each" the engine does not count, and selector fields and condition qualifiers no part of the
    engine reads (conditions.py, select.py, qualifiers.py)."""
    groups = {id(n.object) for n in ast.walk(ab) if isinstance(n, ast.Condition) and n.kind == "is"}
    for node in ast.walk(ab):
        per = getattr(node, "per", None)
        if isinstance(per, ast.Selector) and not conditions.countable_per(per) and not _symbols_named(ab, per):
            yield f"for each {per.unit} on a card"             # targets.per_count / conditions.count: -1
        if isinstance(node, ast.Selector):
            yield from (f"selector {f}" for f in select.unread_fields(node, group=id(node) in groups))
        elif isinstance(node, ast.Condition):
            yield from (f"condition qualifier {q}" for q in qualifiers.unread(node))


def unexecuted(ab: ast.Ability) -> tuple[str, ...]:
    """The node kinds of an ability the engine does not carry out (empty: all of them), read as the
    engine loads it (the text layer's meaning passes applied)."""
    ab = meaning(ab)
    return tuple(dict.fromkeys((*_unexecuted(ab), *_self_deploy_gaps(ab), *_unread_parts(ab))))


def _unexecuted(ab: ast.Ability) -> tuple[str, ...]:
    gaps: list[str] = []
    if symbols.handles(ab) or symbols.own_cost(ab) or symbols.cost_when_paid(ab) or ascend.handles(ab):
        # read when a cost is worked out (zones/cost.py, keywords/ascend.py)
        return ()
    if ab.kind == AbilityKind.KEYWORD:
        if ab.keyword is None or keywords.rule(ab.keyword.name) is None:
            gaps.append(f"keyword {ab.keyword.name if ab.keyword else '?'}")
        return tuple(gaps)
    if is_substitution(ab) and ab.kind in (AbilityKind.CONSTANT, AbilityKind.TRIGGERED, AbilityKind.AUTO):
        return tuple(dict.fromkeys(_substitution_gaps(ab)))      # applied where destruction happens (8-9-1)
    if ab.kind == AbilityKind.CONSTANT:
        gaps += _constant_gaps(ab)
        return tuple(dict.fromkeys(gaps))
    if ab.kind in (AbilityKind.TRIGGERED, AbilityKind.AUTO):
        gaps += _trigger_gaps(ab)
    elif ab.kind == AbilityKind.BURST and triggers.burst_event(ab) is None:
        gaps.append(f"burst {ab.timing}")
    elif ab.kind not in (AbilityKind.MAGIC, AbilityKind.ACTIVATED, AbilityKind.BURST):
        gaps.append(f"ability kind {ab.kind.value}")
    # a burst's condition is its event (triggers.burst_event, 10-9-1), a trigger's is read in _trigger_gaps
    if ab.condition is not None and ab.kind not in (AbilityKind.TRIGGERED, AbilityKind.BURST) and \
            not conditions.decidable(ab.condition):
        gaps.append(f"condition {ab.condition.kind}")
    if ab.cost is not None:
        gaps += _effects_gaps(ab.cost.effects)
    gaps += _effects_gaps(ab.effects)
    return tuple(dict.fromkeys(gaps))


__all__ = ["unexecuted"]
