"""The round trip on the real corpus, split into training and validation (issue 11.4).

Run: python bench/bench_round_trip.py [--game bss|fftcg] [--failures N] [--write-known FILE]

Every parsed ability of a game (default: each game in turn) is rendered as canonical English and
parsed again (`judge.text.render.round_trip`, which dispatches to the game's round trip): how many
give the same AST, and how many renderings say the printed words (up to the game's normalisations).
Failures are printed for the training part only; the validation part (bench/validation.toml) is a
number, never read. The training failures are the ratchet lists of tests/text (`KNOWN`), which
`ratchet` checks for the tests; `--write-known` writes them in the list's own format.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

TESTS = HERE.parent / "tests" / "text"


@dataclass(frozen=True)
class Known:
    """A game's ratchet list of training failures: its file, and whether its entries say if the AST
    came back (FFTCG's do; Battle Spirits' do not: every one of its abilities must read back, a test
    of its own, and its list holds the word failures)."""

    path: Path
    same_ast: bool


#: game → its ratchet list (tests/text/round_trip_<game>_known.json).
KNOWN: dict[str, Known] = {"bss": Known(TESTS / "round_trip_bss_known.json", same_ast=False),
                           "fftcg": Known(TESTS / "round_trip_fftcg_known.json", same_ast=True)}


def corpus(game: str) -> tuple[list, list]:
    """(training cards, validation cards) of the game's corpus, as bench/validation.toml splits it;
    both empty when the corpus is absent."""
    from bench.bench_coverage import split_of
    from judge.cards.importers import read_cards

    path, sets = split_of(game)
    if not path.is_file():
        return [], []
    cards = read_cards(str(path), game)
    return [c for c in cards if c.set not in sets], [c for c in cards if c.set in sets]


@cache
def corpus_lexicon(game: str) -> object:
    """The names (Jobs, Categories, families) of every corpus card, training and validation: the card
    database plain text is read against (judge.text.lexicon), as coverage reads it."""
    from judge.text.lexicon import Lexicon

    training, validation = corpus(game)
    return Lexicon.from_cards(training + validation)


def run(cards: list, game: str, lexicon: object = None) -> list[tuple[str, object]]:
    """("number#index", RoundTrip or the error) for every parsed ability of `cards`, read against
    `lexicon` (default: the game's corpus lexicon)."""
    from judge.text.parse import parse_text
    from judge.text.render import round_trip
    from judge.text.typed import unread_nodes

    lexicon = lexicon if lexicon is not None else corpus_lexicon(game)
    out: list[tuple[str, object]] = []
    for card in cards:
        read = [a for a in parse_text(card.text, game, name=card.name, lexicon=lexicon).abilities
                if not unread_nodes(a)]         # an ability read in part is not parsed: nothing to read back
        for i, ability in enumerate(read):
            try:
                out.append((f"{card.number}#{i}", round_trip(ability, game, lexicon=lexicon, name=card.name)))
            except Exception as e:             # unrenderable, or a renderer fault: counted, not raised
                out.append((f"{card.number}#{i}", e))
    return out


def summary(results: list) -> dict:
    trips = [r for _, r in results if not isinstance(r, Exception)]
    return {"abilities": len(results), "rendered": len(trips), "same_ast": sum(r.same_ast for r in trips),
            "words_kept": sum(not r.dropped and not r.mistyped for r in trips), "ok": sum(r.ok for r in trips)}


def known_of(results: list, game: str) -> dict:
    """The failures as the game's ratchet list holds them."""
    with_ast = KNOWN[game].same_ast
    return {key: ({"same_ast": r.same_ast} if with_ast else {}) | {"dropped": list(r.dropped),
                                                                    "mistyped": list(r.mistyped)}
            for key, r in results if not isinstance(r, Exception) and not r.ok}


@dataclass(frozen=True)
class Ratchet:
    """The training round trip against the ratchet list: failures not on it (a renderer fault among
    them), known ones that grew (another AST back, more words dropped or mistyped), known ones fixed
    (they must leave the list)."""

    new: tuple[str, ...]
    grown: tuple[str, ...]
    fixed: tuple[str, ...]


def _said(key: str, trip: Any, entry: dict | None = None) -> str:
    known = f" (known: {entry})" if entry else ""
    return (f"{key}: same AST {trip.same_ast} dropped {list(trip.dropped)} mistyped {list(trip.mistyped)}{known}"
            f"\n    printed:  {trip.printed}\n    rendered: {trip.rendered}")


def ratchet(results: list, known: dict) -> Ratchet:
    """`results` (of `run`) against `known` (a ratchet list as `known_of` writes it)."""
    new, grown, fixed = [], [], []
    for key, trip in results:
        entry = known.get(key)
        if isinstance(trip, Exception):
            new.append(f"{key}: the renderer failed: {trip!r}")
        elif entry is None:
            if not trip.ok:
                new.append(_said(key, trip))
        elif trip.ok:
            fixed.append(key)
        elif (entry.get("same_ast", True) and not trip.same_ast) or Counter(trip.dropped) - Counter(entry["dropped"]) \
                or Counter(trip.mistyped) - Counter(entry["mistyped"]):
            grown.append(_said(key, trip, entry))
    return Ratchet(tuple(new), tuple(grown), tuple(fixed))


def measure(game: str, failures: int, write_known: str | None) -> None:
    """Print the game's figures (and `failures` training failures); write its known list if asked."""
    training, validation = corpus(game)
    if not training:
        print(f"{game}: skipped, the corpus is absent", file=sys.stderr)
        return
    train = run(training, game)
    for part, results in (("training", train), ("validation", run(validation, game))):
        s = summary(results)
        print(f"{game:<6} {part:<10} abilities {s['abilities']}  rendered {s['rendered']}  same AST {s['same_ast']}  "
              f"words kept {s['words_kept']}  both {s['ok']}")
    listed = json.loads(KNOWN[game].path.read_text(encoding="utf-8")) if KNOWN[game].path.is_file() else {}
    print(f"{game:<6} known      {len(known_of(train, game))} training failures  "
          f"({KNOWN[game].path.name} lists {len(listed)})")
    shown = 0
    for key, r in train:
        if shown >= failures:
            break
        if isinstance(r, Exception) or not r.ok:
            shown += 1
            print(f"  {key}: {r!r}" if isinstance(r, Exception) else f"  {key}: {r.rendered}")
            if not isinstance(r, Exception):
                print(f"      same AST {r.same_ast}  dropped {list(r.dropped)}  mistyped {list(r.mistyped)}")
    if write_known:
        Path(write_known).write_text(json.dumps(known_of(train, game), indent=1, sort_keys=True) + "\n",
                                     encoding="utf-8")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=sorted(KNOWN), help="one game (default: each in turn)")
    ap.add_argument("--failures", type=int, default=10, help="training failures to list")
    ap.add_argument("--write-known", help="write the training failures (the test's ratchet list) here; "
                                          "with --game only")
    args = ap.parse_args()
    if args.write_known and not args.game:
        ap.error("--write-known writes one game's list: name it with --game")
    for game in [args.game] if args.game else sorted(KNOWN):
        measure(game, args.failures, args.write_known)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
