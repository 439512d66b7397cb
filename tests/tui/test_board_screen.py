"""Board screen flows on the real Battle Spirits engine: set up, play, step back, branches, ruling.

The board and cards are invented (tests/tui/fixtures/tui_battle.yaml); every clause the screen
shows is checked against the knowledge base rather than typed here.
"""

from __future__ import annotations

from pathlib import Path

import yaml
from textual.widgets import Input, Label, OptionList, TabbedContent, TextArea
from tui_fakes import plain
from tui_fakes import settle as settle_once

from judge.tui.app import JudgeApp
from judge.tui.board_dialogs import YamlDialog
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


async def test_an_invalid_yaml_edit_keeps_the_text_and_points_at_line_and_column() -> None:
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        board = await to_board(pilot)
        await pilot.press("e")
        await pilot.pause()
        editor = app.screen.query_one(TextArea)
        data = yaml.safe_load(editor.text)
        data["turn"]["player"] = "C"
        typed = yaml.safe_dump(data, sort_keys=False)
        editor.text = typed
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, YamlDialog)                  # still open, nothing lost
        assert app.screen.query_one(TextArea).text == typed
        problem = str(app.screen.query_one("#problem", Label).content)
        line = next(i for i, text in enumerate(typed.splitlines(), 1) if text.strip().startswith("player: C"))
        assert problem.startswith(f"line {line}, column "), problem
        assert "turn.player" in problem
        assert app.screen.query_one(TextArea).cursor_location[0] == line - 1
        editor.text = typed.replace("player: C", "player: [A")      # a syntax error: its own position
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert "not valid YAML" in str(app.screen.query_one("#problem", Label).content)
        await pilot.press("escape")
        await settle(pilot)
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
        await play(pilot, "Let the open windows pass")
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
        await play(pilot, "Let the open windows pass")
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


async def test_a_typed_illegal_action_is_explained_with_its_clause_and_the_text_kept() -> None:
    from judge.rules.kb import open_kb

    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        board = await to_board(pilot)
        await load(pilot, BATTLE)
        assert not any("attack" in line for line in options(app, "#actions"))   # a1 is exhausted, in a battle
        await pilot.press("colon")
        await pilot.pause()
        area = app.screen.query_one(TextArea)
        area.text = "{player: A, attack: a1}\n"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, YamlDialog)
        problem = str(app.screen.query_one("#problem", Label).content)
        assert problem.startswith("Refused:") and "§" in problem, problem
        number = problem.split("§")[1].split(",")[0].rstrip(")")
        assert open_kb().exists("bss", number)
        assert len(board.session.played) == 2  # nothing happened
        await pilot.press("escape")


async def test_typing_in_the_action_dialog_goes_after_its_prefilled_text() -> None:
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_board(pilot)
        await load(pilot, BATTLE)
        await pilot.press("colon")
        await pilot.pause()
        before = app.screen.query_one(TextArea).text
        await pilot.press(*"# hi")
        assert app.screen.query_one(TextArea).text.startswith(before.rstrip("\n"))
        assert app.screen.query_one(TextArea).text.rstrip().endswith("# hi")


async def test_an_exhausted_spirit_is_not_offered_to_attack_and_no_step_ends_inside_a_battle() -> None:
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        board = await to_board(pilot)
        await load(pilot, BATTLE)
        assert any("flash window after blocking" in row for row in options(app, "#rows"))
        raws = [la.raw for la in board.snap.legal]
        assert {"player": "A", "attack": "a1"} not in raws
        assert not any(raw.get("end_step") for raw in raws), raws
        assert all(raw.get("player") in ("B", None) for raw in raws), raws    # B holds priority


async def test_trace_and_rules_in_play_switch_with_one_key() -> None:
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_board(pilot)
        await load(pilot, BATTLE)
        tabs = app.screen.query_one("#tabs", TabbedContent)
        for expected in ("tab-applies", "tab-trace", "tab-applies"):
            await pilot.press("l")
            await pilot.pause()
            assert tabs.active == expected
        await pilot.click("#tabs Tab#--content-tab-tab-trace")
        await pilot.pause()
        assert tabs.active == "tab-trace"


async def test_an_fftcg_scenario_opens_and_a_saga_one_after_it() -> None:
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        board = await to_board(pilot)
        fftcg = sorted((Path(__file__).parents[1] / "scenarios" / "fftcg").glob("*.yaml"))[0]
        await load(pilot, fftcg)
        assert board.session.game == "fftcg" and not [n for n in app._notifications if n.severity == "error"]
        assert "FINAL FANTASY TCG" in str(app.screen.query_one("#board-caption", Label).content)
        assert any(row.startswith("A  damage") for row in options(app, "#rows"))
        await load(pilot, BATTLE)
        assert board.session.game == "bss"
        assert any("b1 Test Wall" in row for row in options(app, "#rows"))
        assert not [n for n in app._notifications if n.severity == "error"]


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
        await pilot.pause()
        await pilot.press("enter")          # the same game, highlighted
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
        for key, value in (("life", "2"), ("reserve", "6"), ("trash_cores", "1")):
            field = app.screen.query_one(f"#n-{key}", Input)
            field.focus()
            await pilot.press("end", "backspace", "backspace", "backspace", *value)
        await pilot.press("enter")
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


async def test_card_words_in_brackets_show_as_written_in_a_choice_dialog() -> None:
    from judge.tui.dialogs import PickDialog

    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(100, 30)) as pilot:
        app.push_screen(PickDialog("B uses Shield: its [Flash] effect", [("0", "pay [2] from the reserve")]))
        await pilot.pause()
        assert "[Flash]" in str(app.screen.query_one(Label).render())
        assert "[2]" in str(app.screen.query_one(OptionList).get_option_at_index(0).prompt)
