"""The size of each card grammar and how much of it the training corpus uses (issue 11.1).

Run: python bench/bench_grammar_size.py [--game bss|fftcg] [--list N] [--json]

For a grammar file (and the files it imports relatively, `grammar/common.lark`): named rules,
their alternatives (the `|` branches as written), terminals; then, over the training part of
the game's corpus (`bench/validation.toml`: every set but the validation sets, which are never
read here), how many cards and abilities use each rule, each alternative and each terminal. A
rule or alternative used by no card, or by one card only, is the signature of a sentence fitted
to the cards seen rather than a construct of the templating language; such rules are listed.
Terminals that accept an invented word ("Blorft") are listed too: no terminal should accept
arbitrary words (issue 11.1; marked spans of the normalisation step are not words).

How the use is measured: a copy of the grammar where every alternative carries its own alias
(`rule__aN`; rules named `_x` renamed so they may) is built beside the production parser, and
each ability line the pipeline reads is parsed with it too; its tree names the alternatives
used. The language is the same (aliases change tree names only), so the counts are those of the
production grammar. Nothing is written to the grammar cache.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import re
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

RULE_DEF = re.compile(r"^([?!]?)([a-z_][a-z0-9_]*)(\.-?\d+)?\s*:(.*)$")
TERM_DEF = re.compile(r"^([A-Z_][A-Z0-9_]*)(\.-?\d+)?\s*:(.*)$")
ALIAS = re.compile(r"->\s*([a-z_][a-z0-9_]*)\s*$")
#: invented words no card text has: a terminal matching one of them whole accepts arbitrary words
NONCE = ("Blorft", "blorft", "Blorft Wuzzle", "blorft wuzzle quex")
NONCE_AFTER = ("", " ", ":", ",", "】", "/", ".")


def _segments(code: str) -> list[tuple[str, str]]:
    """A grammar line cut into ('code' | 'str' | 're', text) pieces; a `//` comment dropped."""
    out, i, start = [], 0, 0
    while i < len(code):
        ch = code[i]
        if ch in "\"/":
            if ch == "/" and code[i + 1:i + 2] == "/":
                break
            if i > start:
                out.append(("code", code[start:i]))
            j = i + 1
            while j < len(code) and code[j] != ch:
                j += 2 if code[j] == "\\" else 1
            j += 1
            while ch == "/" and j < len(code) and code[j].isalpha():
                j += 1                                     # regex flags
            out.append(("str" if ch == '"' else "re", code[i:j]))
            i = start = j
            continue
        i += 1
    if start < min(i, len(code)):
        out.append(("code", code[start:i]))
    return out


def _rename(code: str) -> str:
    """Rules named `_x` (inlined, so they may carry no alias) renamed `u_x` in rule code."""
    return re.sub(r"(?<![\w])_([a-z][a-z0-9_]*)", r"u_\1", code)


def _alternatives(body: str) -> list[str]:
    """The top-level `|` alternatives of a rule body (one line or several, comments dropped)."""
    alts, depth, cur = [], 0, []
    for kind, text in _segments(body):
        if kind != "code":
            cur.append(text)
            continue
        for ch in text:
            if ch in "([":
                depth += 1
            elif ch in ")]":
                depth -= 1
            if ch == "|" and depth == 0:
                alts.append("".join(cur))
                cur = []
            else:
                cur.append(ch)
    alts.append("".join(cur))
    return [a.strip() for a in alts]


def read_grammar(text: str) -> dict:
    """{rules: {name: [(alternative, alias or None)]}, terminals: {NAME: pattern text}, other: [lines]}."""
    rules: dict[str, list[tuple[str, str | None]]] = {}
    heads: dict[str, str] = {}
    terminals: dict[str, str] = {}
    other: list[str] = []
    current: str | None = None
    bodies: dict[str, list[str]] = defaultdict(list)
    for raw in text.splitlines():
        line = "".join(t for _, t in _segments(raw)).rstrip()
        if not line.strip():
            continue
        m = RULE_DEF.match(line)
        t = TERM_DEF.match(line)
        if m:
            current = m.group(2)
            heads[current] = m.group(1) + m.group(2) + (m.group(3) or "")
            bodies[current].append(m.group(4))
        elif t:
            current = None
            terminals[t.group(1)] = t.group(3).strip()
            other.append(line)
        elif current is not None and line[:1].isspace():
            bodies[current].append(line)
        else:
            current = None
            other.append(line)
    for name, parts in bodies.items():
        alts = []
        for alt in _alternatives(" ".join(parts)):
            m = ALIAS.search(alt)
            alts.append((alt[:m.start()].strip(), m.group(1)) if m else (alt, None))
        rules[name] = alts
    return {"rules": rules, "heads": heads, "terminals": terminals, "other": other}


def instrumented(text: str, merged: frozenset[str] = frozenset()) -> str:
    """The grammar with every alternative aliased `rule__aN` (N its index as written). In a rule
    of `merged`, alternatives that share an alias share the first one's index: two of them expand
    to the same words, which Lark accepts only under one alias (an overlap the report names)."""
    g = read_grammar(text)
    out = list(g["other"])
    for name, alts in g["rules"].items():
        head = g["heads"][name].lstrip("?!")
        head = ("u" + head) if head.startswith("_") else head
        lines = []
        first: dict[str | None, int] = {}
        for i, (alt, alias) in enumerate(alts):
            code = "".join(_rename(t) if k == "code" else t for k, t in _segments(alt))
            n = first.setdefault(alias, i) if name in merged and alias else i
            lines.append(f"{code} -> {head.split('.')[0]}__a{n}")
        out.append(f"{head}: " + "\n    | ".join(lines))
    return "\n".join(out) + "\n"


def _origin(alias: str) -> tuple[str, int]:
    name, _, index = alias.rpartition("__a")
    name = name.split("__")[-1]
    if name.startswith("u_"):
        name = name[1:]
    return name, int(index)


class Usage:
    """Which alternatives and terminals the lines of each card use."""

    def __init__(self, grammar_path: Path) -> None:
        from lark import Lark
        from lark.exceptions import GrammarError

        from judge.text.grammar import start_rules

        self.files = {grammar_path.name: grammar_path.read_text(encoding="utf-8")}
        common = grammar_path.parent / "common.lark"
        if "%import .common" in self.files[grammar_path.name] and common.is_file():
            self.files[common.name] = common.read_text(encoding="utf-8")
        self.tmp = tempfile.TemporaryDirectory(prefix="judge-grammar-size-")
        starts = list(start_rules(_game_of(grammar_path.name)))
        self.overlaps: set[str] = set()
        self.conflicts: list[tuple[str, str]] = []
        while True:
            for name, text in self.files.items():
                (Path(self.tmp.name) / name).write_text(instrumented(text, frozenset(self.overlaps)),
                                                        encoding="utf-8")
            try:
                with _conflicts() as self.conflicts:
                    self.lark = Lark.open(str(Path(self.tmp.name) / grammar_path.name), parser="lalr",
                                          lexer="contextual", maybe_placeholders=False, start=starts)
                break
            except GrammarError as exc:
                twice = re.search(r"<(\w+) :", str(exc))
                if "defined twice" not in str(exc) or twice is None or twice.group(1) in self.overlaps:
                    raise
                self.overlaps.add(twice.group(1))
        self.alts: dict[tuple[str, int], set] = defaultdict(set)
        self.terms: dict[str, set] = defaultdict(set)
        self.card: str = ""
        self.lines = 0
        #: the view each line key was read from (for listing set-bound lines on the terminal)
        self.views: dict[tuple[str, int], str] = {}

    def see(self, view: str) -> None:
        """One ability line the pipeline reads: the alternatives and terminals its parse uses."""
        from lark import Token
        from lark.exceptions import LarkError

        try:
            tree = self.lark.parse(view, start="line")
        except LarkError:
            return
        self.lines += 1
        key = (self.card, self.lines)
        self.views[key] = view
        for sub in tree.iter_subtrees():
            if "__a" in sub.data:
                self.alts[_origin(sub.data)].add(key)
            for child in sub.children:
                if isinstance(child, Token) and not child.type.startswith("__ANON"):
                    self.terms[child.type.split("__")[-1]].add(key)


class _Conflicts(logging.Handler):
    """Lark's shift/reduce conflicts, which it resolves as shifts and logs only at debug level: each
    is a place where one reading silently wins (a construct folded in can hide another this way)."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.found: list[tuple[str, str]] = []
        self._terminal: str | None = None

    def emit(self, record: logging.LogRecord) -> None:
        msg = record.getMessage()
        if msg.startswith("Shift/Reduce conflict for terminal"):
            self._terminal = msg.split("terminal ", 1)[1].split(":", 1)[0]
        elif msg.startswith(" * ") and self._terminal is not None:
            rule = msg[3:].split(":", 1)[0].strip().lstrip("<")
            self.found.append((self._terminal, _origin(rule)[0] if "__a" in rule else rule))
            self._terminal = None


@contextlib.contextmanager
def _conflicts():
    """The shift/reduce conflicts logged while a parser is built."""
    from lark import logger

    handler, level, others = _Conflicts(), logger.level, list(logger.handlers)
    # a logging configuration loaded by another library (a web server's, say) may have disabled
    # every logger existing then, Lark's included, or raised the process-wide floor: undo both here
    disabled, floor = logger.disabled, logging.root.manager.disable
    for other in others:            # Lark's own console handler would print every conflict
        logger.removeHandler(other)
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    logger.disabled = False
    logging.disable(logging.NOTSET)
    try:
        yield handler.found
    finally:
        logger.removeHandler(handler)
        for other in others:
            logger.addHandler(other)
        logger.setLevel(level)
        logger.disabled = disabled
        logging.disable(floor)


def _game_of(file_name: str) -> str:
    from judge.text.grammar import GRAMMAR_FILES

    return next(g for g, f in GRAMMAR_FILES.items() if f == file_name)


def measure(game: str) -> dict:
    """Size and training use of one game's grammar (and what it imports)."""
    from bench_coverage import split_of

    import judge.text.parse as parse_mod
    from judge.engine.coverage import coverage
    from judge.text.grammar import grammar_file, use_fast

    usage = Usage(grammar_file(game))
    real_tree, real_parse_text = parse_mod._fast_tree, parse_mod.parse_text

    def fast_tree(parser, view, *rest):
        if not rest or rest[0] == "line":        # one ability line (other starts only localise failures)
            usage.see(view)
        return real_tree(parser, view, *rest)

    def parse_text(text, game_, **kw):
        usage.card = f"{kw.get('name')}|{hash(text)}"
        return real_parse_text(text, game_, **kw)

    path, sets = split_of(game)
    previous = use_fast(True)
    parse_mod._fast_tree, parse_mod.parse_text = fast_tree, parse_text
    try:
        coverage(path, game, top=0, exclude_sets=sets)
    finally:
        parse_mod._fast_tree, parse_mod.parse_text = real_tree, real_parse_text
        use_fast(previous)
    return _report(game, usage)


def _report(game: str, usage: Usage) -> dict:
    rows, terminals, nonce = [], [], []
    for file_name, text in usage.files.items():
        g = read_grammar(text)
        for name, alts in g["rules"].items():
            for i, (alt, alias) in enumerate(alts):
                users = usage.alts.get((name, i), set())
                rows.append({"file": file_name, "rule": name, "alt": i, "alias": alias, "text": alt[:90],
                             "cards": len({c for c, _ in users}), "abilities": len(users)})
        for name in g["terminals"]:
            users = usage.terms.get(name, set())
            terminals.append({"file": file_name, "terminal": name, "cards": len({c for c, _ in users})})
            if _accepts_nonce(usage.lark, name):
                nonce.append(name)
    per_rule: dict[str, set] = defaultdict(set)
    for (name, _), users in usage.alts.items():
        per_rule[name] |= {c for c, _ in users}
    # the start rules other than `line` are parsed only to say where a failed line stopped
    rule_names = sorted({r["rule"] for r in rows} - set(usage.lark.options.start[1:]))
    rows = [r for r in rows if r["rule"] in rule_names]
    return {
        "game": game, "files": sorted(usage.files),
        "rules": len(rule_names), "alternatives": len(rows), "terminals": len(terminals),
        "rules_used_by_0": sorted(r for r in rule_names if not per_rule.get(r)),
        "rules_used_by_1": sorted(r for r in rule_names if len(per_rule.get(r, ())) == 1),
        "alternatives_used_by_0": [r for r in rows if r["cards"] == 0],
        "alternatives_used_by_1": [r for r in rows if r["cards"] == 1],
        # terminals named `_X` and ignored ones (whitespace) leave no token in the tree: not measured
        "terminals_used_by_0": sorted(t["terminal"] for t in terminals
                                      if t["cards"] == 0 and not t["terminal"].startswith("_")
                                      and t["terminal"] not in usage.lark.ignore_tokens),
        "terminals_accepting_any_word": nonce,
        "rules_with_overlapping_alternatives": sorted(usage.overlaps),
        "shift_reduce_conflicts": len(usage.conflicts),
        "conflicts_by_rule": dict(Counter(rule for _, rule in usage.conflicts).most_common()),
    }


def _accepts_nonce(lark, name: str) -> bool:
    """Whether terminal `name` matches an invented word whole (it then accepts arbitrary words)."""
    term = next((t for t in lark.terminals if t.name.split("__")[-1] == name), None)
    if term is None:
        return False
    try:
        rx = re.compile(term.pattern.to_regexp(), re.I if "i" in term.pattern.flags else 0)
    except re.error:
        return False
    for word in NONCE:
        for after in NONCE_AFTER:
            m = rx.match(word + after)
            if m and m.end() >= len(word):
                return True
    return False


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=("bss", "fftcg"), action="append")
    ap.add_argument("--list", type=int, default=40, help="alternatives used by 0 / 1 card to list")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    out = []
    for game in args.game or ("bss", "fftcg"):
        from bench_coverage import split_of

        if not split_of(game)[0].is_file():
            print(f"{game}: skipped, its corpus file is absent", file=sys.stderr)
            continue
        out.append(measure(game))
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    for m in out:
        print(f"{m['game']:<6} {'+'.join(m['files'])}: rules {m['rules']}  alternatives {m['alternatives']}  "
              f"terminals {m['terminals']}  ·  rules used by 0 cards {len(m['rules_used_by_0'])}, by 1 card "
              f"{len(m['rules_used_by_1'])}  ·  alternatives used by 0 cards {len(m['alternatives_used_by_0'])}, "
              f"by 1 card {len(m['alternatives_used_by_1'])}  ·  terminals accepting any word "
              f"{len(m['terminals_accepting_any_word'])}  ·  shift/reduce conflicts {m['shift_reduce_conflicts']}")
        print(f"  rules used by no card: {', '.join(m['rules_used_by_0']) or '-'}")
        print(f"  rules used by one card: {', '.join(m['rules_used_by_1']) or '-'}")
        if m["conflicts_by_rule"]:
            print("  shift/reduce conflicts (resolved as shifts) by the rule not reduced: " + ", ".join(
                f"{r} {n}" for r, n in m["conflicts_by_rule"].items()))
        print(f"  terminals accepting an invented word: {', '.join(m['terminals_accepting_any_word']) or '-'}")
        if m["rules_with_overlapping_alternatives"]:
            print(f"  rules whose alternatives overlap (counted together): "
                  f"{', '.join(m['rules_with_overlapping_alternatives'])}")
        print(f"  terminals no card uses: {', '.join(m['terminals_used_by_0']) or '-'}")
        for key in ("alternatives_used_by_0", "alternatives_used_by_1"):
            rows = m[key][:args.list]
            if rows:
                print(f"  {key.replace('_', ' ')} (first {len(rows)} of {len(m[key])}):")
                for r in rows:
                    print(f"    {r['rule']}#{r['alt']}{' -> ' + r['alias'] if r['alias'] else ''}: {r['text']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
