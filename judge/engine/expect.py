"""Checking a scenario's `expect:` entries, independently of the engine that produced the board.

The checker only reads what any engine exposes through the `Rules` protocol (`card_view`,
`player_view`, `winner`) and the trace (steps, refusals, a pending choice). It never calls the
engine's rules logic, so an engine cannot "pass" a scenario by agreeing with itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judge.engine.chains import chain, cited_in, fields_hold
from judge.engine.core import ChoiceNeeded, Refusal, Rules
from judge.engine.trace import Check, Segment, TracedStep
from judge.errors import ScenarioError

CARD_FIELDS = frozenset({"zone", "level", "bp", "power", "state", "cores", "damage", "soul_core", "symbols",
                         "controller", "linked", "keywords", "frozen", "counters", "warp", "face_up"})
PLAYER_FIELDS = frozenset({"life", "reserve", "trash_cores", "hand", "deck", "trash", "damage", "soul_core",
                           "burst", "removed", "break", "field", "crystals"})
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
    if "fired" in keys:
        _validate_fired(entry, keys, where)
    elif "decision" in keys:
        _validate_decision(entry, keys, where)
    elif "legal" in keys:
        _validate_legal(entry, keys, where)
    elif "card" in keys:
        bad = sorted(keys - {"card", "cites"} - CARD_FIELDS)
        if bad:
            raise ScenarioError(f"{where}: unknown card field {bad[0]!r}", hints=sorted(CARD_FIELDS | {"cites"}))
        if not keys - {"card", "cites"}:
            raise ScenarioError(f"{where}: say what to check about {entry['card']!r} (e.g. zone: trash)")
        if "cites" in entry:
            _cites(entry["cites"], where)
    elif "player" in keys:
        bad = sorted(keys - {"player", "cites"} - PLAYER_FIELDS)
        if bad:
            raise ScenarioError(f"{where}: unknown player field {bad[0]!r}", hints=sorted(PLAYER_FIELDS | {"cites"}))
        if entry["player"] not in ("A", "B"):
            raise ScenarioError(f"{where}.player: must be A or B, not {entry['player']!r}")
        if not keys - {"player", "cites"}:
            raise ScenarioError(f"{where}: say what to check about player {entry['player']} (e.g. life: 3)")
        if "cites" in entry:
            _cites(entry["cites"], where)
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
        raise ScenarioError(f"{where}: unknown expectation {sorted(keys)}", hints=KINDS)


KINDS = ("card", "player", "winner", "cites", "refused", "request", "fired", "decision", "legal")


def _count(v: Any, where: str) -> None:
    if not isinstance(v, int) or isinstance(v, bool) or v < 0:
        raise ScenarioError(f"{where}: must be a whole number of 0 or more, not {v!r}")


def _validate_legal(entry: Mapping[str, Any], keys: set[str], where: str) -> None:
    bad = sorted(keys - {"legal", "is"})
    if bad:
        raise ScenarioError(f"{where}: unknown field {bad[0]!r} beside legal:", hints=["legal", "is"])
    if not isinstance(entry["legal"], Mapping) or not isinstance(entry.get("is", True), bool):
        raise ScenarioError(f"{where}: legal: is an action such as {{player: A, attack: a1}}, and is: true "
                            "or false")


def _validate_fired(entry: Mapping[str, Any], keys: set[str], where: str) -> None:
    bad = sorted(keys - {"fired", "times", "timing"})
    if bad:
        raise ScenarioError(f"{where}: unknown field {bad[0]!r} beside fired:", hints=["fired", "times", "timing"])
    if not isinstance(entry["fired"], str | int) or isinstance(entry["fired"], bool):
        raise ScenarioError(f"{where}.fired: must name a card (an id or a card reference)")
    if "times" in entry:
        _count(entry["times"], f"{where}.times")


def _validate_decision(entry: Mapping[str, Any], keys: set[str], where: str) -> None:
    from judge.engine.core import DECISION_KINDS

    bad = sorted(keys - {"decision", "player", "kind", "options"})
    if bad:
        raise ScenarioError(f"{where}: unknown field {bad[0]!r} beside decision:",
                            hints=["decision", "player", "kind", "options"])
    _count(entry["decision"], f"{where}.decision")
    if "player" in entry and entry["player"] not in ("A", "B"):
        raise ScenarioError(f"{where}.player: must be A or B, not {entry['player']!r}")
    if "kind" in entry and entry["kind"] not in DECISION_KINDS:
        raise ScenarioError(f"{where}.kind: {entry['kind']!r} is not a kind of decision", hints=DECISION_KINDS)
    if "options" in entry and not isinstance(entry["options"], list):
        raise ScenarioError(f"{where}.options: must be a list")


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
        if key in (skip, "cites"):
            continue
        got = None if view is None else view.get(key)
        actual[key] = got
        if not _same(want, got):
            met = False
    return met, actual


def check(rules: Rules, state: Any, entry: Mapping[str, Any], *, steps: Sequence[TracedStep],
          refusals: Mapping[int, Refusal], request: ChoiceNeeded | None,
          segments: Sequence[Segment] = ()) -> Check:
    """Whether one expectation holds on the final board and trace, with what was actually found.

    A `cites:` beside a card's or a player's values holds only when every clause it names is cited
    by a step of the chain of the change that made those values true (`judge.engine.chains`)."""
    if "fired" in entry:
        return _fired(entry, steps)
    if "decision" in entry:
        return _decision(entry, steps, request)
    if "legal" in entry:
        return _legal(rules, state, entry)
    if "card" in entry:
        ref = str(entry["card"])
        view = rules.card_view(state, ref)
        met, actual = _fields(entry, view, "card")
        if "cites" in entry:
            return _per_change(rules, entry, met, actual, lambda board: rules.card_view(board, ref), steps, segments,
                               ref)
        return Check(expect=dict(entry), met=met, actual=actual)
    if "player" in entry:
        who = str(entry["player"])
        view = rules.player_view(state, who)
        met, actual = _fields(entry, view, "player")
        if "cites" in entry:
            return _per_change(rules, entry, met, actual, lambda board: rules.player_view(board, who), steps,
                               segments)
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
    cited = _cited(steps, refusals, request)
    want = [str(c) for c in entry["cites"]]
    missing = [c for c in want if c not in cited]
    return Check(expect=dict(entry), met=not missing,
                 actual={"missing": missing} if missing else {"cited": want})


def _cited(steps: Sequence[TracedStep], refusals: Mapping[int, Refusal],
           request: ChoiceNeeded | None) -> dict[str, None]:
    """Every clause the trace cites: its steps, its refusals, a pending request."""
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
    return cited


def _per_change(rules: Rules, entry: Mapping[str, Any], met: bool, actual: dict[str, Any], view: Any,
                steps: Sequence[TracedStep], segments: Sequence[Segment], ref: str | None = None) -> Check:
    """A card's or player's values with the clauses that must decide their change: the values hold on
    the final board, and every clause named is cited in the chain of the change that made them true."""
    want = [str(c) for c in entry["cites"]]
    holds = fields_hold(entry, frozenset({"card", "player", "cites"}), _same)
    positions = chain(view, holds, steps, segments, ref, seen=lambda board: _seen(rules, board))
    if positions is None:
        actual["cites"] = "no action made these values true, so no change's chain can cite a clause for them " \
                          "(a clause deciding that nothing changed goes in a cites: entry of its own)"
        return Check(expect=dict(entry), met=False, actual=actual)
    cited = cited_in(positions, steps)
    missing = [c for c in want if c not in cited]
    actual["cites"] = {"missing": missing, "chain": cited} if missing else want
    return Check(expect=dict(entry), met=met and not missing, actual=actual)


def _seen(rules: Rules, board: Any) -> Any:
    """What the players can see of a board: its players' part of the board's JSON (the rest — the
    battle, effects waiting to resolve — is the rules' own bookkeeping)."""
    shown = rules.state_json(board)
    return shown.get("players", shown) if isinstance(shown, Mapping) else shown


def _norm(timing: Any) -> str:
    return str(timing).strip().lower().replace(" ", "_").replace("-", "_")


def _fired(entry: Mapping[str, Any], steps: Sequence[TracedStep]) -> Check:
    """How many times effects of a card started resolving (by instance id or card reference)."""
    ref = str(entry["fired"])
    hits = [t.step for t in steps if t.step.fired is not None
            and ref in (t.step.fired, t.step.card, t.step.fired.split("#")[0])]
    if "timing" in entry:
        hits = [s for s in hits if s.timing is not None and _norm(s.timing) == _norm(entry["timing"])]
    n = len(hits)
    met = n == entry["times"] if "times" in entry else n > 0
    return Check(expect=dict(entry), met=met, actual={"times": n, "timings": [s.timing for s in hits]})


def _decision(entry: Mapping[str, Any], steps: Sequence[TracedStep], request: ChoiceNeeded | None) -> Check:
    """The Nth decision asked in the run (answered on a step, or still pending at the end)."""
    asked = [t.step.decision for t in steps if t.step.decision is not None]
    if request is not None:
        asked.append(request)
    n = int(entry["decision"])
    if n >= len(asked):
        return Check(expect=dict(entry), met=False, actual=f"only {len(asked)} decision(s) were asked")
    d = asked[n]
    actual = {"player": d.player, "kind": d.kind, "options": list(d.options), "choice": d.choice}
    met = all(_same(entry[k], actual[k]) for k in ("player", "kind", "options") if k in entry)
    return Check(expect=dict(entry), met=met, actual=actual)


def _legal(rules: Rules, state: Any, entry: Mapping[str, Any]) -> Check:
    """Whether an action would be accepted on the final board (the engine is asked; nothing is kept)."""
    raw = {k: v for k, v in entry["legal"].items() if k not in ("alternatives", "decision")}
    try:
        action = rules.parse_action(state, raw, "expect.legal")
        ruling = rules.resolve(state, action)
    except ScenarioError as exc:
        return Check(expect=dict(entry), met=False, actual=f"cannot be tried: {exc.message}")
    legal = ruling.refused is None
    want = bool(entry.get("is", True))
    actual = {"legal": legal}
    if ruling.refused is not None:
        actual["reason"] = ruling.refused.reason
    return Check(expect=dict(entry), met=legal == want, actual=actual)


__all__ = ["CARD_FIELDS", "KINDS", "PLAYER_FIELDS", "check", "validate"]
