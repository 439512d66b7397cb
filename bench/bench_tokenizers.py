"""The Japanese tokenizers the search could use, compared on this project's own work.

Run: python bench/bench_tokenizers.py
     (the project installs SudachiPy only; to compare the others, install them into a scratch
     environment first: pip install fugashi unidic-lite janome — missing ones are skipped)

For each tokenizer: installed size of its packages, time to load it, raw speed over the Japanese
rules document, and search quality — the same index, ranking and questions, only the word
splitter swapped — as recall@1/@5 on the Japanese questions of the tuning split.
"""

from __future__ import annotations

import sys
import tempfile
import time
import unicodedata
from collections.abc import Callable, Iterator
from importlib import metadata
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

Words = Callable[[str], Iterator[tuple[str, str, str]]]    # text -> (surface, normal form, word class)


def _sudachi(mode: str) -> Words:
    from sudachipy import Dictionary, SplitMode

    tk = Dictionary(dict="small").tokenizer(mode=getattr(SplitMode, mode))
    return lambda t: ((m.surface(), m.normalized_form(), m.part_of_speech()[0]) for m in tk.tokenize(t))


def _fugashi() -> Words:
    import fugashi

    tag = fugashi.Tagger()
    return lambda t: ((w.surface, (w.feature.lemma or w.surface).split("-")[0], w.feature.pos1) for w in tag(t))


def _janome() -> Words:
    from janome.tokenizer import Tokenizer

    tk = Tokenizer()
    return lambda t: ((x.surface, x.base_form if x.base_form != "*" else x.surface,
                       x.part_of_speech.split(",")[0]) for x in tk.tokenize(t))


CANDIDATES = [("SudachiPy + small dict, mode A (chosen)", ("sudachipy", "sudachidict-small"), lambda: _sudachi("A")),
              ("SudachiPy + small dict, mode C", ("sudachipy", "sudachidict-small"), lambda: _sudachi("C")),
              ("fugashi + unidic-lite", ("fugashi", "unidic-lite"), _fugashi),
              ("janome", ("janome",), _janome)]


def _size(dists: tuple[str, ...]) -> float:
    """Installed megabytes of these distributions (their recorded files)."""
    total = 0
    for d in dists:
        for f in metadata.distribution(d).files or []:
            p = Path(f.locate())
            if p.is_file():
                total += p.stat().st_size
    return total / 1e6


def _as_tokens(words: Words):
    """A `search_text.japanese` built on another word splitter (same filtering as the real one)."""
    from judge.rules import search_text as T

    def japanese(text: str) -> list:
        out, pos = [], 0
        for surf, norm, cls in words(text or ""):
            a = text.find(surf, pos)
            a = pos if a < 0 else a
            b = pos = a + len(surf)
            if surf in T._SYMBOLS:
                out.append(T.Token(surf, a, b))
            elif not surf.strip() or cls in T._JA_SKIP:
                continue
            elif not T._CJK.search(surf):
                out += [T.Token(t.term, a + t.start, a + t.end) for t in T.english(surf)]
            else:
                out.append(T.Token(unicodedata.normalize("NFKC", norm).lower(), a, b))
        return out

    return japanese


def main() -> None:
    from bench_search import load_questions, rank

    from judge.paths import rules_dir
    from judge.rules import search_text as T
    from judge.rules.kb import KB, ensure_built

    text = (rules_dir() / "002_62af07856a6f7e58.txt").read_text(encoding="utf-8")
    lines = [x for x in text.split("\n") if x.strip()]
    questions = [q for q in load_questions(("tune",)) if q.lang == "ja"]
    real = T.japanese
    print(f"{'tokenizer':<40} {'installed':>9} {'load':>7} {'chars/s':>9} {'recall@1':>9} {'recall@5':>9}")
    for name, dists, make in CANDIDATES:
        try:
            size = _size(dists)
            t = time.perf_counter()
            words = make()
            list(words("テスト"))
            load = time.perf_counter() - t
        except (ImportError, metadata.PackageNotFoundError, RuntimeError) as exc:
            print(f"{name:<40} skipped: {exc}")
            continue
        t = time.perf_counter()
        for line in lines:
            list(words(line))
        speed = len(text) / (time.perf_counter() - t)
        T.japanese = _as_tokens(words)
        try:
            db = Path(tempfile.mkdtemp(prefix="judge-bench-tok-")) / "judge.db"
            ensure_built(db, rules_dir(), force=True)
            ranks = [rank(KB(db), q) for q in questions]
        finally:
            T.japanese = real
        r1 = sum(r == 1 for r in ranks) / len(ranks)
        r5 = sum(1 for r in ranks if r and r <= 5) / len(ranks)
        print(f"{name:<40} {size:>7.0f}MB {load * 1000:>5.0f}ms {speed / 1000:>8.0f}k {r1:>9.1%} {r5:>9.1%}")


if __name__ == "__main__":
    main()
