"""`judge rule` stays fast: the query path imports neither the UI, the grammar nor the builder."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.rules.kb import KB

PROBE = """
import sys
from judge.cli import main
try:
    main(["rule", "bss", "7-1-5-2"])
except SystemExit:
    pass
print(sorted(m for m in ("textual", "lark", "rich", "sqlite_utils", "yaml", "rapidfuzz", "sudachipy", "snowballstemmer")
                 if m in sys.modules))
"""


def test_rule_lookup_imports_no_ui_grammar_or_builder(kb: KB) -> None:
    env = {"JUDGE_DB": str(kb.path), "PATH": ""}
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip().splitlines()[-1] == "[]"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(args=st.lists(st.text(alphabet=st.characters(codec="utf-8", exclude_characters="\x00"), max_size=12),
                     min_size=1, max_size=3),
       cmd=st.sampled_from(["rule", "search", "term"]))
def test_cli_rule_search_term_exit_cleanly_on_any_input(run, cmd: str, args: list[str]) -> None:
    code, _, err = run(cmd, *args)
    assert code in (0, 1, 2)
    assert "Traceback" not in err
    if code:
        assert err.startswith("judge: ")


QUICK = """
import sys
from judge.cli import main
try:
    main(["rule", "bss", "7-1-5-2"])
except SystemExit:
    pass
print(sorted(m for m in ("click", "pathlib", "typing", "hashlib", "platformdirs", "judge.rules.kb")
             if m in sys.modules))
"""


def test_rule_lookup_on_a_current_database_imports_not_even_click(kb: KB) -> None:
    """12.7: the commonest lookup starts about as fast as Python: no click, no pathlib, no hashing."""
    env = {"JUDGE_DB": str(kb.path), "PATH": ""}
    subprocess.run([sys.executable, "-c", PROBE], env=env, check=True, capture_output=True)  # verified once
    out = subprocess.run([sys.executable, "-c", QUICK], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip().splitlines()[-1] == "[]"


@pytest.mark.parametrize("args", [
    ["bss", "7-1-5-2"], ["bss", "7.1.5.2."], ["bss", "§11-2"], ["bss", "7-1-5-2-1", "--cite"],
    ["bss", "7-1-5", "--only"], ["bs", "5-11-1"], ["bs", "5-11-1", "--lang", "en"],
    ["fftcg", "15.2.2"], ["bss", "3-7-1", "--version", "bssdb"], ["bss", "1-2-1-1#2"],
])
def test_quick_rule_prints_exactly_what_judge_rule_prints(kb: KB, monkeypatch, capsys, args) -> None:
    from judge.cli.group import run
    from judge.cli.quick import quick_rule

    monkeypatch.setenv("JUDGE_DB", str(kb.path))
    with pytest.raises(SystemExit):
        run(["rule", *args])
    slow = capsys.readouterr().out
    assert quick_rule(args) == 0
    assert capsys.readouterr().out == slow


@pytest.mark.parametrize("args", [
    ["bss", "7-1-5-2", "--json"], ["bss", "99-9"], ["nope", "1-1"], ["bss", "7-1-5-2", "--lang", "both"],
    ["bss"], ["bss", "7-1-5-2", "--history"], ["-h"],
])
def test_quick_rule_leaves_everything_else_to_the_full_command(kb: KB, monkeypatch, capsys, args) -> None:
    from judge.cli.quick import quick_rule

    monkeypatch.setenv("JUDGE_DB", str(kb.path))
    assert quick_rule(args) is None
    assert capsys.readouterr().out == ""


def test_quick_rule_never_trusts_a_database_changed_since_it_was_verified(kb: KB, tmp_path, monkeypatch) -> None:
    import shutil

    from judge.cli.quick import quick_rule

    db = tmp_path / "judge.db"
    shutil.copy(kb.path, db)
    monkeypatch.setenv("JUDGE_DB", str(db))
    assert quick_rule(["bss", "7-1-5-2"]) is None          # no .ok beside the copy: not verified
    from judge.rules.kb import open_kb

    open_kb(db)                                            # the long way verifies it
    assert quick_rule(["bss", "7-1-5-2"]) == 0
    with db.open("ab") as fh:                              # changed afterwards (an import, damage)
        fh.write(b"\0")
    assert quick_rule(["bss", "7-1-5-2"]) is None


def test_quick_default_database_is_where_platformdirs_puts_it(monkeypatch) -> None:
    from judge.cli.quick import _db_path
    from judge.paths import default_db_path

    monkeypatch.delenv("JUDGE_DB", raising=False)
    if not sys.platform.startswith("linux"):
        assert _db_path() is None
        return
    assert _db_path() == str(default_db_path())


STEP_FILES = ["tests/scenarios/bss/confront_forces_block.yaml",
              "tests/scenarios/fftcg/10_1_2_1_1_dull_forward_cannot_attack.yaml"]


@pytest.mark.parametrize("rel", STEP_FILES)
def test_plain_step_prints_exactly_what_the_click_command_prints(kb: KB, monkeypatch, capsys, rel) -> None:
    """A plain `judge step FILE` is answered without click (judge.cli.fast.step): the same trace and exit code."""
    from pathlib import Path

    from judge.cli.fast import step
    from judge.cli.group import run

    path = str(Path(__file__).resolve().parents[2] / rel)
    monkeypatch.setenv("JUDGE_DB", str(kb.path))
    with pytest.raises(SystemExit) as slow_exit:
        run(["step", path])
    slow = capsys.readouterr()
    assert step([path]) == (slow_exit.value.code or 0)
    fast = capsys.readouterr()
    assert (fast.out, fast.err) == (slow.out, slow.err)
    assert "-- action" in fast.out


@pytest.mark.parametrize("args", [["/no/such/scenario.yaml"], ["tests"], ["x.yaml", "--json"], ["--markdown", "x.yaml"],
                                  ["a.yaml", "b.yaml"], []])
def test_step_leaves_errors_and_options_to_the_click_command(kb: KB, monkeypatch, capsys, args) -> None:
    """Anything but a scenario that resolves (a missing file, a folder, an option) prints nothing on the
    quick path: the click command words the error as it always has."""
    from judge.cli.fast import step

    monkeypatch.setenv("JUDGE_DB", str(kb.path))
    assert step(args) is None
    assert capsys.readouterr() == ("", "")


STEP_PROBE = """
import sys
from judge.cli import main
try:
    main(["step", sys.argv[1]])
except SystemExit as exc:
    print("exit", exc.code)
print(sorted(m for m in ("click", "textual", "rich", "judge.cli.group") if m in sys.modules))
"""


def test_plain_step_imports_no_click(kb: KB) -> None:
    from pathlib import Path

    path = str(Path(__file__).resolve().parents[2] / STEP_FILES[0])
    env = {"JUDGE_DB": str(kb.path), "PATH": ""}
    out = subprocess.run([sys.executable, "-c", STEP_PROBE, path], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip().splitlines()[-2:] == ["exit 0", "[]"]


@pytest.mark.parametrize("command", ["term", "search", "card"])
def test_an_unexpected_error_on_the_quick_path_is_left_to_the_click_command(kb: KB, monkeypatch, capsys,
                                                                              command: str) -> None:
    """Whatever goes wrong while the quick path reads (a damaged file, a byte it cannot decode), it
    prints nothing and hands over: the click command then says it in one line, never a traceback."""
    import judge.cli.fast as quick

    def broken(*_: object) -> None:
        raise UnicodeEncodeError("utf-8", "\udcff", 0, 1, "surrogates not allowed")

    monkeypatch.setenv("JUDGE_DB", str(kb.path))
    monkeypatch.setattr(quick, "_answer", broken)
    monkeypatch.setattr(quick, "_current_kb", lambda: object())
    assert quick.fast([command, "anything"]) is None
    assert capsys.readouterr() == ("", "")
