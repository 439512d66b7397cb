"""Dialogs of the Board screen: add a card to the field, edit the board (or an action) as YAML."""

from __future__ import annotations

from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, Select, TextArea

from judge.tui.dialogs import DIALOG_CSS

ADHOC_EXAMPLE = ("{name: Sample Guard, type: spirit, colors: [blue], cost: 3, reduction: [blue], "
                 "symbols: [blue], levels: {1: {cores: 1, bp: 4000}}, text: ''}")


class AddCardDialog(ModalScreen[dict[str, Any] | None]):
    """Player, a card (number or name from the database, or an ad-hoc YAML card), cores, exhausted."""

    DEFAULT_CSS = DIALOG_CSS.format(name="AddCardDialog") + """
    AddCardDialog Horizontal { height: auto; }
    AddCardDialog Input#cores { width: 10; }
    AddCardDialog Select { width: 16; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]
    AUTO_FOCUS = "#card"

    def __init__(self, player: str = "A") -> None:
        super().__init__()
        self.player = player

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Add a card to the field")
            with Horizontal():
                yield Select([("Player A", "A"), ("Player B", "B")], value=self.player, allow_blank=False,
                             id="player")
                yield Input("1", placeholder="cores", id="cores", type="integer")
                yield Checkbox("exhausted", id="exhausted")
            yield Label("Card number or name from the database, or an ad-hoc card as YAML:")
            yield Input(placeholder=f"BSS01-002   or   {ADHOC_EXAMPLE}", id="card")
            with Horizontal():
                yield Button("Add", variant="primary", id="add")
                yield Button("Cancel", id="cancel")

    @on(Input.Submitted)
    @on(Button.Pressed, "#add")
    def submit(self, event: Any) -> None:
        event.stop()
        card = self.query_one("#card", Input).value.strip()
        if not card:
            self.notify("Name a card (number or name), or write one as YAML", severity="warning")
            return
        cores_text = self.query_one("#cores", Input).value.strip() or "0"
        self.dismiss({
            "player": self.query_one("#player", Select).value,
            "card": card,
            "cores": int(cores_text) if cores_text.lstrip("-").isdigit() else 0,
            "state": "exhausted" if self.query_one("#exhausted", Checkbox).value else "refreshed",
        })

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


class YamlDialog(ModalScreen[str | None]):
    """Edit YAML text (the whole board, or one action); ctrl+s applies, Escape cancels."""

    DEFAULT_CSS = """
    YamlDialog { align: center middle; }
    YamlDialog > Vertical { width: 95%; height: 90%; border: thick $primary; background: $surface; }
    YamlDialog TextArea { height: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "apply", "Apply", priority=True),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.title_text = title
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"{self.title_text}   (ctrl+s applies · Esc cancels)")
            yield TextArea(self.text, language="yaml" if _has_yaml_highlighting() else None, id="yaml")

    def on_mount(self) -> None:
        self.query_one(TextArea).focus()

    def action_apply(self) -> None:
        self.dismiss(self.query_one(TextArea).text)

    def action_cancel(self) -> None:
        self.dismiss(None)


def _has_yaml_highlighting() -> bool:
    try:
        import tree_sitter_yaml  # noqa: F401
    except ImportError:
        return False
    return True
