"""The resolution context: the state being built, the steps logged, and how resolution stops.

Resolution code is written as small functions over a `Ctx` that holds the current (immutable)
state and appends cited steps. Two exceptions unwind it: `Refuse` (the action is illegal: the
caller returns the original state) and `Need` (a decision is missing: the caller keeps the state
from before the work item that needed it, so a later `choose` resumes exactly there).
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from judge.engine.bs.clauses import cites
from judge.engine.bs.state import State, evolve
from judge.engine.core import ChoiceNeeded, Refusal, Step, not_modelled

_STATE_FIELDS = frozenset(f.name for f in fields(State))


class Refuse(Exception):
    """The action is illegal; carries the Refusal."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.reason)
        self.refusal = refusal


class Need(Exception):
    """A required choice is missing; carries the ChoiceNeeded."""

    def __init__(self, request: ChoiceNeeded) -> None:
        super().__init__(request.choice)
        self.request = request


class Ctx:
    """Mutable holder of an immutable State during one `resolve` call (never escapes it)."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.steps: list[Step] = []
        self.core_cause: dict[str, tuple[str, str]] = {}   # card id → (self|effect, player)

    @property
    def game(self) -> str:
        return self.state.game

    def cites(self, *concepts: str) -> tuple[str, ...]:
        return cites(self.game, *concepts)

    def log(self, text: str, *concepts: str, changes: tuple[str, ...] = ()) -> None:
        """Append a step citing the clauses of the given concepts."""
        self.steps.append(Step(text, cites(self.game, *concepts), changes))

    def unmodelled(self, what: str) -> None:
        """Log what the engine cannot do here (no clause cited; the run is never ok)."""
        self.steps.append(not_modelled(what))

    def refuse(self, reason: str, *concepts: str) -> Refuse:
        return Refuse(Refusal(reason, cites(self.game, *concepts)))

    def need(self, choice: str, *concepts: str, player: str | None = None,
             options: tuple[str, ...] = (), kind: str = "answer") -> Need:
        return Need(ChoiceNeeded(choice, cites(self.game, *concepts), player=player, options=options, kind=kind))

    def ask(self, choice: str, *concepts: str, player: str | None, options: tuple[str, ...] = (),
            kind: str) -> Any:
        """The answer to a decision: the next supplied answer, logged with the decision; else Need."""
        decision = ChoiceNeeded(choice, cites(self.game, *concepts), player=player, options=options, kind=kind)
        answer = self.answer()
        if answer is None:
            raise Need(decision)
        shown = ", ".join(map(str, answer)) if isinstance(answer, list | tuple) else str(answer)
        self.steps.append(Step(f"{player or 'The player'} decides ({kind}): {shown}", decision.cites,
                               decision=decision, answer=answer))
        return answer

    def set(self, **changes: Any) -> None:
        unknown = set(changes) - _STATE_FIELDS
        if unknown:
            raise TypeError(f"State has no field {sorted(unknown)}")
        self.state = evolve(self.state, **changes)

    def bump(self) -> int:
        """A fresh timestamp (for applying effects chronologically, 8-8-1-3-1)."""
        n = self.state.stamp + 1
        self.set(stamp=n)
        return n

    def answer(self) -> Any:
        """Take the next supplied choice, or None if there is none."""
        if not self.state.answers:
            return None
        first, rest = self.state.answers[0], self.state.answers[1:]
        self.set(answers=rest)
        return first

    def peek_answer(self) -> bool:
        return bool(self.state.answers)


def name_of(state: State, cid: str) -> str:
    """"b1 (Sample Guard)" for steps a judge reads."""
    d = state.card_def(cid)
    return f"{cid} ({d.name})" if d is not None and d.name != cid else cid


__all__ = ["Ctx", "Need", "Refuse", "name_of"]
