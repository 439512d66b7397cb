"""The game-agnostic engine core: rulings as values, and the interface each game's rules plug into.

Every engine (Battle Spirits, FFTCG) answers `resolve(state, action) -> Ruling`. A ruling is an
audit log: the new state and the steps that led to it, each step carrying the clause NUMBERS it
applied (the text a judge reads comes from the knowledge base, never from here). An illegal
action yields a `Refusal` and the state unchanged; a missing decision yields a `ChoiceNeeded`
naming the decision and the clause that asks for it.

Nothing here knows any game: the scenario runner (`judge.engine.scenario`), the expectation
checker (`judge.engine.expect`) and the TUI work through the `Rules` protocol alone.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from judge.errors import UnknownGame


def _clauses(cites: Any) -> tuple[str, ...]:
    if isinstance(cites, str):
        return (cites,)
    out = tuple(str(c) for c in cites)
    for c in out:
        if not c or c != c.strip():
            raise ValueError(f"bad clause number {c!r}")
    return out


@dataclass(frozen=True)
class ChoiceNeeded:
    """A decision the rules leave to a player: who decides, what kind, the legal options, the clause.

    `kind` is one of DECISION_KINDS (a scenario's `decision: KIND` names it); `choice` is the prompt
    a judge reads. The same value is logged on the step where the decision was answered."""

    choice: str
    cites: tuple[str, ...] = ()
    player: str | None = None
    options: tuple[str, ...] = ()
    kind: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "cites", _clauses(self.cites))
        object.__setattr__(self, "options", tuple(str(o) for o in self.options))


#: A pending decision is the same value as a ChoiceNeeded (the kernel's name for it).
Decision = ChoiceNeeded

#: The kinds of decision a scenario can name with `decision: KIND` beside `choose:` (and `kind:` in a
#: `decision:` expectation); docs/scenarios.md says what each one asks. `answer` is a pick of one of
#: the listed options that is neither a target nor a mode (FFTCG: which Forward blocks, or none; how a
#: blocker's damage is split over a party).
DECISION_KINDS = ("target", "may", "order", "cores", "discard", "substitution", "mode", "search", "payment",
                  "cards", "ascend", "block", "ex_burst", "backups", "party_damage", "x", "loop", "answer")


@dataclass(frozen=True)
class Step:
    """One thing that happened, with the clauses that made it happen and what it changed.

    Structured facts ride along for checks that must not parse the text: `fired` (the card whose
    effect starts resolving here, `card` its reference, `timing` the effect's timing), `decision`
    and `answer` (a decision asked here and how it was answered), `not_modelled` (what the engine
    cannot do here: such a step cites nothing and the run is never ok), `not_read` (the words of card
    text the grammar did not read, reached here: it cites the kind of ability, the run is never ok)."""

    text: str
    cites: tuple[str, ...] = ()
    changes: tuple[str, ...] = ()
    fired: str | None = None
    card: str | None = None
    timing: str | None = None
    decision: ChoiceNeeded | None = None
    answer: Any = None
    not_modelled: str | None = None
    #: the board when the step was logged, where the engine's context holds it (never shown, never
    #: compared): what lets a `cites:` on a card's change find the steps of that change's chain
    after: Any = field(default=None, compare=False, repr=False)
    not_read: str | None = None

    def __post_init__(self) -> None:
        if not self.text:
            raise ValueError("a step needs a text")
        object.__setattr__(self, "cites", _clauses(self.cites))
        object.__setattr__(self, "changes", tuple(self.changes))


def not_modelled(what: str) -> Step:
    """The step for something the engine cannot do: it cites nothing, and a judge resolves it."""
    return Step(f"not modelled: {what} — resolve by hand", (), not_modelled=what)


def not_read(words: str, cites: Any = ()) -> Step:
    """The step for card text the grammar did not read (an `unread` node), reached as its ability is
    used: a judge reads the words and resolves them; the run is never ok."""
    return Step(f"not read: {words} — resolve by hand", cites, not_read=words)


@dataclass(frozen=True)
class Refusal:
    """Why an action is illegal, with the clauses that forbid it (the state stays as it was)."""

    reason: str
    cites: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cites", _clauses(self.cites))


@dataclass(frozen=True, kw_only=True)
class Ruling:
    """The answer to one action: the state after it and the steps taken, or why it stopped."""

    state: Any
    steps: tuple[Step, ...] = ()
    refused: Refusal | None = None
    request: ChoiceNeeded | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "steps", tuple(self.steps))
        if self.refused is not None and self.request is not None:
            raise ValueError("a ruling is either refused or waiting for a choice, not both")

    @property
    def ok(self) -> bool:
        """True when the action was carried out completely."""
        return self.refused is None and self.request is None

    @property
    def cites(self) -> tuple[str, ...]:
        """Every clause this ruling cites, in order, without repeats."""
        seen: dict[str, None] = {}
        for s in self.steps:
            for c in s.cites:
                seen.setdefault(c, None)
        for extra in (self.refused, self.request):
            if extra is not None:
                for c in extra.cites:
                    seen.setdefault(c, None)
        return tuple(seen)


@dataclass(frozen=True)
class Applies:
    """One rule or keyword in force on a board (what `judge explain` lists)."""

    text: str
    cites: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cites", _clauses(self.cites))
        object.__setattr__(self, "cards", tuple(self.cards))

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "cites": list(self.cites), "cards": list(self.cards)}


@dataclass(frozen=True)
class Choice:
    """One value a player may give for a parameter of an action: as a scenario writes it, and in words."""

    value: Any
    label: str


@dataclass(frozen=True)
class Param:
    """A part of a legal action its player still chooses (which targets, which payment, how many cores):
    the scenario field it fills and the values the rules allow, the usual one first."""

    key: str
    prompt: str
    choices: tuple[Choice, ...]

    def __post_init__(self) -> None:
        if not self.choices:
            raise ValueError(f"parameter {self.key!r} has no legal value")


@dataclass(frozen=True, eq=False)
class LegalAction:
    """An action the rules allow now, as a scenario action (the YAML contract) and in words.

    Menus are built from these: `raw` is complete with the first choice of every parameter; a
    player who wants another picks it from `params` (`with_choices`). An answer to the pending
    decision carries that decision, so a menu can show whose decision it is and why."""

    raw: Mapping[str, Any]
    label: str
    player: str
    verb: str
    params: tuple[Param, ...] = ()
    decision: ChoiceNeeded | None = None

    def with_choices(self, picks: Mapping[str, Any]) -> dict[str, Any]:
        """The scenario action with the chosen parameter values in place of the first ones."""
        out = dict(self.raw)
        out.update(picks)
        return {k: v for k, v in out.items() if v is not None}


@dataclass(frozen=True, kw_only=True)
class ActionRecord:
    """One scenario action as written (its index and fields) and the game's typed value for it."""

    index: int
    raw: Mapping[str, Any] = field(default_factory=dict)
    action: Any = None


@runtime_checkable
class Rules(Protocol):
    """What a game's engine provides; the scenario runner, expectations and TUI use only this."""

    game: str
    #: whose printed cards a board of this game names by number (card games, in lookup order)
    printings: tuple[str, ...]

    def load_board(self, data: Mapping[str, Any], where: str) -> Any:
        """The starting State from a scenario mapping (`cards`, `turn`, `players`); ScenarioError if bad."""

    def parse_action(self, state: Any, raw: Mapping[str, Any], where: str) -> Any:
        """A typed action from one scenario `actions:` entry; ScenarioError naming the field if bad."""

    def resolve(self, state: Any, action: Any) -> Ruling:
        """Carry out one action: the new state and the cited steps, a refusal, or a choice request."""

    def settle(self, state: Any) -> Ruling:
        """After the last action: pass the open windows nobody acts in, up to the next decision."""

    def explain(self, state: Any) -> tuple[Applies, ...]:
        """What applies on this board now, each with its clauses."""

    def card_view(self, state: Any, ref: str) -> Mapping[str, Any] | None:
        """Observable facts about one card (zone, level, bp, power, state, cores, damage…), or None."""

    def player_view(self, state: Any, player: str) -> Mapping[str, Any]:
        """Observable facts about a player (life, reserve, hand, deck, damage…)."""

    def winner(self, state: Any) -> str | None:
        """"A", "B", "draw", or None while the game goes on."""

    def state_json(self, state: Any) -> dict[str, Any]:
        """The board as JSON (what `judge step --json` prints under "state")."""

    def board_lines(self, state: Any) -> list[str]:
        """The board as short lines a judge reads (markdown rulings, the TUI)."""

    def legal_actions(self, state: Any) -> tuple[LegalAction, ...]:
        """Every action the rules allow now, each as a scenario action with the parameters its player
        still chooses; while a decision is pending, the answers to it (for the deciding player)."""


_ENGINES = {"bss": "judge.engine.bs.rules", "bs": "judge.engine.bs.rules", "fftcg": "judge.engine.fftcg"}


def rules_for(game: str) -> Rules:
    """The rules engine for a game id, imported only when asked for (startup stays cheap)."""
    module_name = _ENGINES.get(game)
    if module_name is None:
        raise UnknownGame(f"no rules engine for game {game!r}", hints=tuple(sorted(_ENGINES)))
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name and module_name.startswith(exc.name):
            raise UnknownGame(f"the {game} rules engine is not installed yet") from exc
        raise
    factory = getattr(module, "rules_for_game", None)
    if factory is None:
        raise UnknownGame(f"{module_name} does not provide rules_for_game(game)")
    return factory(game)


def games() -> tuple[str, ...]:
    """The game ids that have (or will have) an engine."""
    return tuple(_ENGINES)


__all__ = [
    "DECISION_KINDS",
    "ActionRecord",
    "Applies",
    "Choice",
    "ChoiceNeeded",
    "Decision",
    "LegalAction",
    "Param",
    "Refusal",
    "Rules",
    "Ruling",
    "Step",
    "games",
    "not_modelled",
    "not_read",
    "rules_for",
]
