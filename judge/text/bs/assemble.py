"""Battle Spirits: transformed sentences → one Ability (kind, levels, timing, effects).

The sentence connectors are applied here (BS 5-19): "Then," and "After this effect resolves,"
join an effect to the one before it (Sequence); "If …," guards what follows (Conditional);
"Otherwise," fills the last conditional's `otherwise`; a leading duration applies to every
continuous directive of its sentence (BSS 8-2-2-2). An elliptic "If it is not," / "If it does
not," takes the description of the "if" before it. Pronouns are resolved last, in reading order,
by the pass shared by both games (`judge.text.pronouns`).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from judge.text.ast import (
    Ability,
    AbilityKind,
    Condition,
    Conditional,
    Duration,
    Gain,
    Keyword,
    LoseEffects,
    Modal,
    ModifyStat,
    Optional,
    Restriction,
    Selector,
    Sequence,
    SetLevel,
    SetStat,
    Span,
    replace,
    walk,
)
from judge.text.bs.labels import label_timing
from judge.text.parse import Prepared
from judge.text.pronouns import Pick, resolve


def _with_duration(effects: list, dur: Duration) -> list:
    out = []
    for e in effects:
        if isinstance(e, ModifyStat | Gain | Restriction | LoseEffects | SetStat | SetLevel) \
                and e.duration is Duration.PERMANENT:
            e = replace(e, duration=dur)
        elif isinstance(e, Conditional | Optional | Sequence):
            if isinstance(e, Conditional) and e.condition.kind in ("event", "would") \
                    and dur in (Duration.TURN, Duration.BATTLE):
                # "During this turn, when …, …": the trigger waits through the duration only
                within = "this_turn" if dur is Duration.TURN else "this_battle"
                e = replace(e, condition=replace(e.condition, qualifiers=tuple(dict.fromkeys(
                    (*e.condition.qualifiers, within)))))
            e = replace(e, effects=tuple(_with_duration(list(e.effects), dur)))
        out.append(e)
    return out


def _elliptic(cond: Condition, previous: Condition | None) -> Condition:
    """"If it is not, …" / "If it does not, …": the description of the "if" before, negated."""
    if cond.kind == "is" and cond.object is None and previous is not None and previous.kind == "is":
        return replace(cond, object=previous.object, negated=not previous.negated)
    return cond


_TIME_POINTS = ("step_start", "turn_end", "battle_end", "turn_start")


def _assemble(sentences: list, restrictions: list, timed: bool = False,
              lift: bool = True) -> tuple[list, Condition | None]:
    """Sentences (leads, effects, span) → top-level effects; the first "When …," is returned
    separately, as it is the trigger of an ability without a printed trigger label. A point in time
    ("At the start of the step, …") is the trigger of a window ("During …") or of a line without a
    label; after a "When …" label (`timed`) it is a delayed effect. In a magic or activated effect
    (`lift` False) every "when …" waits within the effect (BSS 8-1-6): none is the line's trigger."""
    result: list = []
    trigger: Condition | None = None
    last_if: Condition | None = None
    for i, (leads, effects, span) in enumerate(sentences):
        inner = list(effects)
        joiner = None
        if getattr(effects, "restriction", None):
            restrictions.append(effects.restriction)
        for kind, payload in reversed(leads):
            if kind == "duration":
                inner = _with_duration(inner, payload)
            elif kind == "if":
                payload = _elliptic(payload, last_if)
                last_if = payload
                inner = [Conditional(condition=payload, effects=tuple(inner), span=span,
                                     instead=getattr(effects, "instead", False))]
            elif kind == "when":
                # "During this turn, when X, …" waits for X through the duration (BSS 8-1-5-1, 8-2-2-2):
                # an effect of its own, never the line's trigger
                bounded = any(k == "duration" for k, _ in leads)
                if lift and i == 0 and trigger is None and not bounded \
                        and not (timed and payload.event in _TIME_POINTS):
                    trigger = payload
                else:
                    inner = [Conditional(condition=payload, effects=tuple(inner), span=span,
                                         instead=getattr(effects, "instead", False))]
            elif kind == "per":
                applied = [replace(e, per=payload) if getattr(e, "per", False) is None else e for e in inner]
                inner = applied if applied != inner else [
                    Conditional(condition=Condition(kind="for_each", text="", selector=payload),
                                effects=tuple(inner), span=span)]
            elif kind == "restrict":
                restrictions.append(payload)
            else:
                joiner = kind
        if lift and i == 0 and trigger is None and not leads and inner and isinstance(inner[0], Conditional) \
                and inner[0].condition.kind in ("event", "would") and not inner[0].otherwise \
                and not (timed and inner[0].condition.event in _TIME_POINTS):
            # "Select … when one of your spirits … . Remove …": the trailing event triggers the whole line
            trigger = inner[0].condition
            inner = [*inner[0].effects, *inner[1:]]
        for e in inner:
            if isinstance(e, Conditional) and e.condition.kind == "is":
                last_if = e.condition
        if getattr(effects, "instead", False) and not any(k == "if" for k, _ in leads) \
                and not any(isinstance(e, Conditional) for e in inner):
            inner = [Conditional(condition=Condition(kind="substitution", text="instead"),
                                 effects=tuple(inner), instead=True, span=span)]
        rest = _takes_rest(inner, sentences[i + 1:], restrictions, timed)
        if rest is not None:
            result.extend(rest)
            break
        _join(result, joiner, inner, span)
    return _fold_picks(result), trigger


def _takes_rest(inner: list, later: list, restrictions: list, timed: bool) -> list | None:
    """A sentence that takes the line's later sentences, with them (None for any other sentence):
    "activate one of the following effects" (each later sentence or "・" item an option, BSS 8-1-8);
    "gain the following effect: …" (the later sentences belong to the gained effect, up to one
    activating the card's own main / flash effect, BSS 10-9-2)."""
    if not later:
        return None
    menu = next((m for m in walk(inner) if isinstance(m, Modal) and not m.options), None)
    if menu is not None:
        return _swap(inner, menu, replace(menu, options=_options(later)))
    grant = next((g for g in walk(inner) if isinstance(g, Gain) and g.ability is not None), None)
    if grant is None:
        return None
    end = next((k for k in range(len(later)) if _activates_own_step(later[k][1])), len(later))
    more, _ = _assemble(later[:end], [])
    full = replace(grant, ability=replace(grant.ability, effects=grant.ability.effects + tuple(more)))
    out = list(_swap(inner, grant, full))
    if end < len(later):
        out.extend(_assemble(later[end:], restrictions, timed)[0])
    return out


def _join(result: list, joiner: str | None, inner: list, span: Any) -> None:
    """A sentence's effects joined to the ones before it: "Or, …" a choice, "Otherwise, …" the last
    condition's other branch, "Then, …" / "After this effect resolves, …" a sequence (BS 5-19)."""
    if joiner == "or" and result:
        result.append(_or_else(result.pop(), inner, span))
    elif joiner == "otherwise" and result and isinstance(result[-1], Conditional):
        last = result.pop()
        result.append(replace(last, otherwise=last.otherwise + tuple(inner)))
    elif joiner in ("then", "after_resolves") and result:
        # "Reveal X. Then, return it …": the effect before (with the selections made after it)
        picks: list = []
        while isinstance(result[-1], Pick) and len(result) > 1:
            picks.insert(0, result.pop())
        result.append(Sequence(connector=joiner, effects=(result.pop(), *picks, *inner), span=span))
    else:
        result.extend(inner)


def _activates_own_step(effects: list) -> bool:
    """Whether a sentence activates the card's own main / flash effect ("… to activate its flash effect")."""
    from judge.text.ast import Activate

    return any(isinstance(n, Activate) and n.step is not None for n in walk(list(effects)))


def _fold_picks(effects: list) -> list:
    """"If …, select X. Remove a core from it …" / "You may select X. …": a condition or a choice that
    only makes a selection also governs the effects on that selection after it (BSS 8-5-3)."""
    out: list = []
    for i, e in enumerate(effects):
        if isinstance(e, Conditional | Optional) and e.effects and all(isinstance(x, Pick) for x in e.effects) \
                and not getattr(e, "otherwise", ()) and i + 1 < len(effects):
            out.append(replace(e, effects=(*e.effects, *_fold_picks(effects[i + 1:]))))
            return out
        out.append(e)
    return out


def _options(sentences: list) -> tuple:
    """The options of "one of the following effects" (BSS 8-1-8): items start at a "・"; without
    any bullet, each sentence is one option."""
    bulleted = any(k == "bullet" for leads, _, _ in sentences for k, _ in leads)
    groups: list[list] = []
    for leads, effects, span in sentences:
        if not bulleted or any(k == "bullet" for k, _ in leads) or not groups:
            groups.append([])
        groups[-1].append(([(k, p) for k, p in leads if k != "bullet"], effects, span))
    return tuple(tuple(_assemble(g, [])[0]) for g in groups)


def _or_else(prev: Any, inner: list, span: Any) -> Any:
    """"Select A. Or, select B and C.": one selection or the other (BSS 8-1-8); a later "them" acts on
    whichever was chosen. Any other "Or," sentence is a choice between the two effects."""
    if isinstance(prev, Pick) and inner and all(isinstance(e, Pick) for e in inner):
        second = tuple(e.target for e in inner)
        return Pick(target=(prev.target, second if len(second) > 1 else second[0]), either=True)
    return Modal(count=1, options=((prev,), tuple(inner)), span=span)


def _swap(node: Any, old: Any, new: Any) -> Any:
    """`node` with the one sub-node `old` replaced by `new` (through lists, tuples and fields)."""
    from dataclasses import fields, is_dataclass

    if node is old:
        return new
    if isinstance(node, list | tuple):
        return [_swap(x, old, new) for x in node] if isinstance(node, list) else tuple(_swap(x, old, new) for x in node)
    if is_dataclass(node) and not isinstance(node, type):
        changes = {f.name: _swap(getattr(node, f.name), old, new) for f in fields(node)}
        return replace(node, **{k: v for k, v in changes.items() if v is not getattr(node, k)})
    return node


#: "the linked spirit" said by a card of a link: the other spirit of that link (BSS 11-18-1), fixed by the
#: link itself, so nothing is selected (8-5-3)
LINKED_WITH_THIS = "linked_with_this"


def _partner(ref: Any) -> Selector:
    return Selector(count=1, card_types=("spirit",), state=LINKED_WITH_THIS, selects=False, span=ref.span)


def _itself(ref: Any) -> Selector:
    if ref.participle == "linked":
        return _partner(ref)
    return Selector(self_ref=True, state=ref.state, span=ref.span)


def _subject_of(trigger: Condition | None) -> Any:
    """What an "it" with nothing selected before it stands for: the card an event happens to ("When
    one of your spirits would be destroyed, return it …"), else the card itself (BS 9-3-2-3); "the
    linked spirit" is the other spirit of this card's link unless the event is a spirit being linked."""
    if trigger is None or trigger.kind not in ("event", "would"):
        return _itself
    subject, patient = trigger.selector, trigger.object

    def referent(ref: Any) -> Any:
        if ref.participle == "linked" and trigger.event != "linked":
            return _partner(ref)
        # "the destroyed spirit" after "X destroys Y": Y; any other "it": the one the event happens to
        who = patient if ref.participle and patient is not None and trigger.event == _ACTIVE.get(ref.participle) \
            else subject
        if who is None or isinstance(who, Pick):
            return Selector(self_ref=True, state=ref.state, span=ref.span)
        return replace(who, state=ref.state or who.state, span=ref.span)
    return referent


#: A participle and the active event it names ("the destroyed spirit" after "X destroys Y").
_ACTIVE = {"destroyed": "destroys", "exhausted": "exhausts", "discarded": "discards", "returned": "returns"}


def ability_kind(timing: str | None, trigger: Condition | None, *, steps: tuple = (), levels: tuple = (),
                 burst: bool = False, keyword_only: bool = False) -> AbilityKind:
    """What sort of ability a line is (BSS 8-1-2): from its tags, its label and its trigger."""
    if keyword_only:
        return AbilityKind.KEYWORD
    if burst:
        return AbilityKind.BURST
    if steps:
        return AbilityKind.ACTIVATED if levels else AbilityKind.MAGIC
    if timing and (timing.startswith(("when", "end_of")) or timing == "event"):
        return AbilityKind.TRIGGERED
    if timing and trigger is not None and trigger.kind in ("event", "would", "all", "any"):
        return AbilityKind.TRIGGERED          # "During Your Attack Step: When …, …": an event within a window
    if timing:
        return AbilityKind.CONSTANT
    if trigger is not None:
        return AbilityKind.CONSTANT if trigger.kind == "paying" else AbilityKind.TRIGGERED
    return AbilityKind.CONSTANT


def build(tree: Any, prepared: Prepared | str, offset: int, transformer: Any) -> Ability:
    """One parsed `line` → an Ability (positions mapped into the printed text, shifted by `offset`);
    `transformer` is the game's Transformer class (judge.text.bs.transform, which calls this: the
    assembly never imports it back)."""
    if not isinstance(prepared, Prepared):
        prepared = Prepared.of(prepared)
    levels, steps, restrictions, burst, body = _line_parts(transformer(prepared, offset).transform(tree))
    label = body.get("label")
    timing, trigger = label_timing(label) if label else (None, None)
    keywords: list[Keyword] = list(body.get("keywords") or [])
    if body.get("keyword") is not None:                     # "… Ascend: Costs 4 or More"
        keywords.append(body["keyword"])
    effects: list = []
    condition = trigger
    if "sentences" in body:
        timed = timing is not None and (timing.startswith(("when", "end_of")) or timing == "event")
        effects, inline = _assemble(body["sentences"], restrictions, timed, lift=not steps)
        for _, colors, sentences, span in body["chains"]:
            chain_fx, _ = _assemble(sentences, restrictions)
            cond = Condition(kind="chain", text="Chain " + "/".join(c.title() for c in colors),
                             selector=Selector(count=None, unit="symbol", colors=tuple(c.lower() for c in colors)))
            effects.append(Conditional(condition=cond, effects=tuple(chain_fx), span=span))
        if inline is not None:
            if condition is None:
                condition = inline
            else:
                effects = [Conditional(condition=inline, effects=tuple(effects))]
    if condition is not None:
        condition = resolve(condition)          # first: "it" in the effects may stand for its subject
    effects = list(resolve(effects, self_ref=_subject_of(condition)))
    keyword_only = bool(keywords) and "sentences" not in body
    if keyword_only and len(keywords) > 1:
        # "【Confront】 and 【Gale: 1】" on one line: the first is the ability's keyword, each is gained
        effects = [Gain(target=Selector(self_ref=True), keyword=k, duration=Duration.PERMANENT) for k in keywords]
    kind = ability_kind(timing, condition, steps=tuple(steps), levels=levels, burst=burst,
                        keyword_only=keyword_only and len(keywords) == 1)
    if kind is AbilityKind.BURST:
        timing = "burst_" + (timing or "")
    elif steps and not timing:
        timing = "_".join(sorted(set(steps), key=["main", "flash"].index))
    elif timing is None and condition is not None:
        timing = "while_paying_cost" if condition.kind == "paying" else "event"
    kw = keywords[0] if keywords else None
    return Ability(kind=kind, levels=levels, timing=timing, timing_text=_label_text(prepared, label),
                   keyword=kw, condition=condition, effects=tuple(effects),
                   restrictions=tuple(dict.fromkeys(restrictions)), text=prepared.source,
                   span=Span(offset, offset + len(prepared.source)))


def _line_parts(parts: list) -> tuple[tuple[int, ...], list[str], list[str], bool, dict]:
    """A transformed line → (levels, step tags, limit tags, burst tag, body)."""
    levels: tuple[int, ...] = ()
    steps: list[str] = []
    restrictions: list[str] = []
    burst = False
    body: dict = {}
    for part in parts:
        if isinstance(part, tuple) and part[0] == "levels":
            levels = part[1]
        elif isinstance(part, list):
            for kind, value in part:
                if kind == "step":
                    steps.append(value)
                elif kind == "burst":
                    burst = True
                else:
                    restrictions.extend(value)
        elif isinstance(part, dict):
            body = part
    return levels, steps, restrictions, burst, body


def _label_text(prepared: Prepared, label: Any) -> str | None:
    """The label as printed (for display)."""
    return getattr(label, "printed", None) or None


@lru_cache(maxsize=1)
def _header() -> re.Pattern:
    return re.compile(r"^\s*(\[[^\]]*\]\s*)*((When|While|During|End)\b[^:.]*:\s*)?")


def sentence_spans(line: str) -> list[tuple[int, int]]:
    """Where the effect sentences of one line are: after its tags and timing label, split at
    sentence ends and at 'Chain <colour>:' (so an unparsed report names one sentence)."""
    start = _header().match(line).end()
    spans, pos = [], start
    for m in re.finditer(r"(?<=\.)\s+|\s+(?=Chain\s+[A-Z][a-z]+(/[A-Z][a-z]+)*:)", line[start:]):
        a, b = pos, start + m.start()
        if b > a:
            spans.append((a, b))
        pos = start + m.end()
    if pos < len(line):
        spans.append((pos, len(line)))
    return spans


__all__ = ["ability_kind", "build", "sentence_spans"]
