"""Assembling FFTCG abilities from the pieces the Transformer builds (11.5 kinds of abilities).

Kept apart from the Transformer so each stays one job: the Transformer maps grammar rules to
nodes; this module decides what kind of ability a line is (11.5.2), folds pronouns ("Choose 1
Forward. Break it.") into the chosen selector (11.6.5), and attaches use limits and triggers.
"""

from __future__ import annotations

import re
from dataclasses import fields, is_dataclass
from typing import Any

from lark import Token

from judge.text.ast import (
    CONDITIONS,
    Ability,
    AbilityKind,
    AlternativeCost,
    CardIs,
    Choose,
    Condition,
    Conditional,
    CostChange,
    DamageCount,
    Delayed,
    Duration,
    Effect,
    Gain,
    Keyword,
    ModifyStat,
    Optional,
    Player,
    RedirectDamage,
    Restriction,
    Selector,
    Sequence,
    Span,
    Threshold,
    Trigger,
    replace,
)

_NUM = re.compile(r"\d+")
_REF_NAME = re.compile(r"^\[\[i\]\]\s*(?:job|card name|category)\s+(.*?)\s*\[\[/\]\]$|^\[\w+(?: name)? \((.*)\)\]$")


class UseLimit:
    """"You can only use this ability …" (11.6): restrictions and an optional condition."""

    def __init__(self, limits: tuple[str, ...], condition: Condition | None) -> None:
        self.limits, self.condition = limits, condition


class KeywordSet:
    """Keywords granted together ("gains +1000 power, Haste and Brave")."""

    def __init__(self, keywords: tuple[Keyword, ...]) -> None:
        self.keywords = keywords


def first_of(children: list[Any], kind: type) -> Any:
    return next((c for c in children if isinstance(c, kind)), None)


def number_in(children: list[Any]) -> int:
    tok = next(c for c in children if isinstance(c, Token) and c.type in ("NUMBER", "PLUS_N"))
    return int(str(tok).lstrip("+"))


def ref_name(tok: str, original: str) -> str:
    """The name inside a Job / Card Name / Category reference, as printed."""
    m = _REF_NAME.match(original.strip().lower())
    if not m:
        plain = re.match(r"(?i)(?:job|card name|category)\s+(.*)", original.strip())
        return plain.group(1).strip() if plain else original.strip()
    a, b = (m.span(1) if m.group(1) is not None else m.span(2))
    return original.strip()[a:b].strip().strip(",")


class DelayedPart:
    """A trigger inside an ability's effects (11.8.17) and the effects it starts; `text` is the
    trigger as printed (kept for display beside its typed form)."""

    def __init__(self, trigger: Trigger, effects: list[Any], text: str = "") -> None:
        self.trigger, self.effects, self.text = trigger, effects, text

    @property
    def timing(self) -> str:
        from judge.text.fftcg.events import timing_of

        return timing_of(self.trigger)

    def delayed(self, effects: tuple[Any, ...]) -> Delayed:
        return Delayed(timing=self.timing, timing_text=self.text, effects=effects, span=self.trigger.span,
                       trigger=self.trigger, **moment(self.trigger, delayed=True))


def moment(trigger: Trigger, *, delayed: bool = False) -> dict[str, Any]:
    """Whose turn and which Main Phase a moment of the turn names (9, 9.3.1.1), as the engine reads them."""
    at = trigger.at
    if at is None:
        return {}
    out: dict[str, Any] = {"turn": at.whose, "phase_number": at.number if at.phase == "main" else None}
    if delayed:
        out["next_turn"] = at.next_only
    return out


def kind_name(node: object) -> str:
    return type(node).__name__


def number_text(s: str) -> int:
    m = _NUM.search(s)
    return int(m.group()) if m else 0


def flatten(items: list[Any]) -> list[Any]:
    out: list[Any] = []
    for x in items:
        if isinstance(x, list):
            out.extend(flatten(x))
        elif isinstance(x, (Effect, UseLimit, DelayedPart)):
            out.append(x)
    return out


def zoned(c: list[Any]) -> Selector:
    sel = c[0]
    zone = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "zone"), None)
    return replace(sel, zone=zone) if zone else sel


def with_duration(e: Any, dur: Duration) -> Any:
    """`e` lasting `dur`; a duration said before an "if" scopes what the "if" governs too ("During this
    turn, if X is dealt damage, the damage becomes 0 instead": a replacement for this turn, 11.12.4.1)."""
    if isinstance(e, (ModifyStat, Gain, Restriction, RedirectDamage)):
        return replace(e, duration=dur)
    if isinstance(e, Conditional):
        return replace(e, effects=tuple(with_duration(x, dur) for x in e.effects))
    return e


def apply_lasting(effects: list[Any]) -> list[Any]:
    """ "(This effect does not end at the end of the turn.)": what came before lasts (11.12.4.1)."""
    out: list[Any] = []
    for e in effects:
        if isinstance(e, UseLimit) and e.limits == ("lasting",):
            out = [_lasting(x) for x in out]
        else:
            out.append(e)
    return out


def _lasting(e: Any) -> Any:
    """The effect made to last past the end of the turn, inside a condition too (11.12.4.1)."""
    if isinstance(e, Conditional):
        return replace(e, effects=tuple(_lasting(x) for x in e.effects))
    return with_duration(e, Duration.PERMANENT) if getattr(e, "duration", None) is Duration.TURN else e


def resolve_pronouns(effects: list[Any]) -> list[Any]:
    """Fold "it"/"them" into what was chosen (11.6.5) or set apart ("the other cards") before them; a
    "this card" with nothing selected before it is the card itself (5.2.4.1)."""
    out, _ = _resolve(scope_chosen(effects), None)
    return [_plain_removed(_subst(e, _ITSELF, refs=("this",))) for e in out]


def _plain_removed(node: Any) -> Any:
    """"The removed card" where `_resolve` does not reach it (a threshold's or an "about" selector, inside a
    delayed ability): "them", the cards an earlier part picked, as it was read before (`select.ref_chosen`)."""
    return _plain_ref(node, ("the_removed",))


def _plain_ref(node: Any, refs: tuple[str, ...]) -> Any:
    """The node with every selector referring by `refs` ("the_removed", "the_chosen", …) made a plain "them"."""
    if isinstance(node, Selector) and node.ref in refs:
        return replace(node, ref="them")
    if isinstance(node, tuple):
        new = tuple(_plain_ref(x, refs) for x in node)
        return new if any(a is not b for a, b in zip(new, node, strict=True)) else node
    if is_dataclass(node) and not isinstance(node, type):
        changes = {f.name: v for f in fields(node)
                   if (v := _plain_ref(getattr(node, f.name), refs)) is not getattr(node, f.name)}
        return replace(node, **changes) if changes else node
    return node


_ITSELF = Selector(self_ref=True)


def scope_chosen(effects: list[Any]) -> list[Any]:
    """An "if" whose effect is a selection governs the sentences that act on what was selected ("If X,
    your opponent selects 1 Forward they control. Put it into the Break Zone."): when the condition
    does not hold nothing is selected, so nothing is done to it (11.6.5). Those sentences join the
    conditional (`selects`), whose pronouns are then folded into the selection."""
    out: list[Any] = []
    for e in effects:
        prev = out[-1] if out else None
        if (isinstance(prev, Conditional) and not prev.instead and not prev.otherwise and prev.effects
                and (prev.selects or isinstance(prev.effects[-1], Choose)) and _mentions_chosen(e)):
            out[-1] = replace(prev, effects=(*prev.effects, e), selects=True,
                              span=_joined(prev.span, getattr(e, "span", None)))
            continue
        out.append(e)
    return [replace(e, effects=tuple(resolve_pronouns(list(e.effects)))) if isinstance(e, Conditional) and e.selects
            else e for e in out]


def _joined(a: Span | None, b: Span | None) -> Span | None:
    return Span(a.start, b.end) if a is not None and b is not None else a


def _mentions_chosen(node: Any) -> bool:
    """Whether the effect speaks of "it"/"them" (what was chosen just before)."""
    if isinstance(node, Selector):
        return node.ref in ("it", "them")
    if isinstance(node, tuple):
        return any(_mentions_chosen(x) for x in node)
    if isinstance(node, (Effect, *CONDITIONS)):
        return any(_mentions_chosen(v) for v in vars(node).values()
                   if isinstance(v, (Selector, Effect, Condition, tuple)))
    return False


_REST = Selector(count=None, ref="rest", zone="revealed")
#: "the cards just chosen or selected" as what a selector leaves out ("all the other Forwards")
_CHOSEN = Selector(count=None, ref="them")


def _the_others(e: Any, chosen: Selector) -> bool:
    """"all the other Forwards" right after a selection of Forwards: all of them but those selected."""
    t = getattr(e, "target", None)
    return isinstance(t, Selector) and t.other and t.count is None and not t.up_to and t.ref is None \
        and bool(set(t.card_types) & set(chosen.card_types))
_THEN = object()            # where "then" falls in a Sequence while its pronouns are resolved


def _resolve(effects: list[Any], chosen: Selector | None) -> tuple[list[Any], Selector | None]:
    out: list[Any] = []
    used, others = True, False
    removed: Selector | None = None                  # what the last "remove … from the game" took
    picked = chosen                                  # what the last choice took ("the chosen X", 11.6.5)
    added: Selector | None = None                    # what the last "add … to your hand" took (7.11)
    for e in effects:
        if isinstance(e, Choose):
            if chosen is not None and not used:
                out.append(Choose(target=chosen))
            chosen, used, others = e.target, False, False
            picked = e.target if e.target.choose == "choose" else picked
            continue
        if isinstance(e, Sequence):                      # "Then, …": the same sentence goes on
            items = list(e.effects)
            if e.then_at is not None:                    # where "then" falls, kept through the folding
                items.insert(e.then_at, _THEN)
            inner, chosen_after = _resolve(items, chosen)
            then_at = inner.index(_THEN) if _THEN in inner else None
            inner = [x for x in inner if x is not _THEN]
            used = used or chosen_after is not chosen or inner != list(e.effects)
            chosen = chosen_after
            out.append(replace(e, effects=tuple(inner), then_at=then_at))
            continue
        if chosen is not None and (not used or others) and _the_others(e, chosen):
            # "Your opponent selects 1 Forward they control. Dull and Freeze all the other Forwards opponent
            # controls.": the selection is made first; "the other" are those it did not take (11.6.5)
            if not used:
                out.append(Choose(target=chosen))
            e = replace(e, target=replace(e.target, other=False, excluding=_CHOSEN))
            used = others = True
        # "the chosen X" once other cards were spoken of after the choice: what the choice took (11.6.5); "the added
        # X": what the last "add … to your hand" took (7.11); else both are the cards just spoken of, as "them"
        for ref, named in (("the_chosen", picked), ("the_added", added)):
            if named is not None and named is not chosen:
                e = _subst(e, named, refs=(ref,))
            e = _plain_ref(e, (ref,))
        if chosen is not None:
            e2 = _subst(e, chosen)
            if e2 is not e:
                used = True
            e = e2
        e2 = _removed_ref(e, removed, chosen)
        used = used or (e2 is not e and removed is None and chosen is not None)
        e = e2
        out.append(e)
        if type(e).__name__ == "Move" and e.dest == "removed" and isinstance(e.target, Selector):
            removed = e.target
        if type(e).__name__ == "Move" and e.dest == "hand" and isinstance(e.target, Selector):
            added = e.target
        rest = getattr(e, "target", None)
        if (isinstance(rest, Selector) and rest.ref == "rest") or getattr(e, "zone", None) == "revealed_shuffle":
            chosen, used = _REST, True                    # "shuffle the other cards and return them"
    if chosen is not None and not used:
        out.append(Choose(target=chosen))
    return out, chosen


#: the references `_subst` replaces by what they name ("the_removed": "the removed card", `_removed_ref`)
_PRONOUNS = ("it", "them", "this", "the_removed", "the_chosen", "the_added")


def _removed_ref(e: Any, removed: Selector | None, chosen: Selector | None) -> Any:
    """"The removed card": what the last "remove … from the game" before it took — the card chosen for it, or,
    for cards that removal took as the effect resolved (the top card of a deck), the reference "removed": the
    cards this effect removed from the game (the engine reads its record of them); with no removal before it,
    the card chosen."""
    if removed is not None:
        return _subst(e, removed if removed.choose == "choose" else _REMOVED, refs=("the_removed",))
    return _subst(e, chosen if chosen is not None else _THEM, refs=("the_removed",))


_THEM = Selector(count=None, ref="them")
_REMOVED = Selector(count=None, ref="removed")


def _subst(node: Any, chosen: Selector, refs: tuple[str, ...] = ("it", "them", "this")) -> Any:
    """The node with every pronoun selector (`refs`) replaced by `chosen` (kept as is when none)."""
    if isinstance(node, Selector):
        if node.ref not in refs and node.ref in _PRONOUNS:
            return node
        if node.ref == "former" and chosen.also:
            return replace(chosen, also=(), span=node.span)
        if node.ref == "latter" and chosen.also:
            return replace(chosen.also[0], span=node.span)
        if node.ref in _PRONOUNS:                       # "it and {Name}": the chosen one and the rest
            # its own words kept: "if it is dull" (state), "for each CP required to cast it" (what is counted)
            own = {k: getattr(node, k) for k in ("state", "zone") if getattr(node, k)}
            if chosen.zone == "revealed":                 # "discards this card": one of those revealed (7.11)
                own.pop("zone", None)
            return replace(chosen, span=node.span, also=chosen.also + node.also, **own)
        return node
    if isinstance(node, tuple):                         # a Modal's options: tuples of effects
        new_t = tuple(_subst(v, chosen, refs) for v in node)
        return new_t if any(a is not b for a, b in zip(new_t, node, strict=True)) else node
    if isinstance(node, CardIs) and node.selector.ref in ("it", "them") \
            and node.selector.ref in refs:                # "if it is a Forward": the class stays, about the chosen
        return replace(node, selector=replace(node.selector, about=chosen))
    if isinstance(node, (Effect, *CONDITIONS)):
        changes = {}
        for name, value in vars(node).items():
            if isinstance(value, (Selector, Effect, *CONDITIONS)):
                new = _subst(value, chosen, refs)
                if new is not value:
                    changes[name] = new
            elif isinstance(value, tuple) and value and isinstance(value[0], (Effect, tuple)):
                new_t = _subst(value, chosen, refs)
                if new_t is not value:
                    changes[name] = new_t
        return replace(node, **changes) if changes else node
    return node


def assemble(body: Any, text: str, span: Span | None, *, ex_burst: bool, damage: int | None) -> Ability:
    """One Ability from a body: keywords, a costed ability, or effects led by a trigger."""
    restrictions: list[str] = ["ex_burst"] if ex_burst else []
    condition = None
    if damage is not None:
        condition = DamageCount(player=Player.YOU, threshold=Threshold("damage", ">=", damage), text=f"Damage {damage}")
    if isinstance(body, KeywordSet):
        kws = body.keywords
        effects = tuple(Gain(target=Selector(self_ref=True), keyword=k, duration=Duration.PERMANENT)
                        for k in kws) if len(kws) > 1 or damage is not None else ()
        return Ability(kind=AbilityKind.KEYWORD, keyword=kws[0], effects=effects, condition=condition,
                       restrictions=tuple(restrictions), text=text, span=span)
    if isinstance(body, Keyword):
        return Ability(kind=AbilityKind.KEYWORD, keyword=body, text=text, span=span)
    if isinstance(body, tuple) and isinstance(body[0], Keyword):
        return Ability(kind=AbilityKind.KEYWORD, keyword=body[0], cost=body[1], text=text, span=span)
    kind = AbilityKind.FIELD
    name = cost = None
    timing = timing_text = None
    trigger_on: Selector | None = None
    if isinstance(body, tuple) and body[0] == "special":
        kind, name, cost, items = AbilityKind.SPECIAL, body[1], body[2], body[3]
    elif isinstance(body, tuple) and body[0] == "action":
        kind, cost, items = AbilityKind.ACTION, body[1], body[2]
    else:
        items = body
    items = list(items)
    trigger: Trigger | None = None
    when: dict[str, Any] = {}
    if kind is AbilityKind.FIELD and items and isinstance(items[0], DelayedPart):
        from judge.text.fftcg.events import subject_of

        first = items.pop(0)
        kind, timing, timing_text = AbilityKind.AUTO, first.timing, first.text
        trigger, trigger_on = first.trigger, subject_of(first.trigger)
        when = moment(trigger)
        items = first.effects + items
    items = apply_lasting(items)
    effects: list[Any] = []
    delayed: DelayedPart | None = None       # the sentences after "When you do so," belong to it (11.8.17)
    for e in items:
        if isinstance(e, UseLimit):
            restrictions.extend(e.limits)
            condition = e.condition or condition
        elif isinstance(e, DelayedPart):
            delayed = DelayedPart(e.trigger, list(e.effects), e.text)
            effects.append(delayed)
        elif delayed is not None:
            delayed.effects.append(e)
        else:
            effects.append(e)
    effects = [_settled(e) for e in resolve_pronouns([
        e.delayed(tuple(resolve_pronouns(e.effects))) if isinstance(e, DelayedPart) else e
        for e in effects])]
    effects = optional_scope(effects)
    if kind is AbilityKind.FIELD and any(imperative(e) for e in effects):
        kind = AbilityKind.SUMMON
    return Ability(kind=kind, timing=timing, timing_text=timing_text, trigger_on=trigger_on, trigger=trigger,
                   name=name, cost=cost,
                   condition=condition, effects=tuple(effects), restrictions=tuple(restrictions),
                   text=text, span=span, **when)


def optional_scope(effects: list[Any]) -> list[Any]:
    """"You may choose 1 Forward. Break it.": what the next sentences do to the card chosen under "you may"
    is part of the option (11.8.14): when the player declines, nothing is chosen and nothing follows."""
    out: list[Any] = []
    i = 0
    while i < len(effects):
        e = effects[i]
        if isinstance(e, Optional) and e.cost is None and e.player is None and e.effects \
                and isinstance(e.effects[-1], Choose):
            j = i + 1
            while j < len(effects) and _refers_back(effects[j]):
                j += 1
            if j > i + 1:
                out.append(replace(e, effects=(*e.effects, *effects[i + 1:j])))
                i = j
                continue
        out.append(e)
        i += 1
    return out


def _refers_back(e: Any) -> bool:
    """An effect done to "it" / "them" (the cards chosen just before), not an effect with effects inside."""
    t = getattr(e, "target", None)
    return isinstance(e, Effect) and not isinstance(e, Optional | Conditional | Sequence | Delayed) \
        and isinstance(t, Selector) and t.ref in ("it", "them") and not t.self_ref


def _settled(node: Any) -> Any:
    """The node with every delayed auto-ability nested in a condition, choice or option turned into a
    Delayed node (11.8.17): "If you do so, at the end of the turn, …" keeps its trigger in the AST."""
    if isinstance(node, DelayedPart):
        return node.delayed(tuple(_settled(x) for x in resolve_pronouns(node.effects)))
    if isinstance(node, tuple):
        new = tuple(_settled(x) for x in node)
        return new if any(a is not b for a, b in zip(new, node, strict=True)) else node
    if isinstance(node, Effect):
        changes = {k: _settled(v) for k, v in vars(node).items() if isinstance(v, tuple)}
        changes = {k: v for k, v in changes.items() if v is not getattr(node, k)}
        return replace(node, **changes) if changes else node
    return node


def imperative(e: Effect) -> bool:
    """A one-shot effect (a Summon's or an ability's), as opposed to a field ability's statement (words
    not read, `unread`, are no evidence either way)."""
    if type(e).__name__ == "Unread":
        return False
    if isinstance(e, Conditional):
        if getattr(e.condition, "kind", None) == "event":
            return False              # "If X would …, Y instead": a replacement effect, not a one-shot (11.12.5)
        return any(imperative(x) for x in e.effects)
    return not isinstance(e, (ModifyStat, Gain, Restriction, CostChange, AlternativeCost)) or getattr(e, "duration", None) is Duration.TURN


def gain_of(target: Selector, granted: Keyword | Ability, duration: Duration, span: Span | None) -> Gain:
    """A keyword or a quoted ability given to the target (15.2 keywords, 11.5 abilities)."""
    if isinstance(granted, Keyword):
        return Gain(target=target, keyword=granted, duration=duration, span=span)
    return Gain(target=target, ability=granted, duration=duration, span=span)
