"""A judge moves cores in the main step (Saga 6-6-1-2-3) by menus only: the move is one entry of the
legal actions, then from where, which cores, to where and how many, each a list of what the engine
allows; the board and the cited trace show the result.

The board is built by keys from the project's invented TUI cards (tests/tui/fixtures/tui_cards.yaml):
Lantern Sentinel and Brass Bulwark, each LV1 with 1 core and LV2 with 3. A new Saga board starts in
A's main step with 3 cores and the soul core in each reserve.
"""

from __future__ import annotations

import pytest
from board_keys import add_card, highlight, import_fixture_cards, new_board, pick, settle, shown
from board_keys import until_asked_or_done as settle_until_asked

from judge.tui.app import JudgeApp
from judge.tui.board_screen import BoardScreen
from judge.tui.dialogs import PickDialog


@pytest.fixture(autouse=True)
def _cards() -> None:
    import_fixture_cards()


async def board_with_two_spirits(pilot) -> BoardScreen:
    await pilot.press("f3")
    await settle(pilot)
    await new_board(pilot, "bss")
    await add_card(pilot, "A  life", "TUI-001", wait_for="a1 Lantern Sentinel")
    await add_card(pilot, "A  life", "TUI-004", wait_for="a2 Brass Bulwark")
    assert isinstance(pilot.app.screen, BoardScreen)
    return pilot.app.screen


async def open_core_move(pilot) -> None:
    """The actions menu has the core move as one entry; Enter starts its questions."""
    await highlight(pilot, "actions", "move cores…")
    assert "step by step" in next(line for line in shown(pilot.app, "#actions") if "move cores…" in line)
    await pilot.press("enter")
    await settle_until_asked(pilot)


def asked(app) -> tuple[str, list[str]]:
    """The open question (its last line) and its answers."""
    assert isinstance(app.screen, PickDialog), app.screen
    return app.screen.title_text.splitlines()[-1], shown(app, "#choices")


def row(app, start: str) -> str:
    return next(line for line in shown(app, "#rows") if line.strip().startswith(start))


def trace_cites(board: BoardScreen) -> dict[str, tuple[str, ...]]:
    return {step.text: step.cites for _action, step in board.snap.trace}


async def test_6_6_1_2_3_cores_move_from_the_reserve_to_a_spirit_chosen_by_menus() -> None:
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        board = await board_with_two_spirits(pilot)
        await open_core_move(pilot)
        question, answers = asked(app)
        assert question == "Move cores from where?"
        assert answers == ["the reserve: 3 cores + the soul core", "Lantern Sentinel (a1): LV1, 1 core",
                           "Brass Bulwark (a2): LV1, 1 core"], answers
        await pick(pilot, "the reserve")
        assert asked(app) == ("Which cores?", ["ordinary cores", "the soul core"])
        await pick(pilot, "ordinary cores")
        question, answers = asked(app)
        assert question == "To where?" and answers == ["Lantern Sentinel (a1): LV1, 1 core",
                                                       "Brass Bulwark (a2): LV1, 1 core"], answers
        await pick(pilot, "Lantern Sentinel (a1)")
        question, answers = asked(app)
        assert question == "How many?"
        assert answers == ["1 core", "2 cores — Lantern Sentinel (a1) goes to LV2",
                           "3 cores — Lantern Sentinel (a1) goes to LV2"], answers     # the reserve holds 3
        await pick(pilot, "2 cores")
        await settle(pilot)
        assert "LV2 5000 BP · 3 cores" in row(app, "a1 Lantern Sentinel")
        assert "reserve 1 · soul core reserve" in row(app, "A  life")
        assert any("A moves 2 core(s) from reserve to a1 §6-6-1-2-3" in line for line in shown(app, "#trace"))
        assert trace_cites(board)["A moves 2 core(s) from reserve to a1"] == ("6-6-1-2-3",)


async def test_9_3_2_a_move_leaving_a_spirit_under_its_lv1_cost_is_offered_with_a_warning_and_destroys_it() -> None:
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        board = await board_with_two_spirits(pilot)
        await open_core_move(pilot)
        await pick(pilot, "Brass Bulwark (a2)")
        question, answers = asked(app)          # no soul core on a2: "which cores" is not asked
        assert question == "To where?" and answers == ["the reserve: 3 cores + the soul core",
                                                       "Lantern Sentinel (a1): LV1, 1 core"], answers
        await pick(pilot, "the reserve")
        question, answers = asked(app)          # one answer, still shown: it says what the move does
        assert question == "How many?"
        assert answers == ["1 core — Brass Bulwark (a2) is left under its LV1 cost: it is destroyed (§9-3-2)"]
        await pick(pilot, "1 core")
        await settle(pilot)
        assert not any("a2 Brass Bulwark" in line for line in shown(app, "#rows"))
        assert "reserve 4" in row(app, "A  life")
        cites = trace_cites(board)
        assert cites["A moves 1 core(s) from a2 to reserve"] == ("6-6-1-2-3",)
        assert any("self-destroyed" in text and "9-3-2" in found for text, found in cites.items()), cites


async def test_6_6_1_2_3_the_soul_core_moves_on_its_own_by_menus() -> None:
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        board = await board_with_two_spirits(pilot)
        await open_core_move(pilot)
        await pick(pilot, "the reserve")
        await pick(pilot, "the soul core")
        await pick(pilot, "Brass Bulwark (a2)")
        assert asked(app) == ("How many?", [
            "the soul core",                                          # 2 cores: Brass Bulwark stays LV1
            "the soul core and 1 core — Brass Bulwark (a2) goes to LV2",
            "the soul core and 2 cores — Brass Bulwark (a2) goes to LV2",
            "the soul core and 3 cores — Brass Bulwark (a2) goes to LV2"])
        await pick(pilot, "the soul core")
        await settle(pilot)
        assert "1 core + soul core" in row(app, "a2 Brass Bulwark")
        assert "reserve 3 · soul core a2" in row(app, "A  life")
        assert trace_cites(board)["A moves the soul core from reserve to a2"] == ("6-6-1-2-3",)


async def test_6_6_1_2_3_the_soul_core_and_ordinary_cores_move_in_one_action_by_menus() -> None:
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        board = await board_with_two_spirits(pilot)
        await open_core_move(pilot)
        await pick(pilot, "the reserve")
        await pick(pilot, "the soul core")
        await pick(pilot, "Lantern Sentinel (a1)")
        await pick(pilot, "the soul core and 1 core")
        await settle(pilot)
        assert "LV2 5000 BP · 2 cores + soul core" in row(app, "a1 Lantern Sentinel")
        assert "reserve 2 · soul core a1" in row(app, "A  life")
        assert any("A moves the soul core and 1 core(s) from reserve to a1 §6-6-1-2-3" in line
                   for line in shown(app, "#trace"))
        assert trace_cites(board)["A moves the soul core and 1 core(s) from reserve to a1"] == ("6-6-1-2-3",)


async def test_escape_at_any_step_leaves_the_board_as_it_was() -> None:
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await board_with_two_spirits(pilot)
        before = shown(app, "#rows")
        await open_core_move(pilot)
        await pick(pilot, "the reserve")
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, BoardScreen)
        assert shown(app, "#rows") == before
        assert shown(app, "#trace") == ["No action played yet"]


async def test_11_1_1_awaken_moves_cores_from_another_spirit_chosen_by_menus() -> None:
    """【Awaken】 at flash timing (here A's main step): how many cores, from which cards, by menus."""
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        board = await board_with_two_spirits(pilot)
        await add_card(pilot, "A  life", "TUI-006", wait_for="a3 Dawnwatch Colossus")
        await highlight(pilot, "rows", "a2 Brass Bulwark")
        await pilot.press("plus", "plus")
        await settle(pilot)
        assert "LV2 6000 BP · 3 cores" in row(app, "a2 Brass Bulwark")
        await highlight(pilot, "actions", "awaken…")
        await pilot.press("enter")
        await settle_until_asked(pilot)
        question, answers = asked(app)          # one spirit with 【Awaken】: "which spirit" is not asked
        assert question == "How many cores move onto it?" and answers == ["1 core", "2 cores", "3 cores", "4 cores"], answers
        await pick(pilot, "2 cores")
        question, answers = asked(app)          # then how many from each card, while there is a choice
        assert question == "How many from Lantern Sentinel (a1): LV1, 1 core?" and answers == ["1 core", "0 cores"]
        await pick(pilot, "0 cores")
        question, answers = asked(app)          # Brass Bulwark must give both: asked last, with what it does
        assert question == "From which cards?"
        assert answers == ["2 cores from Brass Bulwark (a2) — Brass Bulwark (a2) goes to LV1; Dawnwatch Colossus (a3) "
                           "goes to LV2"], answers
        await pick(pilot, "2 cores from Brass Bulwark (a2)")
        await settle(pilot)
        assert "LV2 6000 BP · 3 cores" in row(app, "a3 Dawnwatch Colossus")
        assert "LV1 4000 BP · 1 core" in row(app, "a2 Brass Bulwark")
        cites = trace_cites(board)
        assert any("Awaken" in text and "11-1-1" in found for text, found in cites.items()), cites


async def board_with_63_ways_to_awaken(pilot) -> BoardScreen:
    """Dawnwatch Colossus (【Awaken】) beside three other spirits of three cores each: 4^3 - 1 ways."""
    board = await board_with_two_spirits(pilot)
    await add_card(pilot, "A  life", "TUI-006", wait_for="a3 Dawnwatch Colossus")
    await add_card(pilot, "A  life", "TUI-003", wait_for="a4 Moon Juggler")
    for spirit in ("a1 Lantern Sentinel", "a2 Brass Bulwark", "a4 Moon Juggler"):
        await highlight(pilot, "rows", spirit)
        await pilot.press("plus", "plus")
        await settle(pilot)
        assert "· 3 cores" in row(pilot.app, spirit), row(pilot.app, spirit)
    return board


async def test_11_1_1_awaken_past_forty_ways_is_still_a_menu_one_card_at_a_time() -> None:
    """Three other cards of three cores each: 63 ways to awaken, every one reachable by menus."""
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        board = await board_with_63_ways_to_awaken(pilot)
        assert any("awaken… (63 ways, step by step)" in line for line in shown(app, "#actions"))
        await highlight(pilot, "actions", "awaken…")
        await pilot.press("enter")
        await settle_until_asked(pilot)
        question, answers = asked(app)
        assert question == "How many cores move onto it?"
        assert answers == ["1 core", *(f"{n} cores" for n in range(2, 10))], answers     # up to all nine
        await pick(pilot, "5 cores")
        question, answers = asked(app)
        assert question == "How many from Lantern Sentinel (a1): LV2, 3 cores?"
        assert answers == ["3 cores", "2 cores", "1 core", "0 cores"], answers
        await pick(pilot, "2 cores")
        question, answers = asked(app)
        assert question == "How many from Brass Bulwark (a2): LV2, 3 cores?"
        assert answers == ["3 cores", "2 cores", "1 core", "0 cores"], answers
        await pick(pilot, "1 core")
        question, answers = asked(app)          # Moon Juggler gives the two left: not asked
        assert question == "From which cards?" and len(answers) == 1
        assert answers[0].startswith("2 cores from Lantern Sentinel (a1), 1 core from Brass Bulwark (a2), 2 cores "
                                     "from Moon Juggler (a4) — Lantern Sentinel (a1) goes to LV1"), answers
        await pick(pilot, "2 cores from Lantern Sentinel (a1)")
        await settle(pilot)
        assert "LV2 6000 BP · 6 cores" in row(app, "a3 Dawnwatch Colossus")
        assert "LV1 3000 BP · 1 core" in row(app, "a1 Lantern Sentinel")
        assert "· 2 cores" in row(app, "a2 Brass Bulwark") and "· 1 core" in row(app, "a4 Moon Juggler")
        assert any("Awaken" in text and "11-1-1" in found for text, found in trace_cites(board).items())


async def test_awaken_ways_past_the_ceiling_are_said_not_listed(monkeypatch) -> None:
    import judge.engine.legal as L

    monkeypatch.setattr(L, "MAX_WAYS", 20)
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await board_with_63_ways_to_awaken(pilot)
        line = next(line for line in shown(app, "#actions") if "awaken…" in line)
        assert "awaken… (20 ways, step by step; 43 more not listed, ':' types one)" in line, line
