"""A scenario's result as text, JSON or a markdown ruling, and re-checking a saved ruling.

Clause texts, document versions and dates come from the knowledge base (`judge.rules.kb`); the
engine itself only carries clause numbers. A saved JSON ruling keeps a hash of each cited clause's
text, so `judge step RULING.json --recheck` can name every clause that changed since.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from judge.engine.scenario import Result, TracedStep

GAME_LANGS = {"bss": ("en",), "bs": ("ja", "en"), "fftcg": ("en",)}


def open_kb_or_none() -> Any:
    """The knowledge base, or None when it is not available (output then shows numbers only)."""
    try:
        from judge.rules.kb import open_kb
    except ImportError:
        return None
    return open_kb()


def _step_json(t: TracedStep) -> dict[str, Any]:
    out: dict[str, Any] = {"text": t.step.text, "cites": list(t.step.cites), "action": t.action}
    if t.step.changes:
        out["changes"] = list(t.step.changes)
    if t.step.fired is not None:
        out["fired"] = {"card": t.step.fired, "ref": t.step.card, "timing": t.step.timing}
    if t.step.decision is not None:
        out["decision"] = _decision_json(t.step.decision, t.step.answer)
    if t.step.not_modelled:
        out["not_modelled"] = t.step.not_modelled
    if t.step.not_read:
        out["not_read"] = t.step.not_read
    return out


def _decision_json(d: Any, answer: Any) -> dict[str, Any]:
    return {"player": d.player, "kind": d.kind, "options": list(d.options), "choice": d.choice,
            "cites": list(d.cites), "answer": _jsonable(answer)}


def _jsonable(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [_jsonable(v) for v in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)


def clause_text(kb: Any, game: str, number: str, lang: str | None = None) -> str | None:
    """The text of a clause from the KB, or None if the KB or the clause is missing."""
    if kb is None:
        return None
    try:
        return kb.clause(game, number, lang=lang).text
    except Exception:  # an unknown clause is reported by recheck, not here
        return None


def clause_hashes(kb: Any, game: str, numbers: tuple[str, ...]) -> dict[str, str | None]:
    """sha256 of each cited clause's text in the game's default document (None: not in the KB)."""
    out: dict[str, str | None] = {}
    for n in numbers:
        text = clause_text(kb, game, n)
        out[n] = None if text is None else hashlib.sha256(text.encode("utf-8")).hexdigest()
    return out


def documents(kb: Any, game: str) -> list[dict[str, Any]]:
    """The rules documents a ruling for `game` is decided under (version, date, title)."""
    if kb is None:
        return []
    out = []
    for lang in GAME_LANGS.get(game, ("en",)):
        try:
            d = kb.document(game, lang=lang)
        except Exception:
            continue
        out.append({"game": d.game, "lang": d.lang, "title": d.title, "version": d.version,
                    "date": getattr(d, "date", "")})
    return out


def _branch_json(result: Result) -> list[dict[str, Any]]:
    rules = result.scenario.rules
    out = []
    for b in result.branches:
        out.append({"label": b.label, "action": b.action, "choice": _jsonable(b.choice), "winner": b.winner,
                    "steps": [_step_json(t) for t in b.steps],
                    "request": None if b.request is None else {"choice": b.request.choice,
                                                               "cites": list(b.request.cites)},
                    "state": rules.state_json(b.state)})
    return out


def to_json(result: Result, kb: Any = None) -> dict[str, Any]:
    """The contract JSON (`ok`, `steps`, `expectations`, `state`) plus refusals, branches, clauses."""
    sc = result.scenario
    rules = sc.rules
    return {
        "ok": result.ok,
        "why": list(result.why),
        "game": sc.game,
        "title": sc.title,
        "file": sc.path,
        "steps": [_step_json(t) for t in result.steps],
        "expectations": [{"expect": _jsonable(c.expect), "met": c.met, "actual": _jsonable(c.actual)}
                         for c in result.checks],
        "state": rules.state_json(result.state),
        "winner": rules.winner(result.state),
        "refused": {str(i): {"reason": r.reason, "cites": list(r.cites)} for i, r in result.refusals.items()},
        "request": None if result.request is None else {
            "choice": result.request.choice, "cites": list(result.request.cites),
            "player": result.request.player, "options": list(result.request.options)},
        "decisions": [_decision_json(d, answer) for d, answer in result.decisions],
        "card_files": list(sc.card_files),
        "branches": _branch_json(result),
        "differences": differences(result),
        "warnings": _warnings(result),
        "documents": documents(kb, sc.game),
        "clauses": clause_hashes(kb, sc.game, result.cites),
        "scenario": _jsonable(sc.data),
    }


def _flatten(value: Any, prefix: str = "") -> dict[str, Any]:
    if isinstance(value, Mapping):
        out: dict[str, Any] = {}
        for k, v in value.items():
            out.update(_flatten(v, f"{prefix}.{k}" if prefix else str(k)))
        return out
    if isinstance(value, list) and value and all(isinstance(v, Mapping) and "id" in v for v in value):
        # cards on a field: one row per card fact (field.b3.state), so a table cell stays readable
        out = {}
        for v in value:
            out.update(_flatten({k: x for k, x in v.items() if k != "id"}, f"{prefix}.{v['id']}"))
        return out
    return {prefix: value}


def differences(result: Result) -> list[dict[str, Any]]:
    """Where the branches' outcomes differ: one row per differing board fact, a value per branch."""
    if len(result.branches) < 2:
        return []
    rules = result.scenario.rules
    flats = [_flatten({"winner": b.winner, **rules.state_json(b.state)}) for b in result.branches]
    keys = sorted(set().union(*flats))
    rows = []
    for k in keys:
        values = [f.get(k) for f in flats]
        if any(v != values[0] for v in values[1:]):
            rows.append({"what": k, "values": [_jsonable(v) for v in values]})
    return rows


def _warnings(result: Result) -> list[str]:
    get = getattr(result.scenario.rules, "warnings", None)
    return list(get(result.scenario.state)) if get else []


def to_text(result: Result) -> str:
    """The trace a judge reads in a terminal: one line per step with its clauses, then the checks."""
    sc = result.scenario
    lines = [f"{sc.title}  [{sc.game}]"]
    lines += [f"WARNING: {w}" for w in _warnings(result)]
    question = sc.data.get("question") or sc.data.get("description")
    if question:
        lines.append(f"Q: {question}")
    last: int | None = -1
    for n, t in enumerate(result.steps, 1):
        if t.action != last:
            head = f"action {t.action}" if t.action is not None else "after the last action"
            lines.append(f"-- {head}")
            last = t.action
        cites = f"  (§{', §'.join(t.step.cites)})" if t.step.cites else ""
        lines.append(f"{n:3}. {t.step.text}{cites}")
    if result.request is not None:
        lines.append(f"WAITING: {result.request.choice} (§{', §'.join(result.request.cites)})")
    winner = sc.rules.winner(result.state)
    if winner is not None:
        lines.append(f"Winner: {winner}")
    if result.branches:
        lines.append("Branches:")
        for b in result.branches:
            lines.append(f"  {b.label} (choice {b.choice!r}): winner {b.winner}")
        for row in differences(result):
            lines.append(f"  differs: {row['what']}: " + " | ".join(map(str, row["values"])))
    if result.checks:
        lines.append("Expectations:")
        for c in result.checks:
            mark = "ok  " if c.met else "FAIL"
            lines.append(f"  {mark} {dict(c.expect)}" + ("" if c.met else f"  (actual: {c.actual})"))
        held = sum(c.met for c in result.checks)
        lines.append(f"{held}/{len(result.checks)} expectations hold")
    lines += [f"NOT OK: {w}" for w in result.why]
    return "\n".join(lines)


def to_markdown(result: Result, kb: Any = None) -> str:
    """A ruling a head judge can paste: question, board, steps with clauses, outcome, documents."""
    sc = result.scenario
    rules = sc.rules
    out = [f"# Ruling: {sc.title}", ""]
    q = sc.data.get("question") or sc.data.get("description")
    if q:
        out += [f"**Question.** {q}", ""]
    out += ["## Board", ""] + [f"- {line}" for line in rules.board_lines(sc.state)] + [""]
    warnings = _warnings(result)
    if warnings:
        out += ["## Card text the engine could not apply", ""] + [f"- {w}" for w in warnings] + [""]
    out += ["## Resolution", ""]
    for n, t in enumerate(result.steps, 1):
        cites = f" (§{', §'.join(t.step.cites)})" if t.step.cites else ""
        out.append(f"{n}. {t.step.text}{cites}")
    if result.request is not None:
        out.append(f"\n**Waiting for a choice:** {result.request.choice} (§{', §'.join(result.request.cites)})")
    out += ["", "## Outcome", ""] + [f"- {line}" for line in rules.board_lines(result.state)]
    winner = rules.winner(result.state)
    out.append(f"- Winner: {winner if winner else 'none yet'}")
    rows = differences(result)
    if rows:
        labels = [b.label for b in result.branches]
        out += ["", "## Where the choices lead to different outcomes", "",
                "| | " + " | ".join(labels) + " |", "|---" * (len(labels) + 1) + "|"]
        for row in rows:
            out.append(f"| {row['what']} | " + " | ".join(str(v) for v in row["values"]) + " |")
    out += ["", "## Clauses applied", ""]
    for n in result.cites:
        text = clause_text(kb, sc.game, n)
        out.append(f"- **{n}** {text}" if text else f"- **{n}**")
        if sc.game == "bs":
            en = clause_text(kb, sc.game, n, lang="en")
            if en:
                out.append(f"  - (en) {en}")
    docs = documents(kb, sc.game)
    out += ["", "## Decided under", ""]
    if docs:
        out += [f"- {d['title']} ({d['lang']}), version {d['version']}, {d['date'] or 'undated'}" for d in docs]
    else:
        out.append("- (rules knowledge base unavailable: clause numbers only)")
    return "\n".join(out) + "\n"


@dataclass(frozen=True, kw_only=True)
class Recheck:
    """What changed between a saved ruling and the current rules data."""

    changed: tuple[str, ...]
    missing: tuple[str, ...]
    outcome_changed: bool
    saved_steps: int
    steps_now: int

    @property
    def ok(self) -> bool:
        return not (self.changed or self.missing or self.outcome_changed)


def recheck(saved: Mapping[str, Any], result: Result, kb: Any) -> Recheck:
    """Compare a saved JSON ruling's clause hashes and outcome with a fresh resolution."""
    old: Mapping[str, Any] = saved.get("clauses") or {}
    now = clause_hashes(kb, result.scenario.game, tuple(old) or result.cites)
    changed = tuple(n for n, h in old.items() if h is not None and now.get(n) is not None and now[n] != h)
    missing = tuple(n for n in now if now[n] is None)
    old_steps = [s.get("text") for s in saved.get("steps", ())]
    new_steps = [t.step.text for t in result.steps]
    return Recheck(changed=changed, missing=missing, outcome_changed=old_steps != new_steps,
                   saved_steps=len(old_steps), steps_now=len(new_steps))


__all__ = ["Recheck", "clause_hashes", "clause_text", "differences", "documents", "open_kb_or_none",
           "recheck", "to_json", "to_markdown", "to_text"]
