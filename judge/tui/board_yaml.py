"""YAML typed on the Board screen: read it, and point at the line and column of what is wrong.

A syntax error carries its own position. A board the engine refuses names a field path
(`players.B.hand[0]: no card …`); that path is found in the text the judge typed by walking the
YAML node tree, so the editor can put the cursor on the very value. No Textual here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

PATH = re.compile(r"(?<![\w.])((?:[A-Za-z_]\w*)(?:\.[A-Za-z_]\w*|\[\d+\])*)(?=[:\s(]|$)")


@dataclass(frozen=True)
class Problem:
    """What is wrong with typed YAML, and where (1-based line and column; 0 when unknown)."""

    message: str
    line: int = 0
    column: int = 0

    @property
    def where(self) -> str:
        return f"line {self.line}, column {self.column}: " if self.line else ""

    def __str__(self) -> str:
        return f"{self.where}{self.message}"


def read_mapping(text: str, what: str) -> tuple[dict[str, Any] | None, Problem | None]:
    """The mapping the text holds, or the problem with its position."""
    import yaml

    try:
        value = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        line, col = (mark.line + 1, mark.column + 1) if mark is not None else (0, 0)
        return None, Problem(f"{what} is not valid YAML: {problem}", line, col)
    if not isinstance(value, dict):
        return None, Problem(f"{what}: expected a mapping such as {{player: A, attack: a1}}", 1, 1)
    return value, None


def _steps(path: str) -> list[str | int]:
    out: list[str | int] = []
    for part in re.findall(r"[A-Za-z_]\w*|\[\d+\]", path):
        out.append(int(part[1:-1]) if part.startswith("[") else part)
    return out


def _walk(node: Any, steps: list[str | int]) -> Any:
    """The deepest node the path reaches (a partial path still points somewhere useful)."""
    import yaml

    for step in steps:
        if isinstance(node, yaml.MappingNode) and isinstance(step, str):
            nxt = next((v for k, v in node.value if getattr(k, "value", None) == step), None)
        elif isinstance(node, yaml.SequenceNode) and isinstance(step, int) and step < len(node.value):
            nxt = node.value[step]
        else:
            nxt = None
        if nxt is None:
            return node
        node = nxt
    return node


def locate(text: str, message: str, root: str = "") -> Problem:
    """The engine's message with the position of the field it names, in text holding `root`'s value.

    `root` is the path of the edited value within the board (`turn`, `players.A`; empty: the whole
    board); a path outside it is reported without a position."""
    import yaml

    try:
        tree = yaml.compose(text)
    except yaml.YAMLError:
        tree = None
    prefix = _steps(root)
    for match in PATH.finditer(message):
        steps = _steps(match.group(1))
        if tree is None or (len(steps) < 2 and not prefix):
            continue
        if steps[:len(prefix)] != prefix:
            continue
        node = _walk(tree, steps[len(prefix):])
        if node is tree and steps[len(prefix):]:
            continue
        mark = node.start_mark
        return Problem(message, mark.line + 1, mark.column + 1)
    return Problem(message)


__all__ = ["Problem", "locate", "read_mapping"]
