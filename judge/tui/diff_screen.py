"""`d`: what changed between two versions of a game's rules (changed, added, removed, renumbered).

The comparison is the knowledge base's (`KB.diff`); this screen lays it out, one group per kind of
change, with the word-level change of each clause. Enter on a clause opens it in the Rules screen.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option


def _as_dict(value: Any) -> dict[str, Any]:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return value
    return {k: getattr(value, k) for k in dir(value) if not k.startswith("_")
            and not callable(getattr(value, k))}


def _groups(diff: Any) -> list[tuple[str, list[Any]]]:
    """The diff's lists of entries, by kind of change (whatever the KB names them)."""
    if isinstance(diff, list | tuple):
        by_kind: dict[str, list[Any]] = {}
        for entry in diff:
            data = _as_dict(entry)
            by_kind.setdefault(str(data.get("kind") or data.get("change") or data.get("status") or "changed"),
                               []).append(entry)
        return list(by_kind.items())
    return [(name, list(value)) for name, value in _as_dict(diff).items() if isinstance(value, list | tuple)]


def _entry_number(entry: Any) -> str:
    data = _as_dict(entry) if not isinstance(entry, str) else {"number": entry}
    for key in ("number", "to_number", "new_number", "from_number", "old_number"):
        if data.get(key):
            return str(data[key])
    return "?"


_MARKS = re.compile(r"\[-(.*?)-\]|\{\+(.*?)\+\}", re.S)


def word_marks(diff: str) -> Text:
    """A word diff marked `[-removed-]` / `{+added+}` as Text: removed struck red, added green."""
    out = Text()
    last = 0
    for match in _MARKS.finditer(diff):
        out.append(diff[last:match.start()])
        if match.group(1) is not None:
            out.append(match.group(1), style="strike red")
        else:
            out.append(match.group(2), style="bold green")
        last = match.end()
    out.append(diff[last:])
    return out


def entry_text(entry: Any) -> Text:
    """One change, readable: word-level marks if the KB gives them, else old → new text."""
    if isinstance(entry, str):
        return Text(entry)
    data = _as_dict(entry)
    out = Text()
    for key in ("from_number", "old_number"):
        if data.get(key) and data.get(key) != _entry_number(entry):
            out.append(f"renumbered from §{data[key]}\n", style="italic")
    words = data.get("diff") or data.get("words") or data.get("word_diff")
    if isinstance(words, str):
        out.append_text(word_marks(words))
    elif isinstance(words, list | tuple):
        for op in words:
            kind, text = (op if isinstance(op, list | tuple) else (_as_dict(op).get("op"), _as_dict(op).get("text")))
            style = {"+": "bold green", "insert": "bold green", "added": "bold green",
                     "-": "strike red", "delete": "strike red", "removed": "strike red"}.get(str(kind), "")
            out.append(f"{text} ", style=style)
    else:
        old = data.get("old_text") or data.get("from_text")
        new = data.get("new_text") or data.get("to_text") or data.get("text")
        if old:
            out.append(f"− {old}\n", style="red")
        if new:
            out.append(f"+ {new}", style="green")
    return out


class DiffScreen(ModalScreen[str | None]):
    """Changes between two versions; select a clause on the left to read its change on the right."""

    DEFAULT_CSS = """
    DiffScreen { align: center middle; }
    DiffScreen > Vertical { width: 98%; height: 95%; border: thick $primary; background: $surface; }
    DiffScreen #changes { width: 40%; min-width: 26; }
    DiffScreen #detail { padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "close", "Close")]

    def __init__(self, game: str, from_version: str, to_version: str) -> None:
        super().__init__()
        self.game, self.from_version, self.to_version = game, from_version, to_version
        self.entries: list[tuple[str, Any]] = []

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"{self.game}: changes from {self.from_version} to {self.to_version}"
                        "  (Enter opens the clause · Esc closes)",
                        id="title")
            with Horizontal():
                yield OptionList(id="changes")
                with VerticalScroll(id="detail"):
                    yield Static("Comparing…", id="change")

    def on_mount(self) -> None:
        self.load()

    @work(exclusive=True)
    async def load(self) -> None:
        from judge.tui.service import FAILED

        app: Any = self.app
        diff = await app.ask(app.library.kb("diff", self.game, self.from_version, self.to_version))
        if diff is FAILED:
            self.query_one("#change", Static).update("The comparison failed (see the notification).")
            return
        options: list[Option] = []
        summary: list[str] = []
        for kind, entries in _groups(diff):
            if not entries:
                continue
            summary.append(f"{len(entries)} {kind}")
            options.append(Option(Text(f"{kind} ({len(entries)})", style="bold"), disabled=True))
            for entry in entries:
                self.entries.append((kind, entry))
                options.append(Option(f"  §{_entry_number(entry)}", id=str(len(self.entries) - 1)))
        changes = self.query_one("#changes", OptionList)
        changes.set_options(options or [Option("No differences", disabled=True)])
        self.query_one("#change", Static).update(
            ", ".join(summary) + ". Select a clause to read its change." if summary else "No differences.")
        changes.focus()

    def action_close(self) -> None:
        self.dismiss(None)

    @on(OptionList.OptionSelected, "#changes")
    def open_change(self, event: OptionList.OptionSelected) -> None:
        """Enter: read the clause in the newer version (in the Rules screen)."""
        event.stop()
        if event.option.id is not None:
            _kind, entry = self.entries[int(event.option.id)]
            self.dismiss(_entry_number(entry))

    @on(OptionList.OptionHighlighted, "#changes")
    def show_change(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id is None:
            return
        kind, entry = self.entries[int(event.option.id)]
        head = Text(f"§{_entry_number(entry)} — {kind}\n\n", style="bold")
        self.query_one("#change", Static).update(head + entry_text(entry))
