"""`?`: every key of every screen on one page, so a judge never has to guess."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static


def keys_table(app: Any) -> Table:
    """A table of (key, what it does) grouped by where it works: one row per action, its keys
    together (a binding of "plus,equals_sign" shown as "+" once), from the bindings `app` lists."""
    table = Table(show_header=True, header_style="bold", expand=True, box=None, padding=(0, 1))
    table.add_column("Where", no_wrap=True)
    table.add_column("Key", no_wrap=True, style="bold")
    table.add_column("Action")
    rows: list[tuple[str, list[Binding]]] = [("Everywhere", app.app_bindings())]
    rows += [(mode.capitalize(), bindings) for mode, bindings in app.screen_bindings().items()]
    rows.append(("Everywhere", [Binding("ctrl+p", "command_palette", "Command palette: every action")]))
    for where, bindings in rows:
        grouped: dict[tuple[str, str], list[str]] = {}
        for binding in bindings:
            if not binding.description:
                continue
            text = binding.description
            if binding.tooltip and binding.tooltip != binding.description:
                text = f"{binding.description}: {binding.tooltip}"
            keys = grouped.setdefault((binding.action, text), [])
            key = binding.key_display or binding.key
            if key not in keys:
                keys.append(key)
        for (_action, text), keys in grouped.items():
            table.add_row(where, " ".join(keys), text)
            where = ""
    return table


class HelpScreen(ModalScreen[None]):
    """A modal list of all keys; Escape, q or ? closes it."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll {
        width: 90%; height: 90%; border: thick $primary; background: $surface; padding: 0 1;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark", "dismiss", "Close", show=True),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Static("[b]judge: keys[/b]  (Enter or click follows a link; Esc closes a dialog)")
            yield Static(keys_table(self.app), id="keys")
