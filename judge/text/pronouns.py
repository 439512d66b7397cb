"""One pronoun-resolution pass for the card grammars: "it", "them", "that spirit", "both spirits".

Card text selects first and acts on a pronoun after ("Select one of your opponent's spirits and
destroy it"). A transformer leaves a `Ref` where a pronoun stands and a `Pick` where a selection
is made; `resolve` then walks the effects in reading order (the order the effects resolve in, BSS
1-3-7, 8-5-3; FFTCG 11.6.5) and replaces each `Ref` by the latest selection, dropping the `Pick`
markers. An unresolved reference is the card itself (BS 9-3-2-3; FFTCG 5.2.4.1).

- `Pick(target=sel)`: a selection; `target` may be a tuple: several selections made together
  ("Select A and B and destroy them": the later directive applies to each), or with
  `either=True` one of them ("Select A or B and destroy it": a choice, `Modal`);
- `Ref(count=…, up_to=…, state=…)`: a pronoun, with what it adds ("one of them", "any number of
  them", "keep it on the field exhausted"); `Ref(all_picks=True)`: "both spirits", every selection
  made so far; `Ref(card_types=…)`: "that spirit", which stands for the latest selection of spirits
  (not cards named in the hand since).
A directive acting on a named selection selects it too ("Exhaust one of your opponent's spirits
and reduce its BP": "its" is that spirit's).
The pass is a pure function of the effects: no state survives between calls.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, is_dataclass
from typing import Any

from judge.text.ast import (
    _SCALARS,
    Conditional,
    Cost,
    Effect,
    Modal,
    Optional,
    Select,
    Selector,
    Sequence,
    _fields_reversed,
    field_names,
    kind_of,
    replace,
    walk,
)


@dataclass(frozen=True, kw_only=True)
class Ref(Selector):
    """A pronoun ("it", "them", "that spirit") waiting for the selection it refers to."""

    all_picks: bool = False      # "both spirits": every selection made so far
    participle: str | None = None  # "the destroyed spirit": the card that event happened to
    singular: bool = False       # "it" (not "them", "that spirit"): it cannot stand for several counted cards
    bare: bool = False           # "it" / "them" alone (not "one of them", "that spirit"): the very cards spoken of


@dataclass(frozen=True, kw_only=True)
class Pick(Effect):
    """A selection ("Select one of your spirits") that later directives act on; a tuple target
    selects each (`and`) or, with `either`, one of them (`or`)."""

    target: Any
    either: bool = False


def resolve(node: Any, *, self_ref: Callable[[Ref], Selector] | None = None) -> Any:
    """`node` (effects, a tuple or list of them, or any AST node) with every `Ref` replaced by the
    selection it refers to and every `Pick` dropped. `self_ref(ref)` builds the card itself for a
    reference with no selection before it (default: `Selector(self_ref=True)`)."""
    flags: dict[int, int] = {}
    if not _flags(node, flags) & _MARKED:                      # most lines hold none: left alone
        return tuple(node) if isinstance(node, list) else node
    return _resolve(node, {"cur": None, "either": False, "all": (), "flags": flags}, self_ref or _itself)


#: What a node holds, as bits (`_flags`): a Ref or a Pick, a Ref, a Ref to every selection ("both").
_MARKED, _REF, _ALL = 1, 2, 4


def _flags(node: Any, memo: dict[int, int]) -> int:
    """Which markers are anywhere in `node` (itself included, through the same fields, tuples and
    lists as `walk`), every node's answer kept in `memo` by identity: the pass asks it of each node
    and of each effect of a sequence, and one walk per question re-read every subtree once per
    level above it. The nodes asked about are those of the pass's input, alive for the whole pass."""
    key = id(node)
    found = memo.get(key)
    if found is not None:
        return found
    kind = type(node)
    found = 0
    if kind is tuple or kind is list or isinstance(node, tuple | list):
        items = node
    elif not isinstance(node, type) and hasattr(kind, "__dataclass_fields__"):   # is_dataclass, as walk
        if kind in _MARKERS:
            found = _MARKED
            if kind is Ref:
                found |= _REF | (_ALL if node.all_picks else 0)
        count, values = _fields_reversed(kind)
        items = (values(node),) if count == 1 else values(node) if count else ()
    else:
        items = ()
    for item in items:
        if type(item) not in _SCALARS:
            found |= _flags(item, memo)
    memo[key] = found
    return found


def _marked(node: Any, st: dict) -> bool:
    """Whether a Ref or a Pick is anywhere in `node` (most nodes hold none: they are left alone)."""
    return bool(_flags(node, st["flags"]) & _MARKED)


def _itself(ref: Ref) -> Selector:
    return Selector(self_ref=True, state=ref.state, span=ref.span)


def _resolve(node: Any, st: dict, itself: Callable[[Ref], Selector]) -> Any:
    if isinstance(node, Pick):
        t = node.target
        st["cur"] = tuple(_resolve(x, st, itself) for x in t) if isinstance(t, tuple) else _resolve(t, st, itself)
        st["either"] = node.either
        st["all"] = st["all"] + (st["cur"] if isinstance(st["cur"], tuple) else (st["cur"],))
        st["seen"] = (*st.get("seen", ()), *(st["cur"] if isinstance(st["cur"], tuple) else (st["cur"],)))
        st.pop("counted", None)              # a card selected from them: "it" is that one now
        return None
    if isinstance(node, Ref):
        return _referent(node, st, itself)
    if isinstance(node, list | tuple):
        return _resolve_seq(node, st, itself)
    if not is_dataclass(node) or isinstance(node, type):
        return node
    if not _marked(node, st):
        return _selects(node, st)
    names = list(field_names(type(node)))
    if isinstance(node, Optional):          # a cost is paid before the effect (BSS 8-4-2)
        names = ["cost", *[n for n in names if n != "cost"]]
    if isinstance(node, Conditional) and node.condition.kind in ("event", "would") \
            and isinstance(node.condition.selector, Selector) and type(node.condition.selector) is Selector:
        # "If you control three spirits, when this spirit would be destroyed, … keep it …": the card the
        # event happens to is nearer than the cards an outer condition counted (BS 8-1-5-1)
        st["cur"] = node.condition.selector
    elif isinstance(node, Conditional) and st.get("cur") is None:
        # "If none of your opponent's spirits are exhausted, select one of them": the condition's cards
        found = _resolve(node.condition, st, itself)
        if getattr(found, "selector", None) is not None and found.kind in ("count", "only", "is"):
            st["cur"] = replace(found.selector, thresholds=tuple(t for t in found.selector.thresholds
                                                                 if t.stat != "count"))
            t = found.threshold
            if found.kind == "count" and t is not None and t.op in (">=", ">", "==") and t.value >= 2:
                st["counted"] = st["cur"]    # "three or more spirits": "them", never "it"
    changes = {}
    for name in names:
        value = getattr(node, name)
        if isinstance(value, list | tuple) or (is_dataclass(value) and not isinstance(value, type)):
            new = _resolve(value, st, itself)
            if new is not value and new != value:
                changes[name] = new
    if isinstance(node, Sequence) and "effects" in changes and not changes["effects"]:
        return None                          # only selections were made there: nothing is left to do
    # its inner effects were read in order above (a selection made after a directive stays the current
    # one: "Discard the top three cards. Then, select a spirit card from your trash. Summon it.")
    return _selects(replace(node, **changes) if changes else node, st, nested=False)


def _selects(node: Any, st: dict, *, nested: bool = True) -> Any:
    """A directive acting on a named selection makes it the current one ("Exhaust X and reduce its
    BP": X); a nested effect's own selection counts once its directive is read (`nested`: not yet read
    in order); a cost's selection too ("You may exhaust one of your nexuses to place a core onto the
    nexus you exhausted", BSS 8-4-2)."""
    if isinstance(node, Cost):
        for inner in node.effects:
            _selects(inner, st)
        return node
    if not isinstance(node, Effect):
        return node
    for inner in (getattr(node, "effects", ()) or ()) if nested else ():
        _selects(inner, st)                      # "You may exhaust X. …": what the choice acted on
    for name in _ACTED_ON:
        target = getattr(node, name, None)
        if type(target) is Selector and not target.self_ref and target.unit is None:
            st["cur"], st["either"] = target, False
            st["seen"] = (*st.get("seen", ()), target)
            done = _PARTICIPLE.get(kind_of(node))
            if done is not None:             # "destroy it. … the destroyed spirit": that card
                st["done"] = {**st.get("done", {}), done: target}
            break
    return node


#: The participle a directive's kind makes of the card it acts on ("the destroyed spirit" after "destroy it").
_PARTICIPLE = {"destroy": "destroyed", "discard": "discarded"}


#: The fields naming what a directive acts on, in the order they select ("Place a core from X onto Y").
_ACTED_ON = ("target", "source_target", "dest_target")


def _referent(node: Ref, st: dict, itself: Callable[[Ref], Selector]) -> Any:
    """The selection a reference stands for (with what the pronoun phrase adds to it)."""
    cur = st.get("cur")
    if isinstance(cur, tuple):
        cur = cur[0]
    if cur is not None and not _fits(node, cur):
        # "that spirit" after cards in the hand were named: the latest selection of that kind
        cur = next((s for s in reversed(st.get("seen", ())) if _fits(node, s)), cur)
    done = st.get("done", {}).get(node.participle) if node.participle else None
    if done is not None:                     # "Destroy it. Then, … the destroyed spirit": the card it destroyed
        return replace(done, state=node.state or done.state, span=node.span)
    if cur is None or node.participle:       # "the destroyed spirit": the card the event happened to
        return itself(node)
    if node.singular and cur is st.get("counted"):
        # "If you control three or more spirits, when this spirit would be destroyed, … keep it …": "it"
        # is not the several cards counted, but the card itself (or the trigger's subject)
        return itself(node)
    if (node.count != 1 or node.up_to) and not node.all_picks:   # "one of them", "any number of them"
        cur = replace(cur, count=node.count, up_to=node.up_to or cur.up_to)
    if node.state:                           # "keep it on the field exhausted"
        cur = replace(cur, state=node.state)
    return cur


def _fits(ref: Ref, sel: Any) -> bool:
    """Whether a pronoun naming a kind of card ("that spirit") can stand for a selection: the kinds
    meet, and a card on the field ("that spirit") is not cards in a hand or deck."""
    if not isinstance(sel, Selector) or not ref.card_types:
        return True
    if sel.card_types:
        return bool(set(ref.card_types) & set(sel.card_types))
    return ref.zone is not None or sel.zone in (None, "field")


def _leaves(nodes: Any) -> list:
    """The directives of `nodes` in reading order (through "then" sequences, choices and conditions)."""
    out: list = []
    for n in nodes:
        if isinstance(n, Sequence | Optional | Conditional):
            out += _leaves(n.effects)
        elif isinstance(n, Effect) and not isinstance(n, Pick):
            out.append(n)
    return out


def _made_apart(pick: Pick, rest: Any) -> bool:
    """Whether a selection is made before a directive that does not act on it and acted on after
    ("Select X. Then, discard …, and place a core from that spirit …", BSS 8-5-3): it is then a
    step of its own, not folded into the directive that acts on it."""
    if not isinstance(pick.target, Selector) or pick.either or pick.target.zone not in (None, "field"):
        return False                         # cards of a pile ("from the revealed cards") are picked as read
    leaves = _leaves(rest)
    if not leaves or has_ref(leaves[0]) or any(n is pick.target for n in walk(leaves[0])):
        return False
    return any(has_ref(x) for x in leaves[1:])


def _resolve_seq(node: list | tuple, st: dict, itself: Callable[[Ref], Selector]) -> tuple:
    out: list = []
    for i, x in enumerate(node):
        if isinstance(x, Pick) and _made_apart(x, node[i + 1:]):
            _resolve(x, st, itself)
            out.append(Select(target=st["cur"], span=st["cur"].span))
            continue
        cur, either = st.get("cur"), st.get("either")
        if _refs_all(x, st) and len(st["all"]) > 1:
            cur, either = tuple(st["all"]), False   # "Destroy both spirits": each selection made so far
        if isinstance(cur, tuple) and not isinstance(x, Pick) and _flags(x, st["flags"]) & _REF:
            # "Select A and B and destroy them": the directive applies to each selection
            each = [tuple(_resolve(x, {**st, "cur": s, "either": False}, itself) for s in sel)
                    if isinstance(sel, tuple) else _resolve(x, {**st, "cur": sel}, itself) for sel in cur]
            if either:                  # "Select A or B and destroy it": one of the two
                out.append(Modal(count=1, options=tuple(e if isinstance(e, tuple) else (e,) for e in each),
                                 span=getattr(x, "span", None)))
            else:
                out.extend(each)
        else:
            out.append(_resolve(x, st, itself))
    return tuple(x for x in out if x is not None)


def _refs_all(node: Any, st: dict) -> bool:
    if isinstance(node, Pick):
        return False
    return bool(_flags(node, st["flags"]) & _ALL)


def has_ref(node: Any) -> bool:
    """Whether a node (or anything inside it) still refers to a selection by pronoun."""
    if isinstance(node, Pick):
        return False
    return any(type(n) is Ref for n in walk(node))


_MARKERS = frozenset({Ref, Pick})

__all__ = ["Pick", "Ref", "has_ref", "resolve"]
