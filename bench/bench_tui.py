"""TUI benchmarks, figures and ratios taken in one run.

Run: python bench/bench_tui.py  (uses a private temporary database, built once before timing)
Measures (issue 5):
- start → first rules screen drawn: a fresh interpreter imports judge, starts the app (headless)
  and waits until the clause pane shows a clause; against `python -c pass` on the same machine.
- keypress → updated clause pane when jumping by number: Enter in the jump line until the pane's
  first repaint with the new clause, over many numbers.
Aims: under 1 s, and under 50 ms.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

START = r"""
import time
t0 = time.perf_counter()
import asyncio
from judge.tui.service import Library
library = Library()
library.warm_up()  # as `judge` does (judge.cli.app.run_tui)
from judge.tui.app import JudgeApp
from judge.tui.clause_pane import ClausePane

async def run():
    app = JudgeApp("bss", remember=False, library=library)
    async with app.run_test(size=(100, 30)) as pilot:
        while True:
            try:
                pane = app.screen.query_one("#main", ClausePane)
            except Exception:
                pane = None
            if pane is not None and pane.view is not None:
                break
            await asyncio.sleep(0.002)
        await pilot.pause()
        print(time.perf_counter() - t0)

asyncio.run(run())
"""


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(p / 100 * (len(xs) - 1)))]


def start_times(runs: int) -> tuple[list[float], list[float], list[float]]:
    """(in-process time to the first clause drawn, bare interpreter walls, app process walls)."""
    inner, bare, walls = [], [], []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        bare.append(time.perf_counter() - t)
        t = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", START], check=True, capture_output=True, text=True)
        walls.append(time.perf_counter() - t)
        inner.append(float(out.stdout.strip().splitlines()[-1]))
    return inner, bare, walls


async def jump_times(numbers: list[str]) -> list[tuple[float, float]]:
    """Enter in the jump line → the clause pane repainted with the new clause (first refresh after)."""
    from judge.tui.app import JudgeApp
    from judge.tui.clause_pane import ClausePane

    painted: list[float] = []
    updated: list[float] = []
    original = ClausePane.show

    def show(self: ClausePane, view: object) -> None:  # timestamp the update and the first refresh after it
        original(self, view)
        updated.append(time.perf_counter())
        self.call_after_refresh(lambda: painted.append(time.perf_counter()))

    ClausePane.show = show  # type: ignore[method-assign]
    app = JudgeApp("bss", remember=False)
    out = []
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await app.workers.wait_for_complete()
            await pilot.pause()
            pane = app.screen.query_one("#main", ClausePane)
            for number in numbers:
                await pilot.press("g", *number)
                painted.clear()
                updated.clear()
                t = time.perf_counter()
                await pilot.press("enter")
                while pane.number != number or not painted:
                    await asyncio.sleep(0.0005)
                out.append((updated[0] - t, painted[0] - t))
    finally:
        ClausePane.show = original  # type: ignore[method-assign]
    return out


def main() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="judge-bench-tui-"))
    os.environ["JUDGE_DB"] = str(tmp / "judge.db")
    os.environ["XDG_CONFIG_HOME"] = str(tmp / "config")
    try:
        from judge.rules.kb import open_kb

        kb = open_kb()  # built once: the benchmark measures a judge's usual start, not the first build
        numbers = [c.number for c in kb.dump("bss") if "#" not in c.id][::7][:60]
        inner, bare, walls = start_times(5)
        jumps = asyncio.run(jump_times(numbers))
        start, wall, bare_p50 = statistics.median(inner), statistics.median(walls), statistics.median(bare)
        print(f"start → first rules screen drawn: p50 {start * 1000:.0f} ms (max {max(inner) * 1000:.0f} ms); "
              f"process wall incl. exit p50 {wall * 1000:.0f} ms vs python -c pass {bare_p50 * 1000:.0f} ms "
              f"(ratio {wall / bare_p50:.1f}x)  aim < 1000 ms")
        for label, xs in (("clause pane updated", [u for u, _p in jumps]),
                          ("clause pane repainted", [p for _u, p in jumps])):
            print(f"keypress → {label} (jump, {len(xs)} numbers): p50 {pct(xs, 50) * 1000:.1f} ms, "
                  f"p95 {pct(xs, 95) * 1000:.1f} ms, max {max(xs) * 1000:.1f} ms  aim < 50 ms")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
