"""The FFTCG engine cites only clauses that exist in the knowledge base, all from its one table."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from judge.engine.fftcg.clauses import CLAUSES, cite

PACKAGE = Path(__file__).resolve().parents[2] / "judge" / "engine" / "fftcg"


@pytest.fixture(scope="module")
def kb():
    from judge.rules.kb import open_kb

    return open_kb()


@pytest.mark.parametrize("key", sorted(CLAUSES))
def test_fftcg_clause_table_entry_exists_in_the_knowledge_base(kb, key: str) -> None:
    assert kb.exists("fftcg", CLAUSES[key]), f"{key} → {CLAUSES[key]} is not a clause of the FFTCG rules"


def test_fftcg_clause_table_numbers_are_printed_in_rules_004() -> None:
    from judge.paths import rules_dir

    text = next(rules_dir().glob("004_*.txt")).read_text(encoding="utf-8")
    printed = set()
    for line in text.splitlines():
        m = re.match(r"\d+(?:\.\d+)+", re.sub(r"^[\s\-#*·•]+", "", line))
        if m:
            printed.add(m.group(0))
    assert set(CLAUSES.values()) <= printed


def _string_keys_passed_to_cite_functions() -> set[str]:
    """Every string literal given to Log.add / Refused / cite / take_answer after the message."""
    keys: set[str] = set()
    for path in PACKAGE.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            skip = {"add": 1, "Refused": 1, "cite": 0, "take_answer": 5}.get(name)
            if skip is None:
                continue
            for arg in node.args[skip:]:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    keys.add(arg.value)
    return keys


def test_fftcg_every_cited_concept_key_is_in_the_table() -> None:
    used = _string_keys_passed_to_cite_functions()
    assert used, "found no citations in the engine source"
    assert used <= set(CLAUSES), sorted(used - set(CLAUSES))


def test_fftcg_unknown_concept_key_is_a_bug() -> None:
    with pytest.raises(KeyError):
        cite("no_such_rule")
