"""Start-up of the lookups a judge runs at a table, as CPU-time ratios taken in one run (issue 23.5).

Run: python bench/bench_startup.py [--runs N]

Pairs, each timed alternately (A B A B …) and reported as the median of the pair-by-pair ratios
of CPU time (user + system of the finished child), so machine load hits both alike:

- `judge rule bss 7-1-5-2` against `python -c pass` (aim: at most 3x);
- `judge term`, `judge search`, `judge card` against `judge rule` (aim: at most 2x each);
- a warm `judge step` on a ruling of real cards against `judge rule` (aim: at most 3x), when
  ../shared/corpus is there (its cards are imported into the bench's own database first).

The console script installed beside THIS interpreter runs on a database of its own, built and
warmed first. The package's bytecode is compiled first, as `pip install` does: with
PYTHONDONTWRITEBYTECODE set and an editable install, every run would otherwise compile judge's
sources again and the figure would measure the compiler, not the start-up.
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus"
RULING = ROOT / "tests" / "rulings" / "bss" / "k02_ascend_spirit_of_the_specified_cost_empties.yaml"


def _cpu(cmd: list[str], env: dict[str, str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, check=False, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def paired(a: list[str], b: list[str], env: dict[str, str], runs: int) -> tuple[float, float, float]:
    """(median A CPU seconds, median B CPU seconds, median of the A/B ratios taken pair by pair)."""
    ta, tb, ratios = [], [], []
    for _ in range(runs):
        x, y = _cpu(a, env), _cpu(b, env)
        ta.append(x)
        tb.append(y)
        ratios.append(x / y if y else float("inf"))
    return statistics.median(ta), statistics.median(tb), statistics.median(ratios)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=15)
    args = ap.parse_args()
    judge = str(Path(sys.executable).with_name("judge"))
    if not os.path.exists(judge):
        print(f"no judge console script beside {sys.executable}: install the project into this interpreter")
        return 1
    import judge as package

    compileall.compile_dir(str(Path(package.__file__).parent), quiet=1)
    tmp = tempfile.mkdtemp(prefix="judge-bench-")
    try:
        env = {**os.environ, "JUDGE_DB": str(Path(tmp) / "judge.db")}
        rule = [judge, "rule", "bss", "7-1-5-2"]
        real = (CORPUS / "bss-cards.json").is_file()
        warm = [rule, [judge, "term", "bss", "Confront"]]
        if real:
            warm.append([judge, "cards", "import", str(CORPUS / "bss-cards.json")])
        for cmd in warm:
            subprocess.run(cmd, check=True, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        card = [judge, "card", "BSS01-013" if real else "JDG01-002"]
        pairs = [(rule, [sys.executable, "-c", "pass"], "python -c pass", 3.0),
                 ([judge, "term", "bss", "Confront"], rule, "judge rule", 2.0),
                 ([judge, "search", "bss", "who", "may", "block"], rule, "judge rule", 2.0),
                 (card, rule, "judge rule", 2.0)]
        if real:
            pairs.append(([judge, "step", str(RULING)], rule, "judge rule", 3.0))
        for a, b, name, aim in pairs:
            subprocess.run(a, check=False, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # warm
            ta, tb, r = paired(a, b, env, args.runs)
            shown = " ".join(Path(a[0]).name if i == 0 else x for i, x in enumerate(a))
            print(f"`{shown}`: {ta * 1000:.0f} ms CPU vs `{name}` {tb * 1000:.0f} ms = {r:.2f}x "
                  f"(median of {args.runs} paired ratios; aim at most {aim:g}x)")
        if not real:
            print("(../shared/corpus absent: the card lookup used a shipped sample card, the warm step was not run)")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
