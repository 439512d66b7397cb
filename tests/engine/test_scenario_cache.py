"""A scenario file's YAML read once and kept (judge.engine.scenario_cache, issue 23.5): the same
data back, never stale, never trusted when damaged, and errors worded by the YAML reader each time."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from judge import limits
from judge.engine import scenario_cache
from judge.engine.scenario import _read_yaml
from judge.errors import ScenarioError

SCENARIO = """\
game: bss
title: kept between runs
turn: {number: 3, player: A, step: main}
players:
  A: {reserve: 4, hand: [x]}
expect:
  - {player: A, reserve: 4}
numbers: [1, 2.5, true, null, "7"]
"""


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "judge.db"
    sqlite3.connect(path).close()
    monkeypatch.setenv("JUDGE_DB", str(path))
    monkeypatch.delenv("JUDGE_AST_CACHE", raising=False)
    return path


def _no_yaml(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(text: str, where: str) -> None:
        raise AssertionError("the YAML was read again")

    monkeypatch.setattr(limits, "load_yaml", refuse)


def _kept(db: Path) -> int:
    """How many scenarios the store holds (0 when it holds no table yet)."""
    with sqlite3.connect(db) as conn:
        try:
            return conn.execute("select count(*) from ast_cache where game = ?", (scenario_cache.KIND,)).fetchone()[0]
        except sqlite3.OperationalError:
            return 0


def _write(tmp_path: Path, text: str, name: str = "s.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_same_file_read_twice_gives_the_same_data_without_the_yaml_reader(db, tmp_path, monkeypatch) -> None:
    path = _write(tmp_path, SCENARIO)
    first = _read_yaml(path)
    assert _kept(db) == 1
    _no_yaml(monkeypatch)
    again = _read_yaml(path)
    assert again == first
    assert [type(x) for x in again["numbers"]] == [int, float, bool, type(None), str]


def test_a_changed_file_is_read_from_its_yaml(db, tmp_path, monkeypatch) -> None:
    path = _write(tmp_path, SCENARIO)
    _read_yaml(path)
    _write(tmp_path, SCENARIO.replace("reserve: 4, hand", "reserve: 5, hand"))
    assert _read_yaml(path)["players"]["A"]["reserve"] == 5


def test_another_yaml_release_or_bound_makes_every_entry_unreachable(db, tmp_path, monkeypatch) -> None:
    path = _write(tmp_path, SCENARIO)
    _read_yaml(path)
    monkeypatch.setattr(scenario_cache, "version", lambda: "another-release")
    assert scenario_cache.get(SCENARIO) is scenario_cache.MISSING


@pytest.mark.parametrize("extra", ["when: 2024-05-01\n", "levels: {1: 3, 2: 5}\n", "flags: !!set {a, b}\n",
                                   "odd: .nan\n"])
def test_data_json_would_not_give_back_exactly_is_read_from_the_yaml_every_time(db, tmp_path, extra) -> None:
    path = _write(tmp_path, SCENARIO + extra)
    first = _read_yaml(path)
    assert scenario_cache.get(SCENARIO + extra) is scenario_cache.MISSING
    key = next(iter(k for k in first if k not in ("game", "title", "turn", "players", "expect", "numbers")))
    assert type(_read_yaml(path)[key]) is type(first[key])


def test_a_damaged_entry_is_not_trusted(db, tmp_path) -> None:
    path = _write(tmp_path, SCENARIO)
    first = _read_yaml(path)
    with sqlite3.connect(db) as conn:
        assert conn.execute("update ast_cache set result = '{\"game\": ' where game = ?",
                            (scenario_cache.KIND,)).rowcount == 1
    assert scenario_cache.get(SCENARIO) is scenario_cache.MISSING
    assert _read_yaml(path) == first


def test_a_file_that_is_not_yaml_is_never_kept_and_says_so_each_time(db, tmp_path) -> None:
    path = _write(tmp_path, "game: bss\nplayers: [unclosed\n")
    messages = []
    for _ in range(2):
        with pytest.raises(ScenarioError) as exc:
            _read_yaml(path)
        messages.append(str(exc.value))
    assert messages[0] == messages[1] and "not valid YAML" in messages[0]
    assert _kept(db) == 0


def test_turned_off_with_the_text_cache(db, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("JUDGE_AST_CACHE", "0")
    path = _write(tmp_path, SCENARIO)
    _read_yaml(path)
    assert _kept(db) == 0


PROBE = """
import sys
from judge.engine.scenario import _read_yaml
data = _read_yaml(sys.argv[1])
print(data["title"], "yaml" in sys.modules)
"""


def test_a_second_process_does_not_load_pyyaml(db, tmp_path) -> None:
    path = _write(tmp_path, SCENARIO)
    env = {**os.environ, "JUDGE_DB": str(db)}
    runs = [subprocess.run([sys.executable, "-c", PROBE, str(path)], capture_output=True, text=True, env=env,
                           check=True).stdout.strip() for _ in range(2)]
    assert runs == ["kept between runs True", "kept between runs False"]
