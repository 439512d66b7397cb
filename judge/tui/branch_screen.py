"""Contested choices compared: each branch's outcome side by side, and where they differ.

The branches are the engine's (`run_scenario` resolves every `alternatives:` entry); the rows of
differences are `judge.engine.output.differences`. This screen only lays them out.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static


def branches_table(result: Any) -> Table:
    """One column per branch: its choice, its winner, its last steps with clauses."""
    table = Table(expand=True, show_lines=True)
    table.add_column("", style="dim", no_wrap=True)
    for branch in result.branches:
        table.add_column(branch.label)
    table.add_row("choice", *[Text(repr(b.choice)) for b in result.branches])
    table.add_row("winner", *[Text(str(b.winner or "none yet")) for b in result.branches])
    table.add_row("waiting for", *[Text(b.request.choice if b.request else "-") for b in result.branches])
    steps = []
    for branch in result.branches:
        lines = Text()
        for traced in branch.steps:
            if traced.action is not None and traced.action < branch.action:
                continue  # what happened before the contested action is the same in every branch
            lines.append(f"• {traced.step.text}")
            if traced.step.cites:
                lines.append(f" §{', §'.join(traced.step.cites)}", style="cyan")
            lines.append("\n")
        steps.append(lines)
    table.add_row("from the choice on", *steps)
    return table


def differences_table(result: Any) -> Table | Text:
    from judge.engine.output import differences

    rows = differences(result)
    if not rows:
        return Text("The branches end on the same board.", style="bold")
    table = Table(title="Where the outcomes differ", expand=True)
    table.add_column("board fact", style="bold")
    for branch in result.branches:
        table.add_column(branch.label)
    for row in rows:
        table.add_row(row["what"], *[str(v) for v in row["values"]])
    return table


class BranchScreen(ModalScreen[None]):
    """Side-by-side outcomes of a scenario's branches; Escape closes."""

    DEFAULT_CSS = """
    BranchScreen { align: center middle; }
    BranchScreen > Vertical { width: 98%; height: 95%; border: thick $primary; background: $surface; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "dismiss", "Close")]

    def __init__(self, result: Any) -> None:
        super().__init__()
        self.result = result

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"Branches of {self.result.scenario.title}  (Esc closes)")
            with VerticalScroll():
                yield Static(differences_table(self.result), id="differences")
                yield Static(branches_table(self.result), id="branches")
