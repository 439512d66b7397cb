""""… for each CP required to cast it / to play them / to cast the removed card": what such a "for each" counts.

The CP a card requires to be cast is the number beside its crystal (5.2.1.2), read as the effect resolves
(11.12.4.3). Which card: the text layer gives the words as the selector they refer to, its zone "cp_required":
- the effect's own target ("Deal it 2000 damage for each CP required to cast it", "All the Forwards opponent
  controls lose 2000 power for each CP required to play them"): each card its own cost;
- a card chosen as the ability went on the stack: that card;
- "them" left for the engine: the cards the last selection of this resolution took (11.11.5), else the effect's
  own target;
- "removed" ("the removed card" after the top card of a deck was removed, `assemble._removed_ref`): the cards
  this resolution removed from the game, as its turn records say (events.acted).
"""

from __future__ import annotations

from typing import Any

from judge.engine.fftcg.effects.nodes import _key
from judge.engine.fftcg.events import acted
from judge.engine.fftcg.log import Log
from judge.engine.fftcg.state import State
from judge.engine.kernel.values import evolve as replace
from judge.text import ast

ZONE = "cp_required"


def counts(per: Any) -> bool:
    """Whether a "for each" counts the CP a card requires (this module)."""
    return isinstance(per, ast.Selector) and per.zone == ZONE


def _referent(per: ast.Selector) -> ast.Selector:
    return replace(per, zone=None, span=None)


def each_target(e: Any, ctx: Any) -> bool:
    """Whether the count is each target's own cost: the words name the effect's own target."""
    target = getattr(e, "target", None)
    if not counts(getattr(e, "per", None)) or not isinstance(target, ast.Selector):
        return False
    ref = _referent(e.per)
    if ref == replace(target, span=None):
        return True
    return ref.ref in ("it", "them") and _key(ref) not in ctx.targets and not ctx.picked


def cost_of(s: State, uid: str) -> int:
    """The CP a card requires to be cast: its printed cost (5.2.1.2; an unknown card: 0)."""
    d = s.card(uid) if uid in s.objs else None
    return d.cost if d is not None and d.cost is not None else 0


def each_cost(s: State, uid: str, log: Log) -> int:
    """"Deal it 2000 damage for each CP required to cast it": the target's own cost, read now."""
    n = cost_of(s, uid)
    log.add(f"{s.name_of(uid)} requires {n} CP to be cast, counted as the effect resolves", "cost_element",
            "ongoing_variables")
    return n


def times(s: State, e: Any, ctx: Any, log: Log) -> int | None:
    """The count when the words name cards other than the effect's own target (None: no such card, said so by
    the caller as not modelled)."""
    found = counted(s, e, ctx)
    if found is not None:
        log.add(f"{ctx.label}: {', '.join(s.name_of(u) for u in found[1]) or 'no card'} requires {found[0]} CP to be "
                f"cast, counted as the effect resolves", "cost_element", "ongoing_variables")
    return None if found is None else found[0]


def counted(s: State, e: Any, ctx: Any) -> tuple[int, tuple[str, ...]] | None:
    """(the CP the cards named require, those cards) when they are not the effect's own target (None: the
    words name no card this resolution chose or selected)."""
    ref = _referent(e.per)
    chosen = ctx.targets.get(_key(ref))
    if chosen is None and ref.ref == "removed":
        chosen = tuple(dict.fromkeys(u for kind, u, _ in acted.records(s, ctx) if kind == "removed" and u))
    if chosen is None and ref.ref in ("it", "them") and ctx.picked:
        chosen = tuple(ctx.picked)
    if chosen is None:
        return None
    return sum(cost_of(s, u) for u in chosen), tuple(chosen)


__all__ = ["ZONE", "cost_of", "counted", "counts", "each_cost", "each_target", "times"]
