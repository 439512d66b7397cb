"""What the probes of executed cards share (bench_probe_magic.py, bench_probe_saga.py, bench_probe_fftcg.py): run a scenario
mapping, answering every decision it leaves open `any` (the first legal option, docs/scenarios.md), and sort
what the run says into the counts a probe reports.

A probe's board is plain and its questions are not a ruling's: the point is only whether the engine does what
coverage says it does. A run is "clean" when nothing in it is not modelled or not read, no decision is left
open after the answers, and no action is refused; a crash is an exception of the engine itself.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from judge.engine.scenario import Result, run_scenario, scenario_from_data

#: the words of a refusal for an action a decision still open held up (FFTCG, Saga): the answer goes before it
HELD_UP = ("pending", "must first decide")

#: the outcome kinds a probe counts, in the order it prints them
OUTCOMES = ("clean", "not modelled / not read", "decision open", "refused", "crash", "never triggered")


def run_answering(data: dict[str, Any], rounds: int = 8, midway: str = "") -> Result:
    """Run the scenario; while it ends waiting for a decision, answer it `any` and run it again (at most
    `rounds` answers: a run still waiting then leaves its decision open). `midway`: the words of a refusal
    asking for a decision due while an action is carried out, answered `any` in that action's `answers:`."""
    res = run_scenario(scenario_from_data(data, "probe"))
    for _ in range(rounds):
        held = [i for i, r in res.refusals.items() if midway and midway in str(getattr(r, "reason", ""))]
        if held and res.request is None:
            act = data["actions"][min(held)]
            act["answers"] = [*act.get("answers", []), "any"]
            res = run_scenario(scenario_from_data(data, "probe"))
            continue
        if res.request is None:
            break
        answer = {"player": res.request.player or "A", "choose": "any"}
        pending = [i for i, r in res.refusals.items() if any(w in str(getattr(r, "reason", r)) for w in HELD_UP)]
        if pending:             # asked before a later action, which it held up: answered there
            data["actions"].insert(min(pending), answer)
        else:
            data["actions"].append(answer)
        res = run_scenario(scenario_from_data(data, "probe"))
    return res


def outcome(res: Result) -> tuple[str, str]:
    """The kind of a run's outcome, and the reason (empty when clean)."""
    gaps = [t.step.not_modelled or t.step.not_read for t in res.steps if t.step.not_modelled or t.step.not_read]
    if gaps:
        return "not modelled / not read", str(gaps[0])
    if res.request is not None:
        return "decision open", f"{res.request.kind}: {res.request.choice}"
    if res.refusals:
        return "refused", "; ".join(str(getattr(x, "reason", x)) for x in res.refusals.values())
    return "clean", ""


@dataclass
class Tally:
    """Outcomes per kind of use, with the card numbers behind each reason (printed, never committed)."""

    counts: dict[str, Counter] = field(default_factory=lambda: defaultdict(Counter))
    reasons: dict[tuple[str, str, str], list[str]] = field(default_factory=lambda: defaultdict(list))

    def add(self, kind: str, result: str, reason: str, number: str) -> None:
        self.counts[kind][result] += 1
        if result != "clean":
            self.reasons[(kind, result, reason[:110])].append(number)

    def report(self, top: int = 40) -> str:
        lines = [f"{'kind':<14}" + "".join(f"{o:>26}" for o in OUTCOMES)]
        for kind in sorted(self.counts):
            lines.append(f"{kind:<14}" + "".join(f"{self.counts[kind][o]:>26}" for o in OUTCOMES))
        total = Counter()
        for c in self.counts.values():
            total.update(c)
        lines.append(f"{'all':<14}" + "".join(f"{total[o]:>26}" for o in OUTCOMES))
        ranked = sorted(self.reasons.items(), key=lambda kv: -len(kv[1]))
        for (kind, result, reason), nums in ranked[:top]:
            lines.append(f"{len(nums):>4} {kind} / {result}: {reason} [{' '.join(nums[:6])}]")
        return "\n".join(lines)


__all__ = ["HELD_UP", "OUTCOMES", "Tally", "outcome", "run_answering"]
