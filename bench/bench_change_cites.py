"""Citations that decide (issue 21.5), measured: how a rulings suite writes its `cites:` and how many
of them still hold when no card has an ability.

Run: python bench/bench_change_cites.py [--suite bss|fftcg|fftcg-faq] [--list]

For every scenario of the suite it counts the `cites:` expectations by form — standalone
(`{cites: [...]}`: cited anywhere in the trace), per-change (beside a card's or a player's values:
cited in the chain of the change that made them true), beside `refused:` / `request:` — and runs
the suite twice on the real cards of ../shared/corpus: as written, and with every card ability
switched off (the card grammar reads no ability from any text: the cards keep their cost, colours,
symbols, levels and BP). A citation expectation that still holds with no ability is one a routine
step (the attack, a flash window, the BP comparison) satisfies: it shows nothing about the ruling's
point. For per-change entries it tells apart "holds" (values and clauses) from "clauses in the
chain" (the chain of whatever change made the values true cites them, values aside).
`--list` names, per scenario, the citation expectations that hold with abilities off.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections import Counter
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

SUITES = {"bss": "bss-cards.json", "fftcg": "fftcg-cards.json", "fftcg-faq": "fftcg-cards.json"}


def form(entry: Mapping[str, Any]) -> str | None:
    """Which form of citation an expectation is (None: it names no clause)."""
    if "cites" not in entry:
        return None
    for key, name in (("card", "per-change"), ("player", "per-change"), ("refused", "refused"),
                      ("request", "request")):
        if key in entry:
            return name
    return "standalone"


@contextlib.contextmanager
def abilities_off() -> Iterator[None]:
    """Every card text reads as no ability (for this process, until the block ends)."""
    import judge.engine.cards as cards

    real = cards.parse_abilities
    cards.parse_abilities = lambda *a, **k: ((), ())  # type: ignore[assignment]
    try:
        yield
    finally:
        cards.parse_abilities = real  # type: ignore[assignment]


def run(folder: Path, cards: Path) -> dict[str, list[tuple[str, bool, bool]] | str]:
    """stem → [(form, holds, clauses in the chain)] for each citation expectation (or why it did not run)."""
    from judge.engine.scenario import load_scenario, run_scenario
    from judge.errors import JudgeError

    out: dict[str, list[tuple[str, bool, bool]] | str] = {}
    for path in sorted(folder.glob("*.yaml")):
        try:
            result = run_scenario(load_scenario(path, cards=[cards]))
        except JudgeError as exc:
            out[path.stem] = f"does not run: {exc}"
            continue
        except Exception as exc:  # an engine error with no abilities: the run is counted, nothing holds
            out[path.stem] = f"internal error {type(exc).__name__}"
            continue
        rows = []
        for c in result.checks:
            kind = form(c.expect)
            if kind is None:
                continue
            clauses = c.met
            if kind == "per-change" and isinstance(c.actual, Mapping):
                clauses = isinstance(c.actual.get("cites"), list)   # a list: every clause found in the chain
            rows.append((kind, c.met, clauses))
        out[path.stem] = rows
    return out


def forms(folder: Path) -> Counter[str]:
    """How many citation expectations of each form the suite's files write."""
    import yaml

    tally: Counter[str] = Counter()
    for path in sorted(folder.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        for entry in data.get("expect") or ():
            kind = form(entry) if isinstance(entry, Mapping) else None
            if kind is not None:
                tally[kind] += 1
    return tally


def _summary(label: str, results: Mapping[str, Any]) -> str:
    held: Counter[str] = Counter()
    clauses: Counter[str] = Counter()
    total: Counter[str] = Counter()
    broken = 0
    for rows in results.values():
        if isinstance(rows, str):
            broken += 1
            continue
        for kind, met, found in rows:
            total[kind] += 1
            held[kind] += met
            clauses[kind] += found
    parts = [f"{k} {held[k]}/{total[k]} hold" + (f" ({clauses[k]} with the clauses in the chain)"
                                                  if k == "per-change" else "")
             for k in ("standalone", "per-change", "refused", "request") if total[k]]
    all_held, all_total = sum(held.values()), sum(total.values())
    return f"{label}: {all_held}/{all_total} citation expectations hold — " + "; ".join(parts) + \
        (f"; {broken} scenarios did not run" if broken else "")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--suite", choices=tuple(SUITES), default="bss")
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    from rulings.support import CORPUS

    folder = REPO / "tests" / "rulings" / args.suite
    cards = CORPUS / SUITES[args.suite]
    if not folder.is_dir() or not cards.is_file():
        print(f"{args.suite}: skipped (no suite folder or no corpus at {CORPUS})")
        return 0
    tally = forms(folder)
    print(f"{args.suite}: citation expectations by form — " + ", ".join(f"{k} {tally[k]}" for k in
                                                                         ("standalone", "per-change", "refused",
                                                                          "request")))
    print(_summary(f"{args.suite} as written", run(folder, cards)))
    with abilities_off():
        off = run(folder, cards)
    print(_summary(f"{args.suite} with every card ability off", off))
    if args.list:
        for stem, rows in off.items():
            still = [kind for kind, met, _ in rows if met] if not isinstance(rows, str) else []
            if still:
                print(f"  {stem}: {', '.join(still)} still hold")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
