"""Restrictions on a player's life (Saga 1-3-3: "cannot" wins; 7-1-5-3-1 life lost to an attack):
"neither player's life can be reduced by an attack from a spirit with 2000 or fewer BP", "your life
cannot be reduced to 0 by …".

Such a restriction names players, not cards: it is kept as a modification whose target is the
player ("A" / "B"), of kind `cannot`, its action `reduce_life` or `reduce_life_to_0`, and its `by`
selector (whose act it bars: an attack from a spirit meeting `about`, an effect, or anything when
absent). Constant abilities give it while they are active (continuous.py), resolved effects for
their duration (effects.py); the life is reduced through `allowed`, which applies them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from judge.engine.bs import continuous, select
from judge.engine.bs.continuous import PLAYER_RESTRICTIONS
from judge.engine.bs.state import Mod, State
from judge.text import ast
from judge.text.ast import Duration

#: Player restrictions the engine applies (any other one is left "not modelled").
PLAYER_ACTIONS = frozenset({"reduce_life", "reduce_life_to_0"})


@dataclass(frozen=True)
class Selected:
    """A restriction's `by` whose spirit was selected as the effect resolved (8-5-3): it bars the
    attacks of those cards only, not of every spirit the words could describe."""

    by: ast.Selector
    cards: tuple[str, ...]


def player_mods(eff: ast.Restriction, controller: str, state: State, *, source: str, stamp: int,
                duration: Duration = Duration.PERMANENT, turn: int = 0,
                selected: tuple[str, ...] | None = None) -> Iterator[Mod]:
    """The modifications a player restriction leaves: one per player it names (each / neither: both)."""
    who = eff.player if eff.player not in (None, ast.Player.EACH) else ast.Player.ANY
    extra = eff.by if selected is None or eff.by is None else Selected(eff.by, selected)
    for p in select.whose(controller, who, state):
        yield Mod(target=p, kind=eff.mode, value=eff.action, duration=duration, source=source,
                  controller=controller, stamp=stamp, turn=turn, extra=extra)


def _bars(state: State, m: Mod, attacker: str | None, source: str | None) -> bool:
    """Whether a restriction's `by` covers this reduction (an attack from `attacker`, or an effect of `source`)."""
    if isinstance(m.extra, Selected):      # the spirit selected when the effect resolved (8-5-3)
        actor = attacker if m.extra.by.unit == "attack" else source
        return actor is not None and actor in m.extra.cards
    by: ast.Selector | None = m.extra
    if by is None:
        return True
    if by.unit == "attack":
        if attacker is None:
            return False
        about = by.about
        if about is None:
            return True
        if about.owner is not None and state.controller(attacker) not in select.whose(m.controller, about.owner,
                                                                                        state):
            return False
        return select.matches(state, attacker, ast.Selector(**{**about.__dict__, "owner": None, "count": 1}), None)
    if by.unit == "effect":
        return source is not None
    actor = attacker or source
    return actor is not None and select.matches(state, actor, ast.Selector(**{**by.__dict__, "owner": None}), None)


def allowed(state: State, player: str, n: int, *, attacker: str | None = None,
            source: str | None = None) -> tuple[int, Any]:
    """(how many of n life cores may leave `player`'s life, the restriction that limited it or None)."""
    life = state.players[player].life
    for m in continuous.mods(state):
        if m.target != player or m.kind != "cannot" or m.value not in PLAYER_ACTIONS:
            continue
        if not _bars(state, m, attacker, source):
            continue
        if m.value == "reduce_life":
            return 0, m
        if m.value == "reduce_life_to_0" and life - n < 1:
            return max(0, life - 1), m
    return n, None



for _action in PLAYER_ACTIONS:
    PLAYER_RESTRICTIONS[_action] = player_mods


__all__ = ["PLAYER_ACTIONS", "Selected", "allowed", "player_mods"]
