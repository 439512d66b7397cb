"""Helpers of the rulings suites: where the real cards are, and how a run is tallied and explained."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO.parent / "shared" / "corpus"


def corpus_file(name: str) -> Path:
    """A corpus file, or a skip naming where it was looked for."""
    path = CORPUS / name
    if not path.is_file():
        pytest.skip(f"real cards not available: {path} is absent (the corpus lives beside the project)")
    return path


def outcome(result: Any) -> str:
    """passing | not modelled | failing: how a ruling's run is tallied."""
    if result.ok:
        return "passing"
    if any(t.step.not_modelled for t in result.steps):
        return "not modelled"
    return "failing"


def explain_failure(result: Any) -> str:
    """Why a run is not ok, with the expectations that do not hold (for the assertion message)."""
    lines = [f"{result.scenario.path}: not ok"] + [f"  - {w}" for w in result.why]
    lines += [f"  FAIL {dict(c.expect)} (actual: {c.actual})" for c in result.checks if not c.met]
    return "\n".join(lines)
