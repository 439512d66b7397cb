"""Meaning kept, measured (issue 11.3): how many facts of the meaning tables the parser's AST shows, on
training cards and on unseen (validation-split) cards, per game.

Run: python bench/bench_meaning.py [--game bss|fftcg] [--show-training] [--show-unseen] [--json]

The tables are tests/text/meaning/{bss,fftcg}_facts.py (training) and *_unseen_facts.py (validation
cards chosen by the rule of tests/text/meaning/unseen.py, facts written before any parse of them).
For each: abilities checked, abilities whose every fact holds, facts holding, and abilities not
parsed (nothing read at their place, or a part left unread: their facts count as not holding), and
abilities parsed but not fully typed (judge/text/typed.py: a node keeps words someone must re-read).
The unseen tables are a measure, not a gate, and their failures are never printed unless
--show-unseen is given, so the engineers working on the grammar do not read them. Skips a game
whose corpus is absent, saying so.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.text.meaning.facts import missing
from tests.text.meaning.reading import READERS, corpus_file


def tables(game: str) -> dict[str, list[tuple[str, int, list[str]]]]:
    """The training and unseen tables of a game, as (number, index, facts)."""
    if game == "bss":
        from tests.text.meaning.bss_facts import MEANING
        from tests.text.meaning.bss_unseen_facts import UNSEEN

        return {"training": [(n, i, f) for n, i, _, f in MEANING], "unseen": UNSEEN}
    from tests.text.meaning.fftcg_facts import ENTRIES
    from tests.text.meaning.fftcg_unseen_facts import UNSEEN

    return {"training": ENTRIES, "unseen": UNSEEN}


def measure(game: str, table: list[tuple[str, int, list[str]]]) -> dict:
    """The tally of one table, with each failing ability's unheld facts (or why it is not parsed)."""
    from judge.text.typed import untyped_parts

    read = READERS[game]
    tally = {"abilities": len(table), "abilities_all_facts": 0, "facts": 0, "facts_holding": 0,
             "not_parsed": 0, "not_typed": 0, "failures": []}
    for number, index, facts in table:
        reading = read(number, index)
        tally["facts"] += len(facts)
        if not reading.parsed:
            tally["not_parsed"] += 1
            tally["failures"].append({"ability": f"{number}#{index}", "not_parsed": list(reading.unread)})
            continue
        tally["not_typed"] += bool(untyped_parts(reading.ability, game))
        unheld = missing(reading.ability, facts)
        tally["facts_holding"] += len(facts) - len(unheld)
        if unheld:
            tally["failures"].append({"ability": f"{number}#{index}", "unheld": unheld})
        else:
            tally["abilities_all_facts"] += 1
    return tally


def _pct(n: int, total: int) -> str:
    return f"{n}/{total} ({100 * n / (total or 1):.1f}%)"


def _line(game: str, part: str, t: dict) -> str:
    return (f"{game:5} {part:8}  abilities {t['abilities']:3}  every fact holds {_pct(t['abilities_all_facts'], t['abilities']):17}"
            f"  facts holding {_pct(t['facts_holding'], t['facts']):17}  not parsed {t['not_parsed']}"
            f"  not fully typed {t['not_typed']}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=("bss", "fftcg"), action="append")
    ap.add_argument("--show-training", action="store_true", help="list the training tables' failures")
    ap.add_argument("--show-unseen", action="store_true",
                    help="list the unseen tables' failures (never while working on the grammar)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    shown = {"training": args.show_training, "unseen": args.show_unseen}
    out = []
    for game in args.game or ("bss", "fftcg"):
        if not corpus_file(game).is_file():
            print(f"{game}: skipped, {corpus_file(game)} is absent", file=sys.stderr)
            continue
        for part, table in tables(game).items():
            tally = measure(game, table)
            failures = tally.pop("failures")
            out.append({"game": game, "part": part, **tally,
                        **({"failures": failures} if shown[part] else {})})
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    for row in out:
        print(_line(row["game"], row["part"], row))
        for f in row.get("failures", ()):
            print(f"    {f['ability']}: " + ("not parsed: " + "; ".join(f["not_parsed"]) if "not_parsed" in f
                                              else "not shown: " + " | ".join(f["unheld"])))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
