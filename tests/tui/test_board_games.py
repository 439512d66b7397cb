"""A judge builds a board from scratch for each game by keys only, plays an attack from the menus
of legal actions and reads the outcome on the screen.

The cards are the project's invented TUI cards (tests/tui/fixtures/tui_cards.yaml), looked up by
number in this test session's database; every clause the trace shows is checked against the
knowledge base rather than typed here.
"""

from __future__ import annotations

import pytest
from board_keys import (
    add_card,
    highlight,
    import_fixture_cards,
    new_board,
    pane,
    pick,
    play,
    set_turn,
    settle,
    shown,
)
from board_keys import until_asked_or_done as settle_until_asked

from judge.tui.app import JudgeApp
from judge.tui.board_screen import BoardScreen


@pytest.fixture(autouse=True)
def _cards() -> None:
    import_fixture_cards()


async def to_board(pilot, game: str) -> BoardScreen:
    await pilot.press("f3")
    await settle(pilot)
    await new_board(pilot, game)
    assert isinstance(pilot.app.screen, BoardScreen)
    return pilot.app.screen


def cited_clauses_exist(board: BoardScreen, game: str) -> None:
    from judge.rules.kb import open_kb

    kb = open_kb()
    for _action, step in board.snap.trace:
        for number in step.cites:
            assert kb.exists(game, number), (game, number, step.text)


async def test_saga_flash_magic_from_the_hand_decides_the_battle() -> None:
    """Saga 7-1-2 / 7-1-4: B answers the attack in a flash window with a magic from the hand."""
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        board = await to_board(pilot, "bss")
        assert "Battle Spirits Saga" in str(app.screen.query_one("#board-caption").content)
        await add_card(pilot, "A  life", "TUI-001", wait_for="a1 Lantern Sentinel")
        await add_card(pilot, "B  life", "TUI-004", wait_for="b1 Brass Bulwark")
        await add_card(pilot, "hand 0", "TUI-005", after="B  life")
        rows = shown(app, "#rows")
        assert any("【Armor: Red/Purple】" in row for row in rows), rows
        assert any(row.strip().startswith("hand 1: Second Wind Chant") for row in rows), rows
        await set_turn(pilot, "attack")
        assert "attack step" in shown(app, "#rows")[0]
        await play(pilot, "A attacks with Lantern Sentinel (a1)")
        assert any("B to act" in row for row in shown(app, "#rows"))
        actions = shown(app, "#actions")
        assert not any("ends the" in line for line in actions), actions    # no end of step in a battle
        await play(pilot, "B uses Second Wind Chant (TUI-005)")
        await play(pilot, "A passes")
        await play(pilot, "B passes")
        await play(pilot, "B blocks with Brass Bulwark (b1)")
        await play(pilot, "Let the open windows pass")
        trace = " ".join(shown(app, "#trace"))
        assert "destroyed" in trace and "6000" in trace, trace
        assert not any("a1 Lantern Sentinel" in row for row in shown(app, "#rows"))
        cited_clauses_exist(board, "bss")


async def test_standard_unblocked_attack_reduces_life_by_its_symbols() -> None:
    """Standard: an unblocked spirit reduces the defender's life by its symbols."""
    app = JudgeApp("bs", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        board = await to_board(pilot, "bs")
        assert "Battle Spirits Standard" in str(app.screen.query_one("#board-caption").content)
        await add_card(pilot, "A  life", "TUI-S01", wait_for="a1 Test Charger")
        await add_card(pilot, "B  life", "TUI-S02", wait_for="b1 Test Shellback")
        await set_turn(pilot, "attack")
        await play(pilot, "A attacks with Test Charger (a1)")
        await play(pilot, "B passes")
        await play(pilot, "A passes")
        await play(pilot, "B does not block")
        b_line = next(row for row in shown(app, "#rows") if row.startswith("B "))
        assert "life 4" in b_line, b_line
        await highlight(pilot, "actions", "A ends the attack step")
        await pilot.press("enter")
        await settle(pilot)
        assert "second main step" in shown(app, "#rows")[0]      # Standard's own step after the attack
        cited_clauses_exist(board, "bs")


async def test_fftcg_attack_block_decision_is_a_menu_for_the_defender() -> None:
    """FFTCG 10.1.3: the non-turn player declares a block (or none), chosen from a menu."""
    app = JudgeApp("fftcg", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        board = await to_board(pilot, "fftcg")
        assert "FINAL FANTASY TCG" in str(app.screen.query_one("#board-caption").content)
        await add_card(pilot, "A  damage", "TUI-F01", wait_for="a1 Test Vanguard")
        await add_card(pilot, "B  damage", "TUI-F02", wait_for="b1 Test Tidewarden")
        await set_turn(pilot, "attack")
        assert "Attack Phase · declaration step" in shown(app, "#rows")[0]
        assert any("declares no attack" in line for line in shown(app, "#actions"))
        await play(pilot, "A attacks with Test Vanguard (a1)")
        await play(pilot, "A passes priority")
        await play(pilot, "B passes priority")
        actions = shown(app, "#actions")
        assert actions[0].startswith("B must decide"), actions
        await play(pilot, "B chooses none")
        await play(pilot, "Let the open windows pass")
        b_line = next(row for row in shown(app, "#rows") if row.startswith("B "))
        assert "damage 1" in b_line, b_line
        cited_clauses_exist(board, "fftcg")


async def test_fftcg_cast_asks_which_payment_from_a_list() -> None:
    """FFTCG 11.2: the CP cost is paid exactly; the menu lists the payments the engine accepts."""
    from judge.tui.dialogs import PickDialog

    app = JudgeApp("fftcg", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_board(pilot, "fftcg")
        await add_card(pilot, "A  damage", "TUI-F03", wait_for="a1 Test Emberkeeper")
        await add_card(pilot, "A  damage", "TUI-F04", wait_for="a2 Test Cinderwright")
        await add_card(pilot, "hand 0", "TUI-F01")
        await add_card(pilot, "hand 1", "TUI-F02")
        await highlight(pilot, "actions", "A casts Test Vanguard")
        await pilot.press("enter")
        await settle_until_asked(pilot)
        assert isinstance(app.screen, PickDialog)
        offered = shown(app, "#choices")
        assert "dull Test Emberkeeper (a1), dull Test Cinderwright (a2)" in offered, offered
        assert not any("discard Test Vanguard" in line for line in offered), offered    # not the card cast
        await pick(pilot, "dull Test Cinderwright (a2), discard Test Tidewarden")
        await settle(pilot)
        rows = shown(app, "#rows")
        assert any("Test Vanguard" in row and "Forward 7000 power" in row for row in rows), rows
        assert any("a2 Test Cinderwright" in row and "dull" in row for row in rows), rows
        assert any("a1 Test Emberkeeper" in row and "active" in row for row in rows), rows
        assert any("Break Zone 1: Test Tidewarden" in row for row in rows), rows


async def test_a_card_row_shows_its_abilities_support_status() -> None:
    """4: for the selected card, each ability with what the engine does with it."""
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_board(pilot, "bss")
        await add_card(pilot, "A  life", "TUI-003", wait_for="a1 Moon Juggler")
        await highlight(pilot, "rows", "a1 Moon Juggler")
        await settle(pilot)
        text = pane(app)
        assert "TUI-003 Moon Juggler" in text and "not parsed" in text, text
        await add_card(pilot, "A  life", "TUI-004", wait_for="a2 Brass Bulwark")
        await highlight(pilot, "rows", "a2 Brass Bulwark")
        await settle(pilot)
        text = pane(app)
        assert "Armor" in text and ("executed" in text), text
