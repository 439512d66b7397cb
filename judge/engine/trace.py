"""What a scenario run records, below both the runner (`judge.engine.scenario`) and the
expectation checker (`judge.engine.expect`), so that neither imports the other for it: the traced
steps, the segment of the trace each action produced (with the board before and after it), and
the outcome of one expectation."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from judge.engine.core import Step


@dataclass(frozen=True, kw_only=True)
class TracedStep:
    """A step of the trace with the index of the action that caused it (None: settling at the end)."""

    step: Step
    action: int | None


@dataclass(frozen=True, kw_only=True)
class Segment:
    """The steps one action produced (`start`..`end` in the trace; `action` None: the settling at
    the end), with the board before and after it: the unit in which a change's chain is sought."""

    action: int | None
    start: int
    end: int
    before: Any
    after: Any


@dataclass(frozen=True, kw_only=True)
class Check:
    """One `expect:` entry and whether it holds on the final board."""

    expect: Mapping[str, Any]
    met: bool
    actual: Any


__all__ = ["Check", "Segment", "TracedStep"]
