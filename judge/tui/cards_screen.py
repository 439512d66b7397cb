"""Cards screen (under construction)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.screen import Screen
from textual.widgets import Footer, Header, Static


class CardsScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = []

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("Cards")
        yield Footer()
