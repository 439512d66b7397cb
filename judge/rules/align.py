"""Give the unnumbered BSSDB text (an older Saga release) the numbers of the numbered 1.7.0 clauses.

BSSDB prints only some section headings (`1-2.` then a title line); every other line is one clause
without its number. We align its paragraphs to the numbered clauses in order (a monotone alignment,
like a diff) scored by text similarity, with printed headings as fixed anchors. Each aligned clause
carries its similarity as `confidence`; lines that match nothing are reported, not guessed.
"""

from __future__ import annotations

import re

from rapidfuzz import fuzz

from judge.rules.ingest import Parsed, Raw
from judge.rules.numbers import join, parts

_HEAD = re.compile(r"^(\d+(?:-\d+)*)\.$")
_QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "【": "[", "】": "]"})
THRESHOLD = 0.55      # similarity below this is not a match
LOW = 0.85            # an aligned clause below this is reported for a human to check


def _norm(s: str) -> str:
    return re.sub(r"\s+", " ", s.translate(_QUOTES).replace("**", "")).strip().lower()


def _items(text: str) -> list[tuple[int, str, str]]:
    """(line, heading number or "", text) for each non-empty line; a heading takes its title line."""
    lines = text.splitlines()
    out: list[tuple[int, str, str]] = []
    i = 0
    while i < len(lines):
        s = lines[i].strip()
        m = _HEAD.match(s)
        if m:
            title = lines[i + 1].strip() if i + 1 < len(lines) and not _HEAD.match(lines[i + 1].strip()) else ""
            out.append((i + 1, m.group(1), title))
            i += 2 if title else 1
            continue
        if s:
            out.append((i + 1, "", s))
        i += 1
    return out


def align(text: str, target: list[Raw], numbering: str = "dash") -> Parsed:
    """Number the paragraphs of `text` by aligning them to `target` (the newer numbered clauses)."""
    items = _items(text)
    tnorm = [_norm(c.text) for c in target]
    inorm = [_norm(t) for _, _, t in items]
    # A plain matrix of rapidfuzz ratios: rapidfuzz's cdist would need numpy, which we do not ship.
    ratio = fuzz.ratio
    sim = [[ratio(x, y) / 100.0 for y in tnorm] for x in inorm]
    for a, (_, head, _) in enumerate(items):
        if head:
            for b, c in enumerate(target):
                sim[a][b] = 1.0 if c.number == head and c.id == c.number else min(sim[a][b], 0.0)
    n, m = len(items), len(target)
    # best[a][b]: best total over items[:a], target[:b]; classic order-preserving alignment
    best = [[0.0] * (m + 1) for _ in range(n + 1)]
    move = [[0] * (m + 1) for _ in range(n + 1)]
    for a in range(1, n + 1):
        row, prow, srow, mrow = best[a], best[a - 1], sim[a - 1], move[a]
        for b in range(1, m + 1):
            v, mv = prow[b], 1                      # skip item
            if row[b - 1] > v:
                v, mv = row[b - 1], 2               # skip target
            s = srow[b - 1]
            if s >= THRESHOLD and prow[b - 1] + s - THRESHOLD > v:
                v, mv = prow[b - 1] + s - THRESHOLD, 3
            row[b], mrow[b] = v, mv
    pairs: dict[int, int] = {}
    a, b = n, m
    while a and b:
        mv = move[a][b]
        if mv == 3:
            pairs[a - 1] = b - 1
            a, b = a - 1, b - 1
        elif mv == 1:
            a -= 1
        else:
            b -= 1
    return _build(items, target, pairs, sim, numbering)


def _build(items, target, pairs, sim, numbering) -> Parsed:
    out = Parsed()
    seen: dict[str, int] = {}
    last: Raw | None = None
    first_match = min(pairs) if pairs else len(items)
    for idx, (line, _head, text) in enumerate(items):
        if idx in pairs:
            t = target[pairs[idx]]
            conf = round(float(sim[idx][pairs[idx]]), 3)
            k = seen.get(t.number, 0) + 1
            seen[t.number] = k
            last = Raw(number=t.number, id=t.number if k == 1 else f"{t.number}#{k}",
                       text=text, line=line, confidence=conf, heading=bool(t.title))
            if t.title:
                last.title = text
            out.clauses.append(last)
            if conf < LOW:
                out.anomalies.append({"kind": "alignment", "number": last.id, "line": line, "likely": "",
                                      "message": f"aligned to {t.number} with similarity {conf:.2f}: "
                                                 f"{text[:60]}"})
            continue
        if last is not None and fuzz.partial_ratio(_norm(text), _norm(target[pairs[idx - 1]].text)
                                                   if idx - 1 in pairs else "") >= 90:
            last.text += "\n" + text        # a second paragraph of the same clause
            continue
        where = "before the first clause" if idx < first_match else "matches no 1.7.0 clause"
        out.anomalies.append({"kind": "unattached", "number": "", "line": line, "likely": "",
                              "message": f"line {where}: {text[:70]}"})
    _tree(out.clauses, numbering)
    return out


def _tree(clauses: list[Raw], numbering: str) -> None:
    by_number: dict[str, Raw] = {}
    for c in clauses:
        anc = parts(c.number)[:-1]
        while anc and join(anc, numbering) not in by_number:
            anc = anc[:-1]
        if anc:
            parent = by_number[join(anc, numbering)]
            c.parent = parent.id
            parent.children.append(c.id)
        by_number.setdefault(c.number, c)
