"""Casting a card from where it lies, and where a Summon so cast goes after use: "You can cast it as though you
owned it (this turn)", "You can cast them at any time you could normally cast them this turn", "If you cast it,
remove that Summon from the game after use instead of putting it in the Break Zone".

A permission is a lasting effect (11.12.4.1) for the effect's controller, kept for the card while it stays in the
zone it was in, for the turn or the game as the text says; the card's own timing and cost rules apply when it is
cast (11.3, 11.4: "at any time you could normally cast it"). "After use" names the one move a resolved Summon makes
from the stack to its owner's Break Zone (11.11.10): replacing it is a replacement effect (11.12.5.1-11.12.5.2),
which must exist before the Summon resolves (11.12.5.3) — it waits on the card (`State.after_use`) whether the
Summon is already on the stack (cast by the effect just before) or may be cast later under a permission.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from judge.engine.fftcg.effects.nodes import _key
from judge.engine.fftcg.events import acted
from judge.engine.fftcg.log import Log
from judge.engine.fftcg.state import State, where
from judge.engine.kernel.values import evolve as replace
from judge.text import ast

#: the permissions to cast a card an effect gives its controller (Restriction.action, mode "can")
PERMISSIONS = frozenset({"cast_as_owner_any_time", "cast_as_owner", "cast_any_time"})
#: how long a permission lasts, by the duration the text gives it
_UNTIL = {ast.Duration.PERMANENT: "game", ast.Duration.TURN: "turn"}


def is_permission(e: ast.Restriction) -> bool:
    """Whether a resolved restriction is a permission to cast a card this module gives."""
    return e.mode == "can" and e.action in PERMISSIONS


def permission_gaps(e: ast.Restriction) -> list[str]:
    """What of a permission this module does not give (the effect registry's check)."""
    what = f"restriction {e.mode} {e.action}"
    if e.target is None or e.player not in (None, ast.Player.YOU):
        return [f"{what} (for a player)"]
    if e.duration not in _UNTIL:
        return [f"{what} ({e.duration.value})"]
    return []


def _named(s: State, sel: ast.Selector, ctx: Any) -> list[str] | None:
    """The card(s) "it" names: the one chosen, wherever the sentence before put it; None: ask the selector."""
    chosen = ctx.targets.get(_key(sel))
    return None if chosen is None else [u for u in chosen if u in s.objs]


def permit(s: State, e: ast.Restriction, ctx: Any, log: Log, targets: Callable) -> State:
    """Give the effect's controller the lasting permission to cast the card(s) named from where they are now."""
    chosen = _named(s, e.target, ctx)
    if chosen is None:
        s, chosen = targets(s, e, e.target, ctx, log)
    until = _UNTIL[e.duration]
    for u in chosen:
        if where(s, u)[0] == "field":
            continue
        zone, whose = where(s, u)
        s = replace(s, may_cast=(*s.may_cast, (ctx.controller, u, until)))
        log.add(f"{ctx.controller} may cast {s.name_of(u)} from {whose}'s {zone.replace('_', ' ')} zone "
                f"{'for the rest of the game' if until == 'game' else 'until the end of the turn'}, at a time such a "
                f"card could be cast", "ongoing_effect")
    return s


def end_of_turn(s: State) -> State:
    """Permissions "this turn" and the replacements waiting with them end with the turn (9.5.1.4)."""
    return replace(s, may_cast=tuple(m for m in s.may_cast if m[2] != "turn"), after_use=())


# ---- "If you cast it, … after use instead" ---------------------------------------------------------------

def reads_cast(c: Any) -> bool:
    """"If you cast it": a condition on the card the sentence before chose being cast by the effect's controller."""
    occurs = getattr(c, "occurs", None)
    return isinstance(c, ast.Condition) and c.event == "you_cast" and not c.negated and occurs is not None and \
        occurs.what is not None and occurs.what.ref == "it" and c.player in (None, ast.Player.YOU)


def cast_or_castable(s: State, ctx: Any) -> tuple[bool, str]:
    """Whether "If you cast it" can come true for the one card chosen: cast in this resolution (11.11.5), or
    castable under a permission this effect's controller holds (the replacement then waits, 11.12.5.3)."""
    chosen = [u for uids in ctx.targets.values() for u in uids]
    if len(chosen) != 1:
        return False, "there is not one chosen card to have been cast"
    u = chosen[0]
    if any(kind == "cast" and uid == u and p == ctx.controller for kind, uid, p in acted.records(s, ctx)):
        return True, f"{ctx.controller} cast {s.name_of(u)} by this effect"
    if s.may_cast_card(ctx.controller, u):
        return True, f"{ctx.controller} may cast {s.name_of(u)} later this turn, so the replacement waits for it"
    return False, f"{ctx.controller} did not cast {s.name_of(u)}"


def after_use(s: State, e: ast.Move, ctx: Any, log: Log, targets: Callable) -> State:
    """"Remove that Summon from the game after use instead of putting it in the Break Zone": a replacement of the
    Summon's move from the stack to the Break Zone (11.11.10), waiting on the card until it resolves (11.12.5.3)."""
    chosen = _named(s, e.target, ctx)
    if chosen is None:
        s, chosen = targets(s, e, e.target, ctx, log)
    dest = {"trash": "break"}.get(e.dest, e.dest)
    for u in chosen:
        s = replace(s, after_use=(*s.after_use, (u, dest)))
        log.add(f"A replacement effect now waits on {s.name_of(u)}: after it resolves as a Summon it goes to the "
                f"{dest.replace('_', ' ')} zone instead of its owner's Break Zone", "replacement",
                "replacement_before_event")
    return s


def destination(s: State, uid: str) -> tuple[State, str | None]:
    """Where a resolved Summon goes instead of its owner's Break Zone (None: no replacement waits on it); the
    replacement is used up (11.12.5.5)."""
    found = next((dest for u, dest in s.after_use if u == uid), None)
    if found is None:
        return s, None
    return replace(s, after_use=tuple(x for x in s.after_use if x[0] != uid)), found


__all__ = ["PERMISSIONS", "after_use", "cast_or_castable", "destination", "end_of_turn", "is_permission",
           "permission_gaps", "permit", "reads_cast"]
