"""The one resolution context: the state being built, the steps logged, refusals and decisions.

Resolution code is small functions over a `Context` holding the current (immutable) state. It
logs cited steps (`log`), says what it cannot do (`unmodelled`), and stops in one of two ways:
`Refuse` (the action is illegal: the caller returns the original state) or `Need` (a decision is
missing). A decision is data (`judge.engine.core.Decision`: who decides, what kind, the legal
options, the clause); answers supplied in advance wait in `state.answers` and are taken in order
by `ask`, which logs each decision with its answer, so the trace shows every choice a player made.
When only one option is legal nobody is asked: `only_option` logs that and takes it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, TypeVar

from judge.engine.core import Decision, Refusal, Step, not_modelled, not_read
from judge.engine.kernel.clauses import ClauseTable
from judge.engine.kernel.values import any_note, as_list, evolve, is_any, yes_no

S = TypeVar("S")


class Refuse(Exception):
    """The action is illegal; carries the Refusal (its reason and clauses)."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.reason)
        self.refusal = refusal


class Need(Exception):
    """A decision is missing; carries it (the caller keeps it as the state's pending decision)."""

    def __init__(self, decision: Decision) -> None:
        super().__init__(decision.choice)
        self.decision = decision

    @property
    def request(self) -> Decision:      # the name the Ruling uses
        return self.decision


class Context(Generic[S]):
    """Mutable holder of an immutable state during one `resolve` call (it never escapes it).

    The state type must have an `answers` tuple (answers supplied in advance, taken in order)."""

    def __init__(self, state: S, clauses: ClauseTable) -> None:
        self.state = state
        self.clauses = clauses
        self.steps: list[Step] = []

    # citing and logging ------------------------------------------------------------------------
    def cites(self, *concepts: str) -> tuple[str, ...]:
        return self.clauses.cites(concepts)

    def log(self, text: str, *concepts: str, **facts: Any) -> Step:
        """Append a step citing the clauses of the given concepts (facts: fired, card, timing, changes)."""
        step = Step(text, self.cites(*concepts), after=self.state, **facts)
        self.steps.append(step)
        return step

    def unmodelled(self, what: str) -> None:
        """What the engine cannot do here: a step citing nothing; the run is never ok."""
        self.steps.append(not_modelled(what))

    def unread(self, words: str, *concepts: str) -> None:
        """Card text the grammar did not read, reached here: "not read: <words> — resolve by hand",
        citing the clauses of the kind of ability it is part of; the run is never ok."""
        self.steps.append(not_read(words, self.cites(*concepts)))

    def refuse(self, reason: str, *concepts: str) -> Refuse:
        return Refuse(Refusal(reason, self.cites(*concepts)))

    # the state ---------------------------------------------------------------------------------
    def set(self, **changes: Any) -> None:
        self.state = evolve(self.state, **changes)

    def mark(self) -> tuple[S, int]:
        """A point to roll back to (the state and how many steps were logged)."""
        return self.state, len(self.steps)

    def rollback(self, mark: tuple[S, int]) -> None:
        self.state = mark[0]
        del self.steps[mark[1]:]

    # decisions ---------------------------------------------------------------------------------
    def decision(self, prompt: str, *concepts: str, player: str | None, options: Sequence[Any] = (),
                 kind: str) -> Decision:
        return Decision(prompt, self.cites(*concepts), player=player, options=tuple(map(str, options)), kind=kind)

    def _queues(self, kind: str | None) -> tuple[str, ...]:
        """Where answers written in advance wait: a state with `targets` keeps selections apart
        (they answer target decisions first); every other decision takes `answers` first."""
        if not hasattr(self.state, "targets"):
            return ("answers",)
        return ("targets", "answers") if kind == "target" else ("answers", "targets")

    def _next(self, kind: str | None, options: Sequence[Any]) -> str | None:
        for n, queue in enumerate(self._queues(kind)):
            waiting = getattr(self.state, queue)
            if waiting:
                return queue if n == 0 or fits(waiting[0], options) else None
        return None

    def has_answer(self, kind: str | None = None, options: Sequence[Any] = ()) -> bool:
        """Whether an answer written in advance is there for such a decision."""
        return self._next(kind, options) is not None

    def peek_answer(self, kind: str | None = None, options: Sequence[Any] = ()) -> Any:
        queue = self._next(kind, options)
        return None if queue is None else getattr(self.state, queue)[0]

    def take_answer(self, kind: str | None = None, options: Sequence[Any] = (), first: Any = None) -> Any:
        """The next supplied answer for such a decision (removed from the state), or None. `any` takes
        the first legal option, or `first` where the decision's least legal answer is not one option
        alone (a selection of two, an order of every waiting effect, no cores on each spirit)."""
        queue = self._next(kind, options)
        if queue is None:
            return None
        waiting = getattr(self.state, queue)
        self.set(**{queue: waiting[1:]})
        answer = waiting[0]
        if is_any(answer):                 # issue 21.7: the scenario leaves this decision open
            if not options:
                raise Refuse(Refusal(f"'any' answers a decision with listed options; {kind or 'this'} decision "
                                     "has none: answer it"))
            if first is None and kind == "order":       # an order names every item: as the options list them
                first = list(options)
            self.steps.append(Step(any_note(options if first is None else [first]), (), after=self.state))
            return options[0] if first is None else first
        return answer


    def ask(self, prompt: str, *concepts: str, player: str | None, options: Sequence[Any] = (),
            kind: str, first: Any = None) -> Any:
        """The answer to a decision: the next supplied one, logged with the decision; else Need.
        `first`: the first legal answer where it is not the first option alone (what `any` takes)."""
        decision = self.decision(prompt, *concepts, player=player, options=options, kind=kind)
        answer = self.take_answer(kind, decision.options or tuple(options), first)
        if answer is None:
            raise Need(decision)
        shown = ", ".join(map(str, as_list(answer))) if not isinstance(answer, dict) else str(answer)
        self.steps.append(Step(f"{player or 'The player'} decides ({kind}): {shown or 'nothing'}", decision.cites,
                               decision=decision, answer=answer, after=self.state))
        return answer

    def ask_yes_no(self, prompt: str, *concepts: str, player: str | None, kind: str = "may") -> bool:
        """A yes / no decision (the one reader of such answers); any other answer is refused."""
        answer = self.ask(f"{prompt} (choose: yes / no)", *concepts, player=player, options=("yes", "no"),
                          kind=kind)
        value = yes_no(answer)
        if value is None:
            raise self.refuse(f"{answer!r} does not answer yes or no: {prompt}", *concepts)
        return value

    def no_matter(self, prompt: str, note: str, *concepts: str, player: str | None, options: Sequence[Any],
                  kind: str, default: Any) -> Any:
        """A choice the rules leave without consequence (copies of one card: every answer gives the
        same board) is not asked: `default` is taken and `note` says why. An answer written in
        advance that names some of these options is still honoured, since a scenario follows its
        cards by id and may expect the very copies it chose."""
        waiting = self.peek_answer(kind, options)
        if waiting is not None and not is_any(waiting) and not isinstance(waiting, dict) and fits(waiting, options):
            return self.ask(prompt, *concepts, player=player, options=options, kind=kind)
        self.log(note, *concepts)
        if hasattr(self.state, "unasked"):       # a later `choose` of other copies renames them (the same board)
            self.set(unasked=(tuple(map(str, options)), tuple(map(str, as_list(default)))))
        return default

    def only_option(self, what: str, option: Any, *concepts: str) -> Any:
        """A choice with one legal option is no decision: say so and take it."""
        self.log(f"{what}: {option} (the only legal option)", *concepts)
        return option


def fits(answer: Any, options: Sequence[Any]) -> bool:
    """Whether an answer written for another kind of decision can answer this one (its options)."""
    if not options or is_any(answer):
        return True
    allowed = {str(o) for o in options}
    if isinstance(answer, dict):
        return any(str(k) in allowed for k in answer)
    if allowed == {"yes", "no"}:
        return yes_no(answer) is not None
    return all(str(a) in allowed for a in as_list(answer))


__all__ = ["Context", "Need", "Refuse", "fits"]
