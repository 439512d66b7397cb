"""The Board screen's session: a scenario being set up and played, kept as scenario data.

Why data: the board a judge sets up IS a scenario file (the engine's YAML contract) without its
actions; every edit is a change to that mapping, validated by the engine's own `load_board`, and
every action is a scenario action resolved by the engine's `resolve`. Nothing here decides what
the rules allow: candidate actions are the scenario vocabulary applied to the cards on the board,
and the engine says which are legal, which are refused (with clauses) and which need a choice.
No Textual here: the session is plain Python, run on the library thread.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judge.errors import ScenarioError

PLAYERS = ("A", "B")
BS_GAMES = ("bss", "bs")
STEPS = ("start", "core", "draw", "refresh", "main", "attack", "second_main", "end")


def blank_board(game: str = "bss") -> dict[str, Any]:
    """An empty two-player board in the attack step of turn 3, ready for cards to be added."""
    return {
        "game": game, "title": "Untitled board", "cards": {},
        "turn": {"number": 3, "player": "A", "step": "main"},
        "players": {p: {"life": 5, "reserve": 3, "soul_core": "reserve", "trash_cores": 0, "deck": 30,
                        "hand": [], "trash": [], "field": []} for p in PLAYERS},
    }


@dataclass(frozen=True)
class Candidate:
    """A scenario action tried on the current board, and what the engine said about it."""

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


def action_label(raw: Mapping[str, Any]) -> str:
    """`A: attack a1` — a scenario action in one short line."""
    if raw.get("settle"):
        return "settle: pass the windows nobody acts in, up to the next decision"
    player = raw.get("player", "")
    rest = [f"{k} {v}" if v is not True else k for k, v in raw.items() if k != "player"]
    return f"{player}: {', '.join(rest)}" if player else ", ".join(rest)


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
        game = data.get("game")
        try:
            rules = rules_for(str(game))
        except UnknownGame as exc:
            raise ScenarioError(f"game: {exc}", hints=exc.hints) from exc
        start = rules.load_board(data, "board")
        self.data, self.rules, self.start = data, rules, start
        self.played.clear()

    def edit(self, change: Any) -> None:
        """Apply `change(data_copy)` and keep it only if the engine accepts the board (atomic)."""
        data = copy.deepcopy(self.data)
        change(data)
        replay = [p.raw for p in self.played]
        self.validate(data)
        for raw in replay:  # the actions played so far are replayed on the edited board
            try:
                outcome = self.settle() if raw.get("settle") else self.play(raw)
            except ScenarioError:
                break
            if outcome.status == "refused":
                break

    @property
    def state(self) -> Any:
        return self.played[-1].after if self.played else self.start

    def load(self, path: Path) -> None:
        """Load a scenario file; its actions are played one by one so the trace can be stepped."""
        from judge.engine.scenario import load_scenario

        scenario = load_scenario(path)
        data = {k: copy.deepcopy(v) for k, v in scenario.data.items() if k not in ("actions", "expect")}
        actions = [dict(a.raw) for a in scenario.actions]
        self.alternatives = {i: list(a.get("alternatives") or ()) for i, a in enumerate(actions)
                             if a.get("alternatives")}
        self.expect = list(scenario.data.get("expect") or ())
        self.validate(data)
        self.path = path
        for raw in actions:
            self.play({k: v for k, v in raw.items() if k != "alternatives"})
        self.mark_saved()

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

        from judge.web.access import Purpose, checked_path

        path = checked_path(str(path), Purpose.SAVE)      # a web session: files off or in one folder
        text = yaml.safe_dump(self.scenario_data(), sort_keys=False, allow_unicode=True)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
        self.path = path
        self.mark_saved()
        self.path = path

    # -- actions -------------------------------------------------------------------------------
    def try_action(self, raw: dict[str, Any], state: Any = None) -> Candidate:
        """Ask the engine about one action on the board (the state is not changed)."""
        state = self.state if state is None else state
        try:
            action = self.rules.parse_action(state, raw, "action")
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

    def play(self, raw: dict[str, Any]) -> Candidate:
        """Carry out an action; a refused one is returned and leaves the board as it was."""
        if raw.get("settle"):
            return self.settle()
        state = self.state
        action = self.rules.parse_action(state, raw, "action")
        ruling = self.rules.resolve(state, action)
        if ruling.refused is not None:
            return Candidate(raw, "refused", ruling.refused.reason, ruling.refused.cites)
        self.played.append(Played(raw, tuple(ruling.steps), state, ruling.state, ruling.request))
        if ruling.request is not None:
            return Candidate(raw, "choice", ruling.request.choice, ruling.request.cites, ruling.steps)
        return Candidate(raw, "legal", "", (), ruling.steps)

    def settle(self) -> Candidate:
        """Pass the open windows nobody acts in, up to the next decision (the engine's settle)."""
        state = self.state
        ruling = self.rules.settle(state)
        if ruling.steps or ruling.state is not state:
            self.played.append(Played({"settle": True}, tuple(ruling.steps), state, ruling.state, ruling.request))
        return Candidate({"settle": True}, "legal", "", (), ruling.steps)

    def undo(self) -> bool:
        if not self.played:
            return False
        self.played.pop()
        return True

    def candidates(self) -> list[Candidate]:
        """Every scenario action that names a card or player on this board, as the engine judges it.

        First, when the engine would pass open windows by itself, "settle" (what the scenario runner
        does after the last action).
        """
        out = []
        settled = self.rules.settle(self.state)
        if settled.steps:
            out.append(Candidate({"settle": True}, "legal", "", (), tuple(settled.steps)))
        judged = [self.try_action(raw) for raw in self.candidate_actions()]
        rank = {"legal": 0, "choice": 1, "refused": 2, "invalid": 3}
        return out + sorted(judged, key=lambda c: rank.get(c.status, 4))  # stable: legal ones first

    def candidate_actions(self) -> list[dict[str, Any]]:
        """The Battle Spirits action vocabulary applied to this board (other games: type actions with ':')."""
        if self.data.get("game") not in BS_GAMES:
            return []
        view = self.rules.state_json(self.state)
        turn = view.get("turn") or {}
        me = str(turn.get("player") or self.data.get("turn", {}).get("player") or "A")
        other = "B" if me == "A" else "A"
        out: list[dict[str, Any]] = []
        field_ids = {p: _field_ids(view, p) for p in PLAYERS}
        hands = {p: _hand(view, p) for p in PLAYERS}
        out += [{"player": me, "attack": cid} for cid in field_ids[me]]
        out += [{"player": other, "block": cid} for cid in field_ids[other]]
        out.append({"player": other, "no_block": True})
        for p in (me, other):
            out.append({"player": p, "pass": True})
        for p in (me, other):
            for card in hands[p]:
                kind = self._card_type(card)
                if kind == "magic":
                    out += [{"player": p, "magic": card, "effect": e} for e in ("main", "flash")]
                elif kind in ("spirit", "nexus"):
                    verb = "summon" if kind == "spirit" else "place"
                    out.append({"player": p, verb: card, "from": "hand"})
        out.append({"player": me, "end_step": True})
        seen: list[dict[str, Any]] = []
        for raw in out:
            if raw not in seen:
                seen.append(raw)
        return seen

    def _card_type(self, ref: str) -> str | None:
        card = (self.data.get("cards") or {}).get(ref)
        if isinstance(card, Mapping):
            return str(card.get("type") or "")
        try:
            from judge.cards.db import find_card

            return str(find_card(ref).type)
        except Exception:
            return None

    # -- reading the board ---------------------------------------------------------------------
    def trace(self) -> list[tuple[int, Any]]:
        """Every step so far, with the index of the action that produced it."""
        return [(i, step) for i, p in enumerate(self.played) for step in p.steps]

    def explain(self, state: Any = None) -> tuple[Any, ...]:
        return tuple(self.rules.explain(self.state if state is None else state))

    def board_lines(self, state: Any = None) -> list[str]:
        return list(self.rules.board_lines(self.state if state is None else state))

    def result(self) -> Any:
        """The whole scenario run by the engine's scenario runner (for the ruling and branches)."""
        from judge.engine.scenario import run_scenario, scenario_from_data

        return run_scenario(scenario_from_data(self.scenario_data(), str(self.path or "board")))

    def markdown(self, kb: Any = None) -> str:
        from judge.engine.output import to_markdown

        return to_markdown(self.result(), kb)


def _field_ids(view: Mapping[str, Any], player: str) -> list[str]:
    p = (view.get("players") or {}).get(player) or {}
    out = []
    for entry in p.get("field") or ():
        if isinstance(entry, Mapping) and entry.get("id"):
            out.append(str(entry["id"]))
        elif isinstance(entry, str):
            out.append(entry)
    return out


def _hand(view: Mapping[str, Any], player: str) -> list[str]:
    p = (view.get("players") or {}).get(player) or {}
    hand = p.get("hand")
    if isinstance(hand, list | tuple):
        return [str(h.get("card") or h.get("id")) if isinstance(h, Mapping) else str(h) for h in hand]
    return []


# -- edits of the board data (plain data changes; the engine validates the result) -------------
def _player(data: dict[str, Any], player: str) -> dict[str, Any]:
    if player not in PLAYERS:
        raise ScenarioError(f"player must be A or B, not {player!r}")
    return data.setdefault("players", {}).setdefault(player, {})


def _find_field(data: dict[str, Any], card_id: str) -> dict[str, Any]:
    for player in PLAYERS:
        for entry in _player(data, player).get("field") or ():
            if entry.get("id") == card_id:
                return entry
    raise ScenarioError(f"{card_id} is not on the starting board (undo the actions that brought it in, "
                        "or edit the board as YAML)")


def new_card_id(data: dict[str, Any], player: str) -> str:
    """a1, a2, … / b1, b2, …: the next free id on that player's side."""
    taken = {e.get("id") for p in PLAYERS for e in _player(data, p).get("field") or ()}
    n = 1
    while f"{player.lower()}{n}" in taken:
        n += 1
    return f"{player.lower()}{n}"


def add_card(data: dict[str, Any], player: str, card: str | Mapping[str, Any], cores: int = 1,
             state: str = "refreshed") -> str:
    """Put a card on a player's field: a card number from the database, or an ad-hoc definition."""
    if isinstance(card, Mapping):
        name = str(card.get("name") or "card")
        key = "".join(ch for ch in name.lower() if ch.isalnum()) or "card"
        cards = data.setdefault("cards", {})
        base, n = key, 2
        while key in cards and cards[key] != dict(card):
            key, n = f"{base}{n}", n + 1
        cards[key] = dict(card)
        ref = key
    else:
        ref = card
    card_id = new_card_id(data, player)
    _player(data, player).setdefault("field", []).append(
        {"id": card_id, "card": ref, "cores": int(cores), "state": state})
    return card_id


def add_cores(data: dict[str, Any], card_id: str, delta: int) -> None:
    entry = _find_field(data, card_id)
    entry["cores"] = max(0, int(entry.get("cores", 0)) + delta)


def toggle_state(data: dict[str, Any], card_id: str) -> None:
    entry = _find_field(data, card_id)
    entry["state"] = "refreshed" if entry.get("state", "refreshed") != "refreshed" else "exhausted"


def remove_card(data: dict[str, Any], card_id: str) -> None:
    for player in PLAYERS:
        fld = _player(data, player).get("field") or []
        if any(e.get("id") == card_id for e in fld):
            _player(data, player)["field"] = [e for e in fld if e.get("id") != card_id]
            soul = _player(data, player)
            if soul.get("soul_core") == card_id:
                soul["soul_core"] = "reserve"
            return
    raise ScenarioError(f"{card_id} is not on the starting board")


def set_soul_core(data: dict[str, Any], card_id: str) -> None:
    for player in PLAYERS:
        if any(e.get("id") == card_id for e in _player(data, player).get("field") or ()):
            _player(data, player)["soul_core"] = card_id
            return
    raise ScenarioError(f"{card_id} is not on the starting board")


def set_player_value(data: dict[str, Any], player: str, key: str, value: Any) -> None:
    _player(data, player)[key] = value


def set_turn(data: dict[str, Any], number: int, player: str, step: str) -> None:
    if player not in PLAYERS:
        raise ScenarioError(f"turn player must be A or B, not {player!r}")
    data["turn"] = {"number": int(number), "player": player, "step": step}


# -- what the Board screen shows ----------------------------------------------------------------
@dataclass
class Snapshot:
    """What the screen shows, computed on the library thread in one go."""

    rows: list[tuple[str, str]] = field(default_factory=list)
    candidates: list[Candidate] = field(default_factory=list)
    applies: list[Any] = field(default_factory=list)
    trace: list[tuple[int, Any]] = field(default_factory=list)
    heading: str = ""
    winner: str | None = None
    pending: Any = None


def _facts(view: Any, skip: tuple[str, ...] = ()) -> str:
    if not view:
        return ""
    return "  ".join(f"{k} {v}" for k, v in dict(view).items()
                     if k not in skip and v not in (None, "", (), []))


def _count(value: Any) -> Any:
    return len(value) if isinstance(value, list | tuple) else value


def player_line(player: str, p: Mapping[str, Any]) -> str:
    """`A  life 5 · reserve 3 · soul core reserve · trash cores 0 · hand 2 · deck 30 · trash 0`."""
    keys = (("life", "life"), ("reserve", "reserve"), ("soul_core", "soul core"), ("trash_cores", "trash cores"),
            ("hand", "hand"), ("deck", "deck"), ("trash", "trash"), ("burst", "burst"))
    parts = [f"{label} {_count(p[key])}" for key, label in keys if key in p and p[key] not in (None, "")]
    return f"{player}  " + " · ".join(parts)


def card_line(card: Mapping[str, Any]) -> str:
    """`a1 Sample Raider  LV1 6000 BP · 1 core · exhausted · 【Raid】`."""
    parts = []
    if card.get("level") is not None:
        parts.append(f"LV{card['level']}" + (f" {card['bp']} BP" if card.get("bp") is not None else ""))
    if card.get("cores") is not None:
        parts.append(f"{card['cores']} core{'s' if card['cores'] != 1 else ''}"
                     + (" + soul core" if card.get("soul_core") else ""))
    if card.get("state"):
        parts.append(str(card["state"]))
    if card.get("keywords"):
        parts.append(" ".join(f"【{k}】" for k in card["keywords"]))
    return f"  {card.get('id', '?')} {card.get('name', '')}  " + " · ".join(parts)


def snapshot(session: BoardSession, at: int | None) -> Snapshot:
    """The board after action `at` (None: the latest), the actions on the latest board, the trace."""
    rules = session.rules
    state = session.played[at].after if at is not None and at < len(session.played) else session.state
    view = rules.state_json(state)
    turn = view.get("turn") or session.data.get("turn") or {}
    snap = Snapshot(heading=f"Turn {turn.get('number', '?')} · player {turn.get('player', '?')} · "
                            f"{turn.get('step', '?')} step")
    snap.rows.append(("turn", snap.heading))
    players = view.get("players") or {}
    for player in PLAYERS:
        p = players.get(player) or dict(rules.player_view(state, player))
        snap.rows.append((f"player|{player}", player_line(player, p)))
        for entry in p.get("field") or ():
            if isinstance(entry, Mapping) and entry.get("id"):
                snap.rows.append((f"card|{entry['id']}", card_line(entry)))
    for line in rules.board_lines(state):
        if line.startswith("Battle"):
            snap.rows.append(("battle", line))
    snap.winner = rules.winner(state)
    snap.applies = list(rules.explain(state))
    snap.trace = session.trace()
    if session.played:
        snap.pending = session.played[-1].request
    if at is None and snap.winner is None:
        snap.candidates = session.candidates()
    return snap
