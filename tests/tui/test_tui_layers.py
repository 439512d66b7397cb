"""The TUI is a shell (issue 21.3): no import cycle among its modules (every import statement
counts: module level, inside functions, under TYPE_CHECKING); screens reach the app through
`self.app` and messages, never by importing it; and it does not import `judge.web`."""

from __future__ import annotations

import pytest

grimp = pytest.importorskip("grimp", reason="import-linter (grimp) is not installed: pip install import-linter")


@pytest.fixture(scope="module")
def graph():
    return grimp.build_graph("judge", cache_dir=None)


def _tui(graph) -> dict[str, set[str]]:
    mods = {m for m in graph.modules if m.startswith("judge.tui.")}
    return {m: {i for i in graph.find_modules_directly_imported_by(m) if i in mods} for m in mods}


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
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

    for m in sorted(edges):
        if m not in index:
            visit(m)
    return out


def test_the_tui_has_no_import_cycle(graph) -> None:
    assert _cycles(_tui(graph)) == []


def test_no_tui_module_but_the_entry_imports_the_app(graph) -> None:
    importers = graph.find_modules_that_directly_import("judge.tui.app")
    assert {m for m in importers if m.startswith("judge.tui.")} == set()


def test_the_tui_does_not_import_judge_web(graph) -> None:
    bad = [(m, i) for m in graph.modules if m.startswith("judge.tui")
           for i in graph.find_modules_directly_imported_by(m) if i == "judge.web" or i.startswith("judge.web.")]
    assert bad == []
