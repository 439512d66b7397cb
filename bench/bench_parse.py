"""Card-text parse benchmark, every figure from one run (issue 11.7 aim: 2,000+ abilities/s, one core).

Run: python bench/bench_parse.py [CARD_FILE] [--game bss|fftcg] [--earley-sample N] [--rounds N]
Default file: ../shared/corpus/bss-cards.json if present, else the shipped cards/*.yaml.

Reports, for one card file and game:
- raw LALR: the grammar alone on every ability line as the grammar reads it (split and prepared
  by the game's transform module), lines per second: Lark's own parser, and the fast driver
  (judge.text.lark_speed.FastParser: Lark's tables, the same trees) on the lines it reads;
- full `parse_text` per card (split, mask, parse, transform, localise failures), abilities per
  second, fast (the driver, and the expected-terminal replay for failures) and as Lark does it
  alone (`use_fast(False)`), rounds interleaved so machine load hits both alike; and whether both
  gave the same ParseResult for every card (they must);
- Earley on a sample of the same lines, and the LALR / Earley ratio on that sample;
- `judge cards coverage` seconds, each setting in a fresh process (scanners built from cold, as
  the CLI sees it), and whether the two coverage reports agree.
Times are CPU seconds of this process (one core) except coverage, which reports its own; the
machine's load average is printed with them (a shared machine slows CPU time too: caches, memory).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

_COVERAGE = """
import json, sys
from judge.text.grammar import use_fast
use_fast(sys.argv[3] == "fast")
from judge.engine.coverage import coverage
print(json.dumps(coverage(sys.argv[1], sys.argv[2])))
"""


def _segments(cards: list, game: str) -> list[str]:
    """Every ability line of the cards, as the game's grammar reads it (split, then prepared)."""
    from judge.text.parse import line_spans, transform_module

    module = transform_module(game)
    split = getattr(module, "split", None) or line_spans
    prepare = getattr(module, "prepare", None)
    lines = []
    for card in cards:
        spans = split(card.text, name=card.name) if game == "fftcg" else split(card.text)
        for a, b in spans:
            line = card.text[a:b]
            if prepare is None:
                lines.append(line)
            else:                              # a Prepared view, read against the card file's lexicon
                lines.append(prepare(line, lexicon=_lexicon(cards), name=card.name).view)
    return lines


def _lexicon(cards: list):
    """The card file's lexicon (families, names, keywords, Jobs, Categories), built once per file."""
    from judge.text.lexicon import Lexicon

    key = id(cards)
    if key not in _LEXICONS:
        _LEXICONS[key] = Lexicon.from_cards(cards)
    return _LEXICONS[key]


_LEXICONS: dict[int, object] = {}


def _raw(parser, lines: list[str]) -> tuple[float, int]:
    """CPU seconds for the grammar alone over `lines`, and how many parsed."""
    ok = 0
    t = time.process_time()
    for line in lines:
        try:
            parser.parse(line, start="line")
            ok += 1
        except Exception:
            pass
    return time.process_time() - t, ok


def _raw_fast(game: str, lines: list[str]) -> tuple[float, int]:
    """CPU seconds for the fast driver alone over `lines` (a line it leaves to Lark counts as
    not parsed here), and how many it read."""
    from judge.text.grammar import load_fast
    from judge.text.lark_speed import Fallback

    fast = load_fast(game)
    ok = 0
    t = time.process_time()
    for line in lines:
        try:
            fast.parse(line, "line")
            ok += 1
        except Fallback:
            pass
    return time.process_time() - t, ok


def _pipeline(cards: list, game: str) -> tuple[float, list]:
    """CPU seconds for `parse_text` over every card, and the results."""
    from judge.text.parse import parse_text

    t = time.process_time()
    lexicon = _lexicon(cards)
    results = [parse_text(card.text, game, name=card.name, lexicon=lexicon) for card in cards]
    return time.process_time() - t, results


def _comparable(results: list) -> list[str]:
    """The results as text to compare: an object that is not a dataclass (compared by identity)
    shows as its type name, not its address."""
    return [re.sub(r" object at 0x[0-9a-f]+", " object", repr(r)) for r in results]


def _coverage(path: Path, game: str, setting: str) -> dict:
    out = subprocess.run([sys.executable, "-c", _COVERAGE, str(path), game, setting],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def main() -> None:
    from judge.cards.importers import read_cards
    from judge.paths import cards_dir
    from judge.text.grammar import load_parser, use_fast

    ap = argparse.ArgumentParser()
    corpus = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "bss-cards.json"
    ap.add_argument("file", nargs="?", default=str(corpus) if corpus.is_file() else None)
    ap.add_argument("--game", default="bss")
    ap.add_argument("--earley-sample", type=int, default=150)
    ap.add_argument("--rounds", type=int, default=3, help="interleaved rounds; the best of each is kept")
    ap.add_argument("--no-coverage", action="store_true", help="skip the two coverage processes")
    args = ap.parse_args()
    files = [Path(args.file)] if args.file else sorted(cards_dir().glob("*.yaml"))
    cards = [c for f in files for c in read_cards(f, args.game)]

    t = time.perf_counter()
    use_fast(False)
    reference = load_parser(args.game, "lalr")
    build_lalr = time.perf_counter() - t
    use_fast(True)
    fast = load_parser(args.game, "lalr")
    t = time.perf_counter()
    earley = load_parser(args.game, "earley")
    build_earley = time.perf_counter() - t
    lines = _segments(cards, args.game)

    _raw(reference, lines)                     # warm: scanners are built on first use
    _raw_fast(args.game, lines)
    for on in (False, True):
        use_fast(on)
        _pipeline(cards, args.game)
    raw = {"reference": float("inf"), "fast": float("inf")}
    full = dict(raw)
    results: dict[str, list] = {}
    ok = 0
    for _ in range(args.rounds):
        for name, parser in (("reference", reference), ("fast", fast)):
            seconds, got = _raw(parser, lines) if name == "reference" else _raw_fast(args.game, lines)
            ok = got if name == "reference" else ok
            raw[name] = min(raw[name], seconds)
            use_fast(name == "fast")
            seconds, results[name] = _pipeline(cards, args.game)
            full[name] = min(full[name], seconds)
    use_fast(True)
    same = _comparable(results["fast"]) == _comparable(results["reference"])

    sample = lines[:: max(1, len(lines) // args.earley_sample)][: args.earley_sample]
    lalr_sample, _ = _raw(fast, sample)
    earley_sample, earley_ok = _raw(earley, sample)

    n = len(lines)
    rate = {k: n / max(v, 1e-9) for k, v in full.items()}
    print(f"cards {len(cards)}, abilities {n} from {', '.join(f.name for f in files)} ({args.game}); "
          f"LALR parses {ok}")
    print(f"grammar build: LALR {build_lalr * 1000:.0f} ms, Earley {build_earley * 1000:.0f} ms")
    print(f"raw LALR parser:      fast driver {n / raw['fast']:,.0f} lines/s "
          f"(Lark's own: {n / raw['reference']:,.0f}/s; x{raw['reference'] / raw['fast']:.2f})")
    print(f"full parse_text:      {rate['fast']:,.0f} abilities/s "
          f"(Lark alone: {rate['reference']:,.0f}/s; x{full['reference'] / full['fast']:.2f}); "
          f"same results: {'yes' if same else 'NO'}")
    print(f"Earley on {len(sample)} lines: {len(sample) / max(earley_sample, 1e-9):,.0f} lines/s "
          f"({earley_ok} parsed); LALR on the same: {len(sample) / max(lalr_sample, 1e-9):,.0f}/s; "
          f"ratio LALR / Earley: {earley_sample / max(lalr_sample, 1e-9):.0f}x")
    if not args.no_coverage and len(files) == 1:
        cov = {s: _coverage(files[0], args.game, s) for s in ("reference", "fast")}
        counts = [{k: v for k, v in c.items() if k != "seconds"} for c in cov.values()]
        print(f"coverage (fresh process): {cov['fast']['seconds']:.2f} s "
              f"(Lark's own expected-terminals: {cov['reference']['seconds']:.2f} s); "
              f"{cov['fast']['abilities_fully_parsed']}/{cov['fast']['abilities']} abilities; "
              f"same report: {'yes' if counts[0] == counts[1] else 'NO'}")
    print(f"aim 2,000+ abilities/s: {'met' if rate['fast'] >= 2000 else 'NOT met'} (full pipeline, CPU time); "
          f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
