"""A limit an effect sets on its own discards: "discard the top three cards of your opponent's deck for
each nexus you control. You can discard a maximum of twelve cards with this effect."

The limit is part of the effect, so where the effect's directive would discard more, it discards as
many as the limit leaves (counting every card this effect has discarded so far), and the rest of the
directive is not performed (1-3-3: what an active effect prevents is prevented; 1-3-2: as much as
possible is). Nothing is left on the board: the limit ends with the effect. "For each …" counts as it
does for the other discards (cores.per_count).

A limit can also last the turn: "During this turn, when your opponent's effect discards cards from your
deck, no more than one card is discarded." It is not an effect that activates after the discard
(delayed_when.py) but one that prevents the discard beyond the limit as it happens (1-3-3): left on the
player whose deck it protects, it caps each discard from that deck by an effect of the player it names
(【Crush】's included: the attacking spirit's effect, 11-11-1).
"""

from __future__ import annotations

from judge.engine.bs import select
from judge.engine.bs.ctx import Ctx
from judge.engine.bs.state import Work
from judge.text import ast

#: The modification a turn-long limit leaves on the player whose deck it protects.
TURN_CAP = "discard_cap"


def is_cap(eff: object) -> bool:
    """"You can discard a maximum of N cards with this effect"."""
    return isinstance(eff, ast.Restriction) and eff.mode == "at_most" and eff.action == "discard" and \
        eff.object is not None and isinstance(eff.object.count, int) and eff.by is not None and \
        eff.by.unit == "effect" and eff.by.effect == "this"


def limit(item: Work) -> int | None:
    """The most cards the resolving effect may discard (None: no limit)."""
    caps = [n.object.count for n in ast.walk(item.effects) if is_cap(n)]
    return min(caps) if caps else None


def allowed(ctx: Ctx, item: Work, want: int, deck_of: str | None = None) -> int:
    """How many of `want` cards the effect may still discard (from `deck_of`'s deck), logging a cut."""
    cap = limit(item)
    if cap is not None and want > max(0, cap - len(ctx.discarded)):
        want = max(0, cap - len(ctx.discarded))
        ctx.log(f"{item.label}: at most {cap} card(s) may be discarded with this effect; {want} more can be",
                "rules.cannot_wins", "rules.impossible")
    state = ctx.state
    for m in state.mods:
        if m.kind == TURN_CAP and m.target == deck_of and m.turn == state.turn and want > int(m.value) and (
                m.extra is None or item.controller in select.whose(m.controller, m.extra.owner, state)):
            want = int(m.value)
            ctx.log(f"{m.source}'s effect: no more than {want} card(s) are discarded from {deck_of}'s deck by this "
                    "effect", "rules.cannot_wins")
    return want


def turn_cap(eff: object) -> int | None:
    """"During this turn, when <player's> effect discards cards from your deck, no more than N are
    discarded": N (None: not that form)."""
    if not isinstance(eff, ast.Conditional) or eff.instead or eff.otherwise or len(eff.effects) != 1:
        return None
    c, r = eff.condition, eff.effects[0]
    if c.kind != "event" or c.event != "discards" or "this_turn" not in c.qualifiers or c.object is None or \
            c.object.zone != "deck" or (c.by is not None and (c.by.unit != "effect" or c.by.about is not None)):
        return None
    if isinstance(r, ast.Restriction) and r.mode == "at_most" and r.action == "discard" and r.by is None and \
            r.object is not None and isinstance(r.object.count, int):
        return r.object.count
    return None


def arm(ctx: Ctx, eff: ast.Conditional, item: Work) -> bool:
    """Leave a turn-long limit on the decks it protects; False: `eff` is not one."""
    from judge.engine.bs.flow import management

    n = turn_cap(eff)
    if n is None:
        return False
    cond = eff.condition
    for who in select.whose(item.controller, cond.object.owner or ast.Player.YOU, ctx.state):
        management.add_mod(ctx, target=who, kind=TURN_CAP, value=n, duration=ast.Duration.TURN, source=item.source,
                           controller=item.controller, extra=cond.by)
        ctx.log(f"{item.label}: during this turn, no more than {n} card(s) are discarded from {who}'s deck at a "
                "time by the effects it names", "rules.cannot_wins", "effect.duration")
    return True


def applied(ctx: Ctx, eff: ast.Restriction, item: Work) -> bool:
    """The limit met in written order: already applied where the effect discards (logged here)."""
    if not is_cap(eff):
        return False
    ctx.log(f"{item.label}: its discards were limited to {eff.object.count} card(s)", "rules.cannot_wins")
    return True


__all__ = ["TURN_CAP", "allowed", "applied", "arm", "is_cap", "limit", "turn_cap"]
