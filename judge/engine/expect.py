"""Checking a scenario's `expect:` entries, independently of the engine that produced the board.

The checker only reads what any engine exposes through the `Rules` protocol (`card_view`,
`player_view`, `winner`) and the trace (steps, refusals, a pending choice). It never calls the
engine's rules logic, so an engine cannot "pass" a scenario by agreeing with itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judge.engine.core import ChoiceNeeded, Refusal, Rules
from judge.engine.scenario import Check, TracedStep
from judge.errors import ScenarioError

CARD_FIELDS = frozenset({"zone", "level", "bp", "power", "state", "cores", "damage", "soul_core", "symbols",
                         "controller", "linked", "keywords"})
PLAYER_FIELDS = frozenset({"life", "reserve", "trash_cores", "hand", "deck", "trash", "damage", "soul_core",
                           "burst", "removed", "break", "field"})
WINNERS = (None, "A", "B", "draw")


def _cites(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list | tuple) or not all(isinstance(c, str | int | float) for c in value):
        raise ScenarioError(f"{where}.cites: must be a list of clause numbers such as [\"7-1-5-2-1\"]")
    return tuple(str(c) for c in value)


def validate(entry: Any, where: str, n_actions: int) -> None:
    """Raise ScenarioError if an expectation is malformed (unknown field, bad index, bad winner)."""
    if not isinstance(entry, Mapping) or not entry:
        raise ScenarioError(f"{where}: an expectation is a mapping such as {{card: b1, zone: trash}}")
    keys = set(map(str, entry))
    if "card" in keys:
        bad = sorted(keys - {"card"} - CARD_FIELDS)
        if bad:
            raise ScenarioError(f"{where}: unknown card field {bad[0]!r}", hints=sorted(CARD_FIELDS))
        if keys == {"card"}:
            raise ScenarioError(f"{where}: say what to check about {entry['card']!r} (e.g. zone: trash)")
    elif "player" in keys:
        bad = sorted(keys - {"player"} - PLAYER_FIELDS)
        if bad:
            raise ScenarioError(f"{where}: unknown player field {bad[0]!r}", hints=sorted(PLAYER_FIELDS))
        if entry["player"] not in ("A", "B"):
            raise ScenarioError(f"{where}.player: must be A or B, not {entry['player']!r}")
    elif "winner" in keys:
        if keys != {"winner"} or entry["winner"] not in WINNERS:
            raise ScenarioError(f"{where}.winner: must be A, B, draw or null")
    elif "refused" in keys:
        bad = sorted(keys - {"refused", "cites"})
        if bad:
            raise ScenarioError(f"{where}: unknown field {bad[0]!r} beside refused:")
        idx = entry["refused"]
        if not isinstance(idx, int) or isinstance(idx, bool) or not 0 <= idx < n_actions:
            span = f"0..{n_actions - 1}" if n_actions else "(the file has no actions)"
            raise ScenarioError(f"{where}.refused: must be an action index {span}")
        if "cites" in entry:
            _cites(entry["cites"], where)
    elif "request" in keys:
        bad = sorted(keys - {"request", "cites"})
        if bad:
            raise ScenarioError(f"{where}: unknown field {bad[0]!r} beside request:")
        if "cites" in entry:
            _cites(entry["cites"], where)
    elif "cites" in keys:
        if keys != {"cites"}:
            raise ScenarioError(f"{where}: cites: stands alone (or beside refused:/request:)")
        _cites(entry["cites"], where)
    else:
        raise ScenarioError(f"{where}: unknown expectation {sorted(keys)}",
                            hints=["card", "player", "winner", "cites", "refused", "request"])


def _same(expected: Any, actual: Any) -> bool:
    if isinstance(expected, list | tuple) and isinstance(actual, list | tuple):
        return sorted(map(str, expected)) == sorted(map(str, actual))
    if isinstance(expected, str) and isinstance(actual, str):
        return expected.strip().lower() == actual.strip().lower()
    return expected == actual


def _fields(expected: Mapping[str, Any], view: Mapping[str, Any] | None,
            skip: str) -> tuple[bool, dict[str, Any]]:
    actual: dict[str, Any] = {}
    met = True
    for key, want in expected.items():
        if key == skip:
            continue
        got = None if view is None else view.get(key)
        actual[key] = got
        if not _same(want, got):
            met = False
    return met, actual


def check(rules: Rules, state: Any, entry: Mapping[str, Any], *, steps: Sequence[TracedStep],
          refusals: Mapping[int, Refusal], request: ChoiceNeeded | None) -> Check:
    """Whether one expectation holds on the final board and trace, with what was actually found."""
    if "card" in entry:
        view = rules.card_view(state, str(entry["card"]))
        met, actual = _fields(entry, view, "card")
        return Check(expect=dict(entry), met=met, actual=actual)
    if "player" in entry:
        view = rules.player_view(state, str(entry["player"]))
        met, actual = _fields(entry, view, "player")
        return Check(expect=dict(entry), met=met, actual=actual)
    if "winner" in entry:
        got = rules.winner(state)
        return Check(expect=dict(entry), met=got == entry["winner"], actual=got)
    if "refused" in entry:
        refusal = refusals.get(int(entry["refused"]))
        if refusal is None:
            return Check(expect=dict(entry), met=False, actual="not refused")
        want = tuple(str(c) for c in entry.get("cites", ()))
        missing = [c for c in want if c not in refusal.cites]
        return Check(expect=dict(entry), met=not missing,
                     actual={"reason": refusal.reason, "cites": list(refusal.cites)})
    if "request" in entry:
        if request is None:
            return Check(expect=dict(entry), met=False, actual="no choice pending")
        want = tuple(str(c) for c in entry.get("cites", ()))
        text_ok = entry["request"] in (True, None) or str(entry["request"]).lower() in request.choice.lower()
        missing = [c for c in want if c not in request.cites]
        return Check(expect=dict(entry), met=text_ok and not missing,
                     actual={"choice": request.choice, "cites": list(request.cites)})
    cited: dict[str, None] = {}
    for t in steps:
        for c in t.step.cites:
            cited.setdefault(c, None)
    for r in refusals.values():
        for c in r.cites:
            cited.setdefault(c, None)
    if request is not None:
        for c in request.cites:
            cited.setdefault(c, None)
    want = [str(c) for c in entry["cites"]]
    missing = [c for c in want if c not in cited]
    return Check(expect=dict(entry), met=not missing,
                 actual={"missing": missing} if missing else {"cited": want})


__all__ = ["CARD_FIELDS", "PLAYER_FIELDS", "check", "validate"]
