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

ROOT = Path(__file__).resolve().parents[1]


def _graph():
    sys.path.insert(0, str(ROOT))
    try:
        return grimp.build_graph("judge", include_external_packages=False)
    finally:
        sys.path.remove(str(ROOT))


def _cycles(graph) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iteratively)."""
    def deps(m: str) -> list[str]:
        return sorted(w for w in graph.find_modules_directly_imported_by(m) if not m.startswith(w + "."))

    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = 0
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(deps(root)))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(deps(w))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
    return out


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
    cycles = _cycles(_graph())
    said = "; ".join(" ".join(m.removeprefix("judge.") for m in c) for c in cycles)
    assert not cycles, f"{len(cycles)} import cycle(s): {said}"
