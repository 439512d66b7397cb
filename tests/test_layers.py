"""The layers of judge/, one way (issue 21.3; ../shared/DESIGN.md "Data flows one way").

Two checks, both on the real import graph (grimp, as import-linter builds it, so every import
statement counts: at module level, inside functions and under TYPE_CHECKING):
- the import-linter contracts written in pyproject.toml hold (`lint-imports`);
- no module of judge/ is in an import cycle, the only exception being a module importing a package
  it belongs to (its own or an enclosing package's `__init__`).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

grimp = pytest.importorskip("grimp", reason="import-linter (and grimp) are test dependencies: pip install '.[test]'")
import import_graph  # noqa: E402  (tests/import_graph.py, once grimp is known to be there)

ROOT = Path(__file__).resolve().parents[1]


def test_the_layer_contracts_of_pyproject_hold() -> None:
    from importlinter.cli import EXIT_STATUS_SUCCESS, lint_imports

    sys.path.insert(0, str(ROOT))
    try:
        status = lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True)
    finally:
        sys.path.remove(str(ROOT))
    assert status == EXIT_STATUS_SUCCESS, "an import-linter contract of pyproject.toml is broken (printed above)"


def test_every_package_of_judge_is_a_package_the_graph_sees() -> None:
    """A folder of modules without `__init__.py` is invisible to the import graph (and so to every
    contract): each folder of judge/ holding Python modules is a package."""
    missing = [str(d.relative_to(ROOT)) for d in (ROOT / "judge").rglob("*")
               if d.is_dir() and d.name != "__pycache__" and any(d.glob("*.py")) and not (d / "__init__.py").is_file()]
    assert not missing, f"folders of modules without __init__.py: {missing}"


def test_no_module_of_judge_is_in_an_import_cycle() -> None:
    cycles = import_graph.cycles(import_graph.graph())
    said = "; ".join(" ".join(m.removeprefix("judge.") for m in c) for c in cycles)
    assert not cycles, f"{len(cycles)} import cycle(s): {said}"
