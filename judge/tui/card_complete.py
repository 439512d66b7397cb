"""Completion of card numbers and names as a judge types (the Board screen's card slots).

What was typed is matched against every card of the game in the database: a number by its
beginning (`BSS01-0` → BSS01-001 …), a name by its words' beginnings, then fuzzily (rapidfuzz),
so a misspelt name still finds its card. The list of (number, name) is read once per game and
kept; a card import while the app runs is seen after `forget()`. Runs on the library thread.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Match:
    """One card offered for what was typed."""

    number: str
    name: str
    type: str = ""
    colors: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        about = ", ".join(x for x in (self.type, "/".join(self.colors)) if x)
        return f"{self.number}  {self.name}" + (f"  ({about})" if about else "")


_NAMES: dict[tuple[str, str | None], list[tuple[str, str]]] = {}


def forget() -> None:
    """Read the card list afresh next time (after an import)."""
    _NAMES.clear()


def _names(game: str, db_path: Path | None) -> list[tuple[str, str]]:
    key = (game, str(db_path) if db_path else None)
    if key not in _NAMES:
        from judge import store
        from judge.cards.db import ensure_cards

        conn = store.connect(ensure_cards(db_path))
        try:
            _NAMES[key] = [(str(r["number"]), str(r["name"])) for r in store.card_names(conn, game)]
        finally:
            conn.close()
    return _NAMES[key]


def _ranked(text: str, cards: list[tuple[str, str]], limit: int) -> list[tuple[str, str]]:
    q = " ".join(text.split()).casefold()
    by_number = [c for c in cards if c[0].casefold().startswith(q)]
    words = q.split()
    by_words = [c for c in cards if c not in by_number
                and all(any(w.startswith(x) for w in c[1].casefold().replace(",", " ").split()) for x in words)]
    out = by_number + sorted(by_words, key=lambda c: (not c[1].casefold().startswith(q), len(c[1]), c[0]))
    if len(out) < limit and len(q) >= 3:
        from rapidfuzz import fuzz, process, utils

        seen = set(out)
        choices = {i: name for i, (_n, name) in enumerate(cards)}
        for _name, score, i in process.extract(q, choices, scorer=fuzz.WRatio, processor=utils.default_process,
                                               limit=limit * 2):
            if score >= 70 and cards[i] not in seen:
                out.append(cards[i])
                seen.add(cards[i])
    return out[:limit]


def complete(text: str, game: str | Sequence[str], limit: int = 8, db_path: Path | None = None) -> list[Match]:
    """The cards of a game (or of a board's printings, in order) that what was typed may mean, best
    first (empty for ad-hoc YAML)."""
    import json

    from judge import store
    from judge.cards.db import ensure_cards

    text = text.strip()
    if not text or text.startswith("{"):
        return []
    owner: dict[tuple[str, str], str] = {}
    for g in (game,) if isinstance(game, str) else game:
        for c in _names(g, db_path):
            owner.setdefault(c, g)
    picked = _ranked(text, list(owner), limit)
    conn = store.connect(ensure_cards(db_path))
    try:
        out = []
        for number, name in picked:
            rows: Any = store.card_rows(conn, number, owner[(number, name)])
            data = json.loads(rows[0]["data"]) if rows else {}
            out.append(Match(number, name, str(data.get("type") or ""), tuple(data.get("colors") or ())))
        return out
    finally:
        conn.close()


__all__ = ["Match", "complete", "forget"]
