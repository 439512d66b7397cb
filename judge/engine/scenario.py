"""Scenario files: a board, the actions players took, and what must hold afterwards (YAML contract).

`load_scenario(path)` reads and validates the file and dispatches on `game:` to that game's rules
(`judge.engine.core.rules_for`, imported lazily); `run_scenario(scenario)` resolves the actions
in order, lets the engine settle the windows nobody acted in, checks the `expect:` entries with
code independent of the engine (`judge.engine.expect`), and resolves every `alternatives:` branch.
Every problem in a file is a ScenarioError naming the file and the field path (`actions[2].block`).

Extensions to the issue's format (the core stays as specified):
- top level: `question:`, `answer:`, `source:`, `notes:`, `tags:` (shown in markdown rulings);
- any action: `targets: [...]` (choices supplied in advance, consumed in order), `order: [...]` (the
  order of simultaneous triggered effects: `a1`, or `a1:2` for the card's 2nd printed ability); `choose:` also answers a pending request of any kind
  (targets, yes / no, `{reserve: 1, a1: 1}` for where cores come from);
- Battle Spirits actions: summon/place `cores`, `pay_from`, `pay_soul_core`, `soul_core_on`, `as`,
  `ascend`, `succession`, `free`; magic `ability` (0 = first line), `soul_magic`, `succession`; move_cores `soul_core`;
  activate `cores_from` (【Awaken】);
- Battle Spirits cards: `levels: {2: {cores: super_unleash, …}}`, `ex_symbol`, `soul_magic: [red]`,
  `succession: true`, `token: true`, or a card number (`whelp: JDG01-001`) from the card database;
- FFTCG actions: `pay: {...}` beside `choose: yes` (a payment asked while an ability resolves: "you may
  pay 《1》", "if your opponent doesn't pay") and beside `attack:` / `block:` (a cost to attack or block,
  10.1.2.3 / 10.1.3.1.3); `x: N` beside `use:` or `choose: yes` (the value chosen for 《X》, 4.5); `loop: N`
  (a player who can stop a loop declares how many times it is performed, 13.2 / 13.3; with `pay: [{...}, …]`,
  one payment per repetition, when the choice that repeats is "you may pay"); `answers: [...]`
  on any action: decisions due while it is carried out (a "you may … instead" replacement applied as a
  cost is paid, 11.12.5.1) — without them the action is refused unchanged;
- expectations: `{request: "text", cites: [...]}` — the run ends waiting for that choice.

Real cards, decisions and the outcome follow docs/scenarios.md: a card reference may be a printed
number (resolved by `judge.engine.cards` against `--cards` files, then the database); `decision:
KIND` beside `choose:` names the decision the writer meant; a run is ok only when it has
expectations, all hold, no step is "not modelled" and no decision is left unanswered (unless a
`request:` expectation expects one).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judge.engine.core import DECISION_KINDS, ActionRecord, ChoiceNeeded, Refusal, Rules, Step, rules_for
from judge.engine.expect import check, validate
from judge.engine.trace import Check, Segment, TracedStep
from judge.errors import ScenarioError

TOP_KEYS = frozenset({"game", "title", "description", "question", "answer", "source", "cards", "turn",
                      "players", "actions", "expect", "notes", "tags"})


@dataclass(frozen=True, kw_only=True)
class Scenario:
    """A loaded scenario: its rules engine, the starting state and the actions, validated."""

    path: str
    game: str
    title: str
    data: Mapping[str, Any]
    rules: Rules
    state: Any
    actions: tuple[ActionRecord, ...]
    expect: tuple[Mapping[str, Any], ...] = ()
    card_files: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Branch:
    """One resolution of a contested choice (`alternatives:`), summarised for a side-by-side view."""

    label: str
    action: int
    choice: Any
    steps: tuple[TracedStep, ...]
    state: Any
    winner: str | None
    request: ChoiceNeeded | None = None


@dataclass(frozen=True, kw_only=True)
class Result:
    """The outcome of running a scenario: trace, refusals, pending choice, checks and branches."""

    scenario: Scenario
    steps: tuple[TracedStep, ...]
    state: Any
    refusals: Mapping[int, Refusal] = field(default_factory=dict)
    segments: tuple[Segment, ...] = ()
    request: ChoiceNeeded | None = None
    checks: tuple[Check, ...] = ()
    branches: tuple[Branch, ...] = ()
    mismatches: tuple[str, ...] = ()

    @property
    def why(self) -> tuple[str, ...]:
        """Why the run is not ok (empty when it is): no expectations, failed ones, what was not modelled
        or not read, a decision left unanswered, a decision answered as another kind."""
        out: list[str] = []
        if not self.checks:
            out.append("no expectations")
        failed = sum(not c.met for c in self.checks)
        if failed:
            out.append(f"{failed} of {len(self.checks)} expectations do not hold")
        for t in self.steps:
            at = f"actions[{t.action}]" if t.action is not None else "after the last action"
            if t.step.not_modelled:
                out.append(f"not modelled ({at}): {t.step.not_modelled}")
            if t.step.not_read:
                out.append(f"not read ({at}): {t.step.not_read}")
        if self.request is not None and not any("request" in c.expect for c in self.checks):
            out.append(f"a decision is left unanswered: {self.request.choice}")
        out.extend(self.mismatches)
        return tuple(out)

    @property
    def ok(self) -> bool:
        """True when the run answers the scenario: expectations all hold and nothing was left to a judge."""
        return not self.why

    @property
    def decisions(self) -> tuple[tuple[ChoiceNeeded, Any], ...]:
        """Every decision asked, in order, with its answer (the last one None if left unanswered)."""
        out = [(t.step.decision, t.step.answer) for t in self.steps if t.step.decision is not None]
        if self.request is not None:
            out.append((self.request, None))
        return tuple(out)

    @property
    def cites(self) -> tuple[str, ...]:
        """Every clause the trace cites (steps, refusals, a pending request), in order, no repeats."""
        seen: dict[str, None] = {}
        for t in self.steps:
            for c in t.step.cites:
                seen.setdefault(c, None)
        for r in self.refusals.values():
            for c in r.cites:
                seen.setdefault(c, None)
        if self.request is not None:
            for c in self.request.cites:
                seen.setdefault(c, None)
        return tuple(seen)


def _read_yaml(path: Path) -> Any:
    from judge import limits
    from judge.access import Purpose, checked_path
    from judge.engine import scenario_cache

    path = checked_path(str(path), Purpose.OPEN)      # a web session: files off or in one folder
    try:
        text = limits.read_text(path, limits.SCENARIO)
    except FileNotFoundError as exc:
        raise ScenarioError(f"{path}: no such scenario file") from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError(f"{path}: cannot read ({exc})") from exc
    kept = scenario_cache.get(text)                   # the same bytes read before: PyYAML not loaded
    if kept is not scenario_cache.MISSING:
        return kept
    import yaml

    try:
        data = limits.load_yaml(text, str(path))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        where = f" line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
        raise ScenarioError(f"{path}:{where}: not valid YAML: {exc.problem}") from exc
    except yaml.YAMLError as exc:
        raise ScenarioError(f"{path}: not valid YAML: {exc}") from exc
    scenario_cache.put(text, data)
    return data


def load_scenario(path: str | Path, data: Mapping[str, Any] | None = None,
                  cards: tuple[str | Path, ...] | list[str | Path] = ()) -> Scenario:
    """Read, validate and set up a scenario file (or an already-parsed mapping given as `data`).

    `cards` are card files whose cards the scenario may name by number, for this run only."""
    path = Path(path)
    if data is None:
        data = _read_yaml(path)
    return scenario_from_data(data, str(path), cards=cards)


def scenario_from_data(data: Any, where: str, cards: tuple[str | Path, ...] | list[str | Path] = ()) -> Scenario:
    """Validate a scenario mapping and build its starting state; `where` names it in errors."""
    if not isinstance(data, Mapping):
        raise ScenarioError(f"{where}: a scenario is a mapping with game, players, actions and expect")
    from judge.limits import check_tree

    check_tree(data, where)
    unknown = sorted(set(map(str, data)) - TOP_KEYS)
    if unknown:
        raise ScenarioError(f"{where}: unknown top-level field {unknown[0]!r}", hints=sorted(TOP_KEYS))
    game = data.get("game")
    if not isinstance(game, str):
        raise ScenarioError(f"{where}: game: is required (bss, bs or fftcg)")
    from judge.errors import UnknownGame

    try:
        rules = rules_for(game)
    except UnknownGame as exc:
        raise ScenarioError(f"{where}: game: {exc.message}", hints=exc.hints) from exc
    from judge.engine.cards import load_pool, using

    pool = load_pool(cards)
    with using(pool):
        state = rules.load_board(data, where)
    actions_raw = data.get("actions") or []
    if not isinstance(actions_raw, list):
        raise ScenarioError(f"{where}: actions: must be a list")
    actions = []
    for i, raw in enumerate(actions_raw):
        at = f"{where}: actions[{i}]"
        if not isinstance(raw, Mapping):
            raise ScenarioError(f"{at}: each action is a mapping such as {{player: A, attack: a1}}")
        alts = raw.get("alternatives")
        if alts is not None and (not isinstance(alts, list) or not alts):
            raise ScenarioError(f"{at}.alternatives: must be a non-empty list of choices")
        if "decision" in raw and raw["decision"] not in DECISION_KINDS:
            raise ScenarioError(f"{at}.decision: {raw['decision']!r} is not a kind of decision",
                                hints=DECISION_KINDS)
        if "decision" in raw and "choose" not in raw:
            raise ScenarioError(f"{at}.decision: says which decision a choose: answers; this action has none")
        actions.append(ActionRecord(index=i, raw=dict(raw), action=rules.parse_action(state, _main(raw), at)))
        for j, alt in enumerate(alts or ()):
            rules.parse_action(state, _alternative(raw, alt), f"{at}.alternatives[{j}]")
    expect_raw = data.get("expect") or []
    if not isinstance(expect_raw, list):
        raise ScenarioError(f"{where}: expect: must be a list")
    for i, entry in enumerate(expect_raw):
        validate(entry, f"{where}: expect[{i}]", len(actions))
    title = data.get("title")
    for i, entry in enumerate(expect_raw):
        if isinstance(entry, Mapping) and isinstance(entry.get("legal"), Mapping):
            rules.parse_action(state, _main(entry["legal"]), f"{where}: expect[{i}].legal")
    return Scenario(path=where, game=game, title=str(title) if title else Path(where).stem, data=data,
                    rules=rules, state=state, actions=tuple(actions), expect=tuple(expect_raw),
                    card_files=pool.files)


#: Fields of an action the runner reads itself and never passes to a game's action reader.
RUNNER_KEYS = frozenset({"alternatives", "decision"})


def _main(raw: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in raw.items() if k not in RUNNER_KEYS}


def _alternative(raw: Mapping[str, Any], alt: Any) -> dict[str, Any]:
    """The action with one alternative applied: a mapping overrides fields, anything else is `choose`."""
    out = _main(raw)
    if isinstance(alt, Mapping):
        out.update(alt)
    else:
        out["choose"] = alt
    return out


@dataclass
class _Run:
    """What playing the actions produced (the runner's working record)."""

    state: Any
    steps: list[TracedStep] = field(default_factory=list)
    segments: list[Segment] = field(default_factory=list)
    refusals: dict[int, Refusal] = field(default_factory=dict)
    request: ChoiceNeeded | None = None
    mismatches: list[str] = field(default_factory=list)


def _kind_check(run: _Run, index: int, meant: Any, asked: ChoiceNeeded | None) -> None:
    """`decision: KIND` beside `choose:`: the engine must have asked that kind of decision."""
    if meant is None:
        return
    if asked is None:
        run.mismatches.append(f"actions[{index}]: answers a {meant} decision, but none was asked")
    elif asked.kind and asked.kind != meant:
        run.mismatches.append(f"actions[{index}]: answers a {meant} decision, but the engine asked a "
                              f"{asked.kind} decision ({asked.choice})")


def _play(rules: Rules, state: Any, actions: list[tuple[int, Any]],
          meant: Mapping[int, Any] | None = None) -> _Run:
    run = _Run(state=state)
    meant = meant or {}
    for index, action in actions:
        pending = run.request
        try:
            ruling = rules.resolve(run.state, action)
        except ScenarioError as exc:            # what the engine cannot do yet, named with where it came up
            raise ScenarioError(f"actions[{index}]: {exc.message}", hints=exc.hints) from exc
        start = len(run.steps)
        run.steps.extend(TracedStep(step=s, action=index) for s in ruling.steps)
        asked = pending or next((s.decision for s in ruling.steps if s.decision is not None), ruling.request)
        _kind_check(run, index, meant.get(index), asked)
        if ruling.refused is not None:
            run.refusals[index] = ruling.refused
            run.steps.append(TracedStep(step=Step(f"Refused: {ruling.refused.reason}", ruling.refused.cites),
                                        action=index))
            continue
        run.segments.append(Segment(action=index, start=start, end=len(run.steps), before=run.state,
                                    after=ruling.state))
        run.state = ruling.state
        run.request = ruling.request
    if run.request is None and rules.winner(run.state) is None:
        try:
            ruling = rules.settle(run.state)
        except ScenarioError as exc:
            raise ScenarioError(f"after the last action: {exc.message}", hints=exc.hints) from exc
        start = len(run.steps)
        run.steps.extend(TracedStep(step=s, action=None) for s in ruling.steps)
        run.segments.append(Segment(action=None, start=start, end=len(run.steps), before=run.state,
                                    after=ruling.state))
        run.state = ruling.state
        run.request = ruling.request
    return run


def run_scenario(scenario: Scenario) -> Result:
    """Resolve the actions, settle the board, check the expectations, resolve every branch."""
    rules = scenario.rules
    plan = [(a.index, a.action) for a in scenario.actions]
    meant = {a.index: a.raw["decision"] for a in scenario.actions if "decision" in a.raw}
    run = _play(rules, scenario.state, plan, meant)
    steps = tuple(run.steps)
    segments = tuple(run.segments)
    checks = tuple(check(rules, run.state, entry, steps=steps, refusals=run.refusals, request=run.request,
                         segments=segments)
                   for entry in scenario.expect)
    branches: list[Branch] = []
    for rec in scenario.actions:
        alts = rec.raw.get("alternatives")
        if not alts:
            continue
        options = [rec.raw.get("choose"), *list(alts)]
        for n, choice in enumerate(options):
            raw = _main(rec.raw) if n == 0 else _alternative(rec.raw, choice)
            action = rules.parse_action(scenario.state, raw, f"{scenario.path}: actions[{rec.index}]")
            alt_plan = [(i, action if i == rec.index else a) for i, a in plan]
            b = _play(rules, scenario.state, alt_plan)
            label = f"actions[{rec.index}] " + ("as written" if n == 0 else f"alternative {n}")
            branches.append(Branch(label=label, action=rec.index, choice=choice, steps=tuple(b.steps),
                                   state=b.state, winner=rules.winner(b.state), request=b.request))
    return Result(scenario=scenario, steps=steps, state=run.state, refusals=run.refusals, request=run.request,
                  checks=checks, branches=tuple(branches), mismatches=tuple(run.mismatches), segments=segments)


__all__ = ["RUNNER_KEYS", "Branch", "Check", "Result", "Scenario", "Segment", "TracedStep", "load_scenario", "run_scenario",
           "scenario_from_data"]
