"""Card text the grammar did not read (an `unread` node, judge.text.partial), reached as the effect
holding it resolves: the ruling says "not read: <words> — resolve by hand", citing the clauses of the
kind of effect resolving (8-1-5 triggered, 8-1-3 activated, 8-1-6 magic, 10-9 burst: the ones its
"Resolve" step cites), and the run is never ok. The rest of the effect goes on in written order.
"""

from __future__ import annotations

from judge.engine.bs.ctx import Ctx
from judge.engine.bs.effects.resolve import effect
from judge.engine.bs.state import Work
from judge.engine.core import not_read
from judge.text import ast

#: the kind of a waiting item → the concept of its effect's clauses, when the item carries none
_KIND_CONCEPT = {"magic": "effect.magic_timing", "burst": "burst.activate"}


@effect(ast.Unread, concepts=("effect.triggered", "effect.activated", "effect.constant"),
        meaning="words the card grammar did not read: a judge resolves them")
def _unread(ctx: Ctx, eff: ast.Unread, item: Work) -> None:
    cites = item.cites or ctx.cites(_KIND_CONCEPT.get(item.kind, "effect.triggered"))
    ctx.steps.append(not_read(f"{item.label}: \u201c{eff.words}\u201d", cites))


def constants_not_read(state) -> list[tuple[str, tuple[str, ...]]]:
    """The constant abilities (8-1-4) that apply now (their card on the field at a level they are
    written for, their timing holding) with words not read, and a line of a card on the field none
    of which was read (what sort of ability it is unknown, it may apply): (card id, the words)."""
    from judge.engine.bs import derive
    from judge.text.ast import AbilityKind
    from judge.text.typed import unread_nodes

    out: list[tuple[str, tuple[str, ...]]] = []
    for p in state.players.values():
        for fc in p.field:
            for _, ab in derive.active_abilities(state, fc.id):
                words = tuple(n.words for n in unread_nodes(ab))
                if not words or ab.kind not in (AbilityKind.CONSTANT, AbilityKind.UNREAD):
                    continue
                if ab.kind is AbilityKind.UNREAD or derive.constant_active(state, fc.id, ab):
                    out.append((fc.id, words))
    return out


def say_constants(ctx: Ctx) -> None:
    """After an action, a "not read" step for each constant ability applying now with words not
    read (8-1-4: it applies while its conditions hold, so the ruling may depend on it)."""
    from judge.engine.bs.ctx import name_of

    said = {s.not_read for s in ctx.steps if s.not_read}
    for cid, words in constants_not_read(ctx.state):
        for w in words:
            what = f"{name_of(ctx.state, cid)} (constant effect): \u201c{w}\u201d"
            if what not in said:
                said.add(what)
                ctx.steps.append(not_read(what, ctx.cites("effect.constant")))
