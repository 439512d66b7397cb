"""The command palette (ctrl+p) lists every action of every screen, not only the current one.

Built from the same bindings the footer and the help screen show, so the three never disagree.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from textual.command import DiscoveryHit, Hit, Hits, Provider


class JudgeCommands(Provider):
    """One command per key binding: '<Screen>: <description>'."""

    def _commands(self) -> list[tuple[str, str, Callable[[], Any]]]:
        app: Any = self.app
        found: list[tuple[str, str, Callable[[], Any]]] = []
        for binding in app.app_bindings():
            if binding.action in ("quit", "request_quit"):
                continue
            found.append((binding.description, binding.tooltip or binding.description,
                          partial(app.run_action, binding.action)))
        seen: set[str] = set()
        for mode, bindings in app.screen_bindings().items():
            for binding in bindings:
                title = f"{mode.capitalize()}: {binding.description}"
                if not binding.description or title in seen:   # one binding, several keys ("+", "=")
                    continue
                seen.add(title)
                found.append((title, binding.tooltip or binding.description,
                              partial(app.run_screen_action, mode, binding.action)))
        return found

    async def discover(self) -> Hits:
        for title, help_text, callback in self._commands():
            yield DiscoveryHit(title, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, help_text, callback in self._commands():
            score = matcher.match(f"{title} {help_text}")
            if score > 0:
                yield Hit(score, matcher.highlight(title), callback, help=help_text)
