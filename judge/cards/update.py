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
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from judge.errors import CardFileError, JudgeError
from judge.limits import load_json

ENDPOINT = "https://fftcg.square-enix-games.com/en/get-cards"
SOURCE_NAME = "fftcg card browser"
#: the most an answer may be (the whole pool is a few MB)
MAX_ANSWER = 128 * 1024 * 1024


class FetchError(JudgeError):
    """The card source could not be reached or gave no usable answer (nothing was changed)."""

    title = "The card source did not answer"


@dataclass(frozen=True)
class Policy:
    """How long to wait and how often to try again: transient failures (timeouts, dropped
    connections, 429 and 5xx answers) are retried with exponential backoff; anything else fails at once."""

    timeout: float = 30.0
    connect_timeout: float = 10.0
    attempts: int = 4
    backoff: float = 1.0
    max_backoff: float = 20.0


def _client(policy: Policy) -> Any:
    import httpx

    return httpx.Client(timeout=httpx.Timeout(policy.timeout, connect=policy.connect_timeout),
                        headers={"User-Agent": "judge (rules-judge assistant)", "Accept": "application/json"},
                        follow_redirects=True)


def _transient(exc: BaseException) -> bool:
    import httpx

    if isinstance(exc, httpx.HTTPStatusError):
        return exc.response.status_code == 429 or exc.response.status_code >= 500
    return isinstance(exc, httpx.TransportError)


def request(method: str, url: str, body: Any = None, *, policy: Policy = Policy(),
            progress: Callable[[int, int | None], None] | None = None) -> bytes:
    """The body of one answer, retried under `policy`; FetchError naming the URL and why."""
    import httpx

    last: BaseException | None = None
    for attempt in range(policy.attempts):
        if attempt:
            time.sleep(min(policy.max_backoff, policy.backoff * 2 ** (attempt - 1)))
        try:
            with _client(policy) as client, client.stream(method, url, json=body) as answer:
                answer.raise_for_status()
                size = answer.headers.get("content-length")
                total = int(size) if size and size.isdigit() else None
                chunks, got = [], 0
                for chunk in answer.iter_bytes():
                    got += len(chunk)
                    if got > MAX_ANSWER:
                        raise FetchError(f"{url}: the answer is larger than {MAX_ANSWER // 2**20} MB")
                    chunks.append(chunk)
                    if progress is not None:
                        progress(got, total)
                return b"".join(chunks)
        except httpx.HTTPError as exc:
            last = exc
            if not _transient(exc):
                break
        except ValueError as exc:       # a malformed URL
            raise FetchError(f"{url}: {exc}") from None
    raise FetchError(f"{url}: {_why(last)} (tried {policy.attempts if last and _transient(last) else 1} "
                     "time(s)); nothing was changed")


def _why(exc: BaseException | None) -> str:
    import httpx

    if isinstance(exc, httpx.HTTPStatusError):
        return f"answered {exc.response.status_code} {exc.response.reason_phrase}"
    if isinstance(exc, httpx.TimeoutException):
        return "timed out"
    if isinstance(exc, httpx.RemoteProtocolError):
        return f"the connection broke off mid-answer ({exc})"
    return f"{type(exc).__name__}: {exc}" if exc else "no answer"


def fetch_text(url: str, policy: Policy = Policy()) -> str:
    """A card file served over HTTP(S) (`judge cards import URL`)."""
    data = request("GET", url, policy=policy)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise FetchError(f"{url}: the answer is not UTF-8 text") from None


def _records(data: bytes, url: str, what: str) -> list[dict]:
    try:
        answer = load_json(data.decode("utf-8"), url)    # nesting and digits bounded (judge.limits)
    except ValueError:
        raise FetchError(f"{url}: the answer for {what} is not JSON") from None
    if not isinstance(answer, dict) or not isinstance(answer.get("cards"), list):
        raise FetchError(f"{url}: the answer for {what} has no list of cards")
    cards, count = answer["cards"], answer.get("count")
    if count is not None and (not isinstance(count, int) or isinstance(count, bool) or count != len(cards)):
        raise FetchError(f"{url}: the answer for {what} announces {count!r} cards but holds {len(cards)}")
    return cards


def fetch_cards(url: str = ENDPOINT, sets: Sequence[str] = (), policy: Policy = Policy(),
                progress: Callable[[int, int | None], None] | None = None) -> list[dict]:
    """Every raw record the endpoint serves: the whole pool in one answer, or set by set."""
    if not sets:
        return _records(request("POST", url, {"text": "", "language": "en"}, policy=policy, progress=progress),
                        url, "every set")
    out: list[dict] = []
    for i, name in enumerate(sets, 1):
        out += _records(request("POST", url, {"text": "", "language": "en", "set": [name]}, policy=policy),
                        url, f"set {name!r}")
        if progress is not None:
            progress(i, len(sets))
    return out


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
