"""A board by keyboard alone (issue 23.2): the add-card dialog in a predictable order, its player
and zone kept as chosen, a changed action list highlighted on its first entry, one Enter one
action, a click that selects before it plays, undo and redo in the footer, an illegal board said
when it is made (citing the clause), and at 80×24 both fields and the legal actions on screen.

Keys only (bar the one click test), read back from the screen; the cards are the project's own
invented TUI cards (tests/tui/fixtures/tui_cards.yaml)."""

from __future__ import annotations

import pytest
from board_keys import (
    add_card,
    choose_in_select,
    highlight,
    import_fixture_cards,
    new_board,
    play,
    set_turn,
    settle,
    shown,
)
from textual.widgets import Label, Select

from judge.tui.app import JudgeApp
from judge.tui.board_dialogs import AddCardDialog


@pytest.fixture(autouse=True)
def _cards() -> None:
    import_fixture_cards()


async def to_board(pilot, game: str) -> None:
    await pilot.press("f3")
    await settle(pilot)
    await new_board(pilot, game)


async def tab_order(pilot, n: int) -> list[str]:
    seen = []
    for _ in range(n):
        seen.append(pilot.app.focused.id)
        await pilot.press("tab")
        await pilot.pause()
    return seen


async def test_the_add_dialog_tabs_card_player_zone_and_only_the_field_takes_cores() -> None:
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_board(pilot, "bss")
        await highlight(pilot, "rows", "A  life")
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, AddCardDialog)
        assert await tab_order(pilot, 5) == ["card", "player", "zone", "count", "state"]
        await choose_in_select(pilot, "zone", "hand")
        await pilot.press("shift+tab", "shift+tab")          # back to the card box
        await pilot.pause()
        assert await tab_order(pilot, 4) == ["card", "player", "zone", "card"]     # no cores, no state
        assert "into the hand" in str(app.screen.query_one("#hint", Label).content)


async def test_the_player_and_zone_stay_as_chosen_for_the_next_card() -> None:
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_board(pilot, "bss")
        await highlight(pilot, "rows", "A  life")
        await pilot.press("a")
        await pilot.pause()
        await choose_in_select(pilot, "player", "B")
        await choose_in_select(pilot, "zone", "hand")
        await pilot.press("shift+tab", "shift+tab")          # zone → player → the card box
        assert app.focused.id == "card"
        await pilot.press(*"TUI-005")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert any("hand 1" in line for line in shown(app, "#rows")[3:]), shown(app, "#rows")
        await pilot.press("a")                                # same line highlighted: same choices
        await pilot.pause()
        assert app.screen.query_one("#player", Select).value == "B"
        assert app.screen.query_one("#zone", Select).value == "hand"


async def test_a_second_fftcg_character_of_one_name_is_a_warning_citing_12_4_6() -> None:
    app = JudgeApp("fftcg", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_board(pilot, "fftcg")
        await add_card(pilot, "A  damage", "TUI-F01", wait_for="a1 Test Vanguard")
        assert not [n for n in app._notifications if "12.4.6" in n.message]
        await add_card(pilot, "A  damage", "TUI-F01", wait_for="a2 Test Vanguard")
        warned = [n for n in app._notifications if "12.4.6" in n.message]
        assert len(warned) == 1 and warned[0].severity == "warning" and "Test Vanguard" in warned[0].message


async def test_a_changed_action_list_highlights_its_first_entry_and_undo_redo_are_in_the_footer() -> None:
    app = JudgeApp("fftcg", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_board(pilot, "fftcg")
        await add_card(pilot, "A  damage", "TUI-F01", wait_for="a1 Test Vanguard")
        await add_card(pilot, "B  damage", "TUI-F02", wait_for="b1 Test Tidewarden")
        await set_turn(pilot, "attack")
        await play(pilot, "A attacks with Test Vanguard (a1)")
        actions = app.screen.query_one("#actions")
        first = next(i for i in range(actions.option_count)
                     if not actions.get_option_at_index(i).disabled and actions.get_option_at_index(i).id != "decision")
        assert actions.highlighted == first
        played = len(app.screen.session.played)
        in_footer = [b.binding.action for b in app.active_bindings.values() if b.binding.show]
        assert "undo" in in_footer and "redo" in in_footer, in_footer
        await pilot.press("u")
        await settle(pilot)
        assert len(app.screen.session.played) == played - 1
        await pilot.press("ctrl+y")
        await settle(pilot)
        assert len(app.screen.session.played) == played


async def test_a_click_on_an_action_selects_it_and_a_second_click_plays_it() -> None:
    app = JudgeApp("fftcg", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_board(pilot, "fftcg")
        actions = app.screen.query_one("#actions")
        assert actions.option_count >= 2
        before = len(app.screen.session.played)
        await pilot.click("#actions", offset=(4, 2))      # the second line: highlighted, not played
        await settle(pilot)
        assert actions.highlighted == 1 and len(app.screen.session.played) == before
        await pilot.click("#actions", offset=(4, 2))
        await settle(pilot)
        assert len(app.screen.session.played) == before + 1


@pytest.mark.parametrize("game,rows", [("bss", ("A  life", "B  life")), ("fftcg", ("A  damage", "B  damage"))])
async def test_at_80x24_both_fields_and_the_legal_actions_are_on_screen(game: str, rows: tuple[str, str]) -> None:
    cards = {"bss": ("TUI-001", "TUI-004"), "fftcg": ("TUI-F01", "TUI-F02")}[game]
    app = JudgeApp(game, remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_board(pilot, game)
        await add_card(pilot, rows[0], cards[0])
        await add_card(pilot, rows[1], cards[1])
        board = app.screen.query_one("#rows")
        assert board.virtual_size.height <= board.scrollable_content_region.height, \
            (board.virtual_size, board.scrollable_content_region, shown(app, "#rows"))
        assert any(line.strip().startswith("b1 ") for line in shown(app, "#rows"))
        actions = app.screen.query_one("#actions")
        assert actions.scrollable_content_region.height >= 3 and actions.option_count >= 1
