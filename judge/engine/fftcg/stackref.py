"""Summons and abilities on the stack as targets: "Choose 1 Summon", "Choose 1 auto-ability triggered from X".

A Summon on the stack is named by its card id; an ability by its stack id (`s3`) or by the id of
the card it comes from (6.4.1). Used by `query` to list and check such targets and by the Cancel
effect (`changes`).
"""

from __future__ import annotations

from judge.engine.fftcg.state import StackItem, State
from judge.text.ast import Player, Selector

#: selector card types that name something on the stack rather than a card in a zone
STACK_TYPES = frozenset({"summon", "ability", "abilities", "auto_ability", "action_ability", "special_ability"})
_KINDS = {"summon": ("summon",), "ability": ("action", "special", "auto"), "abilities": ("action", "special", "auto"),
          "auto_ability": ("auto",), "action_ability": ("action",), "special_ability": ("special",)}


def is_stack_selector(sel: Selector) -> bool:
    return bool(sel.card_types) and sel.zone is None and set(sel.card_types) <= STACK_TYPES


def item(s: State, ref: str) -> StackItem | None:
    """The stack item a ref names: a Summon card id, a stack id, or (for an ability) its source card id."""
    for i in s.stack:
        if ref in (i.card, i.uid):
            return i
    hits = [i for i in s.stack if i.card is None and i.source == ref]
    return hits[-1] if len(hits) >= 1 else None


def ref_of(i: StackItem) -> str:
    return i.card or i.uid


def canonical(s: State, ref: str) -> str:
    """The ref a stack target is known by (a Summon's card id, an ability's stack id)."""
    it = item(s, ref)
    return ref_of(it) if it is not None else ref


def matches(s: State, ref: str, sel: Selector, controller: str, source: str | None) -> bool:
    """Whether the stack item `ref` fits a stack selector, seen from `controller` (7.2.1)."""
    from judge.engine.fftcg.query import _threshold
    from judge.engine.fftcg.query import matches as card_matches

    it = item(s, ref)
    if it is None or (source is not None and it.card == source):
        return False
    if it.kind not in {k for t in sel.card_types for k in _KINDS[t]}:
        return False
    if sel.owner == Player.YOU and it.controller != controller:
        return False
    if sel.owner == Player.OPPONENT and it.controller == controller:
        return False
    d = s.card(it.card) if it.card else None
    for t in sel.thresholds:
        if t.stat != "cost" or d is None or not _threshold(d.cost, t):
            return False
    if sel.about is not None:
        about = sel.about
        chosen = [u for _, uids in it.targets for u in uids if u in s.objs]
        from_source = it.kind != "summon" and it.source in s.objs and card_matches(s, it.source, about, controller,
                                                                                   None)
        if not from_source and not any(card_matches(s, u, about, controller, None) for u in chosen):
            return False
    return True


def candidates(s: State, sel: Selector, controller: str, source: str | None) -> list[str]:
    return [ref_of(i) for i in s.stack if matches(s, ref_of(i), sel, controller, source)]
