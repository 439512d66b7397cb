"""A substitution probe for "sentences nobody has read but built of known parts" (issue 20.2).

Run: python bench/bench_substitution.py [--game fftcg] [--donors 2] [--list N] [--json] [--seed S]

Every ability line of the seen corpus that the grammar reads whole is parsed with the instrumented
copy of the grammar (`bench_grammar_size`: every alternative aliased, so a tree names the rule and
alternative of each node). In each parsed line, one constituent at a time (a selector noun phrase,
one of its parts: count, qualifiers, noun, post-modifier; a duration; a condition; a trigger's event;
a cost; a verb phrase) is swapped for an equivalent constituent of ANOTHER card's line, and the
result is parsed again. The swap holds when the result parses and every node around the swapped
words keeps its rule and alternative (the same node kinds); it fails otherwise.

"Equivalent" is kept narrow so a failure means something: a noun phrase is swapped only with one of
the same shape (reference or selector; the kind of count it opens with; singular or plural noun),
a noun only with one of the same number, a verb phrase only with one under the same clause form.
A construct defined in one place only (a sentence that spells a noun phrase, a duration or a
condition out where the language allows any) shows up as failing swaps; a grammar of the language
lets any of them through. The failure rate, per constituent class, is the figure; `--list` prints
the contexts that fail most often (the rule and alternative around the swapped words). Nothing is
written to the grammar cache; card text is printed only to the terminal, never to a file.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

#: the constituent classes swapped, each a rule of the grammar
CLASSES = ("np", "quant", "adjs", "type_noun", "name_ref", "post", "duration", "condition", "event",
           "cost", "vp", "window", "per")


def _parser(game: str):
    """The instrumented grammar (every alternative aliased), positions propagated."""
    from bench_grammar_size import Usage
    from lark import Lark

    from judge.text.grammar import grammar_file, start_rules

    usage = Usage(grammar_file(game))
    tmp = Path(usage.tmp.name)
    lark = Lark.open(str(tmp / grammar_file(game).name), parser="lalr", lexer="contextual",
                     maybe_placeholders=False, start=list(start_rules(game)), propagate_positions=True)
    return usage, lark


def _label(tree) -> tuple[str, int] | None:
    from bench_grammar_size import _origin

    return _origin(tree.data) if "__a" in tree.data else None


def _skeleton(tree, hole: tuple[int, int]) -> list[tuple[str, int]]:
    """The (rule, alternative) of every node not inside the hole (its ancestors and the nodes
    around it), in tree order."""
    out = []
    for sub in tree.iter_subtrees_topdown():
        meta, label = sub.meta, _label(sub)
        if label is None or getattr(meta, "empty", True):
            continue
        if hole[0] <= meta.start_pos and meta.end_pos <= hole[1]:
            continue
        out.append(label)
    return out


def _signature(cls: str, sub) -> tuple:
    """What a donor must share with the constituent it replaces (see the module docstring)."""
    from lark import Tree

    label = _label(sub)
    if cls == "np":
        first = sub.children[0] if sub.children else None
        kind = _label(first) if isinstance(first, Tree) else None
        quant = next((_label(t) for t in sub.iter_subtrees_topdown() if _label(t) and _label(t)[0] == "quant"),
                     None)
        nouns = [t for t in sub.iter_subtrees_topdown() if _label(t) and _label(t)[0] == "type_noun"]
        plural = bool(nouns) and _is_plural(nouns[0])
        return (kind[0] if kind else None, quant, plural)
    if cls == "type_noun":
        return (_is_plural(sub),)
    if cls == "quant":
        return (label,)
    return ()


def _is_plural(noun) -> bool:
    words = " ".join(str(t) for t in noun.scan_values(lambda v: True)).lower()
    return words.endswith("s") or "forwards" in words


def constituents(tree, view: str) -> list[tuple[str, int, int, tuple, tuple[str, int] | None]]:
    """(class, start, end, signature, parent label) of the swappable constituents of a parse tree."""
    out = []
    parents: dict[int, tuple[str, int] | None] = {}
    for sub in tree.iter_subtrees_topdown():
        for child in sub.children:
            if hasattr(child, "data"):
                parents[id(child)] = _label(sub)
    for sub in tree.iter_subtrees_topdown():
        label = _label(sub)
        if label is None or label[0] not in CLASSES or getattr(sub.meta, "empty", True):
            continue
        a, b = sub.meta.start_pos, sub.meta.end_pos
        if b <= a or not view[a:b].strip():
            continue
        sig = _signature(label[0], sub)
        if label[0] == "vp":
            sig = (parents.get(id(sub)),)
        out.append((label[0], a, b, sig, parents.get(id(sub))))
    return out


def _lines(game: str):
    """(card number, prepared view) of every ability line of the seen corpus."""
    from bench_coverage import split_of

    from judge.cards.importers import read_cards
    from judge.text.lexicon import Lexicon
    from judge.text.parse import transform_module

    path, _ = split_of(game)
    cards = read_cards(path, game, None)
    lexicon = Lexicon.from_cards(cards)
    module = transform_module(game)
    for card in cards:
        for a, b in module.split(card.text, card.name, lexicon):
            yield card.number, module.prepare(card.text[a:b], card.name, lexicon).view


def measure(game: str, donors: int, seed: int) -> dict:
    from lark.exceptions import LarkError

    _, lark = _parser(game)
    parsed, pool = _parsed_and_pool(lark, game)
    sites = [(number, view, tree, *site) for number, view, tree in parsed for site in constituents(tree, view)]
    rng = random.Random(seed)
    tried: Counter[str] = Counter()
    failed: Counter[str] = Counter()
    contexts: Counter[tuple[str, str]] = Counter()
    examples: dict[tuple[str, str], str] = {}
    for number, view, tree, cls, a, b, sig, parent in sites:
        others = [w for n, w in pool[(cls, sig)] if n != number and w != view[a:b]]
        if not others:
            continue
        before = _skeleton(tree, (a, b))
        for words in rng.sample(others, min(donors, len(others))):
            text = view[:a] + words + view[b:]
            tried[cls] += 1
            try:
                after = _skeleton(lark.parse(text, start="line"), (a, a + len(words)))
                ok = after == before
            except LarkError:
                ok = False
            if not ok:
                failed[cls] += 1
                key = (cls, f"{parent[0]}#{parent[1]}" if parent else "-")
                contexts[key] += 1
                examples.setdefault(key, text)
    rows = [{"class": c, "swaps": tried[c], "failed": failed[c]} for c in CLASSES if tried[c]]
    return {"game": game, "lines_parsed": len(parsed), "classes": rows,
            "swaps": sum(tried.values()), "failed": sum(failed.values()),
            "contexts": [{"class": c, "context": ctx, "failed": n, "example": examples[(c, ctx)]}
                         for (c, ctx), n in contexts.most_common()]}


#: the classes looked for where a sentence spells them out (a literal the tree did not read as one)
LITERAL_CLASSES = ("np", "duration", "condition", "window", "event")


def literal_sites(parsed, pool, top: int = 300):
    """(number, view, tree, class, start, end, signature) where the words of a known constituent of
    class C stand in a line without a C node spanning exactly them: a construct spelled out in a rule
    of its own (the words are read, but not as the construct that could be swapped there)."""
    import re

    from lark import Tree

    common: dict[str, list[tuple[str, tuple, re.Pattern]]] = defaultdict(list)
    for (cls, sig), entries in pool.items():
        if cls in LITERAL_CLASSES:
            counts = Counter(w for _, w in entries if len(w.split()) >= 2)
            common[cls].extend((w, sig, re.compile(r"(?<![\w\x01\x02])" + re.escape(w) + r"(?![\w\x01\x02])"))
                               for w, _ in counts.most_common(top))
    for number, view, tree in parsed:
        spans: dict[str, set[tuple[int, int]]] = defaultdict(set)
        for sub in tree.iter_subtrees():
            label = _label(sub) if isinstance(sub, Tree) else None
            if label and not getattr(sub.meta, "empty", True):
                spans[label[0]].add((sub.meta.start_pos, sub.meta.end_pos))
        for cls, words in common.items():
            for w, sig, rx in words:
                if w not in view:
                    continue
                for m in rx.finditer(view):
                    a, b = m.span()
                    inside = any(x <= a and b <= y for x, y in spans[cls])
                    if not inside:
                        yield number, view, tree, cls, a, b, sig


def measure_literal(game: str, seed: int) -> dict:
    """The literal sites of `literal_sites`, each swapped for one donor of the same class and shape."""
    from lark.exceptions import LarkError

    _, lark = _parser(game)
    parsed, pool = _parsed_and_pool(lark, game)
    rng = random.Random(seed)
    tried: Counter[str] = Counter()
    failed: Counter[str] = Counter()
    examples: dict[str, list[str]] = defaultdict(list)
    seen: set[tuple[str, int, int, str]] = set()
    for number, view, _tree, cls, a, b, sig in literal_sites(parsed, pool):
        if (number, a, b, cls) in seen:
            continue
        seen.add((number, a, b, cls))
        others = [w for n, w in pool[(cls, sig)] if n != number and w != view[a:b]]
        if not others:
            continue
        words = rng.choice(others)
        tried[cls] += 1
        try:
            lark.parse(view[:a] + words + view[b:], start="line")
        except LarkError:
            failed[cls] += 1
            examples[cls].append(f"{view[a:b]!r} -> {words!r}")
    return {"classes": [{"class": c, "swaps": tried[c], "failed": failed[c], "examples": examples[c]}
                        for c in LITERAL_CLASSES if tried[c]],
            "swaps": sum(tried.values()), "failed": sum(failed.values())}


def _parsed_and_pool(lark, game: str):
    from lark.exceptions import LarkError

    parsed = []
    for number, view in _lines(game):
        try:
            parsed.append((number, view, lark.parse(view, start="line")))
        except LarkError:
            continue
    pool: dict[tuple, list[tuple[str, str]]] = defaultdict(list)
    for number, view, tree in parsed:
        for cls, a, b, sig, _ in constituents(tree, view):
            pool[(cls, sig)].append((number, view[a:b]))
    return parsed, pool


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=("fftcg",), default="fftcg")
    ap.add_argument("--donors", type=int, default=2, help="donor constituents tried per site")
    ap.add_argument("--seed", type=int, default=20)
    ap.add_argument("--list", type=int, default=0, help="failing contexts to list (with one example)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--literal", action="store_true",
                    help="swap the words of a known constituent where the tree read them some other way")
    args = ap.parse_args()
    if args.literal:
        lit = measure_literal(args.game, args.seed)
        if args.json:
            print(json.dumps(lit, indent=2))
            return 0
        for r in lit["classes"]:
            print(f"  literal {r['class']:<10} swaps {r['swaps']:>5}  failed {r['failed']:>4} "
                  f"({100 * r['failed'] / r['swaps']:4.1f}%)")
            for e in r["examples"][:args.list]:
                print(f"      {e[:150]}")
        print(f"{args.game}  literal swaps {lit['swaps']}  failed {lit['failed']} "
              f"({100 * lit['failed'] / (lit['swaps'] or 1):.1f}%)")
        return 0
    with tempfile.TemporaryDirectory():
        out = measure(args.game, args.donors, args.seed)
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    for r in out["classes"]:
        print(f"  {r['class']:<10} swaps {r['swaps']:>5}  failed {r['failed']:>4} "
              f"({100 * r['failed'] / r['swaps']:4.1f}%)")
    print(f"{out['game']}  lines parsed {out['lines_parsed']}  swaps {out['swaps']}  failed {out['failed']} "
          f"({100 * out['failed'] / (out['swaps'] or 1):.1f}%)")
    for row in out["contexts"][:args.list]:
        print(f"    {row['failed']:>4}  {row['class']:<9} in {row['context']:<22} e.g. {row['example'][:120]!r}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
