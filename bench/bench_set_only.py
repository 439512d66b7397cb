"""A leave-one-set-out proxy for "cards nobody has read" (issue 20.2): what each set owes to itself.

Run: python bench/bench_set_only.py [--game bss|fftcg] [--training] [--list N] [--json]

Leave one set of the corpus out: the abilities of that set that the grammar would no longer read
are (to a first approximation) those whose parse uses an alternative that only cards of that set
use. For every set this bench counts those abilities ("set-only abilities"): a grammar that is a
grammar of the templating language reads a set's cards with constructs other sets use too, so the
count going DOWN is generalisation; a grammar fitted card by card owes many abilities to
alternatives one set (often one card) alone needs. The alternatives that only one set uses are
counted too ("set-only alternatives").

It is a proxy, not the measure: an alternative shared with another set may still be one a new set
needs in a new combination, and removing a set-only alternative changes which LALR states exist.
The honest figure is the sealed one (the lead runs it). The instrumented parser is the one of
bench/bench_grammar_size.py (every alternative aliased; the language is the production one).

By default every set of the corpus is measured (the sets of bench/validation.toml are training
data since issue 20); `--training` measures only the training part as bench_grammar_size does.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))


def measure(game: str, training: bool = False) -> dict:
    """Set-only alternatives and abilities of one game's corpus."""
    from bench_coverage import split_of
    from bench_grammar_size import Usage

    import judge.text.parse as parse_mod
    from judge.cards.importers import read_cards
    from judge.engine.coverage import coverage
    from judge.text.grammar import grammar_file, use_fast

    path, held = split_of(game)
    sets_of: dict[tuple[str, str], set[str]] = defaultdict(set)
    for card in read_cards(path, game, None):
        if not training or card.set not in held:
            sets_of[(card.name, card.text)].add(card.set)
    usage = Usage(grammar_file(game))
    real_tree, real_parse_text = parse_mod._fast_tree, parse_mod.parse_text
    line_alts: dict[tuple[str, int], set[tuple[str, int]]] = defaultdict(set)
    card_sets: dict[str, frozenset[str]] = {}

    def fast_tree(parser, view, *rest):
        if not rest or rest[0] == "line":
            n = usage.lines
            usage.see(view)
            if usage.lines > n:
                key = (usage.card, usage.lines)
                for alt, users in usage.alts.items():
                    if key in users:
                        line_alts[key].add(alt)
        return real_tree(parser, view, *rest)

    def parse_text(text, game_, **kw):
        usage.card = f"{kw.get('name')}|{hash(text)}"
        card_sets[usage.card] = frozenset(sets_of.get((kw.get("name"), text), ()))
        return real_parse_text(text, game_, **kw)

    previous = use_fast(True)
    parse_mod._fast_tree, parse_mod.parse_text = fast_tree, parse_text
    try:
        coverage(path, game, top=0, exclude_sets=held if training else ())
    finally:
        parse_mod._fast_tree, parse_mod.parse_text = real_tree, real_parse_text
        use_fast(previous)
    return _report(game, usage, line_alts, card_sets)


def _report(game: str, usage, line_alts: dict, card_sets: dict) -> dict:
    from bench_grammar_size import read_grammar

    texts = {}
    for text in usage.files.values():
        for name, alts in read_grammar(text)["rules"].items():
            for i, (alt, alias) in enumerate(alts):
                texts[(name, i)] = f"{name}#{i}{' -> ' + alias if alias else ''}: {alt[:80]}"
    alt_sets: dict[tuple[str, int], frozenset[str]] = {}
    for alt, users in usage.alts.items():
        alt_sets[alt] = frozenset().union(*(card_sets.get(card, frozenset()) for card, _ in users))
    only = {alt: next(iter(s)) for alt, s in alt_sets.items() if len(s) == 1}
    per_set: Counter[str] = Counter()
    lines_per_set: Counter[str] = Counter()
    owed: dict[str, Counter] = defaultdict(Counter)
    for key, alts in line_alts.items():
        sets = card_sets.get(key[0], frozenset())
        for s in sets:
            lines_per_set[s] += 1
        mine = {alt for alt in alts if alt in only}
        if len(sets) == 1 and mine:
            s = next(iter(sets))
            per_set[s] += 1
            for alt in mine:
                owed[s][texts.get(alt, str(alt))] += 1
    rows = [{"set": s, "abilities_read": lines_per_set[s], "set_only_abilities": per_set[s],
             "set_only_alternatives": sum(1 for v in only.values() if v == s),
             "owed_to": dict(owed[s].most_common())} for s in sorted(lines_per_set)]
    return {"game": game, "sets": rows,
            "abilities_read": sum(lines_per_set.values()),
            "set_only_abilities": sum(per_set.values()),
            "set_only_alternatives": len(only)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=("bss", "fftcg"), default="bss")
    ap.add_argument("--training", action="store_true", help="only the training sets of bench/validation.toml")
    ap.add_argument("--list", type=int, default=0, help="per set, the N alternatives its set-only abilities owe most to")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    from bench_coverage import split_of

    if not split_of(args.game)[0].is_file():
        print(f"{args.game}: skipped, its corpus file is absent", file=sys.stderr)
        return 0
    m = measure(args.game, args.training)
    if args.json:
        print(json.dumps(m, indent=2))
        return 0
    print(f"{m['game']}: abilities read {m['abilities_read']}  ·  set-only abilities {m['set_only_abilities']}"
          f"  ·  set-only alternatives {m['set_only_alternatives']}")
    for r in m["sets"]:
        print(f"  {r['set']:<6} read {r['abilities_read']:>4}  set-only abilities {r['set_only_abilities']:>4}"
              f"  set-only alternatives {r['set_only_alternatives']:>3}")
        for text, n in list(r["owed_to"].items())[:args.list]:
            print(f"      {n:>3}  {text}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
