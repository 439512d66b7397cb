"""The door of `judge serve`: how much work one address may have in flight, and room kept for the
canned queries whatever else is asked (an ASGI wrapper, registered through Datasette's
`asgi_wrapper` hook).

Datasette runs every query on a small pool of SQL threads. Without a door, eight slow requests
from one bot fill the pool and a judge's `rule` lookup waits behind them. So:

- each address has at most `per_address` canned queries and `other_slots` other requests running;
  up to `queue` more wait their turn (queued, never refused: eight at once from one laptop all
  get answered), and beyond that the address is told to slow down (HTTP 429, in words); an
  address's own slow requests never hold up its canned queries;
- anything that is not a canned query (table pages, arbitrary SQL when it is allowed, the HTML
  pages) shares `other_slots` running places, fewer than the SQL threads, so the canned queries
  always find a free thread;
- a request that waited longer than `wait` seconds for its turn is answered 503, in words.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Limits:
    """The door's numbers (see the module docstring)."""

    per_address: int = 4
    queue: int = 32
    other_slots: int = 1
    wait: float = 20.0


@dataclass
class _Address:
    running: asyncio.Semaphore
    waiting: int = 0


@dataclass
class Gate:
    """ASGI middleware in front of the Datasette app."""

    app: Any
    canned: frozenset[str]
    limits: Limits = field(default_factory=Limits)

    def __post_init__(self) -> None:
        self._addresses: dict[tuple[str, bool], _Address] = {}
        self._other = asyncio.Semaphore(self.limits.other_slots)

    def is_canned(self, path: str) -> bool:
        """`/<db>/<query>` or `/<db>/<query>.json` naming one of the canned queries."""
        parts = [p for p in path.split("/") if p]
        if len(parts) != 2:
            return False
        name = parts[1].rsplit(".", 1)[0] if parts[1].endswith((".json", ".csv")) else parts[1]
        return name in self.canned

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope.get("type") != "http":
            await self.app(scope, receive, send)
            return
        who = (scope.get("client") or ("?", 0))[0]
        canned = self.is_canned(scope.get("path", ""))
        key = (who, canned)
        address = self._addresses.get(key)
        if address is None:
            size = self.limits.per_address if canned else self.limits.other_slots
            address = self._addresses[key] = _Address(asyncio.Semaphore(size))
        if address.waiting >= self.limits.queue + self.limits.per_address:
            await _refuse(send, 429, f"too many requests from {who} at once (at most "
                                     f"{self.limits.per_address} run and {self.limits.queue} wait); "
                                     "wait for some answers before asking more")
            return
        address.waiting += 1
        try:
            slots = [address.running] if canned else [address.running, self._other]
            taken = []
            try:
                for s in slots:
                    await asyncio.wait_for(s.acquire(), self.limits.wait)
                    taken.append(s)
            except TimeoutError:
                await _refuse(send, 503, f"the server is busy: this request waited {self.limits.wait:.0f} s "
                                         "for its turn; try again")
                return
            finally:
                if len(taken) != len(slots):
                    for s in taken:
                        s.release()
            try:
                await self.app(scope, receive, send)
            finally:
                for s in taken:
                    s.release()
        finally:
            address.waiting -= 1
            if address.waiting == 0:
                self._addresses.pop(key, None)


async def _refuse(send: Any, status: int, message: str) -> None:
    body = json.dumps({"ok": False, "error": message, "status": status}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json; charset=utf-8"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


__all__ = ["Gate", "Limits"]
