"""Card-text parse benchmark: abilities per second under LALR, and the same grammar under Earley,
as a ratio taken in one run (issue 3 aim: 2,000+ abilities/s on one core).

Run: python bench/bench_parse.py [CARD_FILE] [--game bss] [--earley-sample N]
Default file: ../shared/corpus/bss-cards.json if present, else the shipped cards/*.yaml.
Each ability line is parsed with the raw Lark parser (the grammar alone) and, separately, through
the full pipeline (`parse_text`: split, parse, transform, localise failures). Earley is slow, so it
runs on a sample of the same lines, and the ratio compares lines per second on the same sample.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path


def _lines(path: Path, game: str) -> list[str]:
    from judge.cards.importers import read_cards
    from judge.text.parse import line_spans

    lines = []
    for card in read_cards(path, game):
        lines.extend(card.text[a:b] for a, b in line_spans(card.text))
    return lines


def _rate(parser, lines: list[str], repeat: int = 1) -> tuple[float, int]:
    ok = 0
    t = time.process_time()
    for _ in range(repeat):
        for line in lines:
            try:
                parser.parse(line, start="line")
                ok += 1
            except Exception:
                pass
    return len(lines) * repeat / max(time.process_time() - t, 1e-9), ok // repeat


def main() -> None:
    from judge.paths import cards_dir
    from judge.text.grammar import load_parser
    from judge.text.parse import parse_text

    ap = argparse.ArgumentParser()
    corpus = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "bss-cards.json"
    ap.add_argument("file", nargs="?", default=str(corpus) if corpus.is_file() else None)
    ap.add_argument("--game", default="bss")
    ap.add_argument("--earley-sample", type=int, default=150)
    args = ap.parse_args()
    files = [Path(args.file)] if args.file else sorted(cards_dir().glob("*.yaml"))
    lines = [line for f in files for line in _lines(f, args.game)]

    t = time.perf_counter()
    lalr = load_parser(args.game, "lalr")
    build_lalr = time.perf_counter() - t
    t = time.perf_counter()
    earley = load_parser(args.game, "earley")
    build_earley = time.perf_counter() - t

    lalr_rate, lalr_ok = _rate(lalr, lines, repeat=3)
    t = time.process_time()
    for line in lines:
        parse_text(line, args.game)
    pipeline_rate = len(lines) / max(time.process_time() - t, 1e-9)

    sample = lines[:: max(1, len(lines) // args.earley_sample)][: args.earley_sample]
    lalr_sample, _ = _rate(lalr, sample, repeat=3)
    earley_sample, earley_ok = _rate(earley, sample)

    print(f"abilities (lines): {len(lines)} from {', '.join(f.name for f in files)}; LALR parses {lalr_ok}")
    print(f"grammar build: LALR {build_lalr * 1000:.0f} ms, Earley {build_earley * 1000:.0f} ms")
    print(f"LALR parser:          {lalr_rate:,.0f} abilities/s (CPU time, one core)")
    print(f"full parse_text:      {pipeline_rate:,.0f} abilities/s (split, parse, transform, localise)")
    print(f"Earley on {len(sample)} lines: {earley_sample:,.0f} abilities/s ({earley_ok} parsed); "
          f"LALR on the same: {lalr_sample:,.0f}/s")
    print(f"ratio LALR / Earley:  {lalr_sample / max(earley_sample, 1e-9):.1f}x")
    print(f"aim 2,000+ abilities/s: {'met' if pipeline_rate >= 2000 else 'NOT met'} (full pipeline)")


if __name__ == "__main__":
    main()
