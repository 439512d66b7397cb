"""How much of a card file the grammar reads: the measure issue 3 sets (≥90% of cards).

A card is fully parsed when no part of its text is left unparsed; an ability is one line of
text (the project's convention), fully parsed when that line yields an Ability and no unparsed
span. Nothing is imported: the file is read, parsed and counted.
"""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path


def coverage(path: Path | str, game: str, fmt: str | None = None, top: int = 15) -> dict:
    """{cards, cards_fully_parsed, abilities, abilities_fully_parsed, seconds, top_unparsed}."""
    from judge.cards.importers import read_cards
    from judge.text.parse import line_spans, parse_text, transform_module, unparsed_pattern

    cards = read_cards(path, game, fmt)
    transform_module(game)
    t0 = time.perf_counter()
    full = abilities = abilities_ok = 0
    patterns: Counter[str] = Counter()
    examples: dict[str, str] = {}
    for card in cards:
        result = parse_text(card.text, game, name=card.name)
        split = getattr(transform_module(game), "split", None) or line_spans
        spans = split(card.text)
        abilities += len(spans)
        bad_lines = {i for i, (a, b) in enumerate(spans)
                     for u in result.unparsed if a <= u.start < b or (u.start <= a < u.end)}
        abilities_ok += len(spans) - len(bad_lines)
        if not result.unparsed:
            full += 1
        for u in result.unparsed:
            p = unparsed_pattern(u)
            patterns[p] += 1
            examples.setdefault(p, f"{card.number}: {u.text}")
    seconds = time.perf_counter() - t0
    return {
        "cards": len(cards), "cards_fully_parsed": full, "abilities": abilities,
        "abilities_fully_parsed": abilities_ok, "seconds": round(seconds, 3),
        "top_unparsed": [{"pattern": p, "count": n, "example": examples[p]} for p, n in patterns.most_common(top)],
    }


__all__ = ["coverage"]
