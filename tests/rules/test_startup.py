"""`judge rule` stays fast: the query path imports neither the UI, the grammar nor the builder."""

from __future__ import annotations

import subprocess
import sys

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
