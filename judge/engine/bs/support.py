"""What the Battle Spirits engine carries out of a parsed ability (the `Rules.unexecuted` hook).

It reads the same registries the engine runs on (effects, conditions, keywords, trigger timings),
so a node the engine cannot run is reported here exactly when resolving it would log "not
modelled". The answer is the node kinds (or typed values) the engine does not run; empty: all.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from judge.engine.bs import conditions, continuous, derive
from judge.engine.bs.effects import cards as zones
from judge.engine.bs.effects import move_cores as cores
from judge.engine.bs.effects import resolve as effects
from judge.engine.bs.events import watch
from judge.engine.bs.flow import core_step, step_start, triggers, turn_end
from judge.engine.bs.keywords import ascend
from judge.engine.bs.keywords import registry as keywords
from judge.engine.bs.zones import cost as symbols
from judge.text import ast
from judge.text.ast import AbilityKind

#: Restrictions the engine enforces (the action a "cannot …" / "must …" forbids or demands).
RESTRICTIONS = frozenset({"attack", "block", "be_selected", "be_blocked", "attack_or_block",
                          "refresh_in_refresh_step"})
#: What the engine lets a card do that the rules otherwise forbid ("can block while exhausted").
ALLOWANCES = frozenset({"block_while_exhausted"})
#: Where a Move effect can put a field card.
MOVE_DESTS = frozenset({"hand", "deck_top", "deck_bottom", "removed", "trash"})


def _effect_gaps(node: Any) -> Iterator[str]:
    kind = ast.kind_of(node)
    if not effects.executable(node):
        yield kind
        return
    check = _CHECKS.get(type(node))
    if check is not None:
        yield from check(node)


def _move_cores(e: ast.MoveCores) -> Iterator[str]:
    src, dst = cores.area(e.source), cores.area(e.dest)
    paid = e.count is not None or (e.equal_to is not None and e.equal_to.stat == "cost")
    if src is None or dst is None or (src[0] == "any" and e.core_type != "soul") or (
            src[0] == "field_or_reserve" and (not paid or dst[0] not in ("reserve", "trash", "life"))):
        yield f"move_cores from {e.source} to {e.dest}"


def _move(e: ast.Move) -> Iterator[str]:
    if e.dest not in MOVE_DESTS or e.target.zone not in (None, "field", "revealed", "trash", "hand"):
        yield f"move from {e.target.zone or 'field'} to {e.dest}"


def _reveal(e: ast.Reveal) -> Iterator[str]:
    from judge.engine.bs.effects.viewed import handles

    if handles(e):                       # "reveal one X from the cards you viewed" (viewed.py)
        return
    if e.zone != "deck" or e.count is None:
        yield f"reveal {e.zone}"


def _deploy(e: ast.Deploy) -> Iterator[str]:
    from judge.engine.bs.effects.tokens import names_token

    if e.verb == "summon" and names_token(e.target):
        # tokens.py summons it, but only from a token definition the card data lacks (4-12-2): not counted
        yield "summon a token (its figures are not in the card data)"
    elif e.verb == "place" and e.target.self_ref:
        # "place this card": from the burst area or the hand, where its own trigger is not watched
        yield "place this card from outside the field"
    elif e.verb not in zones.DEPLOY_TYPES or e.duration != ast.Duration.PERMANENT or (
            not zones.deploy_zones(e.target.zone) and not e.target.self_ref):
        yield f"{e.verb} from {e.target.zone or 'an unnamed zone'}"


def _activate(e: ast.Activate) -> Iterator[str]:
    if e.effect is not None and e.target is not None and not e.target.self_ref and e.keyword is None:
        return                           # another card's effect of that timing (borrowed.py)
    if e.keyword is not None or e.effect is not None or e.step is None:
        yield f"activate {e.keyword.name if e.keyword else e.effect or 'an effect'}"


def _modify(e: ast.ModifyStat) -> Iterator[str]:
    if e.stat not in ("bp", "level"):
        yield f"modify_stat {e.stat}"


def _set_stat(e: ast.SetStat) -> Iterator[str]:
    from judge.engine.bs.zones.next_summon import handles as next_summon

    if e.stat == "cost" and e.target is not None and next_summon(e):
        return                           # the next matching summon's cost (next_summon.py, 10-6-4)
    if e.stat == "cost" and e.target is not None and e.target.state is None and (
            e.equal_to is None or e.equal_to.stat in ("life", "reserve", "hand")):
        return                           # a cost assigned by a resolving effect (symbols.set_cost, 8-8-1-4/5)
    if e.stat != "bp" and continuous.symbol_colour(e) is None:
        yield f"set_stat {e.stat}"


def _gain(e: ast.Gain) -> Iterator[str]:
    if e.keyword is None and e.ability is not None:
        yield from (f"gained {g}" for g in unexecuted(e.ability))
    elif e.keyword is None:
        if not e.family:
            yield "gain nothing the engine reads"
    elif keywords.rule(e.keyword.name) is None:
        yield f"keyword {e.keyword.name}"


def _restriction(e: ast.Restriction) -> Iterator[str]:
    from judge.engine.bs.effects import no_trigger

    if no_trigger.is_bar(e) or zones.bars_when_summoned(e):    # effects that do not activate (no_trigger, zones)
        return
    from judge.engine.bs.effects.discard_cap import is_cap
    from judge.engine.bs.effects.scope import is_soul_bar

    if is_cap(e) or is_soul_bar(e):        # "… with this effect": discard_cap.py, effect_scope.py (applied there)
        return
    if e.target is None or (e.mode, e.action) not in {*(("cannot", a) for a in RESTRICTIONS),
                                                      *(("can", a) for a in ALLOWANCES)}:
        yield f"restriction {e.mode} {e.action}"


def _conditional(e: ast.Conditional) -> Iterator[str]:
    c = e.condition
    from judge.engine.bs.effects.selections import passing

    if passing(e) is not None:           # a selection passed to another player (selections.py)
        return
    if e.instead or c.kind in ("substitution", "would"):
        yield "substitution outside its event"
    elif c.kind not in ("for_each", "battle_end") and not watch.is_event(c, "battle_end") and \
            not conditions.decidable(c):
        yield f"condition {c.kind}"


def _optional(e: ast.Optional) -> Iterator[str]:
    if e.player is not None and e.player != ast.Player.YOU:
        yield "optional decided by the opponent"


def _damage(e: ast.Damage) -> Iterator[str]:
    if e.target is not None:
        yield "damage to a card"


_CHECKS: dict[type, Callable[[Any], Iterator[str]]] = {
    ast.MoveCores: _move_cores, ast.Move: _move, ast.ModifyStat: _modify, ast.SetStat: _set_stat,
    ast.Gain: _gain, ast.Restriction: _restriction, ast.Conditional: _conditional, ast.Optional: _optional,
    ast.Damage: _damage, ast.Reveal: _reveal, ast.Deploy: _deploy, ast.Activate: _activate,
}


def _effects_gaps(effs: tuple[Any, ...]) -> Iterator[str]:
    from judge.engine.bs.effects.instead import fold
    from judge.engine.bs.effects.selections import passing

    effs = fold(effs)                   # an effect's own "…, <directive> instead" (replaced.py)
    from judge.engine.bs.effects.discard_cap import turn_cap

    done = {id(n) for node in ast.walk(effs) if isinstance(node, ast.Conditional) and (
        passing(node) or turn_cap(node) is not None)
            for n in node.effects}             # a passed selection's permission (selections.py); a discard limit
    for node in ast.walk(effs):
        if isinstance(node, ast.Effect) and id(node) not in done:
            yield from _effect_gaps(node)


def _substitution_gaps(ab: ast.Ability) -> Iterator[str]:
    """A "would be destroyed … instead" ability (substitute.py): its parts must be ones it can run."""
    for e in ab.effects:
        inner = e.effects if isinstance(e, ast.Conditional) else (e,)
        if isinstance(e, ast.Conditional) and e.condition.kind != "substitution" and not conditions.decidable(
                e.condition):
            yield f"condition {e.condition.kind}"
        for x in inner:
            parts = (*(x.cost.effects if isinstance(x, ast.Optional) and x.cost else ()),
                     *(x.effects if isinstance(x, ast.Optional) else (x,)))
            for p in parts:
                if not (isinstance(p, ast.Move) and p.dest == "field"):
                    yield from _effects_gaps((p,))


def _constant_gaps(ab: ast.Ability) -> Iterator[str]:
    if step_start.handles(ab):          # "if …, <do> at the start of the step" (step_start._guarded)
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
    from judge.engine.bs.zones.first_magic import handles as first_magic

    if core_step.is_core_gain(e) or isinstance(e, ast.AlsoActivates) or first_magic(e):
        return                           # core_step.py; also_activates.py; first_magic.py
    if isinstance(e, ast.Conditional):
        c = e.condition
        if c.kind == "event":            # a trigger inside a constant ability (watch.py)
            if not any(watch.is_event(c, e) for e in watch.EVENTS):
                yield f"trigger {c.event or 'event'}"
            yield from _effects_gaps(e.effects)
            return
        if e.instead or not conditions.decidable(c):
            yield f"condition {c.kind}"
        for inner in (*e.effects, *e.otherwise):
            if isinstance(inner, ast.Conditional) and inner.condition.kind == "event" and e.otherwise:
                yield "trigger inside a condition with an otherwise"   # watch.py reads the "if" branch only
                continue
            yield from _constant_effect_gaps(inner)
        return
    if not continuous.applies(e):
        yield f"constant {ast.kind_of(e)}"


def _trigger_gaps(ab: ast.Ability) -> Iterator[str]:
    if ab.condition is not None and ab.condition.kind == "would" and ab.condition.event == "when_destroyed":
        yield from _substitution_gaps(ab)
        return
    if ab.timing in triggers.TIMING_EVENTS or ab.timing in turn_end.END_TIMINGS:   # end-step effects: turn_end.py
        if ab.condition is not None and not conditions.decidable(ab.condition):
            yield f"trigger condition {ab.condition.kind}"
        return
    cond = ab.condition
    if step_start.handles(ab):          # "at the start of the step" in a main / attack step window
        return
    if (ab.timing == "event" or derive.CONSTANT_TIMINGS.get(ab.timing) is not None) and cond is not None and \
            any(watch.is_event(cond, e) for e in watch.EVENTS):
        return
    what = cond.event or cond.kind if ab.timing == "event" and cond is not None else ab.timing
    yield f"trigger {what}"


def unexecuted(ab: ast.Ability) -> tuple[str, ...]:
    """The node kinds of an ability the engine does not carry out (empty: all of them)."""
    gaps: list[str] = []
    if symbols.handles(ab) or symbols.own_cost(ab) or ascend.handles(ab):   # read when a cost is worked out
        return ()
    if ab.kind == AbilityKind.KEYWORD:
        if ab.keyword is None or keywords.rule(ab.keyword.name) is None:
            gaps.append(f"keyword {ab.keyword.name if ab.keyword else '?'}")
        return tuple(gaps)
    if ab.kind == AbilityKind.CONSTANT:
        gaps += _constant_gaps(ab)
        return tuple(dict.fromkeys(gaps))
    if ab.kind in (AbilityKind.TRIGGERED, AbilityKind.AUTO):
        gaps += _trigger_gaps(ab)
    elif ab.kind == AbilityKind.BURST and triggers.burst_event(ab) is None:
        gaps.append(f"burst {ab.timing}")
    elif ab.kind not in (AbilityKind.MAGIC, AbilityKind.ACTIVATED, AbilityKind.BURST):
        gaps.append(f"ability kind {ab.kind.value}")
    if ab.condition is not None and ab.kind != AbilityKind.TRIGGERED and not conditions.decidable(ab.condition):
        gaps.append(f"condition {ab.condition.kind}")
    if ab.cost is not None:
        gaps += _effects_gaps(ab.cost.effects)
    gaps += _effects_gaps(ab.effects)
    return tuple(dict.fromkeys(gaps))


__all__ = ["unexecuted"]
