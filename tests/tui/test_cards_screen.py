"""Cards screen flows on the real card database, with the project's invented test cards."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, OptionList, Static, Tree
from tui_fakes import plain, settle

from judge.tui.app import JudgeApp
from judge.tui.card_view import OutlineNode

FIXTURE = Path(__file__).parent / "fixtures" / "tui_cards.yaml"


@pytest.fixture
def _cards_imported() -> None:
    """Import the invented cards once into this test session's database."""
    from judge.cards.db import find_card, load_card_file
    from judge.errors import UnknownCard

    try:
        present = find_card("TUI-001", game="bss").number == "TUI-001"
    except UnknownCard:
        present = False
    if not present:
        load_card_file(FIXTURE, "bss")


async def open_card(pilot, query: str) -> None:
    await pilot.press("f2")
    await settle(pilot)
    await pilot.press(*["space" if ch == " " else ch for ch in query])
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)


def tree_nodes(tree: Tree) -> list:
    out, stack = [], list(tree.root.children)
    while stack:
        node = stack.pop(0)
        out.append(node)
        stack[0:0] = list(node.children)
    return out


@pytest.mark.usefixtures("_cards_imported")
async def test_search_by_name_opens_the_card_with_its_ast() -> None:
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_card(pilot, "Lantern Sentinel")
        shown = plain(app.screen.query_one("#card-data", Static))
        assert "Lantern Sentinel" in shown and "TUI-001" in shown, [n.message for n in app._notifications]
        assert "When Destroyed: Draw one card." in shown
        labels = [str(n.label) for n in tree_nodes(app.screen.query_one("#ast", Tree))]
        assert any(label.startswith("keyword: keyword name=Gale") for label in labels)


@pytest.mark.usefixtures("_cards_imported")
async def test_selecting_an_ast_node_shows_its_clauses() -> None:
    from judge.rules.kb import open_kb
    from judge.text.ast import Keyword
    from judge.text.links import cites

    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_card(pilot, "TUI-001")
        tree = app.screen.query_one("#ast", Tree)
        gale = next(n for n in tree_nodes(tree) if str(n.label).startswith("keyword: keyword name=Gale"))
        tree.move_cursor(gale)
        await settle(pilot)
        node: OutlineNode = gale.data
        expected = cites(Keyword("Gale", ("2",)), "bss")
        assert node.cites and set(expected) <= set(node.cites)
        first = open_kb().clause("bss", node.cites[0])
        side = plain(app.screen.query_one("#clause-text", Static))
        assert f"§{first.number}" in side
        assert " ".join(first.text.split())[:40] in " ".join(side.split())


@pytest.mark.usefixtures("_cards_imported")
async def test_unparsed_text_is_marked() -> None:
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_card(pilot, "Moon Juggler")
        labels = [str(n.label) for n in tree_nodes(app.screen.query_one("#ast", Tree))]
        assert any(label.startswith("⚠ unparsed:") and "Juggle" in label for label in labels)
        summary = plain(app.screen.query_one("#clause-text", Static))
        assert "1 ability read (1 in part), 1 part not read (marked in red)" in summary
        data = app.screen.query_one("#card-data", Static).content
        printed = data.renderables[1]
        marked = [printed.plain[s.start:s.end] for s in printed.spans if "red" in str(s.style)]
        assert marked == ["Juggle three moons sideways."]


async def test_unknown_card_search_says_so() -> None:
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f2")
        await settle(pilot)
        await pilot.press(*"zzqqxx", "space", *"nothing")
        await settle(pilot)
        hits = app.screen.query_one("#card-hits", OptionList)
        assert "No card matches" in str(hits.get_option_at_index(0).prompt)


async def test_import_a_card_file_from_the_screen(tmp_path: Path) -> None:
    source = tmp_path / "more.yaml"
    source.write_text(FIXTURE.read_text(encoding="utf-8").replace("TUI-00", "TUX-00"), encoding="utf-8")
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f2")
        await settle(pilot)
        app.screen.query_one("#card-hits", OptionList).focus()
        await pilot.press("i")
        await pilot.pause()
        app.screen.query_one(Input).value = str(source)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")  # the game picker starts on the current game, bss
        await settle(pilot)
        records = FIXTURE.read_text(encoding="utf-8").count("- number:")
        assert any(f"Imported {records} cards" in n.message for n in app._notifications), \
            [n.message for n in app._notifications]
    from judge.cards.db import find_card

    assert find_card("TUX-002", game="bss").name == "Mirror Flare"


async def test_a_malformed_card_file_is_a_notification_not_a_crash(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: bss\ncards:\n  - {number: X-1, type: spirit}\n", encoding="utf-8")
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f2")
        await settle(pilot)
        app.screen.query_one("#card-hits", OptionList).focus()
        await pilot.press("i")
        await pilot.pause()
        app.screen.query_one(Input).value = str(bad)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")
        await settle(pilot)
        errors = [n for n in app._notifications if n.severity == "error"]
        assert errors and "name" in errors[0].message


def test_card_browser_markup_is_shown_as_styles_not_tags() -> None:
    """FFTCG text keeps its [[i]] / [[ex]] / [[br]] markup for the parser's offsets; a judge reads it styled."""
    from judge.tui.card_view import SELECTED_STYLE, marked_text

    raw = "Search for 1 [[i]]Card Name Gorbo[[/]] and add it.[[br]][[ex]]EX BURST[[/]] Draw 1 card."
    shown = marked_text(raw, None, (0, 6))
    assert shown.plain == "Search for 1 Card Name Gorbo and add it.\nEX BURST Draw 1 card."
    styles = {shown.plain[s.start:s.end]: str(s.style) for s in shown.spans}
    assert styles["Search"] == str(SELECTED_STYLE)          # the selected span still lands on its words
    assert styles["Card Name Gorbo"] == "italic" and styles["EX BURST"] == "bold red"


@pytest.mark.usefixtures("_cards_imported")
async def test_an_ability_read_in_part_shows_the_print_beside_its_reading_and_the_words_not_read() -> None:
    """Issue 20.4: per ability, the printed text, the project's rendering of what it read and the words
    it did not read, so a judge can catch a misreading (TUI-003's sentence is invented, never read)."""
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_card(pilot, "TUI-003")
        labels = [str(n.label) for n in tree_nodes(app.screen.query_one("#ast", Tree))]
        assert labels[0].startswith("triggered") and labels[1].startswith("read as: When Summoned: ⟨not read⟩")
        assert any(label.startswith("not read: Juggle three moons sideways.") for label in labels)
        await pilot.press("home", "down")            # from the ability to its reading
        await settle(pilot)
        side = " ".join(plain(app.screen.query_one("#clause-text", Static)).split())
        assert "Printed: When Summoned: Juggle three moons sideways." in side
        assert "Read as: When Summoned: ⟨not read⟩." in side and "Not read: Juggle three moons sideways." in side
        await pilot.press("down")                    # the words not read
        await settle(pilot)
        assert "resolved by hand" in plain(app.screen.query_one("#clause-text", Static))


@pytest.mark.usefixtures("_cards_imported")
async def test_a_name_several_cards_hold_lists_them_with_numbers_and_games_and_enter_picks() -> None:
    """23.1: several matches are listed (number and game) with a one-line hint; Enter moves to the
    list instead of opening the first, and Enter there opens the one highlighted."""
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f2")
        await settle(pilot)
        await pilot.press(*"test")
        await settle(pilot)
        note = plain(app.screen.query_one("#card-note", Static))
        hits = app.screen.query_one("#card-hits", OptionList)
        labels = [str(hits.get_option_at_index(i).prompt) for i in range(hits.option_count)]
        assert "cards match 'test'" in note, note
        assert any("TUI-F01" in line and "fftcg" in line for line in labels), labels
        await pilot.press("enter")
        await settle(pilot)
        assert app.focused is hits
        await pilot.press("down", "enter")
        await settle(pilot)
        assert labels[1].split()[0] in plain(app.screen.query_one("#card-data", Static))


@pytest.mark.usefixtures("_cards_imported")
async def test_a_misspelt_number_says_the_nearest_numbers_of_its_set() -> None:
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f2")
        await settle(pilot)
        await pilot.press(*"TUI-099")
        await settle(pilot)
        note = plain(app.screen.query_one("#card-note", Static))
        assert "did you mean" in note and "TUI-0" in note, note


@pytest.mark.usefixtures("_cards_imported")
async def test_enter_pressed_before_the_search_answers_opens_the_typed_card() -> None:
    """A judge types a number and presses Enter at once: the card opens when its search answers."""
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f2")
        await settle(pilot)
        await pilot.press(*"TUI-001", "enter")          # no pause between the last key and Enter
        await settle(pilot)
        shown = plain(app.screen.query_one("#card-data", Static))
        assert "Lantern Sentinel" in shown and "TUI-001" in shown, shown
