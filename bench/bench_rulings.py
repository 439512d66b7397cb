"""The official-rulings suites, tallied: how many rulings the engine answers (issue 10: 90%).

Run: python bench/bench_rulings.py [--suite bss|fftcg|fftcg-faq] [--update-ledger] [--list] [--show-heldout]

For each suite under tests/rulings/, runs every scenario on the real cards of ../shared/corpus
and counts passing / not modelled / failing (an internal error counts as failing and is named).
`--update-ledger` rewrites the suite's ledger.toml (tests/rulings/ledger.py) from this run;
`--list` prints each scenario that does not pass with why. The held-out part
(bench/validation.toml, [rulings]) is tallied apart and its failures are never listed unless
`--show-heldout` is given: engine work does not read them.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

SUITES = {"bss": "bss-cards.json", "fftcg": "fftcg-cards.json", "fftcg-faq": "fftcg-cards.json"}
#: suites whose ledger records a held-out file's outcome only as "failing", never its reason (issue 21.6)
SILENT_HELD_OUT = frozenset({"fftcg-faq"})


def _tally(name: str, label: str, results: dict[str, tuple[str, str]], seconds: float) -> str:
    tally = Counter(kind for kind, _ in results.values())
    n = len(results) or 1
    return (f"{name}{label}: {tally['passing']}/{len(results)} passing ({100 * tally['passing'] / n:.1f}%), "
            f"{tally['not modelled']} not modelled, {tally['failing']} failing  [{seconds:.1f} s]")


def run_suite(name: str) -> tuple[dict[str, tuple[str, str]], float]:
    """stem → (outcome, why) for every scenario of the suite, and the seconds it took."""
    from rulings.support import CORPUS, outcome

    from judge.engine.scenario import load_scenario, run_scenario
    from judge.errors import JudgeError

    folder = REPO / "tests" / "rulings" / name
    cards = CORPUS / SUITES[name]
    out: dict[str, tuple[str, str]] = {}
    t0 = time.perf_counter()
    for path in sorted(folder.glob("*.yaml")):
        try:
            result = run_scenario(load_scenario(path, cards=[cards]))
        except JudgeError as exc:
            out[path.stem] = ("failing", f"does not load: {exc}")
            continue
        except Exception as exc:  # an engine bug: named, counted as failing
            out[path.stem] = ("failing", f"internal error {type(exc).__name__}: {exc}")
            continue
        kind = outcome(result)
        why = "; ".join(result.why) or "; ".join(f"{dict(c.expect)} was {c.actual}" for c in result.checks
                                                  if not c.met)
        out[path.stem] = (kind, why)
    return out, time.perf_counter() - t0


def _entry(suite: str, stem: str, kind: str, why: str) -> dict[str, str]:
    """A ledger entry; a held-out file of a silent suite says only that it does not pass."""
    if suite in SILENT_HELD_OUT and held_out(stem):
        return {"outcome": "failing", "why": "held out (bench/validation.toml): its reason is not recorded"}
    return {"outcome": kind, "why": why}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--suite", choices=tuple(SUITES), action="append")
    ap.add_argument("--update-ledger", action="store_true")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--show-heldout", action="store_true", help="also list the held-out part's failures")
    args = ap.parse_args()
    from rulings import ledger
    from rulings.support import CORPUS

    for name in args.suite or SUITES:
        folder = REPO / "tests" / "rulings" / name
        if not folder.is_dir() or not (CORPUS / SUITES[name]).is_file():
            print(f"{name}: skipped (no suite folder or no corpus at {CORPUS})")
            continue
        results, seconds = run_suite(name)
        print(_tally(name, "", results, seconds))
        tuned = {k: v for k, v in results.items() if not ledger.held_out(k)}
        print(_tally(name, " (tuned part)", tuned, seconds))
        print(_tally(name, " (held-out part)", {k: v for k, v in results.items() if ledger.held_out(k)}, seconds))
        if args.list:
            shown = results if args.show_heldout else tuned
            for stem, (kind, why) in sorted(shown.items()):
                if kind != "passing":
                    print(f"  {kind:<13} {stem}: {why[:160]}")
        if args.update_ledger:
            ledger.write(folder, {stem: _entry(name, stem, kind, why) for stem, (kind, why) in results.items()
                                  if kind != "passing"})
            print(f"  wrote {folder / 'ledger.toml'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
