"""A substitution probe for "sentences nobody has read, built of known parts" (issue 20.2).

Run: python bench/bench_substitute.py [--per N] [--list N] [--show N] [--category C] [--json]

Every ability line of the Saga corpus that the grammar reads whole is parsed (its view after the
one normalisation step, judge.text.bs.normalise); its constituents of each kind are collected:
a selector noun phrase, a quantity ("up to two of", "all of"), a count / threshold, an adjective
list (colours, spirit types, states), a duration, a condition, an event, a predicate after
"with" / "that is" / "that cost", a core amount, a leading or trailing adjunct ("if …", "when …",
"for each …"), an effect verb phrase (a directive). Then each constituent is swapped for an
equivalent one taken from a line of ANOTHER card (N donors per constituent, chosen by a fixed
seed), and the new line is parsed again. The swap holds when the line parses and a constituent of
the same kind spans exactly the words put in; it is typed when the transformer then builds a
fully typed ability from it.

A construct defined once and used everywhere the language allows it survives such swaps; a
construct defined in one place only (a qualifier allowed after one noun, "up to N" only with some
nouns, a condition only before some effects) fails them, and the failures are listed grouped by
kind and by the rule the constituent was put into, so the place the construct is missing shows.

A proxy, not the measure: a swap may make a sentence no card would print (a hand card where a
field spirit is meant), which the grammar may rightly read all the same; what is counted is only
whether the grammar reads it. The honest figure is the sealed one (the lead runs it).
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

#: the kinds of constituent swapped, each the tree names (rule or alias) it may carry
FIXED_KINDS: dict[str, frozenset[str]] = {
    "selector": frozenset({"selector"}),
    "quantity": frozenset({"q_count", "q_up_to", "q_all", "q_any", "q_another"}),
    "threshold": frozenset({"cmp"}),
    "adjectives": frozenset({"adjs"}),
    "duration": frozenset({"duration"}),
    "condition": frozenset({"condition", "cond_all"}),
    "event": frozenset({"event"}),
    "cores": frozenset({"cores"}),
    "target": frozenset({"selector", "pronoun", "self_ref", "some_of_them", "any_of_them", "both_of_them",
                         "the_done", "the_attacking", "remaining"}),
}
#: kinds swapped for their like; the others are only inserted (post, lead, trailer)
SWAPPED = frozenset({"selector", "quantity", "threshold", "adjectives", "duration", "condition", "event",
                     "cores", "target", "having", "being", "costing", "adjunct", "directive"})
#: kinds read off the grammar: every alias of the alternatives of these rules (and inlined rules)
RULE_KINDS: dict[str, tuple[str, ...]] = {
    "having": ("having",),
    "being": ("being",),
    "costing": ("costing",),
    "adjunct": ("adjunct",),
    "directive": ("directive",),
    "post": ("post",),
    "lead": ("lead",),
    "trailer": ("trailer",),
}


@dataclass(frozen=True)
class Piece:
    """One constituent of a parsed line: its kind, its words (view text), where, and where it sits."""

    kind: str
    text: str
    start: int
    end: int
    parent: str


def kinds_of_grammar() -> dict[str, frozenset[str]]:
    """FIXED_KINDS plus, for RULE_KINDS, the tree names the rule's alternatives produce."""
    from bench_grammar_size import read_grammar

    from judge.text.grammar import grammar_file

    rules: dict = {}
    heads: dict = {}
    for name in ("bs.lark", "common.lark"):
        g = read_grammar((grammar_file("bss").parent / name).read_text(encoding="utf-8"))
        rules.update(g["rules"])
        heads.update(g["heads"])
    out = dict(FIXED_KINDS)
    for kind, names in RULE_KINDS.items():
        out[kind] = frozenset(_tree_names(names[0], rules, heads, set()))
    return out


def _tree_names(rule: str, rules: dict, heads: dict, seen: set[str]) -> set[str]:
    """The names a tree of `rule` may carry: the rule, its aliases, and (when it is inlined with
    `?`) those of the rules its bare one-symbol alternatives name."""
    if rule in seen or rule not in rules:
        return set()
    seen.add(rule)
    names = {rule}
    inlined = heads.get(rule, "").startswith("?")
    for alt, alias in rules[rule]:
        if alias:
            names.add(alias)
        elif inlined and alt.strip() in rules:
            names |= _tree_names(alt.strip(), rules, heads, seen)
    return names


def pieces(tree, view: str, kinds: dict[str, frozenset[str]]) -> list[Piece]:
    """The constituents of every kind in a line's tree, with the rule each sits in."""
    from lark import Tree

    out: list[Piece] = []
    stack = [(tree, "line")]
    while stack:
        node, parent = stack.pop()
        if not isinstance(node, Tree):
            continue
        meta = node.meta
        if not getattr(meta, "empty", True):
            for kind, names in kinds.items():
                if node.data in names:
                    out.append(Piece(kind, view[meta.start_pos:meta.end_pos], meta.start_pos, meta.end_pos, parent))
        stack.extend((child, str(node.data)) for child in node.children)
    return out


def holds(tree, start: int, end: int, names: frozenset[str]) -> bool:
    """Whether a constituent of one of `names` spans exactly view[start:end] in the tree."""
    from lark import Tree

    for node in tree.iter_subtrees():
        meta = node.meta
        if not getattr(meta, "empty", True) and node.data in names and (meta.start_pos, meta.end_pos) == (start, end):
            return True
    return isinstance(tree, Tree) and False


def seen_lines(path: Path) -> list[tuple[str, str]]:
    """(card number, view) of every ability line of the corpus the grammar reads whole."""
    from judge.cards.importers import read_cards
    from judge.text.bs.normalise import prepare
    from judge.text.lexicon import Lexicon
    from judge.text.parse import line_spans, parse_text

    cards = read_cards(path, "bss", None)
    lexicon = Lexicon.from_cards(cards)
    out = []
    for card in cards:
        result = parse_text(card.text, "bss", name=card.name, lexicon=lexicon)
        bad = [(u.start, u.end) for u in result.unparsed]
        for a, b in line_spans(card.text):
            if not any(a <= s < b or s <= a < e for s, e in bad):
                out.append((card.number, prepare(card.text[a:b], lexicon, card.name).view))
    return out


def _parser():
    """A function view -> tree or None: the production pipeline's (the fast driver, Lark after it)."""
    from lark.exceptions import LarkError

    from judge.text.localise import Parsers, _fast_tree

    parsers = Parsers("bss")

    def tree_of(view: str):
        try:
            tree = _fast_tree(parsers, view, "line")
            return tree if tree is not None else parsers.lark.parse(view, start="line")
        except (LarkError, RecursionError):
            return None
    return tree_of


@dataclass(frozen=True)
class Edit:
    """One probe: a line with a constituent swapped or inserted, where it now is, what it must be."""

    kind: str
    new: str
    start: int
    end: int
    host: str
    words: str


def _selector_parts(tree, view: str) -> list[tuple[int, int, int, bool, bool]]:
    """(start, head start, end, has quantity, has adjectives) of every selector of a tree."""
    from lark import Token, Tree

    out = []
    for node in tree.iter_subtrees():
        if node.data != "selector" or getattr(node.meta, "empty", True):
            continue
        quantity = adjectives = False
        head = None
        for child in node.children:
            name = child.data if isinstance(child, Tree) else child.type
            if isinstance(child, Tree) and name in FIXED_KINDS["quantity"]:
                quantity = True
            elif name == "adjs":
                adjectives = True
            elif name != "POSS" and head is None:
                head = child.start_pos if isinstance(child, Token) else child.meta.start_pos
        if head is not None:
            out.append((node.meta.start_pos, head, node.meta.end_pos, quantity, adjectives))
    return out


def _insertions(view: str, tree, kinds: dict, pool: dict, pick) -> list[Edit]:
    """Constituents put where the language allows one and this line has none: a quantity before
    a selector that opens with a possessive, adjectives before its noun, a qualifier after it, a
    leading adjunct before a sentence, a trailing adjunct after a statement."""
    edits: list[Edit] = []
    for start, head, end, quantity, adjectives in _selector_parts(tree, view):
        if not quantity and re.match(r"(your|their)\b", view[start:], re.I):
            for q in pick("quantity", lambda t: t.lower().endswith(" of")):
                edits.append(Edit("+quantity", view[:start] + q + " " + view[start:], start, start + len(q),
                                  "selector", q))
        if not adjectives:
            for a in pick("adjectives", None):
                edits.append(Edit("+adjectives", view[:head] + a + " " + view[head:], head, head + len(a),
                                  "selector", a))
        for q in pick("post", None):
            edits.append(Edit("+post", view[:end] + " " + q + view[end:], end + 1, end + 1 + len(q), "selector", q))
    for node in tree.iter_subtrees():
        if getattr(node.meta, "empty", True):
            continue
        if node.data == "sentence_" and not any(getattr(c, "data", None) in kinds["lead"] for c in node.children):
            at = node.meta.start_pos
            for lead in pick("lead", None):
                edits.append(Edit("+lead", view[:at] + lead + " " + view[at:], at, at + len(lead), "sentence_", lead))
        if node.data == "statement" and not any(getattr(c, "data", None) in kinds["trailer"] for c in node.children):
            at = node.meta.end_pos
            for tr in pick("trailer", lambda t: t.startswith(",")):
                edits.append(Edit("+trailer", view[:at] + tr + view[at:], at, at + len(tr), "statement", tr))
    return edits


def _collect(lines: list[tuple[str, str]], tree_of, kinds: dict, only: str | None) -> tuple[list, dict]:
    """Every constituent of the lines read whole, and the donors of each kind (text → cards)."""
    found: list[tuple[str, str, object, Piece]] = []
    donors: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for number, view in lines:
        tree = tree_of(view)
        if tree is None:
            continue
        for p in pieces(tree, view, kinds):
            donors[p.kind][p.text].add(number)
            if only is None or p.kind == only:
                found.append((number, view, tree, p))
    return found, donors


def edits_of(lines: list[tuple[str, str]], tree_of, kinds: dict, per: int, seed: int,
             only: str | None) -> list[Edit]:
    """The probes: each constituent swapped for `per` donors of other cards, and insertions."""
    found, donors = _collect(lines, tree_of, kinds, only)
    rng = random.Random(seed)
    pool = {k: sorted(v) for k, v in donors.items()}
    edits: list[Edit] = []
    done_lines: set[str] = set()
    for number, view, tree, p in found:
        def pick(kind: str, ok, number=number) -> list[str]:
            choices = [t for t in pool.get(kind, ()) if number not in donors[kind][t] and (ok is None or ok(t))]
            return rng.sample(choices, min(per if kind != "lead" else 1, len(choices)))
        if p.kind in SWAPPED and view[p.end:p.end + 1] not in ("'", "’"):   # not a possessive's own s
            choices = [t for t in pool[p.kind] if t != p.text and number not in donors[p.kind][t]]
            for donor in rng.sample(choices, min(per, len(choices))):
                edits.append(Edit(p.kind, view[:p.start] + donor + view[p.end:], p.start, p.start + len(donor),
                                  p.parent, donor))
        if view not in done_lines and (only is None or only.startswith("+")):
            done_lines.add(view)
            edits += [e for e in _insertions(view, tree, kinds, pool, pick) if only is None or e.kind == only]
    return edits


def probe(per: int = 3, seed: int = 20, only: str | None = None) -> dict:
    """Swap and insert constituents (`edits_of`); count what still parses and what is typed."""
    from bench_coverage import split_of

    from judge.text.parse import transform_module
    from judge.text.prepared import Prepared
    from judge.text.typed import fully_typed

    tree_of = _parser()
    build = transform_module("bss").build
    kinds = kinds_of_grammar()
    lines = seen_lines(split_of("bss")[0])
    tried, parsed, typed = Counter(), Counter(), Counter()
    failures: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
    for e in edits_of(lines, tree_of, kinds, per, seed, only):
        tried[e.kind] += 1
        tree = tree_of(e.new)
        if tree is None or not holds(tree, e.start, e.end, kinds[e.kind.lstrip("+")]):
            failures[(e.kind, e.host)].append((e.new, e.words))
            continue
        parsed[e.kind] += 1
        try:
            ability = build(tree, Prepared.of(e.new), 0)
        except Exception:       # a transformer that cannot build it: not typed
            continue
        typed[e.kind] += bool(fully_typed(ability, "bss"))
    return {"lines": len(lines),
            "kinds": {k: {"tried": tried[k], "parsed": parsed[k], "typed": typed[k]} for k in sorted(tried)},
            "tried": sum(tried.values()), "parsed": sum(parsed.values()), "typed": sum(typed.values()),
            "failures": {f"{k}@{parent}": v for (k, parent), v in
                         sorted(failures.items(), key=lambda kv: -len(kv[1]))}}


def _show(text: str) -> str:
    """A view printed readably: the lexicon marks as ‹ ›."""
    for a, b in ("\ue000\ue001", "\ue002\ue003", "\ue004\ue005"):
        text = text.replace(a, "‹").replace(b, "›")
    return text


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per", type=int, default=3, help="donors per constituent")
    ap.add_argument("--seed", type=int, default=20)
    ap.add_argument("--category", help="probe one kind only")
    ap.add_argument("--list", type=int, default=25, help="failure groups (kind@host rule) to list")
    ap.add_argument("--show", type=int, default=0, help="failed lines to show per group (local reading only)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    from bench_coverage import split_of

    if not split_of("bss")[0].is_file():
        print("bss: skipped, its corpus file is absent", file=sys.stderr)
        return 0
    m = probe(args.per, args.seed, args.category)
    if args.json:
        m["failures"] = {k: len(v) for k, v in m["failures"].items()}
        print(json.dumps(m, indent=2))
        return 0
    t = m["tried"] or 1
    print(f"bss substitution probe: lines {m['lines']}  probes {m['tried']}"
          f"  ·  parse {m['parsed']} ({100 * m['parsed'] / t:.1f}%)  ·  typed {m['typed']} ({100 * m['typed'] / t:.1f}%)"
          f"  ·  failure rate {100 * (1 - m['parsed'] / t):.1f}%")
    for k, v in m["kinds"].items():
        n = v["tried"] or 1
        print(f"  {k:<11} probes {v['tried']:>5}  parse {100 * v['parsed'] / n:5.1f}%  typed {100 * v['typed'] / n:5.1f}%")
    for key, fails in list(m["failures"].items())[:args.list]:
        print(f"  {len(fails):>4}  {key}")
        for new, donor in fails[:args.show]:
            print(f"          [{_show(donor)}]  {_show(new)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
