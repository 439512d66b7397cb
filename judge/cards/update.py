"""`judge cards update fftcg`: the whole FFTCG card pool from the official card browser.

The browser's page asks its own endpoint for cards (`POST …/en/get-cards` with a JSON body such
as `{"text": "", "set": ["Opus I"]}`, answering `{"count": N, "cards": [...]}` in its raw record
shape: `Code`, `Name_EN`, `Text_EN`, …). The update asks the same endpoint with httpx, under a
timeout and a retry policy, checks the answer whole (count, every record field by field), and only
then stores it as one import, in one transaction: a failure or a kill at any point leaves the
database as it was. The answer is the publisher's current text, errata included, so its cards
outrank any community file (`judge.cards.db.RANK`), and a new update replaces the previous one.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from judge.cards.fetch import (  # noqa: F401  (the HTTP side, re-exported for the update's callers)
    ENDPOINT,
    MAX_ANSWER,
    SOURCE_NAME,
    FetchError,
    Policy,
    _client,
    _records,
    _transient,
    _why,
    fetch_cards,
    fetch_text,
    request,
)
from judge.errors import CardFileError


def update_fftcg(url: str = ENDPOINT, sets: Sequence[str] = (), db_path: Path | None = None,
                 policy: Policy = Policy(),
                 fetched: Callable[[int, int | None], None] | None = None,
                 converted: Callable[[int, int | None], None] | None = None) -> Any:
    """Fetch, validate every record, then store the pool as one import replacing the last update."""
    from judge.cards.db import RANK, ImportResult, _db_path, _row, store_import
    from judge.cards.importers import cards_from_data

    records = fetch_cards(url, sets, policy, fetched)
    if not records:
        raise FetchError(f"{url}: the card browser answered with no cards; nothing was changed")
    cards = cards_from_data(records, SOURCE_NAME, "fftcg", "fftcg-official", converted)
    numbers = [c.number for c in cards]
    if len(set(numbers)) != len(numbers):
        dup = next(n for n in numbers if numbers.count(n) > 1)
        raise CardFileError(f"card-browser answer: card {dup} is served twice; nothing was changed")
    now = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
    meta = {"name": SOURCE_NAME, "game": "fftcg", "format": "fftcg-official", "source": url,
            "fetched": now, "records": len(cards), "origin": "official", "sets": list(sets)}
    payload = json.dumps({"count": len(records), "cards": records}, ensure_ascii=False)

    def official(entry: dict) -> bool:
        m = json.loads(entry.get("meta") or "{}")
        return entry["kind"] == "cards" and m.get("origin") == "official" and entry["game"] == "fftcg"

    from judge import store

    seq = store_import(_db_path(db_path), "cards", meta, payload,
                       lambda conn, seq: store.put_cards(conn, [_row(c, RANK["official"], seq) for c in cards]),
                       supersedes=official)
    return ImportResult(cards, "fftcg-official", url, seq, now)


__all__ = ["ENDPOINT", "FetchError", "Policy", "fetch_cards", "fetch_text", "request", "update_fftcg"]
