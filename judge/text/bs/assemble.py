"""Battle Spirits: transformed sentences → one Ability (kind, levels, timing, effects).

The sentence connectors are applied here (BS 5-19): "Then," and "After this effect resolves,"
join an effect to the one before it (Sequence); "If …," guards what follows (Conditional);
"Otherwise," fills the last conditional's `otherwise`; a leading duration applies to every
continuous directive of its sentence (BSS 8-2-2-2). Pronouns are resolved last, in reading order.
"""

from __future__ import annotations

import re
from dataclasses import fields, is_dataclass, replace
from functools import lru_cache
from typing import Any

from lark import Token, Tree

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
    field_names,
    walk,
)


def _bs():
    from judge.text.bs import transform as bs_transform

    return bs_transform


def _with_duration(effects: list, dur: Duration) -> list:
    out = []
    for e in effects:
        if isinstance(e, ModifyStat | Gain | Restriction | LoseEffects) and e.duration is Duration.PERMANENT:
            e = replace(e, duration=dur)
        elif isinstance(e, Conditional | Optional | Sequence):
            e = replace(e, effects=tuple(_with_duration(list(e.effects), dur)))
        out.append(e)
    return out


def _assemble(sentences: list, restrictions: list) -> tuple[list, Condition | None]:
    """Sentences (leads, effects, span) → top-level effects; the first "When …," is returned
    separately, as it is the trigger of an ability without a printed timing label."""
    result: list = []
    trigger: Condition | None = None
    for i, (leads, effects, span) in enumerate(sentences):
        inner = list(effects)
        joiner = None
        if getattr(effects, "restriction", None):
            restrictions.append(effects.restriction)
        for kind, payload in reversed(leads):
            if kind == "duration":
                inner = _with_duration(inner, payload)
            elif kind == "if":
                inner = [Conditional(condition=payload, effects=tuple(inner), span=span,
                                     instead=getattr(effects, "instead", False))]
            elif kind == "when":
                if i == 0 and trigger is None and kind == "when" and payload.kind != "timing":
                    trigger = payload
                else:
                    inner = [Conditional(condition=payload, effects=tuple(inner), span=span)]
            elif kind == "per":
                applied = [replace(e, per=payload) if getattr(e, "per", False) is None else e for e in inner]
                if applied != inner:
                    inner = applied
                else:
                    inner = [Conditional(condition=Condition(kind="for_each", text="for each", selector=payload),
                                         effects=tuple(inner), span=span)]
            elif kind == "restrict":
                restrictions.append(payload)
            elif kind == "otherwise":
                joiner = "otherwise"
            else:
                joiner = kind
        if getattr(effects, "instead", False) and not any(k == "if" for k, _ in leads):
            inner = [Conditional(condition=Condition(kind="substitution", text="instead"),
                                 effects=tuple(inner), instead=True, span=span)]
        menu = next((m for m in walk(inner) if isinstance(m, Modal) and not m.options), None)
        if menu is not None and i + 1 < len(sentences):
            # "activate one of the following effects": each later sentence (or "・" item) is an option
            inner = _swap(inner, menu, replace(menu, options=_options(sentences[i + 1:])))
            result.extend(inner)
            break
        grant = next((g for g in walk(inner) if isinstance(g, Gain) and g.ability is not None), None)
        if grant is not None and i + 1 < len(sentences):
            # "gain the following effect: …": the line's later sentences belong to the gained effect
            more, _ = _assemble(sentences[i + 1:], [])
            full = replace(grant, ability=replace(grant.ability, effects=grant.ability.effects + tuple(more)))
            inner = _swap(inner, grant, full)
            result.extend(inner)
            break
        if joiner == "or" and result:
            result.append(_or_else(result.pop(), inner, span))
            continue
        if joiner == "otherwise" and result and isinstance(result[-1], Conditional):
            last = result.pop()
            result.append(replace(last, otherwise=last.otherwise + tuple(inner)))
        elif joiner in ("then", "after_resolves") and result:
            prev = result.pop()
            result.append(Sequence(connector=joiner, effects=(prev, *inner), span=span))
        else:
            result.extend(inner)
    return result, trigger


def _options(sentences: list) -> tuple:
    """The options of "one of the following effects" (BSS 8-1-8): items start at a "・"; without
    any bullet, each sentence is one option."""
    bulleted = any(k == "bullet" for leads, _, _ in sentences for k, _ in leads)
    groups: list[list] = []
    for leads, effects, span in sentences:
        starts = not bulleted or any(k == "bullet" for k, _ in leads) or not groups
        if starts:
            groups.append([])
        groups[-1].append(([(k, p) for k, p in leads if k != "bullet"], effects, span))
    return tuple(tuple(_assemble(g, [])[0]) for g in groups)


def _or_else(prev: Any, inner: list, span: Any) -> Any:
    """"Select A. Or, select B and C.": one selection or the other (BSS 8-1-8); a later "them" acts on
    whichever was chosen. Any other "Or," sentence is a choice between the two effects."""
    bs = _bs()
    if isinstance(prev, bs._Pick) and inner and all(isinstance(e, bs._Pick) for e in inner):
        second = tuple(e.target for e in inner)
        return bs._Pick(target=(prev.target, second if len(second) > 1 else second[0]), either=True)
    return Modal(count=1, options=((prev,), tuple(inner)), span=span)


def _swap(node: Any, old: Any, new: Any) -> Any:
    """`node` with the one sub-node `old` replaced by `new` (through lists, tuples and fields)."""
    if node is old:
        return new
    if isinstance(node, list | tuple):
        return type(node)(_swap(x, old, new) for x in node) if not isinstance(node, _bs()._Stmt) \
            else [_swap(x, old, new) for x in node]
    if is_dataclass(node) and not isinstance(node, type):
        changes = {f.name: _swap(getattr(node, f.name), old, new) for f in fields(node)}
        return replace(node, **{k: v for k, v in changes.items() if v is not getattr(node, k)})
    return node


def _resolve(node: Any, st: dict) -> Any:
    """Replace pronoun references by the latest selection, dropping the selection markers."""
    bs = _bs()
    if isinstance(node, bs._Pick):
        t = node.target
        st["cur"] = tuple(_resolve(x, st) for x in t) if isinstance(t, tuple) else _resolve(t, st)
        st["either"] = node.either
        return None
    if isinstance(node, bs._Ref):
        cur = st.get("cur")
        if isinstance(cur, tuple):
            cur = cur[0]
        if cur is None:                          # an unresolved "it" is the card itself (BS 9-3-2-3)
            return Selector(self_ref=True, state=node.state, span=node.span)
        if node.count != 1 or node.up_to:       # "one of them", "any number of them"
            cur = replace(cur, count=node.count, up_to=node.up_to or cur.up_to)
        if node.state:                           # "keep it on the field exhausted"
            cur = replace(cur, state=node.state)
        return cur
    if isinstance(node, list | tuple):
        out = []
        for x in node:
            cur = st.get("cur")
            if isinstance(cur, tuple) and _has_ref(x):
                # "Select A and B and destroy them": the directive applies to each selection
                each = [tuple(_resolve(x, {**st, "cur": s, "either": False}) for s in sel)
                        if isinstance(sel, tuple) else _resolve(x, {**st, "cur": sel}) for sel in cur]
                if st.get("either"):        # "Select A or B and destroy it": one of the two
                    out.append(Modal(count=1, options=tuple(e if isinstance(e, tuple) else (e,) for e in each),
                                     span=getattr(x, "span", None)))
                else:
                    out.extend(each)
            else:
                out.append(_resolve(x, st))
        return tuple(x for x in out if x is not None)
    if not is_dataclass(node) or isinstance(node, type):
        return node
    names = list(field_names(type(node)))
    if isinstance(node, Optional):          # a cost is paid before the effect (BSS 8-4-2)
        names = ["cost", *[n for n in names if n != "cost"]]
    changes = {}
    for name in names:
        value = getattr(node, name)
        if isinstance(value, list | tuple) or (is_dataclass(value) and not isinstance(value, type)):
            new = _resolve(value, st)
            if new is not value and new != value:
                changes[name] = new
    return replace(node, **changes) if changes else node


def _has_ref(node: Any) -> bool:
    """Whether a node (or anything inside it) still refers to a selection by pronoun."""
    bs = _bs()
    if isinstance(node, bs._Ref):
        return True
    if isinstance(node, list | tuple):
        return any(_has_ref(x) for x in node)
    if is_dataclass(node) and not isinstance(node, type) and not isinstance(node, bs._Pick):
        return any(_has_ref(getattr(node, f.name)) for f in fields(node))
    return False


def _levels(tree: Tree) -> tuple[int, ...]:
    return tuple(int(re.sub(r"\D", "", str(t))) for t in tree.children)


def build(tree: Tree, text: str, offset: int) -> Ability:
    """One parsed `line` → an Ability (positions shifted by `offset` into the original text)."""
    bs = _bs()
    line = bs.BSTransformer(text, offset).transform(tree)
    levels: tuple[int, ...] = ()
    steps: list[str] = []
    restrictions: list[str] = []
    burst = False
    body = None
    for part in line.children:
        if isinstance(part, Tree) and part.data == "levels":
            levels = _levels(part)
        elif isinstance(part, Tree) and part.data == "tags":
            for tag in part.children:
                tok = str(tag.children[0]).strip("[] ").lower()
                if tok in ("main", "flash"):
                    steps.append(tok)
                elif tok == "burst":
                    burst = True
                else:
                    restrictions.extend("once_per_turn" if "once" in p else "unstackable"
                                        for p in tok.split(","))
        elif isinstance(part, Tree) and part.data == "body":
            body = part.children
    assert body is not None
    label = next((x for x in body if isinstance(x, str) and not isinstance(x, Token)), None)
    keyword = next((x for x in body if isinstance(x, Tree) and x.data == "keywords"), None)
    content = next((x for x in body if isinstance(x, dict)), None)
    effects: list = []
    condition = None
    if content is not None:
        label = label or content.get("inline")
        effects, condition = _assemble(content["sentences"], restrictions)
        for _, colors, sentences, span in content["chains"]:
            chain_fx, _ = _assemble(sentences, restrictions)
            cond = Condition(kind="chain", text="Chain " + "/".join(c.title() for c in colors),
                             selector=Selector(count=None, colors=tuple(c.lower() for c in colors)))
            effects.append(Conditional(condition=cond, effects=tuple(chain_fx), span=span))
    effects = list(_resolve(effects, {}))
    if condition is not None:
        condition = _resolve(condition, {})
    kw: Keyword | None = keyword.children[0] if keyword is not None else None
    if content is not None and content.get("keyword") is not None:   # "… Ascend: Costs 4 or More"
        kw = content["keyword"]
    timing = bs.timing_name(label) if label else None
    if kw is not None and content is None:
        kind = AbilityKind.KEYWORD
    elif burst:
        kind, timing = AbilityKind.BURST, "burst_" + (timing or "")
    elif steps:
        kind = AbilityKind.ACTIVATED if levels else AbilityKind.MAGIC
        timing = timing or "_".join(sorted(set(steps), key=["main", "flash"].index))
    elif label and label.lower().startswith(("when", "end of")):
        kind = AbilityKind.TRIGGERED
    elif label:
        kind = AbilityKind.CONSTANT
    elif condition is not None and condition.kind == "while_paying_cost":
        kind, timing = AbilityKind.CONSTANT, "while_paying_cost"   # applies while the cost is paid
    elif condition is not None:
        kind, timing = AbilityKind.TRIGGERED, "event"
    else:
        kind = AbilityKind.CONSTANT
    return Ability(kind=kind, levels=levels, timing=timing, timing_text=label, keyword=kw,
                   condition=condition, effects=tuple(effects),
                   restrictions=tuple(dict.fromkeys(restrictions)), text=text,
                   span=_line_span(text, offset))


def _line_span(text: str, offset: int):
    from judge.text.ast import Span

    return Span(offset, offset + len(text))


@lru_cache(maxsize=1)
def _header() -> re.Pattern:
    from judge.text.grammar import load_parser

    parser = load_parser("bss")
    timing = parser.get_terminal("TIMING").pattern.to_regexp()
    return re.compile(rf"^\s*(\[[^\]]*\]\s*)*((?:{timing})(\s*/\s*(?:{timing}))*\s*:?\s*)?")


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


__all__ = ["build", "sentence_spans"]
