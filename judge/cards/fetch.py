"""Card data over HTTP(S), with httpx: a timeout and a retry policy, an answer bounded in size and
checked whole (`fetch_text` for `judge cards import URL`, `fetch_cards` for the FFTCG card
browser's raw records). No database work: below the card database (judge.cards.db) and the update
(judge.cards.update), which both fetch through it, so neither imports the other for it."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from judge.errors import JudgeError
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


__all__ = ["ENDPOINT", "MAX_ANSWER", "SOURCE_NAME", "FetchError", "Policy", "fetch_cards", "fetch_text", "request"]
