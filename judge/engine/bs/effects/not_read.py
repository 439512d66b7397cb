"""Card text the grammar did not read (an `unread` node, judge.text.partial), reached as the effect
holding it resolves: the ruling says "not read: <words> — resolve by hand", citing the clauses of the
kind of effect resolving (8-1-5 triggered, 8-1-3 activated, 8-1-6 magic, 10-9 burst: the ones its
"Resolve" step cites), and the run is never ok. The rest of the effect goes on in written order.
"""

from __future__ import annotations

from judge.engine.bs.ctx import Ctx
from judge.engine.bs.dispatch import effect
from judge.engine.bs.state import Work
from judge.engine.core import not_read
from judge.text import ast

#: the kind of ability → the concept of its clause (8-1-3 activated, 8-1-4 constant, 8-1-5 triggered,
#: 8-1-6 magic, 10-9 burst)
KIND_CONCEPT = {ast.AbilityKind.TRIGGERED: "effect.triggered", ast.AbilityKind.ACTIVATED: "effect.activated",
                ast.AbilityKind.CONSTANT: "effect.constant", ast.AbilityKind.MAGIC: "effect.magic_timing",
                ast.AbilityKind.BURST: "burst.activate"}
#: a waiting item whose ability is not known by its index: its own kind
_ITEM_CONCEPT = {"magic": "effect.magic_timing", "burst": "burst.activate"}


@effect(ast.Unread, concepts=tuple(KIND_CONCEPT.values()), reads=("words",),
        meaning="words the card grammar did not read: a judge resolves them")
def _unread(ctx: Ctx, eff: ast.Unread, item: Work) -> None:
    ctx.steps.append(not_read(f"{item.label}: \u201c{eff.words}\u201d", _kind_cites(ctx, item)))


def _kind_cites(ctx: Ctx, item: Work) -> tuple[str, ...]:
    """The clauses of the kind of ability the resolving item comes from."""
    d = ctx.state.card_def(item.source)
    ability = d.abilities[item.ability] if d is not None and item.ability is not None \
        and 0 <= item.ability < len(d.abilities) else None
    concept = KIND_CONCEPT.get(ability.kind) if ability is not None else _ITEM_CONCEPT.get(item.kind)
    if concept is None and item.timing in ("main", "flash", "main_flash"):
        concept = "effect.activated"
    return ctx.cites(concept) if concept else item.cites or ctx.cites("effect.triggered")


def constants_not_read(state) -> list[tuple[str, tuple[str, ...]]]:
    """The constant abilities (8-1-4) that apply now (their card on the field at a level they are
    written for, their timing holding) with words not read, and a line of a card on the field none
    of which was read (what sort of ability it is unknown, it may apply): (card id, the words)."""
    from judge.engine.bs import derive
    from judge.text.ast import AbilityKind

    out: list[tuple[str, tuple[str, ...]]] = []
    for p in state.players.values():
        for fc in p.field:
            for _, ab in derive.active_abilities(state, fc.id):
                words = tuple(n.words for n in ast.walk(ab) if type(n) is ast.Unread)
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
