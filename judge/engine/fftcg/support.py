"""What the FFTCG engine carries out of a parsed ability (the `Rules.unexecuted` hook, `judge card`).

It keeps no table of effect nodes of its own: an effect node is asked of the effect registry
(`registry.refused`: an entry for its kind, every field it carries one its handler reads, no shape its
handler declares it cannot run — exactly what `effects.run.one` refuses as "not modelled"); a condition of
`effects.conditional` (the board's readers, the replacement events); keywords of the keyword registry,
trigger timings of the event tables. This module says where in an ability each node stands (a cost, a
field ability, a trigger's condition). A field ability's effect is asked of the field registry
(`fieldreads.applied`): each part of the board that reads field abilities (restrictions, stat changes, cost
changes, replacements, the text layer) registers there, beside its code, the node family, mode and action it
reads. The answer names what the engine does not run; empty: the whole ability is carried out.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from judge.engine.fftcg import conditions, fieldreads, replacement
from judge.engine.fftcg import restrictions as _restrictions  # noqa: F401  (its readers register)
from judge.engine.fftcg.cardlimits import KNOWN_RESTRICTIONS, USE_LIMITS, WHILE_LIMITS
from judge.engine.fftcg.cardtypes import ALSO_KINDS
from judge.engine.fftcg.effects import changes as _changes  # noqa: F401  (its field readers register)
from judge.engine.fftcg.effects import exburst, registry, reveal
from judge.engine.fftcg.effects import handlers as _families  # noqa: F401  (the node families register)
from judge.engine.fftcg.effects.conditional import condition_gaps, lasting_effects
from judge.engine.fftcg.effects.selecting import each_selects
from judge.engine.fftcg.events.delayed import phase_event
from judge.engine.fftcg.events.triggers import _TIMINGS, chosen_readable, discard_readable, nth_event
from judge.engine.fftcg.keywords.warp_priming import KEYWORDS
from judge.engine.fftcg.ongoing import is_type_change
from judge.engine.fftcg.query import EXTREMES, is_instead_condition, is_ongoing_condition, norm_kw
from judge.engine.fftcg.zones import costs, extracost
from judge.engine.fftcg.zones import payments as _payments  # noqa: F401  (its field readers register)
from judge.engine.fftcg.zones.cost import cost_option
from judge.text import ast
from judge.text.ast import AbilityKind


def effect_gaps(e: Any) -> Iterator[str]:
    """What of one effect node (not its children) the engine does not carry out: the effect registry's answer
    (`registry.refused`, what `effects.run.one` refuses); a "Select N of …" is declared as it is cast or
    triggers, a payment and a reveal are carried out by `effects.run` around the effects they lead."""
    if isinstance(e, ast.Modal) and e.player not in (None, ast.Player.YOU):
        yield "modal selected by another player"   # the engine has the controller declare the modes
        return
    if isinstance(e, ast.Modal | ast.Pay):
        return
    if _loses_jobs(e):
        yield "restriction lose all_jobs"
        return
    if isinstance(e, ast.Reveal):
        if e.zone not in reveal.ZONES:
            yield f"reveal {e.zone}"
        return
    yield from registry.refused(e)


#: keywords a selector can ask for that `matches` does not read (Limit Break and Damage N are marks of a card,
#: not abilities it "has"; Warp and Priming it reads from the printed text, `query.PRINTED_MARKS`)
_UNASKED = frozenset({"lb", "limit break", "damage"})


def _selector_gaps(sel: ast.Selector) -> Iterator[str]:
    """Values of a selector the engine's `matches` does not read."""
    if sel.name is not None and sel.name.startswith("same_as") and sel.name != "same_as_it":
        yield "selector: the same name as another card"
    if sel.chooser is ast.Player.EACH and not each_selects(sel):    # effects/selecting.py makes the others
        yield "selector: each player selects from their own cards"
    if sel.state in EXTREMES and sel.zone not in (None, "field"):     # query._extreme compares field cards
        yield f"selector: {sel.state} in the {sel.zone} zone"
    kw = sel.with_keyword
    if kw is not None and kw != "not_generic" and (norm_kw(kw) in _UNASKED or norm_kw(kw) not in KEYWORDS):
        yield f"selector: with {kw}"


def effects_gaps(effects: Any) -> Iterator[str]:
    nodes = list(ast.walk(effects))
    revealing = any(isinstance(n, ast.Reveal) for n in nodes)
    if sum(1 for n in nodes if isinstance(n, ast.Damage) and n.amount_from == "divided") > 1:
        yield "several damages divided among the same cards"
    for seq in [effects, *(n.effects for n in nodes if isinstance(getattr(n, "effects", None), tuple))]:
        items = list(seq) if isinstance(seq, tuple | list) else []
        for i, x in enumerate(items):
            if isinstance(x, ast.Restriction) and x.action == "be_reduced" and x.target is None and \
                    not (i > 0 and isinstance(items[i - 1], ast.Damage) and items[i - 1].target is not None):
                yield "'cannot be reduced' apart from the damage it follows"
    # "As long as {Name} is on the field, it does not activate …": the Conditional's check reads its effects as
    # they are run, lasting while the card stays (`conditional.lasting_effects`), not as printed
    run_lasting = {id(x) for n in nodes if isinstance(n, ast.Conditional) and lasting_effects(n) is not None
                   for x in n.effects}
    for node in nodes:
        if isinstance(node, ast.Effect) and id(node) in run_lasting:
            continue
        if isinstance(node, ast.Conditional) and node.condition.kind in reveal.IT_KINDS and not revealing and \
                not reveal.reads_it(node.condition):
            yield "'if it is …' of a card nothing revealed"     # reveal.holds: a revealed or a chosen card
        if isinstance(node, ast.Effect):
            yield from effect_gaps(node)
            target = getattr(node, "target", None)
            if isinstance(node, ast.Move | ast.Deploy) and isinstance(target, ast.Selector) and \
                    target.zone == "revealed" and not revealing:
                yield f"{ast.kind_of(node)} of cards nothing revealed"
        elif isinstance(node, ast.Selector):
            yield from _selector_gaps(node)


def _field_effect_gaps(e: Any) -> Iterator[str]:
    """A field ability's effect the board does not apply (11.9)."""
    if extracost.is_extra_cost(e) or extracost.readable_alternative(e):
        return                                    # asked as the card is cast (extracost.py)
    per = getattr(e, "per", None)                 # the board counts it as it reads the ability (conditions.per_count)
    if isinstance(per, ast.Selector) and not conditions.countable(per):
        yield f"field {ast.kind_of(e)} for each … {per.zone}"
    if isinstance(per, ast.Selector) and per.distinct:       # "for each X of a different name": not counted so
        yield f"field {ast.kind_of(e)} for each … of a different {'/'.join(per.distinct)}"
    if isinstance(e, ast.Sequence):
        for x in e.effects:
            yield from _field_effect_gaps(x)
    elif is_ongoing_condition(e):
        yield from condition_gaps(e.condition)
        for x in (*e.effects, *e.otherwise):
            yield from _field_effect_gaps(x)
    elif isinstance(e, ast.Conditional) and conditions.waits_for(e.condition) in replacement.EVENTS:
        if e.condition.event == replacement.DEALS and not replacement.dealer_readable(e.condition):
            yield "replacement on damage dealt to a player or of an unread kind"
        yield from effects_gaps(e.effects)
    elif isinstance(e, ast.Conditional) and conditions.waits_for(e.condition) == "forms_party":
        if not all(isinstance(x, ast.Restriction) and x.action == "be_blocked" for x in e.effects):
            yield "field ability while in a party"
    elif isinstance(e, ast.ModifyStat):
        if fieldreads.applied(e) is None:
            yield f"field modify_stat {e.stat}"
    elif _loses_jobs(e):
        yield "field restriction lose all_jobs"
    elif isinstance(e, ast.Restriction):
        if exburst.barred_by_source(e):
            return
        if fieldreads.applied(e) is None:
            yield f"field restriction {e.mode} {e.action}"
    elif is_type_change(e) and not e.target.self_ref:
        yield "field type change of other cards"
    elif is_type_change(e) and norm_kw(e.keyword.name) == "also" and len(e.keyword.params) > 1 and \
            e.keyword.params[1] not in ALSO_KINDS:
        yield f"'is also' a {e.keyword.params[1]}"
    elif fieldreads.applied(e) is None:
        yield f"field {ast.kind_of(e)}"


def _loses_jobs(e: Any) -> bool:
    """"X loses its Job(s)" (5.2.5): the board never takes a Job from a card, so nothing of it runs."""
    return isinstance(e, ast.Restriction) and e.mode == "lose" and e.action == "all_jobs"


def _field_gaps(effects: Any) -> Iterator[str]:
    """A field ability's effects: each on its own (`_field_effect_gaps`), but "If C, … instead" right after a
    stat change of the same stat is read with it (`query.live` applies it in place of that one while C holds)."""
    items = list(effects)
    for i, e in enumerate(items):
        if is_instead_condition(e) and i > 0 and _replaces_stat(items[i - 1], e):
            yield from condition_gaps(e.condition)
            for x in e.effects:
                yield from _field_effect_gaps(x)
        else:
            yield from _field_effect_gaps(e)


def _replaces_stat(base: Any, e: ast.Conditional) -> bool:
    return isinstance(base, ast.ModifyStat) and bool(e.effects) and \
        all(isinstance(x, ast.ModifyStat) and x.stat == base.stat for x in e.effects)


def _self_cast_only(e: Any) -> bool:
    """An effect that only matters while the card itself is cast or a deck is built (its own cost, when it may
    be cast, whether it may be in a main deck), never while it is on the field."""
    if isinstance(e, ast.Conditional):
        return all(_self_cast_only(x) for x in (*e.effects, *e.otherwise))
    if isinstance(e, ast.CostChange | ast.AlternativeCost):
        return e.target.self_ref
    if isinstance(e, ast.Restriction) and e.action == "be_in_main_deck":
        return True                                   # deck construction (8.1.3): never a matter of play
    if isinstance(e, ast.Restriction) and fieldreads.own_cast_only(e):
        return True
    return isinstance(e, ast.Restriction) and e.action.startswith("cast") and (e.target is None or e.target.self_ref)


def on_field_gaps(ab: ast.Ability) -> tuple[str, ...]:
    """What of an ability of a Character on the field this engine would leave undone: a field ability it does
    not apply, or a trigger it does not watch (what only matters when casting the card is left out)."""
    hit = _ON_FIELD.get(id(ab))
    if hit is not None and hit[0] is ab:
        return hit[1]
    gaps: tuple[str, ...] = ()
    if ab.kind in (AbilityKind.FIELD, AbilityKind.CONSTANT) and ab.cost is None:
        gaps = tuple(dict.fromkeys(_field_gaps(e for e in ab.effects if not _self_cast_only(e))))
    elif ab.kind in (AbilityKind.AUTO, AbilityKind.TRIGGERED):
        gaps = tuple(dict.fromkeys(g for g in _trigger_gaps(ab) if g.startswith("trigger")))
    _ON_FIELD[id(ab)] = (ab, gaps)
    return gaps


_ON_FIELD: dict[int, tuple[ast.Ability, tuple[str, ...]]] = {}


def _trigger_gaps(ab: ast.Ability) -> Iterator[str]:
    for t in (ab.timing or "").split("|"):
        if t and t not in _TIMINGS and nth_event(t) is None and \
                phase_event(t, ab.phase_number, ab.trigger.at if ab.trigger is not None else None) is None:
            yield f"trigger {t}"
    if not chosen_readable(ab):
        yield "trigger is_chosen (who chose, its window or its words)"
    if not discard_readable(ab):
        yield "trigger opponent_discards (not only by your Summons or abilities)"
    if ab.condition is not None:
        yield from condition_gaps(ab.condition)


def unexecuted(ab: ast.Ability) -> tuple[str, ...]:
    """The node kinds or values of an ability the engine does not carry out (empty: all of it)."""
    gaps: list[str] = []
    if ab.kind == AbilityKind.KEYWORD:
        if ab.keyword is None or norm_kw(ab.keyword.name) not in KEYWORDS:
            gaps.append(f"keyword {ab.keyword.name if ab.keyword else '?'}")
        return tuple(gaps)
    for r in ab.restrictions:
        if r in WHILE_LIMITS and ab.condition is not None:
            gaps += condition_gaps(ab.condition)
        elif r not in USE_LIMITS and r not in KNOWN_RESTRICTIONS and not r.startswith("damage_"):
            gaps.append(f"limit {r}")
    if ab.kind in (AbilityKind.AUTO, AbilityKind.TRIGGERED):
        gaps += _trigger_gaps(ab)
        gaps += effects_gaps(ab.effects)
    elif ab.kind in (AbilityKind.FIELD, AbilityKind.CONSTANT):
        gaps += _field_gaps(ab.effects)
    elif ab.kind in (AbilityKind.ACTION, AbilityKind.SPECIAL):
        for e in ab.cost.effects if ab.cost is not None else ():
            if not costs.payable(e):
                gaps.append(f"cost {ast.kind_of(e)}")
        gaps += effects_gaps(ab.effects)
    elif ab.kind == AbilityKind.SUMMON:
        if cost_option(ab):                       # asked as the card is cast (extracost.py) when it reads it
            if not all(extracost.is_extra_cost(e) for e in ab.effects):
                gaps.append("optional extra cost to cast")
        else:
            gaps += effects_gaps(ab.effects)
    else:
        gaps.append(f"ability kind {ab.kind.value}")
    return tuple(dict.fromkeys(gaps))


__all__ = ["condition_gaps", "effect_gaps", "on_field_gaps", "unexecuted"]
