"""The FINAL FANTASY TCG round trip on the real corpus, split into training and validation (issue 11.4).

Run: python bench/bench_round_trip_fftcg.py [--failures N] [--write-known FILE]

Every parsed FFTCG ability is rendered as canonical English (judge.text.fftcg.render) and parsed
again: how many give the same AST, and how many renderings say the printed words (up to
`judge.text.fftcg.render.NORMALISATIONS`, the only differences allowed). Failures are printed for
the training part only; the validation part (bench/validation.toml) is a number, never read.
`--write-known` writes the training failures as tests/text/round_trip_fftcg_known.json holds them.
"""

from __future__ import annotations

import argparse
import json
import sys
from functools import cache
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))


def run(cards: list, lexicon: object = None) -> list[tuple[str, object]]:
    """("number#index", RoundTrip or the error) for every parsed ability of `cards`, read against
    `lexicon` (default: the names, Jobs and Categories of the whole corpus, as coverage does)."""
    from judge.text.fftcg.render import round_trip
    from judge.text.parse import parse_text

    lexicon = lexicon if lexicon is not None else corpus_lexicon()
    out: list[tuple[str, object]] = []
    for card in cards:
        for i, ability in enumerate(parse_text(card.text, "fftcg", name=card.name, lexicon=lexicon).abilities):
            try:
                out.append((f"{card.number}#{i}", round_trip(ability, card.name, lexicon)))
            except Exception as e:             # a renderer fault: counted, not raised
                out.append((f"{card.number}#{i}", e))
    return out


def corpus() -> tuple[list, list]:
    """(training cards, validation cards)."""
    from bench.bench_coverage import split_of
    from judge.cards.importers import read_cards

    path, sets = split_of("fftcg")
    if not path.is_file():
        return [], []
    cards = read_cards(str(path), "fftcg")
    return [c for c in cards if c.set not in sets], [c for c in cards if c.set in sets]


@cache
def corpus_lexicon() -> object:
    """The names, Jobs and Categories of every corpus card (training and validation): the card
    database plain text is read against (judge.text.lexicon)."""
    from judge.text.lexicon import Lexicon

    training, validation = corpus()
    return Lexicon.from_cards(training + validation)


def known_of(results: list) -> dict:
    """The failures as the ratchet list holds them."""
    return {key: {"same_ast": r.same_ast, "dropped": list(r.dropped), "mistyped": list(r.mistyped)}
            for key, r in results if not isinstance(r, Exception) and not r.ok}


def summary(results: list) -> dict:
    trips = [r for _, r in results if not isinstance(r, Exception)]
    return {"abilities": len(results), "rendered": len(trips), "same_ast": sum(r.same_ast for r in trips),
            "words_kept": sum(not r.dropped and not r.mistyped for r in trips), "ok": sum(r.ok for r in trips)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--failures", type=int, default=10, help="training failures to list")
    ap.add_argument("--write-known", help="write the training failures (the test's ratchet list) here")
    args = ap.parse_args()
    training, validation = corpus()
    if not training:
        print("fftcg: skipped, the corpus is absent", file=sys.stderr)
        return 0
    train = run(training)
    for part, results in (("training", train), ("validation", run(validation))):
        s = summary(results)
        print(f"fftcg  {part:<10} abilities {s['abilities']}  rendered {s['rendered']}  same AST {s['same_ast']}  "
              f"words kept {s['words_kept']}  both {s['ok']}")
    shown = 0
    for key, r in train:
        if shown >= args.failures:
            break
        if isinstance(r, Exception) or not r.ok:
            shown += 1
            print(f"  {key}: {r!r}" if isinstance(r, Exception) else f"  {key}: {r.rendered}")
            if not isinstance(r, Exception):
                print(f"      same AST {r.same_ast}  dropped {list(r.dropped)}  mistyped {list(r.mistyped)}")
    if args.write_known:
        Path(args.write_known).write_text(json.dumps(known_of(train), indent=1, sort_keys=True) + "\n",
                                          encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
