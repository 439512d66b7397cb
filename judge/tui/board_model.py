"""The Board screen's session: a scenario being set up and played, kept as scenario data.

Why data: the board a judge sets up IS a scenario file (the engine's YAML contract) without its
actions; every edit is a change to that mapping, validated by the engine's own `load_board`, and
every action is a scenario action resolved by the engine's `resolve`. Nothing here decides what
the rules allow: the menus are the engine's `legal_actions`, a typed action is judged by
`resolve`, and what differs between games is the board profile (`board_profiles`).
No Textual here: the session is plain Python, run on the library thread.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judge.errors import JudgeError, ScenarioError
from judge.tui.board_edits import (
    add_card,
    add_counter,
    add_to_zone,
    remove_card,
    remove_from_zone,
    set_number,
    set_soul_core,
    set_turn,
    toggle_state,
    zone_items,
)
from judge.tui.board_profiles import PLAYERS, BoardProfile, profile

#: Fields of an action the scenario runner reads itself (never passed to a game's action reader).
RUNNER_KEYS = ("alternatives", "decision")
SETTLE = {"settle": True}
#: the id the engines give a card of a zone written as a count (A-deck-3, B-damage-1)
UNKNOWN_CARD = re.compile(r"^[AB]-[a-z_]+-\d+$")


def blank_board(game: str = "bss") -> dict[str, Any]:
    """An empty two-player board for a game, ready for cards to be added."""
    return profile(game).blank()


@dataclass(frozen=True)
class Candidate:
    """What the engine said about one action tried on the board (a typed action, an outcome)."""

    raw: dict[str, Any]
    status: str                        # legal | refused | choice | invalid
    reason: str = ""
    cites: tuple[str, ...] = ()
    steps: tuple[Any, ...] = ()

    @property
    def label(self) -> str:
        return action_label(self.raw)


@dataclass(frozen=True)
class Played:
    """One action carried out: the action, the engine's ruling, the state before and after."""

    raw: dict[str, Any]
    steps: tuple[Any, ...]
    before: Any
    after: Any
    request: Any = None
    label: str = ""

    @property
    def title(self) -> str:
        """How the trace heads this action: the menu's words when it came from a menu."""
        return self.label or action_label(self.raw)


def action_label(raw: Mapping[str, Any]) -> str:
    """`A: attack a1` — a scenario action in one short line."""
    if raw.get("settle"):
        return "settle: pass the windows nobody acts in, up to the next decision"
    player = raw.get("player", "")
    rest = [f"{k} {v}" if v is not True else k for k, v in raw.items() if k not in ("player", *RUNNER_KEYS)]
    return f"{player}: {', '.join(rest)}" if player else ", ".join(rest)


def engine_action(raw: Mapping[str, Any]) -> dict[str, Any]:
    """The action as a game's action reader takes it (the runner's own fields left out)."""
    return {k: v for k, v in raw.items() if k not in RUNNER_KEYS}


@dataclass
class BoardSession:
    """The board as scenario data, the engine for its game, and the actions played so far."""

    data: dict[str, Any] = field(default_factory=blank_board)
    path: Path | None = None
    played: list[Played] = field(default_factory=list)
    rules: Any = None
    start: Any = None
    alternatives: dict[int, list[Any]] = field(default_factory=dict)
    expect: list[Any] = field(default_factory=list)
    saved: Any = None                     # the scenario as last opened, saved or started afresh
    names: dict[str, tuple[str, str]] = field(default_factory=dict)
    undone: list[Played] = field(default_factory=list)    # actions taken back, last first out

    @property
    def game(self) -> str:
        return str(self.data.get("game") or "bss")

    @property
    def profile(self) -> BoardProfile:
        return profile(self.game)

    @property
    def printings(self) -> tuple[str, ...]:
        """Whose printed cards a board of this game names, in lookup order (the engine's profile value:
        Standard reads its own, then Saga's)."""
        from judge.engine.core import rules_for

        return tuple(rules_for(self.game).printings)

    def find_card(self, text: str) -> Any:
        """A real card of the game's printings (judge.tui.board_card.find_printed)."""
        from judge.tui.board_card import find_printed

        return find_printed(text, self.printings)

    def mark_saved(self) -> None:
        """Remember the board as it is now: quitting asks first only when it has changed since."""
        self.saved = self.scenario_data()

    def unsaved(self) -> bool:
        """True when the board or its actions changed since it was opened, saved or started."""
        return self.rules is not None and self.scenario_data() != self.saved

    # -- the board ----------------------------------------------------------------------------
    def validate(self, data: dict[str, Any] | None = None) -> None:
        """Build the starting state from the data (ScenarioError if the board is not allowed)."""
        from judge.engine.core import rules_for
        from judge.errors import UnknownGame

        data = self.data if data is None else data
        try:
            rules = rules_for(str(data.get("game")))
            profile(str(data.get("game")))
        except UnknownGame as exc:
            raise ScenarioError(f"game: {exc}", hints=exc.hints) from exc
        start = rules.load_board(data, "board")
        if self.rules is not None and rules.game != self.rules.game:
            self.names.clear()
        self.data, self.rules, self.start = data, rules, start
        self.played.clear()
        self.undone.clear()

    def new(self, game: str) -> None:
        """An empty board of a game, with nothing played and nothing to save."""
        self.validate(blank_board(game))
        self.path = None
        self.alternatives.clear()
        self.expect.clear()
        self.mark_saved()

    def edit(self, change: Any) -> None:
        """Apply `change(data_copy)` and keep it only if the engine accepts the board (atomic)."""
        data = copy.deepcopy(self.data)
        change(data)
        replay = [(p.raw, p.label) for p in self.played]
        self.validate(data)
        for raw, label in replay:  # the actions played so far are replayed on the edited board
            try:
                outcome = self.play(raw, label)
            except JudgeError:
                break
            if outcome.status == "refused":
                break

    @property
    def state(self) -> Any:
        return self.played[-1].after if self.played else self.start

    def load(self, path: Path) -> None:
        """Load a scenario file; its actions are played one by one so the trace can be stepped.

        All or nothing: a file that does not load leaves the board as it was."""
        from judge.engine.scenario import load_scenario

        scenario = load_scenario(path)
        fresh = BoardSession(names=self.names if scenario.game == self.game else {})
        data = {k: copy.deepcopy(v) for k, v in scenario.data.items() if k not in ("actions", "expect")}
        actions = [dict(a.raw) for a in scenario.actions]
        fresh.alternatives = {i: list(a.get("alternatives") or ()) for i, a in enumerate(actions)
                              if a.get("alternatives")}
        fresh.expect = list(scenario.data.get("expect") or ())
        fresh.validate(data)
        fresh.path = path
        for raw in actions:
            fresh.play({k: v for k, v in raw.items() if k != "alternatives"})
        fresh.mark_saved()
        self.__dict__.update(fresh.__dict__)

    def scenario_data(self, with_expect: bool = True) -> dict[str, Any]:
        """The board and the actions played, as a scenario mapping (the YAML contract)."""
        out = copy.deepcopy(self.data)
        actions = []
        for i, p in enumerate(self.played):
            if p.raw.get("settle"):  # the scenario runner passes open windows by itself
                continue
            raw = dict(p.raw)
            if self.alternatives.get(i):
                raw["alternatives"] = self.alternatives[i]
            actions.append(raw)
        out["actions"] = actions
        if with_expect and self.expect:
            out["expect"] = self.expect
        return out

    def save(self, path: Path) -> None:
        """Write the scenario YAML atomically (a failed write leaves the old file)."""
        import os
        import tempfile

        import yaml

        from judge.access import Purpose, checked_path

        path = checked_path(str(path), Purpose.SAVE)      # a web session: files off or in one folder
        text = yaml.safe_dump(self.scenario_data(), sort_keys=False, allow_unicode=True)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
        self.path = path
        self.mark_saved()

    # -- cards -----------------------------------------------------------------------------------
    def name_of(self, ref: str) -> tuple[str, str]:
        """(name, type) of a card reference: an ad-hoc card, a real card by number, or the id itself."""
        base = str(ref).split("#", 1)[0]
        if base in self.names:
            return self.names[base]
        if UNKNOWN_CARD.match(base):                     # a card of a zone given as a count
            return ("an unknown card", "")
        placed = {str(e.get("id")): str(e.get("card")) for p in (self.data.get("players") or {}).values()
                  for e in (p or {}).get("field") or () if isinstance(e, Mapping) and e.get("id")}
        if base in placed and placed[base] != base:      # a starting field card, named by its id
            return self.name_of(placed[base])
        local = (self.data.get("cards") or {}).get(base)
        found = (str(ref), "")
        if isinstance(local, Mapping) and local.get("name"):
            found = (str(local["name"]), str(local.get("type") or ""))
        elif isinstance(local, str | Mapping) or any(ch.isdigit() for ch in base):
            number = local if isinstance(local, str) else (local or {}).get("number", base)
            try:
                card = self.find_card(str(number))
                if card.number.upper() == str(number).upper():
                    found = (card.name, card.type)
            except JudgeError:
                pass
        self.names[base] = found
        return found

    def card_number(self, text: str) -> str:
        """A real card's number from what a judge typed (its number or its name, fuzzy)."""
        card = self.find_card(text)
        self.names[card.number] = (card.name, card.type)
        return card.number

    # -- actions -------------------------------------------------------------------------------
    def try_action(self, raw: dict[str, Any], state: Any = None) -> Candidate:
        """Ask the engine about one action on the board (the state is not changed)."""
        state = self.state if state is None else state
        try:
            action = self.rules.parse_action(state, engine_action(raw), "action")
        except ScenarioError as exc:
            return Candidate(raw, "invalid", str(exc))
        ruling = self.rules.resolve(state, action)
        if ruling.refused is not None:
            return Candidate(raw, "refused", ruling.refused.reason, ruling.refused.cites)
        if ruling.request is not None:
            req = ruling.request
            options = f" (options: {', '.join(req.options)})" if req.options else ""
            return Candidate(raw, "choice", f"{req.choice}{options}", req.cites, ruling.steps)
        return Candidate(raw, "legal", "", (), ruling.steps)

    def play(self, raw: dict[str, Any], label: str = "") -> Candidate:
        """Carry out an action; a refused one is returned and leaves the board as it was."""
        if raw.get("settle"):
            return self.settle()
        state = self.state
        action = self.rules.parse_action(state, engine_action(raw), "action")
        ruling = self.rules.resolve(state, action)
        if ruling.refused is not None:
            return Candidate(raw, "refused", ruling.refused.reason, ruling.refused.cites)
        self.played.append(Played(dict(raw), tuple(ruling.steps), state, ruling.state, ruling.request, label))
        self.undone.clear()
        if ruling.request is not None:
            return Candidate(raw, "choice", ruling.request.choice, ruling.request.cites, ruling.steps)
        return Candidate(raw, "legal", "", (), ruling.steps)

    def settle(self) -> Candidate:
        """Pass the open windows nobody acts in, up to the next decision (the engine's settle)."""
        state = self.state
        ruling = self.rules.settle(state)
        if ruling.refused is not None:
            return Candidate(dict(SETTLE), "refused", ruling.refused.reason, ruling.refused.cites)
        if ruling.steps or ruling.state is not state:
            self.played.append(Played(dict(SETTLE), tuple(ruling.steps), state, ruling.state, ruling.request))
        return Candidate(dict(SETTLE), "legal", "", (), ruling.steps)

    def undo(self) -> bool:
        """Take back the last action (redo puts it back, until another action or an edit)."""
        if not self.played:
            return False
        self.undone.append(self.played.pop())
        return True

    def redo(self) -> bool:
        """Play again the last action taken back."""
        if not self.undone:
            return False
        self.played.append(self.undone.pop())
        return True

    def legal(self) -> list[Any]:
        """The engine's legal actions now, and, when the engine would pass the open windows by itself,
        "settle" (what the scenario runner does after the last action) as the last entry."""
        out = list(self.rules.legal_actions(self.state))
        settled = self.rules.settle(self.state)
        if settled.steps and settled.state is not self.state and settled.refused is None and self.pending() is None:
            from judge.engine.core import LegalAction

            out.append(LegalAction(dict(SETTLE), "Let the open windows pass (nobody acts) up to the next "
                                                 "decision", "", "settle"))
        return out

    def pending(self) -> Any:
        """The decision the engine is waiting for, if any."""
        return self.played[-1].request if self.played else None

    # -- reading the board ---------------------------------------------------------------------
    def trace(self) -> list[tuple[int, Any]]:
        """Every step so far, with the index of the action that produced it."""
        return [(i, step) for i, p in enumerate(self.played) for step in p.steps]

    def result(self) -> Any:
        """The whole scenario run by the engine's scenario runner (for the ruling and branches)."""
        from judge.engine.scenario import run_scenario, scenario_from_data

        return run_scenario(scenario_from_data(self.scenario_data(), str(self.path or "board")))

    def markdown(self, kb: Any = None) -> str:
        from judge.engine.output import to_markdown

        return to_markdown(self.result(), kb)


# -- what the Board screen shows ----------------------------------------------------------------
@dataclass
class Snapshot:
    """What the screen shows, computed on the library thread in one go."""

    rows: list[tuple[str, str]] = field(default_factory=list)
    legal: list[Any] = field(default_factory=list)
    applies: list[Any] = field(default_factory=list)
    trace: list[tuple[int, Any]] = field(default_factory=list)
    heading: str = ""
    winner: str | None = None
    pending: Any = None
    game: str = ""
    turn_player: str = "A"


def snapshot(session: BoardSession, at: int | None) -> Snapshot:
    """The board after action `at` (None: the latest), the legal actions on the latest board, the trace."""
    rules, prof = session.rules, session.profile
    state = session.played[at].after if at is not None and at < len(session.played) else session.state
    view = rules.state_json(state)
    snap = Snapshot(game=session.game, turn_player=prof.turn_player(view))
    snap.rows = prof.rows(view, session.name_of)
    snap.heading = snap.rows[0].label if snap.rows else ""
    snap.winner = rules.winner(state)
    snap.applies = list(rules.explain(state))
    snap.trace = session.trace()
    if at is None:
        snap.pending = session.pending()
        if snap.winner is None:
            snap.legal = session.legal()
    return snap


__all__ = ["PLAYERS", "BoardSession", "Candidate", "Played", "Snapshot", "action_label", "add_card", "add_counter",
           "add_to_zone", "blank_board", "engine_action", "remove_card", "remove_from_zone", "set_number",
           "set_soul_core", "set_turn", "snapshot", "toggle_state", "zone_items"]
