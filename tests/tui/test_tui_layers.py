"""The TUI is a shell (issue 21.3): no import cycle among its modules (every import statement
counts: module level, inside functions, under TYPE_CHECKING); screens reach the app through
`self.app` and messages, never by importing it; and it does not import `judge.web`."""

from __future__ import annotations

import pytest

grimp = pytest.importorskip("grimp", reason="import-linter (grimp) is not installed: pip install import-linter")
import import_graph  # noqa: E402  (tests/import_graph.py: the graph and its cycles, one definition)


@pytest.fixture(scope="module")
def graph():
    return import_graph.graph()


def test_the_tui_has_no_import_cycle(graph) -> None:
    assert import_graph.cycles(graph, within="judge.tui.") == []


def test_no_tui_module_but_the_entry_imports_the_app(graph) -> None:
    importers = graph.find_modules_that_directly_import("judge.tui.app")
    assert {m for m in importers if m.startswith("judge.tui.")} == set()


def test_the_tui_does_not_import_judge_web(graph) -> None:
    bad = [(m, i) for m in graph.modules if m.startswith("judge.tui")
           for i in graph.find_modules_directly_imported_by(m) if i == "judge.web" or i.startswith("judge.web.")]
    assert bad == []
