"""The Battle Spirits resolution context: the kernel's Context with the game's profile.

`Ctx(state)` is `judge.engine.kernel.Context` over a Battle Spirits `State`, citing through the
profile's clause table; it also remembers who moved cores off which card during the resolution
(`core_cause`), which decides self-destruction versus destruction by an effect (9-3-2).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from judge.engine.bs.profile import Profile, profile
from judge.engine.bs.state import Mod, State, outcome
from judge.engine.kernel.context import Context, Need, Refuse
from judge.text.ast import Duration


class Ctx(Context[State]):
    """One resolution over a Battle Spirits state."""

    def __init__(self, state: State) -> None:
        self.profile: Profile = profile(state.game)
        super().__init__(state, self.profile.clauses)
        self.core_cause: dict[str, tuple[str, str]] = {}   # card id → (self|effect, player)
        self.first_stamp: int = state.stamp     # modifications stamped later were made during this action
        self.did: bool | None = None      # whether the last "you may" part was performed ("if you do")
        self.destroyed: dict[str, dict] = {}   # cards destroyed while the current item resolves (last known)
        self.revealed: list[str] = []           # cards revealed by the current item, still where they were
        self.discarded: list[str] = []          # cards discarded by the current item
        # the cards the current item's latest act moved (discarded, returned, destroyed, revealed), as they last
        # were before it (8-10-1): what "the card discarded / returned by this effect" refers back to
        self.acted: dict[str, dict] = {}
        self.drawn: dict[str, int] = {}         # cards drawn by the current item, per player (draws.py)
        self.summoned: list[str] = []           # cards the current item summoned (summoned_by.py)
        self.core_moves: list[tuple[str, str, int, bool]] = []   # (player, area or card, n, soul) placed by it
        self.cores_placed: set[Any] | None = None   # arrivals held as one event (core_events.Arrival)
        self.quiet_for: frozenset[str] = frozenset()   # players whose When Destroyed effects this one bars
        self.selections: dict[Any, tuple[tuple[str, str], ...]] = {}   # "Select X." made by the current item (selections.py)
        self.item: Any = None                   # the waiting effect now resolving (its event's cards: subjects.py)
        self.acting: Any = None                 # the waiting item being resolved, cause of what it does (effect_events.py)

    @property
    def game(self) -> str:
        return self.state.game

    def bump(self) -> int:
        """A fresh timestamp (for applying effects chronologically, 8-8-1-3-1)."""
        n = self.state.stamp + 1
        self.set(stamp=n)
        return n

    def need(self, choice: str, *concepts: str, player: str | None = None, options: tuple[Any, ...] = (),
             kind: str) -> Need:
        """A decision that is not answered from `state.answers` (it comes with the action itself)."""
        return Need(self.decision(choice, *concepts, player=player, options=options, kind=kind))


def sandbox(ctx: Ctx, run: Callable[[], object]) -> object:
    """Run `run` on the board as it is and put everything back: the outcome it ends on
    (`state.outcome`), or None when it needed a decision, was refused, or reached something "not
    modelled" or "not read" (then nothing is known of where it ends). How the engine tells that a
    choice cannot change the outcome: every answer is tried and each ends alike."""
    mark = ctx.mark()
    saved = {k: (v.copy() if isinstance(v, dict | list | set) else v) for k, v in vars(ctx).items()}
    try:
        run()
        end = None if any(s.not_modelled or s.not_read for s in ctx.steps[mark[1]:]) else outcome(ctx.state)
    except (Need, Refuse):
        end = None
    ctx.rollback(mark)
    vars(ctx).clear()
    vars(ctx).update(saved)
    return end


def name_of(state: State, cid: str) -> str:
    """"b1 (Sample Guard)" for steps a judge reads."""
    d = state.card_def(cid)
    return f"{cid} ({d.name})" if d is not None and d.name != cid else cid


def add_mod(ctx: Ctx, *, target: str, kind: str, value: object, duration: Duration, source: str,
            controller: str, extra: object = None) -> Mod:
    """A continuous modification lasting `duration`, stamped now (applied in timestamp order, 8-8-1-3-1)."""
    m = Mod(target=target, kind=kind, value=value, duration=duration, source=source, controller=controller,
            stamp=ctx.bump(), turn=ctx.state.turn, extra=extra)
    ctx.set(mods=(*ctx.state.mods, m))
    return m


__all__ = ["Ctx", "Need", "Refuse", "add_mod", "name_of", "sandbox"]
