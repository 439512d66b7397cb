"""Legal actions for menus, shared by the games: checking a candidate with the engine, and the
answers to a pending decision.

Which actions a game offers at a moment is that game's rules (`bs/legal.py`, `fftcg/legal.py`
list the candidates of the turn's structure: who may act in this step, window or phase, with
which cards). Whether a candidate is legal is never decided here: the engine's own `resolve`
is asked, and a candidate it refuses is not offered. So a menu can never offer what the engine
would refuse, and a new rule in the engine narrows the menus by itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, permutations
from typing import Any

from judge.engine.core import DECISION_KINDS, Choice, ChoiceNeeded, LegalAction, Param, Rules, Ruling
from judge.errors import ScenarioError

#: At most this many answers are tried for one decision (subsets and orders grow fast).
MAX_ANSWERS = 40
#: The largest group of cards offered as one answer when a decision takes several.
MAX_GROUP = 3
#: At most this many ways of one stepwise action are put to the engine (【Awaken】 from five cards of
#: three cores each has 1,023; a judge picks them one step at a time, so the number is no burden).
MAX_WAYS = 1024


@dataclass(frozen=True, eq=False)
class StepwiseAction(LegalAction):
    """A legal action reached by a menu path: a judge picks one step at a time (where from, then
    which, then where to, then how many …) instead of reading one long list.

    `path` holds (question, answer in words) pairs, one per step, in the order they are asked. Every
    action of a group is complete and legal by itself (the engine accepted it as written), so a step
    only narrows the group: the answers offered at a step are those of the actions still left, and
    an answer no legal action has is never offered. A menu need not ask a step where every action
    left has the same answer; the last step's answer says what the action does.

    `unlisted`: ways of the same kind left out past `MAX_WAYS` (never put to the engine), carried by
    one action of the batch, so that the sum over a group counts each batch once: a menu says how
    many it does not list (a typed action still reaches them)."""

    path: tuple[tuple[str, str], ...] = ()
    unlisted: int = 0


def narrow(actions: Sequence[LegalAction], step: int) -> tuple[str, list[tuple[str, list[LegalAction]]]]:
    """The question of a menu step and its answers, each with the actions it leaves (first-seen
    order); ("", []) when the actions have no such step."""
    question = ""
    answers: dict[str, list[LegalAction]] = {}
    for action in actions:
        path = getattr(action, "path", ())
        if step >= len(path):
            return "", []
        question = question or path[step][0]
        answers.setdefault(path[step][1], []).append(action)
    return question, list(answers.items())


def ruling_for(rules: Rules, state: Any, raw: Mapping[str, Any]) -> Ruling | None:
    """The engine's ruling on a candidate action, or None when the engine cannot read it."""
    try:
        action = rules.parse_action(state, raw, "legal action")
    except ScenarioError:
        return None
    return rules.resolve(state, action)


def allowed(rules: Rules, state: Any, raw: Mapping[str, Any]) -> bool:
    """True when the engine carries the action out (or starts it and asks for a decision)."""
    ruling = ruling_for(rules, state, raw)
    return ruling is not None and ruling.refused is None


def keep_allowed(rules: Rules, state: Any, candidates: Iterable[LegalAction]) -> tuple[LegalAction, ...]:
    """The candidates the engine accepts as written (their first choice of every parameter)."""
    return tuple(c for c in candidates if allowed(rules, state, c.raw))


def param(key: str, prompt: str, choices: Sequence[tuple[Any, str]]) -> tuple[Param, ...]:
    """A parameter when there is a choice to make (two or more values), else nothing."""
    unique: dict[str, tuple[Any, str]] = {}
    for value, label in choices:
        unique.setdefault(repr(value), (value, label))
    if len(unique) < 2:
        return ()
    return (Param(key, prompt, tuple(Choice(v, label) for v, label in unique.values())),)


def _groups(options: Sequence[str]) -> list[Any]:
    """Single options first, then groups of two and three, then none (for "up to" decisions)."""
    out: list[Any] = list(options)
    for size in range(2, min(MAX_GROUP, len(options)) + 1):
        out += [list(c) for c in combinations(options, size)]
    out.append([])
    return out[:MAX_ANSWERS]


def candidate_answers(decision: ChoiceNeeded) -> list[Any]:
    """Values that may answer a decision, by its kind (the engine then says which are legal)."""
    options = list(decision.options)
    if decision.kind == "may" or set(options) == {"yes", "no"}:
        return ["yes", "no"]
    if decision.kind == "order":
        return [list(p) for p in permutations(options)][:MAX_ANSWERS]
    if decision.kind in ("mode", "substitution", "answer", "ascend", "search", "block"):
        return options + ([[]] if decision.kind == "search" else [])
    return _groups(options)


def answer_label(player: str, value: Any, names: Mapping[str, str]) -> str:
    """`B chooses Stone Golem (b1)`, `A answers yes`, `A orders: x, then y`."""
    def name(v: Any) -> str:
        text = str(v)
        return f"{names[text]} ({text})" if text in names and names[text] != text else text

    if isinstance(value, Mapping):
        return f"{player} pays with " + ", ".join(f"{n} from {name(k)}" for k, n in value.items() if n)
    if isinstance(value, list):
        if not value:
            return f"{player} chooses none"
        return f"{player} chooses " + " and ".join(name(v) for v in value)
    if value in ("yes", "no"):
        return f"{player} answers {value}"
    return f"{player} chooses {name(value)}"


def answers(rules: Rules, state: Any, decision: ChoiceNeeded, names: Mapping[str, str],
            extra: Iterable[Any] = ()) -> tuple[LegalAction, ...]:
    """The answers to the pending decision the engine accepts, as `choose:` actions of its player.

    `extra` adds values the options alone do not spell out (a game's core payments, say)."""
    player = decision.player or "A"
    out: list[LegalAction] = []
    seen: set[str] = set()
    for value in [*candidate_answers(decision), *extra]:
        if repr(value) in seen:
            continue
        seen.add(repr(value))
        raw: dict[str, Any] = {"player": player, "choose": value}
        if allowed(rules, state, raw):
            if decision.kind in DECISION_KINDS:          # a saved scenario says which decision it answers
                raw["decision"] = decision.kind
            out.append(LegalAction(raw, answer_label(player, value, names), player, "choose",
                                   decision=decision))
    return tuple(out)


def core_payments(total: int, sources: Sequence[tuple[str, int]], limit: int = 12) -> list[dict[str, int]]:
    """Ways to take `total` cores from places holding some (reserve first): {reserve: 2, a1: 1}, …"""
    out: list[dict[str, int]] = []

    def walk(i: int, left: int, plan: dict[str, int]) -> None:
        if len(out) >= limit:
            return
        if left == 0:
            out.append({k: v for k, v in plan.items() if v})
            return
        if i >= len(sources):
            return
        where, have = sources[i]
        for n in range(min(have, left), -1, -1):
            walk(i + 1, left - n, {**plan, where: n})

    walk(0, total, {})
    return out


__all__ = ["MAX_ANSWERS", "MAX_WAYS", "StepwiseAction", "allowed", "answer_label", "answers", "candidate_answers",
           "core_payments", "keep_allowed", "narrow", "param", "ruling_for"]
