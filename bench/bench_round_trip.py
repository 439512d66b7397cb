"""The round trip on the real corpus, split into training and validation (issue 11.4).

Run: python bench/bench_round_trip.py [--failures N] [--write-known FILE]

Every parsed Battle Spirits Saga ability is rendered as canonical English (judge.text.render) and
parsed again: how many give the same AST, and how many renderings say the printed words (up to
`judge.text.render.NORMALISATIONS`). Failures are printed for the training part only; the
validation part (bench/validation.toml) is a number, never read.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))


def run(cards: list, lexicon: object, game: str = "bss") -> list[tuple[str, int, object]]:
    """(card number, ability index, RoundTrip or the error) for every parsed ability of `cards`
    (`lexicon`: the card database's closed lists, as coverage uses them)."""
    from judge.text.parse import parse_text
    from judge.text.render import round_trip

    out = []
    for card in cards:
        for i, ability in enumerate(parse_text(card.text, game, name=card.name, lexicon=lexicon).abilities):
            try:
                out.append((card.number, i, round_trip(ability, game, lexicon=lexicon)))
            except Exception as e:             # Unrenderable, or a renderer fault: counted, not raised
                out.append((card.number, i, e))
    return out


def corpus(game: str = "bss") -> tuple[list, list]:
    """(training cards, validation cards) of the corpus, as bench/validation.toml splits it."""
    from bench.bench_coverage import split_of
    from judge.cards.importers import read_cards

    path, sets = split_of(game)
    cards = read_cards(str(path), game)
    return [c for c in cards if c.set not in sets], [c for c in cards if c.set in sets]


def summary(results: list) -> dict:
    trips = [r for _, _, r in results if not isinstance(r, Exception)]
    return {"abilities": len(results), "rendered": len(trips), "same_ast": sum(r.same_ast for r in trips),
            "words_kept": sum(not r.dropped and not r.mistyped for r in trips), "ok": sum(r.ok for r in trips)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--failures", type=int, default=10, help="training failures to list")
    ap.add_argument("--write-known", help="write the training word failures (the test's known list) here")
    args = ap.parse_args()
    training, validation = corpus()
    if not training:
        print("bss: skipped, the corpus is absent", file=sys.stderr)
        return 0
    from judge.text.lexicon import Lexicon

    lexicon = Lexicon.from_cards(training + validation)
    train = run(training, lexicon)
    for part, results in (("training", train), ("validation", run(validation, lexicon))):
        s = summary(results)
        print(f"bss    {part:<10} abilities {s['abilities']}  rendered {s['rendered']}  same AST {s['same_ast']}  "
              f"words kept {s['words_kept']}  both {s['ok']}")
    shown = 0
    for number, i, r in train:
        if shown >= args.failures:
            break
        if isinstance(r, Exception) or not r.ok:
            shown += 1
            print(f"  {number}#{i}: {r if isinstance(r, Exception) else r.rendered}")
            if not isinstance(r, Exception):
                print(f"      same AST {r.same_ast}  dropped {list(r.dropped)}  mistyped {list(r.mistyped)}")
    if args.write_known:
        known = {f"{n}#{i}": {"dropped": list(r.dropped), "mistyped": list(r.mistyped)}
                 for n, i, r in train if not isinstance(r, Exception) and (r.dropped or r.mistyped)}
        Path(args.write_known).write_text(json.dumps(known, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
