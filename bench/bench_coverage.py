"""Grammar coverage on the real corpus, split into training and validation (issue 11.5).

Run: python bench/bench_coverage.py [--game bss|fftcg] [--failures N] [--json]

For each game of `bench/validation.toml`, one run of `judge.engine.coverage` on the training part
(every set but the validation sets) and one on the validation part: cards / abilities fully
parsed and fully typed. Failures (unparsed patterns, untyped reasons) are printed for the
training part only: the validation part is measured, never read, so its figures stay a measure
of cards the grammar was not fitted to. Skips a game whose corpus file is absent, saying so.
"""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent


def split_of(game: str) -> tuple[Path, tuple[str, ...]]:
    """(corpus file, validation sets) of a game, as bench/validation.toml names them."""
    conf = tomllib.loads((HERE / "validation.toml").read_text(encoding="utf-8"))[game]
    return (HERE.parent / conf["file"]).resolve(), tuple(conf["sets"])


def measure(game: str, failures: int) -> dict:
    from judge.engine.coverage import coverage

    path, sets = split_of(game)
    train = coverage(path, game, top=failures, exclude_sets=sets)
    valid = coverage(path, game, top=0, sets=sets)
    valid.pop("top_unparsed", None)
    valid.pop("top_untyped", None)
    return {"game": game, "validation_sets": list(sets), "training": train, "validation": valid}


def _pct(report: dict, key: str, total: str) -> str:
    n = report[total] or 1
    return f"{report[key]}/{report[total]} ({100 * report[key] / n:.1f}%)"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=("bss", "fftcg"), action="append")
    ap.add_argument("--failures", type=int, default=15, help="training failures to list")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    out = []
    for game in args.game or ("bss", "fftcg"):
        path, _ = split_of(game)
        if not path.is_file():
            print(f"{game}: skipped, {path} is absent", file=sys.stderr)
            continue
        out.append(measure(game, args.failures))
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    for m in out:
        for part in ("training", "validation"):
            r = m[part]
            print(f"{m['game']:<6} {part:<10} cards parsed {_pct(r, 'cards_fully_parsed', 'cards')}  "
                  f"typed {_pct(r, 'cards_fully_typed', 'cards')}  ·  abilities parsed "
                  f"{_pct(r, 'abilities_fully_parsed', 'abilities')}  typed "
                  f"{_pct(r, 'abilities_fully_typed', 'abilities')}  ·  executed cards "
                  f"{_pct(r, 'cards_executed', 'cards')}  abilities {_pct(r, 'abilities_executed', 'abilities')}")
        train = m["training"]
        if train["top_unparsed"]:
            print(f"  training: most frequent unparsed ({m['game']})")
            for t in train["top_unparsed"]:
                print(f"    {t['count']:>4}  {t['example'][:110]}")
        if train["top_untyped"]:
            print(f"  training: why parsed abilities are not typed ({m['game']})")
            for t in train["top_untyped"]:
                print(f"    {t['count']:>4}  {t['reason']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
