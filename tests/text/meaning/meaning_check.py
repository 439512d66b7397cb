"""Facts about an ability, checked on its AST (never on its text): the small language the meaning
tables are written in.

A fact is `"kind: test test …"`: some node of that kind (the JSON kind, e.g. `destroy`, `selector`,
`condition`, `ability` for the ability itself) satisfies every test. A test is
- `path=value`: the field at the dotted path equals the value (an enum compares by its value, a
  tuple as its items joined by ",", True as "yes", None as "none", a space as "_");
- `path<=N`, `path>=N`, `path==N`, `path<N`, `path>N`: the path names a Selector, a Condition or a
  Threshold whose last part is a stat (`target.bp<=3000`, `threshold.life<=3`): a threshold of
  that stat with that comparison and number exists there.
`"no kind"` says no node of that kind exists in the ability.
"""

from __future__ import annotations

import re
from enum import Enum
from typing import Any

from judge.text.ast import Condition, Selector, Threshold, kind_of, walk

_CMP = re.compile(r"^(?P<path>[\w.]+?)(?P<op><=|>=|==|<|>)(?P<value>-?\d+)$")


def _get(node: Any, path: str) -> Any:
    for part in path.split("."):
        if node is None:
            return None
        node = getattr(node, part)
    return node


def _shown(value: Any) -> str:
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, tuple):
        return ",".join(_shown(v) for v in value)
    return str(value).replace(" ", "_")


def _thresholds(node: Any) -> tuple[Threshold, ...]:
    if isinstance(node, Threshold):
        return (node,)
    if isinstance(node, Selector):
        return node.thresholds
    if isinstance(node, Condition):
        return (node.threshold,) if node.threshold is not None else ()
    return ()


def _holds(node: Any, test: str) -> bool:
    m = _CMP.match(test)
    if m:
        owner_path, _, stat = m["path"].rpartition(".")
        owner = _get(node, owner_path) if owner_path else node
        return any(t.stat == stat and t.op == m["op"] and t.value == int(m["value"]) for t in _thresholds(owner))
    path, _, want = test.partition("=")
    try:
        return _shown(_get(node, path)) == want
    except AttributeError:
        return False


def check(ability: Any, fact: str) -> bool:
    """Whether one fact holds of the ability's AST."""
    head, _, tests = fact.partition(":")
    head = head.strip()
    if head.startswith("no "):
        kind = head[3:].strip()
        return not any(kind_of(n) == kind for n in walk(ability))
    nodes = [n for n in walk(ability) if kind_of(n) == head]
    return any(all(_holds(n, t) for t in tests.split()) for n in nodes)


__all__ = ["check"]
