"""Start-up of the commonest lookup against Python itself, in one run (issue 12.7: at most 3x).

Run: python bench/bench_startup.py [--runs N]

Times `judge rule bss 7-1-5-2` (the console script installed beside THIS interpreter, on a
database built and verified first) and `python -c pass` (this interpreter) alternately, A B A B …,
and reports the median of the pair-by-pair ratios, so machine load hits both alike. Also times
the long way (`judge rules games`, which loads click and every command module) for comparison.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _time(cmd: list[str], env: dict[str, str]) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, check=True, env=env, stdout=subprocess.DEVNULL)
    return time.perf_counter() - t


def paired(a: list[str], b: list[str], env: dict[str, str], runs: int) -> tuple[float, float, float]:
    """(median A seconds, median B seconds, median of the A/B ratios taken pair by pair)."""
    ta, tb, ratios = [], [], []
    for _ in range(runs):
        x, y = _time(a, env), _time(b, env)
        ta.append(x)
        tb.append(y)
        ratios.append(x / y)
    return statistics.median(ta), statistics.median(tb), statistics.median(ratios)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=30)
    args = ap.parse_args()
    judge = str(Path(sys.executable).with_name("judge"))
    if not os.path.exists(judge):
        print(f"no judge console script beside {sys.executable}: install the project into this interpreter")
        return 1
    tmp = tempfile.mkdtemp(prefix="judge-bench-")
    try:
        env = {**os.environ, "JUDGE_DB": str(Path(tmp) / "judge.db")}
        subprocess.run([judge, "rule", "bss", "7-1-5-2"], check=True, env=env, stdout=subprocess.DEVNULL)
        bare = [sys.executable, "-c", "pass"]
        a, b, r = paired([judge, "rule", "bss", "7-1-5-2"], bare, env, args.runs)
        print(f"`judge rule bss 7-1-5-2`: median {a * 1000:.0f} ms vs `python -c pass` {b * 1000:.0f} ms "
              f"= {r:.2f}x, median of {args.runs} paired ratios (aim at most 3x)")
        a, b, r = paired([judge, "rules", "--help"], bare, env, max(5, args.runs // 3))
        print(f"`judge rules --help` (click and the command modules): median {a * 1000:.0f} ms = {r:.2f}x")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
