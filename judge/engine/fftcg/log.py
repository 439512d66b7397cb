"""The audit log the engine writes while it works, and the two ways an operation stops early.

Operations take an immutable State and a `Log` (an append-only list of notes) and return a new
State. `Refused` is raised for an illegal action (14.1: the caller keeps the old state, so the
game is rewound); `NeedChoice` is raised when the rules give a player a decision the scenario has
not supplied yet (the caller keeps the old state and waits for a `choose`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from judge.engine.fftcg.clauses import cite
from judge.engine.fftcg.model import Decision, State
from judge.engine.fftcg.model import evolve as replace


@dataclass(frozen=True)
class Note:
    """One step of the trace: what happened, the clauses applied, what changed, and the facts checks read
    without parsing the text (`judge.engine.core.Step`): whose effect starts resolving (`fired`, `card`,
    `timing`) and what this engine cannot do here (`not_modelled`)."""

    text: str
    cites: tuple[str, ...]
    changes: tuple[str, ...] = ()
    fired: str | None = None
    card: str | None = None
    timing: str | None = None
    not_modelled: str | None = None


class Log(list):
    """An append-only list of Notes; `mark()` / `undo(mark)` drop the notes of a rolled-back operation."""

    def add(self, text: str, *keys: str, changes: tuple[str, ...] = (), fired: str | None = None,
            card: str | None = None, timing: str | None = None) -> None:
        self.append(Note(text, tuple(dict.fromkeys(cite(*keys))), changes, fired, card, timing))

    def mark(self) -> int:
        return len(self)

    def undo(self, mark: int) -> None:
        del self[mark:]


NOT_MODELLED = "not modelled: "


def not_modelled(log: Log, what: str, *keys: str) -> None:
    """Say in the ruling what this engine cannot do here (the run is then not ok): the judge resolves it.

    Such a step cites nothing (`judge.engine.core.not_modelled`); `keys` name, for the reader of this
    code, the rule the engine stops short of."""
    text = f"{NOT_MODELLED}{what} — resolve by hand"
    if not any(n.text == text for n in log):
        log.append(Note(text, (), not_modelled=what))


class Refused(Exception):
    """An illegal action or payment: the reason and its clauses; `timing` when it is only early."""

    def __init__(self, reason: str, *keys: str, timing: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.cites = cite(*keys)
        self.timing = timing


class NeedChoice(Exception):
    """The rules ask a player to decide something the scenario has not said yet."""

    def __init__(self, decision: Decision) -> None:
        super().__init__(decision.prompt)
        self.decision = decision


def take_answer(state: State, player: str, kind: str, prompt: str, options: tuple[str, ...],
                *keys: str) -> tuple[State, Any]:
    """The next supplied answer (and the state without it), or NeedChoice naming the decision."""
    decision = Decision(player=player, kind=kind, prompt=prompt, options=options, cites=cite(*keys))
    if not state.answers:
        raise NeedChoice(decision)
    answer = state.answers[0]
    return replace(state, answers=state.answers[1:], asked=(*state.asked, (decision, answer))), answer


def pick(state: State, player: str, kind: str, prompt: str, options: tuple[str, ...], *keys: str, log: Log,
         low: int, high: int) -> tuple[State, list[str]]:
    """`player` picks between `low` and `high` of the cards `options` (a decision of the rules, asked as data).

    When the rules leave no choice (every option must be taken, or none can be) the step says so and
    nothing is asked. An answer may name a card by its id or by its card number (the first such option
    not yet named); a wrong answer is refused, naming the options."""
    high = min(high, len(options))
    if high == 0:
        return state, []
    if low >= len(options):
        log.add(f"{prompt}: the only choice is {', '.join(options)}", *keys)
        return state, list(options)
    state, answer = take_answer(state, player, kind, prompt, options, *keys)
    picked: list[str] = []
    for value in as_list(getattr(answer, "answer", answer)):
        ref = str(value)
        if ref.lower() in ("none", "no"):
            continue
        hit = ref if ref in options and ref not in picked else next(
            (u for u in options if u not in picked and state.objs[u].defn == ref), None)
        if hit is None:
            raise Refused(f"{prompt}: {ref} is not one of the options ({', '.join(options)})", *keys)
        picked.append(hit)
    if not low <= len(picked) <= high:
        many = f"{low}" if low == high else f"{low} to {high}"
        raise Refused(f"{prompt}: pick {many} of {', '.join(options)}", *keys)
    return state, picked


def as_list(answer: Any) -> list[Any]:
    """An answer as a list (a scalar answer is a list of one)."""
    if answer is None:
        return []
    if isinstance(answer, list | tuple):
        return list(answer)
    return [answer]


YES = frozenset({"yes", "true", "y", "use", "1"})
NO = frozenset({"no", "false", "n", "decline", "none", "0"})


def yes_no(value: Any) -> bool | None:
    """A yes/no answer as a bool (None when it is neither)."""
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in YES:
        return True
    if text in NO:
        return False
    return None
