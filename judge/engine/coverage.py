"""How much of a card file the grammar reads, and how much of what it reads is fully typed.

A card is fully parsed when no part of its text is left unparsed; an ability is one line of
text (the project's convention), fully parsed when that line yields an Ability and no unparsed
span. It is fully typed when it is fully parsed and no node of its AST keeps text to re-read
(`judge.text.typed`); a card is fully typed when all its abilities are. Nothing is imported: the
file is read, parsed and counted. `sets` / `exclude_sets` restrict the count to some sets (the
validation split of `bench/validation.toml` is measured this way, its failures left unread).

It lives with the engine because it reads all three layers below a shell: the card file (judge.cards),
the grammar (judge.text) and what the engine carries out (judge.engine.support); the card package
knows nothing of either.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Collection
from pathlib import Path


def coverage(path: Path | str, game: str, fmt: str | None = None, top: int = 15, *,
             sets: Collection[str] = (), exclude_sets: Collection[str] = ()) -> dict:
    """{cards, cards_fully_parsed, cards_fully_typed, cards_executed, abilities, abilities_fully_parsed,
    abilities_fully_typed, abilities_executed, abilities_unread, seconds, top_unparsed, top_untyped,
    top_unexecuted}. `abilities_unread`: the abilities read in part, carrying an `unread` node
    (judge.text.partial); they are never counted as parsed, typed or executed.

    Executed: fully typed and the game's rules engine carries out every node (its `unexecuted`
    hook, `judge.engine.support`); each count is a subset of the one before."""
    from judge.cards.importers import read_cards
    from judge.engine.support import unexecuted
    from judge.text.lexicon import Lexicon
    from judge.text.parse import line_spans, parse_text, transform_module, unparsed_pattern
    from judge.text.typed import unread_nodes, untyped_parts

    every = read_cards(path, game, fmt)
    # the closed word lists (families, names, keywords) come from the whole card file: the card
    # database the text is read against, whatever part of it is measured
    lexicon = Lexicon.from_cards(every)
    cards = [c for c in every if (not sets or c.set in sets) and c.set not in exclude_sets]
    module = transform_module(game)
    split = getattr(module, "split", None) or line_spans
    t0 = time.perf_counter()
    full = typed = executed = abilities = abilities_ok = abilities_typed = abilities_executed = 0
    abilities_unread = 0
    not_run: Counter[str] = Counter()
    patterns: Counter[str] = Counter()
    untyped: Counter[str] = Counter()
    examples: dict[str, str] = {}
    for card in cards:
        result = parse_text(card.text, game, name=card.name, lexicon=lexicon)
        spans = split(card.text)
        abilities += len(spans)
        bad_lines = {i for i, (a, b) in enumerate(spans)
                     for u in result.unparsed if a <= u.start < b or (u.start <= a < u.end)}
        loose_lines: set[int] = set()
        idle_lines: set[int] = set()
        for ability in result.abilities:
            abilities_unread += bool(unread_nodes(ability))   # read in part: its lines are bad lines already
            start = ability.span.start if ability.span is not None else -1
            # an ability outside every line (no span) is charged to the first line: never a free pass
            lines = {i for i, (a, b) in enumerate(spans) if a <= start < b} or {0}
            reasons = untyped_parts(ability, game)
            if reasons:
                untyped.update(set(reasons))
                loose_lines |= lines
            gaps = unexecuted(game, ability)
            if gaps:
                not_run.update(set(gaps))
                idle_lines |= lines
        abilities_ok += len(spans) - len(bad_lines)
        abilities_typed += len(spans) - len(bad_lines | loose_lines)
        abilities_executed += len(spans) - len(bad_lines | loose_lines | idle_lines)
        if not result.unparsed:
            full += 1
            if not loose_lines:
                typed += 1
                if not idle_lines:
                    executed += 1
        for u in result.unparsed:
            p = unparsed_pattern(u)
            patterns[p] += 1
            examples.setdefault(p, f"{card.number}: {u.text}")
    seconds = time.perf_counter() - t0
    return {
        "cards": len(cards), "cards_fully_parsed": full, "cards_fully_typed": typed, "cards_executed": executed,
        "abilities": abilities, "abilities_fully_parsed": abilities_ok,
        "abilities_fully_typed": abilities_typed, "abilities_executed": abilities_executed,
        "abilities_unread": abilities_unread,
        "seconds": round(seconds, 3),
        "top_unparsed": [{"pattern": p, "count": n, "example": examples[p]} for p, n in patterns.most_common(top)],
        "top_untyped": [{"reason": r, "count": n} for r, n in untyped.most_common(top)],
        "top_unexecuted": [{"node": r, "count": n} for r, n in not_run.most_common(top)],
    }


__all__ = ["coverage"]
