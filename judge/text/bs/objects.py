"""A directive's object of noun phrases joined by "or" or "and" (grammar/bs.lark `object`).

BSS 8-5-3, 8-1-8: "Destroy one of your opponent's spirits with 3000 or fewer BP or one of their
nexuses" acts on one card of either phrase, a choice the player makes as the effect resolves: it is
read as "Select X or Y and destroy it" is (judge.text.pronouns: a `Modal` of one option per phrase,
each the same directive acting on that phrase). The transformer builds the directive around one `Either`
marker (a Selector standing for the first phrase, the others kept beside it); `choose_objects` then
replaces each directive holding one by that Modal, with whatever the directive added to its object
("… from your trash", "… to their hand") added to every phrase. No marker survives the statement.
Each phrase with its own quantity is an option of its own ("two of X or one of Y"); several cards
counted once for both ("all of X or Y", "up to two of X or Y") may mix the two, which no choice of
one phrase says: that is refused (not modelled), never read as a choice. "Exhaust X and Y" is the
directive once for each phrase, in order (as "Return X and Y to …" always was).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from judge.text.ast import Modal, Selector, replace

#: the fields a directive may set on its object, compared to find what it added (not the marker's own)
_SELECTOR_FIELDS = tuple(f.name for f in fields(Selector) if f.name not in ("either", "span"))


@dataclass(frozen=True, kw_only=True)
class Either(Selector):
    """The object "X or Y" while its directive is read: the first phrase as it was read (`first`),
    the others in `either` (a marker of the transformer, never left in an AST)."""

    first: Selector | None = None
    joined: str = "or"               # "or": one phrase chosen; "and": the directive acts on each


class ObjectMixin:
    """The `object` rule ("X or Y", "X and Y") → an `Either` marker."""

    def object(self, c: list) -> Either:
        from judge.text.bs.nodes import has_tok

        return _marker(c, every=not has_tok(c, "OR_SEL"))


def _marker(c: list, every: bool) -> Either:
    sels = _zone_shared([x for x in c if isinstance(x, Selector)])
    head = sels[0]
    sels = [head, *(_quantity_shared(head, x, every) for x in sels[1:])]
    values = {f.name: getattr(head, f.name) for f in fields(Selector)}
    return Either(**{**values, "either": tuple(sels[1:])}, first=head, joined="and" if every else "or")


def _zone_shared(sels: list[Selector]) -> list[Selector]:
    """BSS 3-1: "one Dragon spirit card or one Warrior nexus card from your trash": the area named once
    after the last phrase is where every card phrase naming no area of its own is (zone "any")."""
    last = sels[-1]
    if last.zone in (None, "any", "field"):
        return sels
    return [replace(s, zone=last.zone, owner=s.owner if s.owner is not None else last.owner)
            if s.zone == "any" else s for s in sels[:-1]] + [last]


def _quantity_shared(head: Selector, sel: Selector, every: bool) -> Selector:
    """BSS 8-5-3: "one of your opponent's Dragon spirits or Warrior spirits", "all of your opponent's
    Dragon spirits and Warrior spirits": a phrase after "or" / "and" saying no quantity and no owner of
    its own (a bare plural) is counted and owned as the first phrase is."""
    if type(sel) is not Selector or sel.self_ref or sel.owner is not None or sel.count is not None or sel.up_to \
            or any(t.stat == "count" for t in sel.thresholds) or head.self_ref:
        return sel
    counted = tuple(t for t in head.thresholds if t.stat == "count")
    if every and (head.count is not None or counted):
        return sel                       # "X and Y": a bare plural after a counted phrase is all of its own
    if not every and (head.count != 1 or counted):
        # "all of X or Y", "up to two of X or Y": several cards of both phrases at once, not one phrase chosen
        raise ValueError("not modelled: several cards taken from either of two noun phrases")
    return replace(sel, count=head.count, up_to=head.up_to, owner=head.owner, thresholds=(*counted, *sel.thresholds))


def _chosen(effect: Any) -> Any:
    """`effect` itself, or the Modal it stands for when its object is an `Either` (BSS 8-1-8)."""
    target = getattr(effect, "target", None)
    if not isinstance(target, Either):
        return effect
    added = {name: getattr(target, name) for name in _SELECTOR_FIELDS
             if getattr(target, name) != getattr(target.first, name)}
    # each phrase as it was read (a pronoun stays a pronoun, the very object when nothing was added)
    phrases = tuple(replace(x, **added) if added else x for x in (target.first, *target.either))
    if target.joined == "and":           # "exhaust X and Y": the directive for each, in order
        return [replace(effect, target=p) for p in phrases]
    return Modal(count=1, options=tuple((replace(effect, target=p),) for p in phrases),
                 span=getattr(effect, "span", None))


def joined(sel: Selector) -> tuple[tuple[Selector, ...], bool]:
    """(the phrases, whether one of them is chosen) of a directive's object: "X or Y" (True), "X and Y"
    (False), a single phrase (False)."""
    if not isinstance(sel, Either):
        return (sel,), False
    return (sel.first, *sel.either), sel.joined == "or"


def choose_objects(effects: list) -> list:
    """The effects of a statement with each directive acting on "X or Y" read as a choice, and each
    acting on "X and Y" read as that directive for each phrase."""
    out: list = []
    for e in effects:
        x = _chosen(e)
        out.extend(x if isinstance(x, list) else [x])
    return out


__all__ = ["Either", "ObjectMixin", "choose_objects", "joined"]
