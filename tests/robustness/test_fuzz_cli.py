"""Every `judge` command, driven in-process with hostile arguments and files (hypothesis): none
ends in "internal error" (exit 70) or a traceback, every failure says why (in words, or in the
JSON a --json run prints), and a case
holding a value every command must refuse (a FIFO, /dev/urandom, an alias bomb, 10,001
characters, a 5,000-digit number, a choice that is not one) exits non-zero.

Bounded: JUDGE_FUZZ_EXAMPLES cases (default 120), each stopped as a hang after 60 s. Fetching
goes to a local server only; `web` and `serve` always carry a value they refuse.
JUDGE_FUZZ_LOG=FILE appends one JSON line per case (command, exit code, verdict) for a report.
"""

from __future__ import annotations

import json
import os

import pytest
from fuzz_cli import case, commands
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st
from robust_support import Hang, run_judge

from judge.cli import _register, cli

EXAMPLES = int(os.environ.get("JUDGE_FUZZ_EXAMPLES", "120"))


def verdict(run, sure: bool) -> str:
    """'ok' when the run behaved, else what went wrong."""
    text = run.out + run.err
    if run.code == 70 or "internal error" in run.err:
        return "internal error"
    if "Traceback (most recent call last)" in text:
        return "traceback"
    if run.code != 0 and not (run.err.strip() or run.out.strip()):    # --json answers on stdout
        return "silent failure"
    if sure and run.code == 0:
        return "hostile input accepted"
    return "ok"


@pytest.fixture
def stub_tui(monkeypatch: pytest.MonkeyPatch) -> None:
    """`judge` with no command would start the TUI: record that it got that far instead."""
    monkeypatch.setattr("judge.tui.app.JudgeApp.run", lambda self, *a, **k: None)


def test_every_command_is_fuzzed() -> None:
    _register()
    found = commands(cli)
    for path in (("step",), ("search",), ("cards", "import"), ("deck", "check"), ("web",), ()):
        assert path in found
    assert len(found) >= 20


@seed(int(os.environ.get("JUDGE_FUZZ_SEED", "20261124")))
@settings(max_examples=EXAMPLES, deadline=None, derandomize=False, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                 HealthCheck.data_too_large])
@given(data=st.data())
def test_hostile_command_lines_never_end_in_an_internal_error(data, hostile, bad_server, stub_tui) -> None:
    _register()
    c = data.draw(case(cli, hostile, bad_server), label="case")
    try:
        run = run_judge(c.argv)
        outcome = verdict(run, c.sure)
    except Hang as exc:
        run, outcome = None, f"hang: {exc}"
    log = os.environ.get("JUDGE_FUZZ_LOG")
    if log:
        with open(log, "a", encoding="utf-8") as fh:
            command = " ".join(a for a in c.argv if a in _names()) or "judge"
            fh.write(json.dumps({"command": command, "code": None if run is None else run.code,
                                 "sure": c.sure, "verdict": outcome,
                                 "err": "" if run is None else run.err.strip()[-300:]}) + "\n")
        if os.environ.get("JUDGE_FUZZ_COLLECT"):
            return
    assert outcome == "ok", (outcome, [a[:80] for a in c.argv], c.why, run)


def _names() -> set[str]:
    return {name for path in commands(cli) for name in path}
