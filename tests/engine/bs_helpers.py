"""Helpers for engine tests: boards built from plain data, with abilities given as AST nodes.

Tests here construct AST nodes directly (not card text), so they pin the engine's reading of the
AST contract independently of the card grammar; the scenario files exercise the grammar path.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from judge.engine.bs.board import load_board
from judge.engine.bs.rules import rules_for_game
from judge.engine.bs.state import Orientation, State, Step
from judge.engine.core import Ruling
from judge.text.bs.meaning import meaning


def spirit(name: str, bp: int = 3000, *, cost: int = 3, color: str = "red", levels: dict | None = None,
           symbols: list[str] | None = None) -> dict[str, Any]:
    return {"name": name, "type": "spirit", "colors": [color], "cost": cost, "reduction": [color],
            "symbols": symbols if symbols is not None else [color], "families": ["Test"],
            "levels": levels or {1: {"cores": 1, "bp": bp}}, "text": ""}


def magic(name: str, *, cost: int = 2, color: str = "purple") -> dict[str, Any]:
    return {"name": name, "type": "magic", "colors": [color], "cost": cost, "reduction": [color],
            "symbols": [], "text": ""}


def make(game: str, cards: dict[str, dict], players: dict[str, dict], *, step: str = "main", number: int = 3,
         player: str = "A", abilities: dict[str, tuple] | None = None) -> State:
    """A State from scenario-shaped data; `abilities` attaches AST abilities to card keys (read by
    the text layer's meaning passes, judge.text.bs.meaning, as parsed card text is)."""
    data = {"game": game, "cards": cards, "turn": {"number": number, "player": player, "step": step},
            "players": players}
    state = load_board(data, game, "test")
    if abilities:
        defs = dict(state.defs)
        for key, abs_ in abilities.items():
            # as the engine receives card text: the text layer's meaning passes applied
            defs[key] = replace(defs[key], abilities=tuple(meaning(a) for a in abs_))
        state = replace(state, defs=defs)
    return state


def act(state: State, raw: dict) -> Ruling:
    from judge.engine.bs.actions import parse_action

    return rules_for_game(state.game).resolve(state, parse_action(raw, "test"))


def play(state: State, *raws: dict) -> tuple[State, list[Ruling]]:
    """Resolve actions in order (refused ones leave the state), then settle; returns final state."""
    rules = rules_for_game(state.game)
    out = []
    for raw in raws:
        r = act(state, raw)
        out.append(r)
        if r.refused is None:
            state = r.state
    s = rules.settle(state)
    out.append(s)
    return s.state, out


def field_candidates(state: State, tp: str) -> list[dict[str, Any]]:
    """Actions the random-play tests try with the turn player's field cards (legal or not: a refusal
    must leave the state unchanged): attacks in the attack step and one-core moves both ways."""
    out: list[dict[str, Any]] = []
    for fc in state.players[tp].field:
        if state.step == Step.ATTACK and fc.orientation == Orientation.REFRESHED:
            out.append({"player": tp, "attack": fc.id})
        if fc.cores:
            out.append({"player": tp, "move_cores": 1, "from": fc.id, "to": "reserve"})
        if state.players[tp].reserve:
            out.append({"player": tp, "move_cores": 1, "from": "reserve", "to": fc.id})
    return out
