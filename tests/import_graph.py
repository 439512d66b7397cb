"""The import graph of judge/ as import-linter builds it (grimp: every import statement counts, at
module level, inside functions and under TYPE_CHECKING), and its cycles: one definition for the
project-wide layer test (tests/test_layers.py) and the TUI's (tests/tui/test_tui_layers.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[1]


def graph():
    sys.path.insert(0, str(ROOT))
    try:
        return grimp.build_graph("judge", include_external_packages=False, cache_dir=None)
    finally:
        sys.path.remove(str(ROOT))


def cycles(graph, within: str = "") -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iteratively), among the
    modules whose names start with `within`; a module importing a package it belongs to (its own or
    an enclosing package's `__init__`) is no edge."""
    def deps(m: str) -> list[str]:
        return sorted(w for w in graph.find_modules_directly_imported_by(m)
                      if w.startswith(within) and not m.startswith(w + "."))

    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = 0
    for root in sorted(m for m in graph.modules if m.startswith(within)):
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
