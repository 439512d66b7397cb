"""Driving the Board screen by keys only, as a judge at a keyboard does, and reading what it shows.

Every helper presses keys (never sets a widget's value): moving a highlight is ↑/↓ in the list
that has the focus, a dialog is filled by typing, a list of choices is answered with ↓ and Enter.
What the screen shows is read back from the widgets, the way a judge reads the terminal.
"""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList, Select
from tui_fakes import plain
from tui_fakes import settle as settle_once

FIXTURE_CARDS = Path(__file__).parent / "fixtures" / "tui_cards.yaml"


def import_fixture_cards() -> None:
    """The project's invented TUI cards (three games) in this test session's database, once."""
    from judge.cards.db import find_card, load_card_file
    from judge.errors import UnknownCard
    from judge.tui.card_complete import forget

    try:
        present = find_card("TUI-F04", game="fftcg").number == "TUI-F04"
    except UnknownCard:
        present = False
    if not present:
        load_card_file(FIXTURE_CARDS, "bss")
    forget()


async def settle(pilot) -> None:
    """The board resolves in rounds (engine, then the panes it refreshes)."""
    for _ in range(3):
        await settle_once(pilot)


async def until_asked_or_done(pilot) -> None:
    """Wait until the work started by a key is done, or a dialog asks something (its worker then waits
    for the answer, so waiting for every worker would never end)."""
    from textual.screen import ModalScreen
    from textual.worker import WorkerState

    for _ in range(400):
        await pilot.pause(0.02)
        if isinstance(pilot.app.screen, ModalScreen):
            await pilot.pause()
            return
        if not any(w.state in (WorkerState.PENDING, WorkerState.RUNNING) for w in pilot.app.workers):
            await settle(pilot)
            return
    raise AssertionError("the board neither finished nor asked anything")


def shown(app, selector: str) -> list[str]:
    """The lines of an option list as the screen shows them."""
    widget = app.screen.query_one(selector, OptionList)
    return [str(widget.get_option_at_index(i).prompt) for i in range(widget.option_count)]


def pane(app) -> str:
    """The reading pane (clauses, card detail) as plain text, on one line."""
    return " ".join(plain(app.screen.query_one("#board-clause-text")).split())


async def focus(pilot, widget_id: str) -> None:
    """Tab until the widget has the focus."""
    for _ in range(12):
        if pilot.app.focused is not None and pilot.app.focused.id == widget_id:
            return
        await pilot.press("tab")
        await pilot.pause()
    raise AssertionError(f"could not tab to #{widget_id}")


async def highlight(pilot, list_id: str, wanted: str, after: str = "") -> None:
    """Focus a list and move its highlight (home, then ↓) to the first line containing `wanted`
    (below the first line containing `after`, when given)."""
    await focus(pilot, list_id)
    widget = pilot.app.screen.query_one(f"#{list_id}", OptionList)
    await pilot.press("home")
    await pilot.pause()
    passed = not after
    for _ in range(widget.option_count + 1):
        index = widget.highlighted
        line = str(widget.get_option_at_index(index).prompt) if index is not None else ""
        passed = passed or after in line
        if passed and wanted in line:
            return
        await pilot.press("down")
        await pilot.pause()
    raise AssertionError(f"no line with {wanted!r} in #{list_id}: {shown(pilot.app, '#' + list_id)}")


async def pick(pilot, wanted: str) -> None:
    """In an open choice dialog (an option list with the focus), ↓ to the line with `wanted`, Enter."""
    widget = pilot.app.focused
    assert isinstance(widget, OptionList), pilot.app.focused
    for _ in range(widget.option_count + 1):
        index = widget.highlighted
        if index is not None and wanted in str(widget.get_option_at_index(index).prompt):
            await pilot.press("enter")
            await until_asked_or_done(pilot)
            return
        await pilot.press("down")
        await pilot.pause()
    raise AssertionError(f"no choice {wanted!r} in {[str(widget.get_option_at_index(i).prompt) for i in range(widget.option_count)]}")


async def choose_in_select(pilot, select_id: str, value: str) -> None:
    """Tab to a drop-down, open it with Enter, ↓/↑ to the value, Enter."""
    await focus(pilot, select_id)
    select = pilot.app.screen.query_one(f"#{select_id}", Select)
    values = [v for _label, v in select._options if v is not Select.BLANK]
    steps = values.index(value) - values.index(select.value)
    await pilot.press("enter")
    await pilot.pause()
    for _ in range(abs(steps)):
        await pilot.press("down" if steps > 0 else "up")
        await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    assert select.value == value, (select.value, value)


async def new_board(pilot, game: str) -> None:
    """n, then the game from the list."""
    await pilot.press("n")
    await pilot.pause()
    await pick(pilot, {"bss": "Saga", "bs": "Standard", "fftcg": "FINAL FANTASY"}[game])


async def add_card(pilot, row: str, card: str, *, after: str = "", wait_for: str = "") -> None:
    """Highlight a board row (a player, or one of their zones), a, type the card, Enter."""
    await highlight(pilot, "rows", row, after)
    await pilot.press("a")
    await pilot.pause()
    await pilot.press(*["space" if ch == " " else ch for ch in card])
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)
    if wait_for:
        assert any(wait_for in line for line in shown(pilot.app, "#rows")), shown(pilot.app, "#rows")


async def set_turn(pilot, step: str) -> None:
    """t, the step / phase from its list, then Set."""
    await pilot.press("t")
    await pilot.pause()
    await choose_in_select(pilot, "step", step)
    await focus(pilot, "set")
    await pilot.press("enter")
    await settle(pilot)


async def play(pilot, wanted: str, *choices: str) -> None:
    """Highlight the legal action containing `wanted`, Enter, then answer each parameter's list."""
    from textual.screen import ModalScreen

    await highlight(pilot, "actions", wanted)
    await pilot.press("enter")
    await until_asked_or_done(pilot)
    for choice in choices:
        await pick(pilot, choice)
    while isinstance(pilot.app.screen, ModalScreen):      # a list not named: its first (usual) value
        await pilot.press("enter")
        await until_asked_or_done(pilot)
    await settle(pilot)
