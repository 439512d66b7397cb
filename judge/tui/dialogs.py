"""Small modal dialogs shared by the screens: ask for a line of text, or pick one of a list; and
what every dialog shares (Escape or Cancel closes it with None; a form ends with Set / Cancel)."""

from __future__ import annotations

from typing import ClassVar, TypeVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, OptionList
from textual.widgets.option_list import Option

R = TypeVar("R")

DIALOG_CSS = """
{name} {{ align: center middle; }}
{name} > Vertical {{
    width: 70; max-width: 95%; height: auto; max-height: 90%;
    border: thick $primary; background: $surface; padding: 0 1;
}}
{name} > Vertical > Label {{ width: 100%; }}
{name} OptionList {{ height: auto; max-height: 18; }}
"""


class Dialog(ModalScreen[R]):
    """A modal dialog that Escape, or its Cancel button (`#cancel`), closes with None."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


def set_or_cancel() -> Horizontal:
    """The row a form dialog ends with: Set (`#set`, the dialog's own handler) and Cancel."""
    return Horizontal(Button("Set", variant="primary", id="set"), Button("Cancel", id="cancel"))


class PromptDialog(Dialog[str | None]):
    """One line of input: Enter returns it, Escape returns None."""

    DEFAULT_CSS = DIALOG_CSS.format(name="PromptDialog")
    AUTO_FOCUS = "#prompt"

    def __init__(self, title: str, placeholder: str = "", value: str = "", *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.title_text = title
        self.placeholder = placeholder
        self.value = value

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(Text(self.title_text))
            yield Input(value=self.value, placeholder=self.placeholder, id="prompt")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        value = event.value.strip()
        self.dismiss(value or None)


class PickDialog(Dialog[str | None]):
    """Pick one of a list of (id, label) choices; Escape cancels."""

    DEFAULT_CSS = DIALOG_CSS.format(name="PickDialog")

    def __init__(self, title: str, choices: list[tuple[str, str]], current: str | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.choices = choices
        self.current = current

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(Text(self.title_text))          # card and action words may hold [brackets]
            yield OptionList(*[Option(Text(label), id=key) for key, label in self.choices], id="choices")

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        for index, (key, _label) in enumerate(self.choices):
            if key == self.current:
                options.highlighted = index

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)
