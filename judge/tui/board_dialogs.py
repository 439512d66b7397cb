"""Dialogs of the Board screen: put a card in a zone (with completion), the turn, a player, YAML.

Every choice the rules make closed is a list (player, zone, step or phase, state); only numbers
and card names are typed, and a card name is completed from the database as it is typed. YAML
stays for experts: an invalid edit keeps the text and puts the cursor on what is wrong.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, OptionList, Select, TextArea
from textual.widgets.option_list import Option

from judge.tui.board_profiles import PLAYERS, BoardProfile
from judge.tui.board_yaml import Problem
from judge.tui.dialogs import DIALOG_CSS, Dialog, set_or_cancel

Completer = Callable[[str], Awaitable[list[Any]]]


class AddCardDialog(Dialog[dict[str, Any] | None]):
    """Player, zone, a card (number or name, completed from the database; or ad-hoc YAML), and for the
    field its cores or damage and its state."""

    DEFAULT_CSS = DIALOG_CSS.format(name="AddCardDialog") + """
    AddCardDialog > Vertical { width: 80; }
    AddCardDialog Horizontal { height: auto; }
    AddCardDialog Input#count { width: 9; }
    AddCardDialog Select { width: 1fr; }
    AddCardDialog Horizontal#field-options { width: 2fr; }
    AddCardDialog OptionList#matches { height: auto; max-height: 8; }
    """
    AUTO_FOCUS = "#card"

    def __init__(self, prof: BoardProfile, complete: Completer, player: str = "A", zone: str = "field") -> None:
        super().__init__()
        self.prof, self.complete = prof, complete
        self.player = player if player in PLAYERS else "A"
        self.zone = zone if zone in {z.key for z in prof.card_zones()} else "field"
        self.matches: list[Any] = []

    def compose(self) -> ComposeResult:
        counter, _unit = self.prof.field_counter
        with Vertical():
            yield Label(f"Put a card on the board ({self.prof.title}) · Enter adds · Tab: player, zone"
                        f"{f', {counter}, state' if self.zone == 'field' else ''} · Esc cancels", id="title")
            yield Input(placeholder=f"a number, a name, or {self.prof.adhoc_example}", id="card")
            yield OptionList(id="matches")
            with Horizontal():
                yield Select([(f"Player {p}", p) for p in PLAYERS], value=self.player, allow_blank=False,
                             id="player")
                yield Select([(z.label, z.key) for z in self.prof.card_zones()], value=self.zone,
                             allow_blank=False, id="zone")
                with Horizontal(id="field-options"):
                    yield Input("1" if counter == "cores" else "0", placeholder=counter, id="count",
                                type="integer", tooltip=f"{counter} on the card")
                    yield Select([(s.replace("_", " "), s) for s in self.prof.field_states],
                                 value=self.prof.field_states[0], allow_blank=False, id="state")
            yield Label("", id="hint")

    def on_mount(self) -> None:
        box = self.query_one("#matches", OptionList)
        box.display = False
        box.can_focus = False              # the matches are walked from the card box (↑ ↓), not by Tab
        self._show_field_options()

    @on(Select.Changed, "#zone")
    def _show_field_options(self) -> None:
        """The field's own options (cores or damage, state) only for the field: hidden, so Tab never
        stops on a field that does not apply; the hint says what the chosen zone takes."""
        zone = self.query_one("#zone", Select).value
        counter, _unit = self.prof.field_counter
        on_field = zone == "field"
        self.query_one("#field-options").display = on_field
        label = next((z.label for z in self.prof.card_zones() if z.key == zone), str(zone))
        self.query_one("#hint", Label).update(
            f"Card number or name (completed as you type), or ad-hoc YAML; on the field: its {counter} and state"
            if on_field else f"Card number or name (completed as you type), or ad-hoc YAML, into the {label}")
        self.query_one("#title", Label).update(
            f"Put a card on the board ({self.prof.title}) · Enter adds · Tab: player, zone"
            f"{f', {counter}, state' if on_field else ''} · Esc cancels")

    @on(Input.Changed, "#card")
    def _typed(self, event: Input.Changed) -> None:
        self.lookup(event.value)

    @work(exclusive=True, group="card-complete")
    async def lookup(self, text: str) -> None:
        matches = await self.complete(text)
        if self.query_one("#card", Input).value != text:
            return
        self.matches = list(matches)
        box = self.query_one("#matches", OptionList)
        box.set_options([Option(Text(m.label), id=str(i)) for i, m in enumerate(self.matches)])
        box.display = bool(self.matches)
        if self.matches:
            box.highlighted = 0

    def _move_match(self, delta: int) -> bool:
        """↑ / ↓ in the card box move through its matches (the box keeps the keys: Tab goes on to
        the player, the zone and, on the field, its options; Enter adds the highlighted match)."""
        box = self.query_one("#matches", OptionList)
        if not (self.query_one("#card", Input).has_focus and box.display and self.matches):
            return False
        box.highlighted = max(0, min(len(self.matches) - 1, (box.highlighted or 0) + delta))
        return True

    def key_down(self, event: Any) -> None:
        if self._move_match(1):
            event.stop()

    def key_up(self, event: Any) -> None:
        if self._move_match(-1):
            event.stop()

    @on(OptionList.OptionSelected, "#matches")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._finish(self.matches[int(event.option.id or 0)].number)

    @on(Input.Submitted)
    def submit(self, event: Any) -> None:
        event.stop()
        text = self.query_one("#card", Input).value.strip()
        if not text:
            self.notify("Name a card (number or name), or write one as YAML", severity="warning")
            return
        box = self.query_one("#matches", OptionList)
        if not text.startswith("{") and self.matches and box.highlighted is not None:
            text = self.matches[box.highlighted].number
        self._finish(text)

    def _finish(self, card: str) -> None:
        counter, _unit = self.prof.field_counter
        count_text = self.query_one("#count", Input).value.strip() or "0"
        self.dismiss({
            "player": self.query_one("#player", Select).value, "zone": self.query_one("#zone", Select).value,
            "card": card, "options": {counter: int(count_text) if count_text.lstrip("-").isdigit() else 0,
                                      "state": self.query_one("#state", Select).value},
        })


class TurnDialog(Dialog[dict[str, Any] | None]):
    """The turn number, the turn player and the step / phase (and FFTCG's priority), from lists."""

    DEFAULT_CSS = DIALOG_CSS.format(name="TurnDialog") + """
    TurnDialog Horizontal { height: auto; }
    TurnDialog Input { width: 12; }
    TurnDialog Select { width: 1fr; }
    """

    def __init__(self, prof: BoardProfile, turn: Mapping[str, Any]) -> None:
        super().__init__()
        self.prof, self.turn = prof, dict(turn)

    def compose(self) -> ComposeResult:
        step = str(self.turn.get(self.prof.turn_key) or self.prof.steps[0])
        with Vertical():
            yield Label(f"Turn ({self.prof.title})")
            with Horizontal():
                yield Input(str(self.turn.get("number", 3)), placeholder="turn", id="number", type="integer")
                yield Select([(f"{p}'s turn", p) for p in PLAYERS], value=str(self.turn.get("player", "A")),
                             allow_blank=False, id="player")
                yield Select([(s.replace("_", " "), s) for s in self.prof.steps],
                             value=step if step in self.prof.steps else self.prof.steps[0], allow_blank=False,
                             id="step")
            if self.prof.priority_key:
                yield Select([(f"{p} has priority", p) for p in PLAYERS],
                             value=str(self.turn.get(self.prof.priority_key) or self.turn.get("player", "A")),
                             allow_blank=False, id="priority")
            yield set_or_cancel()

    @on(Input.Submitted)
    @on(Button.Pressed, "#set")
    def submit(self, event: Any) -> None:
        event.stop()
        number = self.query_one("#number", Input).value.strip()
        if not number.isdigit() or int(number) < 1:
            self.notify("The turn number is a whole number from 1", severity="warning")
            return
        out = {"number": int(number), "player": self.query_one("#player", Select).value,
               "step": self.query_one("#step", Select).value}
        if self.prof.priority_key:
            out["priority"] = self.query_one("#priority", Select).value
        self.dismiss(out)


class PlayerDialog(Dialog[dict[str, Any] | None]):
    """A player's numbers (life, reserve, deck …) typed, and where the soul core is, from a list."""

    DEFAULT_CSS = DIALOG_CSS.format(name="PlayerDialog") + """
    PlayerDialog Horizontal { height: auto; }
    PlayerDialog Input { width: 1fr; }
    PlayerDialog Label.field { width: 14; padding: 1 0 0 0; }
    """

    def __init__(self, prof: BoardProfile, player: str, values: Mapping[str, Any],
                 choices: Mapping[str, list[str]]) -> None:
        super().__init__()
        self.prof, self.player, self.values, self.choices = prof, player, dict(values), dict(choices)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"Player {self.player}")
            for n in self.prof.numbers:
                with Horizontal():
                    yield Label(n.label, classes="field")
                    yield Input(str(self.values.get(n.key, n.default)), id=f"n-{n.key}", type="integer")
            for key, options in self.choices.items():
                with Horizontal():
                    yield Label(key.replace("_", " "), classes="field")
                    current = str(self.values.get(key) or options[0])
                    yield Select([(o, o) for o in options], value=current if current in options else options[0],
                                 allow_blank=False, id=f"c-{key}")
            yield set_or_cancel()

    @on(Input.Submitted)
    @on(Button.Pressed, "#set")
    def submit(self, event: Any) -> None:
        event.stop()
        out: dict[str, Any] = {}
        for n in self.prof.numbers:
            text = self.query_one(f"#n-{n.key}", Input).value.strip()
            if not text.isdigit():
                self.notify(f"{n.label} is a whole number, 0 or more", severity="warning")
                return
            out[n.key] = int(text)
        for key in self.choices:
            out[key] = self.query_one(f"#c-{key}", Select).value
        self.dismiss(out)


class YamlDialog(Dialog[str | None]):
    """Edit YAML (the whole board, or one action); ctrl+s applies, Escape cancels.

    With `check`, the text is checked before the dialog closes: a problem is shown under the text
    with its line and column and the cursor goes there; nothing typed is lost."""

    DEFAULT_CSS = """
    YamlDialog { align: center middle; }
    YamlDialog > Vertical { width: 95%; height: 90%; border: thick $primary; background: $surface; }
    YamlDialog TextArea { height: 1fr; }
    YamlDialog #problem { color: $error; height: auto; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+s", "apply", "Apply", priority=True)]

    def __init__(self, title: str, text: str,
                 check: Callable[[str], Awaitable[Problem | None]] | None = None) -> None:
        super().__init__()
        self.title_text, self.text, self.check = title, text, check

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(Text(f"{self.title_text}   (ctrl+s applies · Esc cancels)"))
            yield TextArea(self.text, language="yaml" if _has_yaml_highlighting() else None, id="yaml")
            yield Label("", id="problem")

    def on_mount(self) -> None:
        area = self.query_one(TextArea)
        area.focus()
        area.move_cursor(area.document.end)       # typing goes after the text already there

    @work(exclusive=True, group="yaml-check")
    async def action_apply(self) -> None:
        text = self.query_one(TextArea).text
        if self.check is None:
            self.dismiss(text)
            return
        problem = await self.check(text)
        if problem is None:
            self.dismiss(text)
            return
        self.show_problem(problem)

    def show_problem(self, problem: Problem) -> None:
        self.query_one("#problem", Label).update(Text(str(problem)))
        area = self.query_one(TextArea)
        if problem.line:
            area.move_cursor((problem.line - 1, max(0, problem.column - 1)))
        area.focus()



def _has_yaml_highlighting() -> bool:
    try:
        import tree_sitter_yaml  # noqa: F401
    except ImportError:
        return False
    return True


__all__ = ["AddCardDialog", "PlayerDialog", "TurnDialog", "YamlDialog"]
