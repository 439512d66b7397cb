"""A grammar's size and how much of it the corpus uses (issue 11.1).

Run: python bench/bench_grammar_size.py [--game fftcg] [--rules N] [--json]

Size: named rules, their alternatives (the `|` branches of a definition), terminals, and the literal
words the rules spell out ("the" "cost" …: a sentence template is mostly these) of the game's .lark file. Use: every training-split ability (bench/validation.toml; the validation split
is not read) is parsed again by a copy of the grammar in which each alternative carries a tag of
its own, and each reduction is counted: how many abilities and how many cards use each
alternative. An alternative or a named rule that one card alone uses (or none) is a sentence
template rather than a construct of the templating language; those are listed, rarest first.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

_HEAD = re.compile(r"^([?!]?)([a-z_][a-z0-9_]*)(\.-?\d+)?\s*:(?!:)", re.M)
_TERMINAL = re.compile(r"^([A-Z_][A-Z0-9_]*)(\.-?\d+)?\s*:", re.M)
_ALIAS = re.compile(r"->\s*([a-z_][a-z0-9_]*)\s*$")
TAG = "zzalt_"


@dataclass
class Rule:
    """A named rule of the grammar file: its alternatives as written, with their aliases."""

    name: str
    prefix: str
    priority: str
    alternatives: list[str] = field(default_factory=list)


def _code(text: str) -> str:
    """`text` with comments blanked (strings and regular expressions kept as they are)."""
    out, i, quote = [], 0, ""
    while i < len(text):
        ch = text[i]
        if quote:
            out.append(ch)
            if ch == "\\" and i + 1 < len(text):
                out.append(text[i + 1])
                i += 1
            elif ch == quote or ch == "\n":
                quote = ""
        elif ch == "/" and text[i + 1:i + 2] == "/":
            j = text.find("\n", i)
            j = len(text) if j < 0 else j
            out.append(" " * (j - i))
            i = j
            continue
        elif ch in "\"/":
            quote = ch
            out.append(ch)
        else:
            out.append(ch)
        i += 1
    return "".join(out)


def _split(body: str) -> list[str]:
    """The top-level alternatives of a definition's body."""
    parts, depth, quote, start, i = [], 0, "", 0, 0
    while i < len(body):
        ch = body[i]
        if quote:
            if ch == "\\":
                i += 1
            elif ch == quote:
                quote = ""
        elif ch in "\"/":
            quote = ch
        elif ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == "|" and depth == 0:
            parts.append(body[start:i])
            start = i + 1
        i += 1
    parts.append(body[start:])
    return [" ".join(p.split()) for p in parts]


def read_grammar(text: str) -> tuple[list[Rule], int]:
    """(the named rules with their alternatives, the number of terminals) of a .lark file."""
    code = _code(text)
    heads = sorted([(m.start(), m) for m in _HEAD.finditer(code)] + [(m.start(), None) for m in
                   _TERMINAL.finditer(code)] + [(m.start(), None) for m in re.finditer(r"^%", code, re.M)])
    rules = []
    for k, (_at, m) in enumerate(heads):
        if m is None:
            continue
        end = heads[k + 1][0] if k + 1 < len(heads) else len(code)
        rules.append(Rule(m.group(2), m.group(1), m.group(3) or "", _split(code[m.end():end])))
    return rules, len(_TERMINAL.findall(code))


def group(rule: Rule, i: int) -> int:
    """The tag of an alternative: alternatives of one alias share the first one's (Lark merges what
    they expand to, so they are counted together)."""
    alias = _ALIAS.search(rule.alternatives[i])
    if alias is None:
        return i
    return next(j for j, alt in enumerate(rule.alternatives) if (m := _ALIAS.search(alt)) and m.group(1) ==
                alias.group(1))


def tagged(text: str, rules: list[Rule]) -> str:
    """The grammar with each alternative aliased to its own tag (`_rules` cannot carry aliases: they
    are counted as one)."""
    code = _code(text)
    heads = [m for m in _HEAD.finditer(code)]
    spans = sorted([m.start() for m in _HEAD.finditer(code)] + [m.start() for m in _TERMINAL.finditer(code)]
                   + [m.start() for m in re.finditer(r"^%", code, re.M)] + [len(code)])
    by_name = {r.name: r for r in rules}
    out, last = [], 0
    for m in heads:
        end = next(s for s in spans if s > m.start())
        rule = by_name[m.group(2)]
        out.append(code[last:m.end()])
        if rule.name.startswith("_"):
            out.append(code[m.end():end])
        else:
            alts = []
            for i, alt in enumerate(rule.alternatives):
                alias = _ALIAS.search(alt)
                body = alt[:alias.start()] if alias else alt
                alts.append(f"{body} -> {TAG}{rule.name}__{group(rule, i)}")
            out.append(" " + "\n    | ".join(alts) + "\n")
        last = end
    out.append(code[last:])
    return "".join(out)


def views(game: str, cards: list) -> list[tuple[str, str]]:
    """(card number, the grammar's view of one ability line) for every line the parser builds."""
    from judge.text.parse import parse_text, transform_module

    module = transform_module(game)
    seen: list[tuple[str, str]] = []
    build = module.build
    current = [""]

    def spy(tree, line, offset=0):
        seen.append((current[0], getattr(line, "view", line)))
        return build(tree, line, offset)

    module.build = spy
    try:
        for card in cards:
            current[0] = card.number
            parse_text(card.text, game, name=card.name)
    finally:
        module.build = build
    return seen


def usage(game: str, text: str, rules: list[Rule], lines: list[tuple[str, str]]) -> dict[tuple[str, int], set]:
    """(rule, alternative index) → the cards whose abilities reduce by it (index -1: a `_rule`)."""
    from lark import Lark

    from judge.paths import grammar_dir

    parser = Lark(tagged(text, rules), parser="lalr", lexer="contextual", maybe_placeholders=False,
                  start="line", import_paths=[grammar_dir()])
    used: dict[tuple[str, int], set] = defaultdict(set)
    callbacks = parser.parser.parser.parser.callbacks
    card = [""]
    for rule in list(callbacks):
        alias = rule.alias or ""
        if alias.startswith(TAG):
            name, _, i = alias[len(TAG):].rpartition("__")
            key = (name, int(i))
        else:
            key = (rule.origin.name, -1)

        def counted(children, key=key, inner=callbacks[rule]):
            used[key].add(card[0])
            return inner(children)
        callbacks[rule] = counted
    failed = 0
    for number, view in lines:
        card[0] = number
        try:
            parser.parse(view)
        except Exception:                 # a line the production parser took another way: not counted
            failed += 1
    used[("", -2)] = set(range(failed))
    return used


def measure(game: str) -> dict:
    from bench.bench_coverage import split_of
    from judge.cards.importers import read_cards
    from judge.text.grammar import grammar_file
    from judge.text.parse import transform_module

    text = grammar_file(game).read_text(encoding="utf-8")
    rules, terminals = read_grammar(text)
    path, sets = split_of(game)
    report = {"game": game, "rules": len(rules), "alternatives": sum(len(r.alternatives) for r in rules),
              "terminals": terminals,
              "literal_words": sum(len(re.findall(r'"(?:[^"\\]|\\.)*"', a)) for r in rules for a in r.alternatives)}
    if not path.is_file():
        return report
    cards = read_cards(str(path), game)
    know = getattr(transform_module(game), "register_cards", None)
    if know is not None:
        know(cards)                         # the closed lists of names, as coverage reads them
    training = [c for c in cards if c.set not in sets]
    lines = views(game, training)
    used = usage(game, text, rules, lines)
    alts = []
    for r in rules:
        for i, alt in enumerate(r.alternatives):
            key = (r.name, -1 if r.name.startswith("_") else group(r, i))
            alts.append({"rule": r.name, "index": i, "cards": len(used.get(key, ())), "text": alt})
    per_rule = {r.name: len(set().union(*[used.get((r.name, -1 if r.name.startswith("_") else group(r, i)), set())
                                          for i in range(len(r.alternatives))])) for r in rules}
    report.update({
        "lines": len(lines), "lines_not_read_again": len(used.pop(("", -2))),
        "alternatives_used_by_no_card": sum(a["cards"] == 0 for a in alts),
        "alternatives_used_by_one_card": sum(a["cards"] == 1 for a in alts),
        "rules_used_by_no_card": sum(n == 0 for n in per_rule.values()),
        "rules_used_by_one_card": sum(n == 1 for n in per_rule.values()),
        "per_rule": per_rule, "per_alternative": alts})
    return report


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="fftcg", choices=("fftcg", "bss", "bs"))
    ap.add_argument("--rules", type=int, default=20, help="rarest alternatives to list")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    r = measure(args.game)
    if args.json:
        print(json.dumps(r, indent=1))
        return 0
    print(f"{r['game']}: {r['rules']} rules, {r['alternatives']} alternatives, {r['terminals']} terminals, "
          f"{r['literal_words']} literal words in rules")
    if "per_rule" not in r:
        print("  (the corpus is absent: use not measured)")
        return 0
    print(f"  training lines {r['lines']} (read again by the tagged grammar: all but {r['lines_not_read_again']})")
    print(f"  alternatives used by no training card {r['alternatives_used_by_no_card']}, by one "
          f"{r['alternatives_used_by_one_card']};  rules used by no training card {r['rules_used_by_no_card']}, "
          f"by one {r['rules_used_by_one_card']}")
    for a in sorted(r["per_alternative"], key=lambda a: a["cards"])[:args.rules]:
        print(f"  {a['cards']:>4}  {a['rule']}[{a['index']}]  {a['text'][:100]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
