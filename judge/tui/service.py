"""The TUI's one door to the library: every call runs on a single background thread.

Why one thread: SQLite connections belong to the thread that opened them, and the knowledge base
may need seconds to build on first use. Screens `await` these calls from async workers, so the
screen never freezes and every database call happens on the same thread as the connection.
No rules logic lives here: each method forwards to the library function of the same name.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

FAILED: Any = object()
"""What `JudgeApp.ask` returns when the call failed (the user has already been told why)."""


class Library:
    """Lazily opened knowledge base plus the card, grammar and engine entry points."""

    def __init__(self, db_path: Path | None = None) -> None:
        self.db_path = db_path
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="judge-library")
        self._kb: Any = None

    # -- plumbing -------------------------------------------------------------------------
    async def run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run `fn(*args, **kwargs)` on the library thread and await its result."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, functools.partial(fn, *args, **kwargs))

    def warm_up(self) -> None:
        """Open the knowledge base on the library thread now (while the UI is still importing)."""
        self._pool.submit(self._warm)

    def _warm(self) -> None:
        try:
            self.kb_sync()
        except Exception:  # reported when a screen asks for the KB, as a notification
            self._kb = None

    def close(self) -> None:
        """Let the library thread finish (called when the app exits)."""
        self._pool.shutdown(wait=False, cancel_futures=True)

    def kb_sync(self) -> Any:
        """The knowledge base (opened, and built if needed, on first use). Library thread only."""
        if self._kb is None:
            from judge.rules.kb import open_kb

            self._kb = open_kb(self.db_path)
        return self._kb

    async def kb(self, method: str, *args: Any, **kwargs: Any) -> Any:
        """Call `KB.<method>(*args, **kwargs)` on the library thread."""

        def call() -> Any:
            return getattr(self.kb_sync(), method)(*args, **kwargs)

        return await self.run(call)

    # -- cards and card text --------------------------------------------------------------
    async def search_cards(self, query: str, game: str | None, limit: int = 50) -> list[Any]:
        from judge.cards.db import search_cards

        return await self.run(search_cards, query, game=game, limit=limit)

    async def find_cards(self, query: str, game: str | None, limit: int = 50) -> Any:
        from judge.cards.db import find_cards

        return await self.run(find_cards, query, game=game, limit=limit)

    async def find_card(self, query: str, game: str | None) -> Any:
        from judge.cards.db import find_card

        return await self.run(find_card, query, game=game)

    async def load_card_file(self, path: Path, game: str, fmt: str | None = None, **kw: Any) -> Any:
        from judge.cards.db import load_card_file

        return await self.run(load_card_file, path, game, format=fmt, **kw)

    async def parse_text(self, text: str, game: str) -> Any:
        from judge.text.parse import parse_text

        return await self.run(parse_text, text, game)

    async def cites(self, node: Any, game: str) -> tuple[str, ...]:
        from judge.text.links import cites

        return await self.run(cites, node, game)
