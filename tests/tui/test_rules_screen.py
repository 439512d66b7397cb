"""Rules screen flows, driven by keys as a judge would, asserting on what the screen shows.

These run on the stand-in knowledge base (tests/tui/tui_fakes.py) so they test the screen's
behaviour; test_rules_real_kb.py runs the same flows on the real rules documents.
"""

from __future__ import annotations

from textual.widgets import OptionList, Static
from tui_fakes import jump, settle

from judge.tui.clause_pane import ClausePane
from judge.tui.diff_screen import DiffScreen
from judge.tui.help_screen import HelpScreen
from judge.tui.rules_screen import Place


def shown(app, pane: str = "#main") -> str:
    """The heading and text of a clause pane, as plain text."""
    widget = app.screen.query_one(pane, ClausePane)
    heading = str(widget.query_one(".heading", Static).render())
    text = str(widget.query_one(".text", Static).render())
    return f"{heading}\n{text}"


def notes(app) -> list[str]:
    return [n.message for n in app._notifications]


async def test_starts_on_the_first_section(fake_app) -> None:
    app = fake_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert "§1  Overview" in shown(app)
        assert "TG CR 2.0" in app.screen.sub_title


async def test_jump_accepts_dots_and_section_sign(fake_app) -> None:
    app = fake_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await jump(pilot, "1.2")
        assert "§1-2  Winning" in shown(app)
        await jump(pilot, "§2-1-1")
        assert "Life is a zone of cores." in shown(app)


async def test_jump_to_unknown_number_notifies_nearest_and_keeps_clause(fake_app) -> None:
    app = fake_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await jump(pilot, "1-2")
        await jump(pilot, "9-9-9")
        assert "§1-2  Winning" in shown(app)
        assert any("9-9-9" in n and "nearest" in n for n in notes(app))


async def test_follow_a_reference_and_come_back(fake_app) -> None:
    app = fake_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await jump(pilot, "1-2")
        links = app.screen.query_one("#main .links", OptionList)
        assert links.has_focus
        await pilot.press("enter")  # the first link: reference 2-1
        await settle(pilot)
        assert "§2-1  Life" in shown(app)
        await pilot.press("b")
        await settle(pilot)
        assert "§1-2  Winning" in shown(app)
        await pilot.press("f")
        await settle(pilot)
        assert "§2-1  Life" in shown(app)


async def test_breadcrumb_link_opens_the_parent(fake_app) -> None:
    app = fake_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await jump(pilot, "2-1-1")
        await app.screen.run_action("open_number('2-1')")
        await settle(pilot)
        assert "§2-1  Life" in shown(app)


async def test_search_as_you_type_opens_the_best_hit(fake_app) -> None:
    app = fake_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("slash")
        await pilot.press(*"zero")
        await settle(pilot)
        hits = app.screen.query_one("#hits", OptionList)
        assert hits.option_count == 1
        assert "Winning" in str(hits.get_option_at_index(0).prompt)
        await pilot.press("enter")
        await settle(pilot)
        assert "§1-2  Winning" in shown(app)


async def test_enter_pressed_before_the_search_answers_opens_its_best_hit(fake_app) -> None:
    """A judge types and presses Enter at once: the best hit of what was typed opens when the search answers."""
    app = fake_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("slash")
        await pilot.press(*"zero", "enter")            # no pause between the last key and Enter
        await settle(pilot)
        assert "§1-2  Winning" in shown(app)


async def test_search_highlights_the_match() -> None:
    from judge.tui.search_screen import MATCH_STYLE, marked_text

    text = marked_text("a player whose [life] reaches zero")
    assert text.plain == "a player whose life reaches zero"
    assert [(text.plain[s.start:s.end], str(s.style)) for s in text.spans] == [("life", MATCH_STYLE)]


async def test_side_by_side_shows_both_languages(fake_app) -> None:
    app = fake_app("tb")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await jump(pilot, "1-1")
        await pilot.press("s")
        await settle(pilot)
        assert app.screen.query_one("#other").display
        assert "【日本語】A game is played" in shown(app, "#main")
        assert "A game is played by two players." in shown(app, "#other")
        assert "【日本語】" not in shown(app, "#other")


async def test_side_by_side_refused_for_a_single_language_game(fake_app) -> None:
    app = fake_app("tg")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("s")
        await pilot.pause()
        assert not app.screen.query_one("#other").display
        assert any("one language" in n for n in notes(app))


async def test_copy_citation_uses_clipboard_and_shows_the_line(fake_app) -> None:
    app = fake_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await jump(pilot, "1-2")
        await pilot.press("c")
        await settle(pilot)
        line = "TG CR 2.0 §1-2: A player whose life reaches zero loses. See 2-1."
        assert app.clipboard == line
        assert line in notes(app)


async def test_pick_another_game(fake_app) -> None:
    app = fake_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await pilot.pause()
        choices = app.screen.query_one("#choices", OptionList)
        index = next(i for i in range(choices.option_count)
                     if choices.get_option_at_index(i).id == "tb|en|1.0")
        choices.highlighted = index
        await pilot.press("enter")
        await settle(pilot)
        assert app.game == "tb" and app.lang == "en"
        assert "TB Rules" in app.screen.sub_title


async def test_diff_between_two_versions(fake_app) -> None:
    app = fake_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("d")
        await settle(pilot)
        assert isinstance(app.screen, DiffScreen)
        changes = app.screen.query_one("#changes", OptionList)
        prompts = [str(changes.get_option_at_index(i).prompt) for i in range(changes.option_count)]
        assert "changed (1)" in prompts and "  §1-2" in prompts
        await pilot.press("down")
        await pilot.pause()
        detail = str(app.screen.query_one("#change", Static).render())
        assert "A player loses." in detail and "reaches zero" in detail


async def test_help_lists_every_key(fake_app) -> None:
    app = fake_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        from judge.tui.help_screen import keys_table

        table = keys_table(app)
        keys = [cell for cell in table.columns[1]._cells]
        for key in ("g", "/", "b", "c", "s", "d", "f1", "f2", "f3", "ctrl+t", "ctrl+p"):
            assert key in keys
        board = [(w, k) for w, k in zip(table.columns[0]._cells, keys, strict=True)]
        assert keys.count("+") == 1, board       # "plus,equals_sign" is one action: one row, not two
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen)


async def test_command_palette_runs_a_screen_action(fake_app) -> None:
    app = fake_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Rules: Diff")
        await pilot.pause(0.5)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, DiffScreen)


async def test_theme_toggles_light_and_dark(fake_app) -> None:
    app = fake_app()
    async with app.run_test(size=(100, 30)) as pilot:
        assert app.theme == "textual-dark"
        await pilot.press("ctrl+t")
        assert app.theme == "textual-light"
        await pilot.press("ctrl+t")
        assert app.theme == "textual-dark"


async def test_unknown_game_falls_back_with_a_notification(fake_app) -> None:
    app = fake_app("nope")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert app.game == "tg"
        assert any("nope" in n for n in notes(app))


async def test_the_palette_lists_each_command_once(fake_app) -> None:
    from judge.tui.commands import JudgeCommands

    app = fake_app()
    async with app.run_test(size=(100, 30)):
        provider = JudgeCommands(app.screen)
        titles = [title for title, _help, _call in provider._commands()]
        assert len(titles) == len(set(titles))
        assert "Board: +core/+damage" in titles


async def test_a_load_finishing_after_its_screen_is_gone_is_cancelled_not_failed(fake_app) -> None:
    """The judge quits while a clause is still loading: the worker ends cancelled, never resumed on
    widgets that are gone (a WorkerFailed would end the session with a traceback)."""
    import asyncio

    from textual.worker import WorkerState

    app = fake_app()
    gate = asyncio.Event()

    async def slow() -> str:
        await gate.wait()
        return "late"

    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        outcome: list[str] = []

        async def load() -> None:
            outcome.append(await app.ask(slow()))

        worker = screen.run_worker(load(), exclusive=False)
        await pilot.pause()
        app._exit = True              # what App.exit sets first: nothing is attached any more
        gate.set()
        await asyncio.sleep(0.05)
        assert worker.state == WorkerState.CANCELLED and outcome == []
        app._exit = False


async def test_a_document_loading_while_the_screen_is_taken_down_ends_quietly(fake_app) -> None:
    """The app closing removes a screen's widgets before the screen itself: a document that finishes
    loading then finds no section tree, and the worker ends without an error (it was the palette
    test's rare WorkerFailed)."""
    from textual.worker import WorkerState

    app = fake_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        await screen.query_one("#sections").remove()
        worker = screen.load_document()
        await worker.wait()
        assert worker.state == WorkerState.SUCCESS


async def test_a_clause_opening_while_the_screen_is_taken_down_ends_quietly(fake_app) -> None:
    """The same for a clause: its load resumes after the clause pane and jump line are removed (the
    app closing) and the worker ends without an error, not with NoMatches on '#jump'."""
    from textual.worker import WorkerState

    app = fake_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        await screen.query("#main, #jump, #other, #sections").remove()
        worker = screen._open(Place(app.game, app.lang, app.version, "1"), True)
        await worker.wait()
        assert worker.state == WorkerState.SUCCESS
