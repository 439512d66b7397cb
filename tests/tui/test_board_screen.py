"""Board screen flows on the real Battle Spirits engine: set up, play, step back, branches, ruling.

The board and cards are invented (tests/tui/fixtures/tui_battle.yaml); every clause the screen
shows is checked against the knowledge base rather than typed here.
"""

from __future__ import annotations

from pathlib import Path

import yaml
from textual.widgets import Input, Label, OptionList, TextArea
from tui_fakes import plain
from tui_fakes import settle as settle_once

from judge.tui.app import JudgeApp
from judge.tui.board_screen import BoardScreen
from judge.tui.branch_screen import BranchScreen

BATTLE = Path(__file__).parent / "fixtures" / "tui_battle.yaml"
GUARD = ("{name: Test Guard, type: spirit, colors: [blue], cost: 2, reduction: [blue], symbols: [blue], "
         "families: [Golem], levels: {1: {cores: 1, bp: 3000}, 2: {cores: 2, bp: 6000}}, text: ''}")


async def settle(pilot) -> None:
    """The board resolves in two rounds (engine, then the panes it refreshes)."""
    await settle_once(pilot)
    await settle_once(pilot)


def options(app, selector: str) -> list[str]:
    widget = app.screen.query_one(selector, OptionList)
    return [str(widget.get_option_at_index(i).prompt) for i in range(widget.option_count)]


async def to_board(pilot) -> BoardScreen:
    await pilot.press("f3")
    await settle(pilot)
    assert isinstance(pilot.app.screen, BoardScreen)
    return pilot.app.screen


async def load(pilot, path: Path) -> None:
    await pilot.press("o")
    await pilot.pause()
    pilot.app.screen.query_one(Input).value = str(path)
    await pilot.press("enter")
    await settle(pilot)


async def play(pilot, label: str) -> None:
    """Highlight the action whose label starts with `label` and press Enter."""
    actions = pilot.app.screen.query_one("#actions", OptionList)
    shown = options(pilot.app, "#actions")
    index = next(i for i, text in enumerate(shown) if text[2:].startswith(label))
    actions.focus()
    actions.highlighted = index
    await pilot.press("enter")
    await settle(pilot)


async def test_set_up_a_board_with_an_ad_hoc_spirit_and_cores() -> None:
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_board(pilot)
        await pilot.press("a")
        await pilot.pause()
        app.screen.query_one("#card", Input).value = GUARD
        await pilot.press("enter")
        await settle(pilot)
        rows = options(app, "#rows")
        guard = next(i for i, row in enumerate(rows) if "a1 Test Guard" in row)
        assert "LV1 3000 BP" in rows[guard]
        app.screen.query_one("#rows", OptionList).highlighted = guard
        app.screen.query_one("#rows", OptionList).focus()
        await pilot.press("plus")
        await settle(pilot)
        assert "LV2 6000 BP · 2 cores" in options(app, "#rows")[guard]
        await pilot.press("r")
        await settle(pilot)
        assert "exhausted" in options(app, "#rows")[guard]


async def test_an_impossible_board_is_refused_with_a_notification() -> None:
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        board = await to_board(pilot)
        await pilot.press("t")
        await pilot.pause()
        app.screen.query_one(TextArea).text = "{number: 3, player: C, step: attack}"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert any(n.severity == "error" for n in app._notifications)
        assert board.session.data["turn"]["player"] == "A"


async def test_resolve_an_attack_and_read_the_clauses_of_each_step() -> None:
    from judge.rules.kb import open_kb

    kb = open_kb()
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        board = await to_board(pilot)
        await load(pilot, BATTLE)
        assert [p.raw for p in board.session.played] == [{"player": "A", "attack": "a1"},
                                                          {"player": "B", "block": "b1"}]
        await play(pilot, "settle")
        trace = options(app, "#trace")
        assert any("destroyed" in line for line in trace)
        assert not any("a1 Test Lancer" in row for row in options(app, "#rows"))
        for _action, step in board.snap.trace:
            for number in step.cites:
                assert kb.exists("bss", number), number
        side = plain(app.screen.query_one("#board-clause-text"))
        last = board.snap.trace[-1][1]
        assert last.text in " ".join(side.split()) or last.text in side


async def test_step_back_shows_the_earlier_board() -> None:
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        board = await to_board(pilot)
        await load(pilot, BATTLE)
        await play(pilot, "settle")
        assert not any("a1 Test Lancer" in row for row in options(app, "#rows"))
        for _ in range(len(board.snap.trace)):
            await pilot.press("left_square_bracket")
            await settle(pilot)
        assert board.at == 0
        assert "after action 1 of 3" in str(app.screen.query_one("#board-caption", Label).content)
        assert any("a1 Test Lancer" in row for row in options(app, "#rows"))
        await pilot.press("u")
        await settle(pilot)
        assert len(board.session.played) == 2 and board.at is None


async def test_an_illegal_action_is_explained_with_its_clause() -> None:
    from judge.rules.kb import open_kb

    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        board = await to_board(pilot)
        await load(pilot, BATTLE)
        refused = [c for c in board.snap.candidates if c.raw == {"player": "A", "attack": "a1"}]
        assert refused and refused[0].status == "refused" and refused[0].cites
        line = next(o for o in options(app, "#actions") if o.startswith("✗ A: attack a1"))
        assert f"§{refused[0].cites[0]}" in line
        await play(pilot, "A: attack a1")
        assert len(board.session.played) == 2  # nothing happened
        assert any(n.title == "Not allowed" for n in app._notifications)
        text = plain(app.screen.query_one("#board-clause-text"))
        assert open_kb().clause("bss", refused[0].cites[0]).number in text


async def test_rules_in_play_follow_the_board() -> None:
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        board = await to_board(pilot)
        before = options(app, "#applies")
        await load(pilot, BATTLE)
        after = options(app, "#applies")
        assert after != before
        assert any("a1" in line for line in after) and len(after) == len(board.snap.applies)


async def test_save_then_open_gives_the_same_trace(tmp_path: Path) -> None:
    target = tmp_path / "saved.yaml"
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        board = await to_board(pilot)
        await load(pilot, BATTLE)
        first = [s.text for _i, s in board.snap.trace]
        await pilot.press("w")
        await pilot.pause()
        app.screen.query_one(Input).value = str(target)
        await pilot.press("enter")
        await settle(pilot)
        saved = yaml.safe_load(target.read_text(encoding="utf-8"))
        assert saved["actions"][1]["alternatives"] == [{"block": "b2"}]
        await pilot.press("n")
        await settle(pilot)
        assert not board.session.played
        await load(pilot, target)
        assert [s.text for _i, s in board.snap.trace] == first


async def test_branches_are_compared_side_by_side() -> None:
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_board(pilot)
        await load(pilot, BATTLE)
        await pilot.press("v")
        await settle(pilot)
        assert isinstance(app.screen, BranchScreen)
        shown = plain(app.screen.query_one("#differences"))
        assert "Where the outcomes differ" in shown and "players.B.trash" in shown


async def test_export_the_ruling_as_markdown(tmp_path: Path) -> None:
    target = tmp_path / "ruling.md"
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_board(pilot)
        await load(pilot, BATTLE)
        await pilot.press("m")
        await pilot.pause()
        app.screen.query_one(Input).value = str(target)
        await pilot.press("enter")
        await settle(pilot)
    text = target.read_text(encoding="utf-8")
    assert text.startswith("# Ruling: Which blocker survives")
    assert "§7-1-5-2-1" in text or "7-1-5-2-1" in text


async def test_a_missing_scenario_file_is_a_notification() -> None:
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        board = await to_board(pilot)
        await load(pilot, Path("/nonexistent/board.yaml"))
        assert any("no such scenario file" in n.message for n in app._notifications)
        assert board.session.rules is not None


async def test_a_card_from_the_database_goes_on_the_field_and_quick_edits_all_count() -> None:
    from judge.cards.db import find_card, load_card_file
    from judge.errors import UnknownCard

    try:
        present = find_card("TUI-001", game="bss").number == "TUI-001"
    except UnknownCard:
        present = False
    if not present:
        load_card_file(Path(__file__).parent / "fixtures" / "tui_cards.yaml", "bss")
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        board = await to_board(pilot)
        await pilot.press("a")
        await pilot.pause()
        await pilot.press(*"TUI-001", "enter")
        await settle(pilot)
        rows = options(app, "#rows")
        index = next(i for i, row in enumerate(rows) if "a1 Lantern Sentinel" in row)
        assert "LV1 3000 BP · 1 core" in rows[index]
        assert board.session.data["players"]["A"]["field"][0]["card"] == "TUI-001"
        app.screen.query_one("#rows", OptionList).highlighted = index
        app.screen.query_one("#rows", OptionList).focus()
        await pilot.press("plus", "plus")  # no pause between: neither edit may be lost
        await settle(pilot)
        assert "LV2 5000 BP · 3 cores" in options(app, "#rows")[index]


async def test_player_life_reserve_and_trash_are_set_from_the_player_editor() -> None:
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        board = await to_board(pilot)
        rows = app.screen.query_one("#rows", OptionList)
        rows.highlighted = next(i for i, row in enumerate(options(app, "#rows")) if row.startswith("B "))
        rows.focus()
        await pilot.press("p")
        await pilot.pause()
        editor = app.screen.query_one(TextArea)
        data = yaml.safe_load(editor.text)
        data.update(life=2, reserve=6, trash_cores=1)
        editor.text = yaml.safe_dump(data)
        await pilot.press("ctrl+s")
        await settle(pilot)
        line = next(row for row in options(app, "#rows") if row.startswith("B "))
        assert "life 2" in line and "reserve 6" in line and "trash cores 1" in line
        assert board.session.data["players"]["B"]["life"] == 2


async def test_q_quits_at_once_when_nothing_is_unsaved() -> None:
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await to_board(pilot)
        await pilot.press("q")
        await pilot.pause()
        assert app._exit is True or not app.is_running


async def test_q_asks_first_when_the_board_has_unsaved_changes() -> None:
    from judge.tui.dialogs import PickDialog

    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_board(pilot)
        await pilot.press("a")
        await pilot.pause()
        app.screen.query_one("#card", Input).value = GUARD
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, PickDialog)
        assert "not saved" in str(app.screen.query_one(Label).render())
        await pilot.press("escape")          # stay
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, BoardScreen)


async def test_q_typed_into_a_text_box_is_a_letter_not_quit() -> None:
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_board(pilot)
        await pilot.press("a")
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert app.is_running
        assert app.screen.query_one("#card", Input).value.endswith("q")


async def test_errors_are_titled_in_words_never_by_class_name() -> None:
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_board(pilot)
        await pilot.press("o")
        await pilot.pause()
        app.screen.query_one(Input).value = "/nonexistent/board.yaml"
        await pilot.press("enter")
        await settle(pilot)
        titles = [n.title for n in app._notifications]
        assert titles and not any(t in ("ScenarioError", "BadInput", "UnknownRule") for t in titles)
        assert any(t and " " in t for t in titles)
