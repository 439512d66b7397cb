"""`judge step` and `judge explain` from a shell: exit codes, JSON contract, markdown ruling,
re-checking a saved ruling, and clean messages for bad scenario files."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SCENARIO = """\
game: bss
title: Tie in battle
cards:
  x: {name: Test X, type: spirit, colors: [red], cost: 3, reduction: [red], symbols: [red], levels: {1: {cores: 1, bp: 5000}}, text: ""}
  y: {name: Test Y, type: spirit, colors: [blue], cost: 3, reduction: [blue], symbols: [blue], levels: {1: {cores: 1, bp: 5000}}, text: ""}
turn: {number: 3, player: A, step: attack}
players:
  A: {life: 5, reserve: 1, deck: 10, field: [{id: a1, card: x, cores: 1}]}
  B: {life: 5, reserve: 1, deck: 10, field: [{id: b1, card: y, cores: 1}]}
actions:
  - {player: A, attack: a1}
  - {player: B, block: b1}
expect:
  - {card: a1, zone: trash}
  - {card: b1, zone: trash}
  - {cites: ["7-1-5-2-1"]}
"""


def judge(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "judge", *args], capture_output=True, text=True, timeout=120)


@pytest.fixture
def scenario(tmp_path: Path) -> Path:
    p = tmp_path / "tie.yaml"
    p.write_text(SCENARIO, encoding="utf-8")
    return p


def test_step_prints_each_step_with_its_clause_and_exits_0(scenario: Path) -> None:
    out = judge("step", str(scenario))
    assert out.returncode == 0, out.stderr
    assert "§7-1-5-2-1" in out.stdout and "3/3 expectations hold" in out.stdout


def test_step_exits_1_when_an_expectation_fails(tmp_path: Path) -> None:
    p = tmp_path / "wrong.yaml"
    p.write_text(SCENARIO.replace("{card: a1, zone: trash}", "{card: a1, zone: field}"), encoding="utf-8")
    out = judge("step", str(p))
    assert out.returncode == 1 and "FAIL" in out.stdout


def test_step_json_contract(scenario: Path) -> None:
    data = json.loads(judge("step", str(scenario), "--json").stdout)
    assert data["ok"] is True
    assert all(set(s) >= {"text", "cites"} for s in data["steps"])
    assert all(set(e) >= {"expect", "met", "actual"} for e in data["expectations"])
    assert data["state"]["players"]["A"]["field"] == []
    assert data["clauses"]["7-1-5-2-1"]


def test_markdown_names_the_rules_document(scenario: Path) -> None:
    out = judge("step", str(scenario), "--markdown").stdout
    assert "# Ruling: Tie in battle" in out and "1.7.0" in out and "2024-11-14" in out


def test_recheck_of_a_fresh_ruling_reports_no_change(scenario: Path, tmp_path: Path) -> None:
    saved = tmp_path / "ruling.json"
    saved.write_text(judge("step", str(scenario), "--json").stdout, encoding="utf-8")
    out = judge("step", str(saved), "--recheck")
    assert out.returncode == 0 and "unchanged" in out.stdout


def test_recheck_names_a_clause_whose_text_changed(scenario: Path, tmp_path: Path) -> None:
    data = json.loads(judge("step", str(scenario), "--json").stdout)
    data["clauses"]["7-1-5-2-1"] = "0" * 64
    saved = tmp_path / "old.json"
    saved.write_text(json.dumps(data), encoding="utf-8")
    out = judge("step", str(saved), "--recheck")
    assert out.returncode == 1 and "§7-1-5-2-1" in out.stdout


def test_explain_json_shape(scenario: Path) -> None:
    data = json.loads(judge("explain", str(scenario), "--json").stdout)
    assert data["applies"] and all(set(a) == {"text", "cites", "cards"} for a in data["applies"])


@pytest.mark.parametrize(("change", "message"), [
    ("{player: B, block: b1}", "actions[1]"),
    ("game: bss", "game:"),
    ("turn: {number: 3, player: A, step: attack}", "turn.step"),
])
def test_bad_scenarios_give_one_line_naming_the_field(tmp_path: Path, change: str, message: str) -> None:
    broken = {"{player: B, block: b1}": "{player: B, blok: b1}", "game: bss": "game: chess",
              "turn: {number: 3, player: A, step: attack}": "turn: {number: 3, player: A, step: lunch}"}[change]
    p = tmp_path / "bad.yaml"
    p.write_text(SCENARIO.replace(change, broken), encoding="utf-8")
    out = judge("step", str(p))
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert out.stderr.startswith("judge: ") and message in out.stderr


def test_missing_file_is_a_clean_error(tmp_path: Path) -> None:
    out = judge("step", str(tmp_path / "nope.yaml"))
    assert out.returncode == 1 and "no such scenario file" in out.stderr
