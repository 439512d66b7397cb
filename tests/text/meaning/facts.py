"""Facts about an ability, checked on its AST (never on its text): the one small language the meaning
tables of both games are written in (issue 11.3), and its checker.

A fact is `"kind: test test …"`: some node of that kind (the JSON kind of judge/text/ast.py, e.g.
`destroy`, `selector`, `condition`, `ability` for the ability itself) satisfies every test. A test is
- `path=value`: the field at the dotted path equals the value. Values are written as words: an enum
  by its value, a tuple as its items joined by ",", True / False as `yes` / `no`, None as `none`, a
  space inside a word as `_` (`target.families=Sky_Pirate`, `target.colors=ice,lightning`);
- `path~value`: the field is a tuple that contains that item (`restrictions~once_per_turn`);
- `path<=N`, `path>=N`, `path==N`, `path<N`, `path>N`: the path names a Selector, a Condition or a
  Threshold whose last part is a stat (`target.bp<=3000`, `threshold.life<=3`): a threshold of that
  stat with that comparison and number exists there.
`"no kind"` says that no node of that kind exists in the ability. `"kind:"` alone says one exists.

A path may not read printed words (`text`, `timing_text`, `by_text`, `span`): a fact is about the
meaning, never the wording, and a table that tries is refused (FactError).
"""

from __future__ import annotations

import re
from enum import Enum
from typing import Any

from judge.text.ast import (
    AllOf,
    CardIs,
    Condition,
    Controls,
    DamageCount,
    DoSo,
    DuringTurn,
    FFTCGCondition,
    HandCount,
    Player,
    Possible,
    Selector,
    Threshold,
    kind_of,
    walk,
)

_CMP = re.compile(r"^(?P<path>[\w.]+?)(?P<op><=|>=|==|<|>)(?P<value>-?\d+)$")
_TEST = re.compile(r"^(?P<path>[\w.]+)(?P<op>[=~])(?P<value>.*)$")
_TEXT_FIELDS = frozenset({"text", "timing_text", "by_text", "span"})


def legacy_kind(node: Any) -> str:
    """The `Condition.kind` a node of the FFTCG condition family (issue 20.3) stands for, so that a fact
    written as `condition: kind=control …` (the one-class form the tables were written in) reads the same
    meaning off the family's node (`Controls(player=you)`): the measure stays the same across the change."""
    if isinstance(node, Controls):
        if node.player is Player.ANY and node.none:
            return "control_none"
        base = "not_control" if node.none else "control"
        return ("opp_" + base) if node.player is Player.OPPONENT else base
    if isinstance(node, DamageCount):
        return "opp_damage" if node.player is Player.OPPONENT else "damage"
    if isinstance(node, HandCount):
        return "opp_hand" if node.player is Player.OPPONENT else "hand"
    if isinstance(node, CardIs):
        return "it_is_not" if node.negated else "it_is"
    if isinstance(node, DoSo):
        return "not_done" if node.negated else "do_so"
    if isinstance(node, Possible):
        return "possible"
    if isinstance(node, DuringTurn):
        return "turn"
    if isinstance(node, AllOf):
        return "all"
    return kind_of(node)


def _kind_of(node: Any) -> str:
    """A node's kind as the fact language names it: a family node is a `condition` (see legacy_kind)."""
    return "condition" if isinstance(node, FFTCGCondition) else kind_of(node)


class FactError(ValueError):
    """A fact that is not a sentence of the language (a table's mistake, not the parser's)."""


def _get(node: Any, path: str) -> Any:
    for part in path.split("."):
        if node is None:
            return None
        if isinstance(node, FFTCGCondition) and part == "kind":
            node = legacy_kind(node)
            continue
        if isinstance(node, DuringTurn) and part == "during":
            part = "window"
        node = getattr(node, part)
    return node


def shown(value: Any) -> str:
    """A field's value as the fact language writes it."""
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, tuple):
        return ",".join(shown(v) for v in value)
    return str(value).replace(" ", "_")


def _thresholds(node: Any) -> tuple[Threshold, ...]:
    if isinstance(node, Threshold):
        return (node,)
    if isinstance(node, Selector):
        return node.thresholds
    if isinstance(node, Condition | FFTCGCondition):
        th = getattr(node, "threshold", None)
        return (th,) if th is not None else ()
    return ()


def _holds(node: Any, test: str) -> bool:
    m = _CMP.match(test)
    if m:
        owner_path, _, stat = m["path"].rpartition(".")
        try:
            owner = _get(node, owner_path) if owner_path else node
        except AttributeError:
            return False
        return any(t.stat == stat and t.op == m["op"] and t.value == int(m["value"]) for t in _thresholds(owner))
    t = _TEST.match(test)
    assert t is not None, test                # parse_fact has refused anything else
    try:
        got = _get(node, t["path"])
    except AttributeError:
        return False
    if t["op"] == "~":
        return isinstance(got, tuple) and t["value"] in (shown(v) for v in got)
    return shown(got) == t["value"]


def parse_fact(fact: str) -> tuple[str, bool, list[str]]:
    """(kind, negated, tests) of a fact; FactError when it is not a sentence of the language."""
    head, colon, tests = fact.partition(":")
    head = head.strip()
    if head.startswith("no "):
        if colon:
            raise FactError(f"'no KIND' takes no tests: {fact!r}")
        return head[3:].strip(), True, []
    if not colon or not re.fullmatch(r"[a-z_]+", head):
        raise FactError(f"a fact is 'kind: tests' or 'no kind': {fact!r}")
    for test in tests.split():
        m = _CMP.match(test) or _TEST.match(test)
        if m is None:
            raise FactError(f"not a test of the fact language: {test!r} in {fact!r}")
        if _TEXT_FIELDS.intersection(m["path"].split(".")):
            raise FactError(f"a fact may not read the printed words ({m['path']})")
    return head, False, tests.split()


def check(ability: Any, fact: str) -> bool:
    """Whether one fact holds of the ability's AST."""
    kind, negated, tests = parse_fact(fact)
    nodes = [n for n in walk(ability) if _kind_of(n) == kind or kind_of(n) == kind]
    if negated:
        return not nodes
    return any(all(_holds(n, t) for t in tests) for n in nodes)


def missing(ability: Any, facts: list[str]) -> list[str]:
    """The facts the ability's AST does not show (empty when it shows them all)."""
    return [f for f in facts if not check(ability, f)]


__all__ = ["FactError", "check", "missing", "parse_fact", "shown"]
