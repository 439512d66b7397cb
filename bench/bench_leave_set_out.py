"""A leave-one-set-out proxy for "cards nobody has read" (issue 20.2): how much of each set parses
only thanks to grammar alternatives that no card of any other set uses.

Run: python bench/bench_leave_set_out.py [--game fftcg|bss] [--list N] [--show] [--json]

`--show` prints, under each listed alternative, the ability lines that use it (card number and the
line as the parser saw it): for reading on the terminal only, never for a committed file, since the
lines are the publishers' words.

Every card of the game's seen corpus (every set: bench/validation.toml's sets are training data
now) is parsed through the production pipeline, and each ability line is parsed again with the
instrumented copy of the grammar of `bench_grammar_size` (every alternative aliased), which names
the alternatives it uses. For a set S, an ability of S is *set-bound* when one of the alternatives
its parse uses is used by cards of S only: had S been held out while the grammar was written, that
alternative would not exist and the ability would not parse. The set-bound share is the proxy: a
grammar of the language reads a new set with what the other sets taught it, so the share goes
down as constructs generalise, and up as sentences are fitted to the cards of one set.

It cannot see failures (an ability no alternative reads counts in neither part); coverage and the
sealed figures measure those. Nothing is written to the grammar cache.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))


def measure(game: str) -> dict:
    """{sets: [{set, abilities, bound}], alternatives: {rule#i: set}, ...} for the game's corpus."""
    from bench_coverage import split_of
    from bench_grammar_size import Usage

    import judge.text.parse as parse_mod
    from judge.cards.importers import read_cards
    from judge.text.grammar import grammar_file, use_fast
    from judge.text.lexicon import Lexicon

    path, _ = split_of(game)
    cards = read_cards(path, game, None)
    lexicon = Lexicon.from_cards(cards)
    usage = Usage(grammar_file(game))
    real_tree = parse_mod._fast_tree

    def fast_tree(parser, view, *rest):
        if not rest or rest[0] == "line":
            usage.see(view)
        return real_tree(parser, view, *rest)

    previous = use_fast(True)
    parse_mod._fast_tree = fast_tree
    set_of: dict[str, str] = {}
    try:
        for card in cards:
            usage.card = card.number
            set_of[card.number] = card.set or "?"
            parse_mod.parse_text(card.text, game, name=card.name, lexicon=lexicon)
    finally:
        parse_mod._fast_tree = real_tree
        use_fast(previous)
    return _report(usage, set_of)


def _report(usage, set_of: dict[str, str]) -> dict:
    sets_of_alt = {alt: {set_of[c] for c, _ in users} for alt, users in usage.alts.items()}
    bound_alts = {alt: next(iter(s)) for alt, s in sets_of_alt.items() if len(s) == 1}
    lines: dict[tuple[str, int], set] = defaultdict(set)
    for alt, users in usage.alts.items():
        for key in users:
            lines[key].add(alt)
    total: Counter[str] = Counter()
    bound: Counter[str] = Counter()
    for key, alts in lines.items():
        s = set_of[key[0]]
        total[s] += 1
        if any(bound_alts.get(a) == s for a in alts):
            bound[s] += 1
    rows = [{"set": s, "abilities": total[s], "bound": bound[s]} for s in sorted(total)]
    return {"sets": rows, "abilities": sum(total.values()), "bound": sum(bound.values()),
            "bound_alternatives": len(bound_alts), "alternatives_used": len(usage.alts),
            "bound_list": sorted(f"{r}#{i} ({s})" for (r, i), s in bound_alts.items()),
            "bound_lines": {f"{r}#{i} ({s})": sorted(f"{c}: {usage.views.get((c, n), '')}"
                                                      for c, n in usage.alts[(r, i)])
                            for (r, i), s in bound_alts.items()}}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=("bss", "fftcg"), default="fftcg")
    ap.add_argument("--list", type=int, default=0, help="list this many set-bound alternatives")
    ap.add_argument("--show", action="store_true",
                    help="print the ability lines using each listed alternative (terminal only)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    out = measure(args.game)
    lines_of = out.pop("bound_lines")
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    for r in out["sets"]:
        pct = 100 * r["bound"] / (r["abilities"] or 1)
        print(f"  {r['set']:<28} abilities {r['abilities']:>4}  set-bound {r['bound']:>3} ({pct:4.1f}%)")
    pct = 100 * out["bound"] / (out["abilities"] or 1)
    print(f"{args.game}  parsed abilities {out['abilities']}  set-bound {out['bound']} ({pct:.1f}%)  ·  "
          f"alternatives used {out['alternatives_used']}, used by one set only {out['bound_alternatives']}")
    for line in out["bound_list"][:args.list]:
        print("    " + line)
        for ability in lines_of[line] if args.show else ():
            print("        " + ability)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
