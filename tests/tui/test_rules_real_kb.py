"""The Rules screen on the real rules documents: what a judge sees for real clause numbers.

Expected texts come from the knowledge base itself (the same data the screen shows), so these
tests check the screen's wiring, not the wording of the rules.
"""

from __future__ import annotations

import pytest
from textual.widgets import OptionList
from tui_fakes import jump, plain, settle

from judge.tui.app import JudgeApp
from judge.tui.clause_pane import ClausePane


@pytest.fixture
def kb():
    from judge.rules.kb import open_kb

    return open_kb()


def pane_text(app, pane: str = "#main") -> str:
    widget = app.screen.query_one(pane, ClausePane)
    return " ".join((plain(widget.query_one(".heading")) + " " + plain(widget.query_one(".text"))).split())


async def test_bss_7_1_5_2_jump_by_dotted_number_shows_the_clause_and_its_sub_clause(kb) -> None:
    clause = kb.clause("bss", "7-1-5-2")
    child = kb.clause("bss", clause.children[0])
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await jump(pilot, "7.1.5.2")
        shown = pane_text(app)
        assert f"§7-1-5-2 {clause.title}" in shown
        assert " ".join(child.text.split())[:60] in shown


async def test_bss_follow_a_link_and_come_back(kb) -> None:
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await jump(pilot, "§7-1-5")
        links = app.screen.query_one("#main .links", OptionList)
        target = links.get_option_at_index(links.highlighted).id.split("|", 1)[1]
        await pilot.press("enter")
        await settle(pilot)
        assert pane_text(app).startswith(f"§{target}")
        await pilot.press("b")
        await settle(pilot)
        assert pane_text(app).startswith("§7-1-5 ")


async def test_bss_search_confront_defining_clause_first_then_ranked_hits(kb) -> None:
    term = kb.term("Confront", game="bss")[0]
    hits = kb.search("Confront", game="bss", limit=50)
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("slash", *"Confront")
        await settle(pilot)
        listed = app.screen.query_one("#hits", OptionList)
        shown = [str(listed.get_option_at_index(i).prompt) for i in range(listed.option_count)]
        assert shown[0].startswith("defines Confront") and f"§{term.number} " in shown[0]
        assert [line.split()[2] for line in shown[1:]] == [f"§{h.number}" for h in hits]
        await pilot.press("enter")
        await settle(pilot)
        assert pane_text(app).startswith(f"§{term.number} ")


async def test_bs_japanese_and_english_side_by_side(kb) -> None:
    ja, en = kb.clause("bs", "1-2-1", lang="ja"), kb.clause("bs", "1-2-1", lang="en")
    app = JudgeApp("bs", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert app.lang == "ja"
        await jump(pilot, "1-2-1")
        await pilot.press("s")
        await settle(pilot)
        assert "".join(ja.text.split())[:15] in "".join(pane_text(app, "#main").split())
        assert " ".join(en.text.split())[:40] in pane_text(app, "#other")


async def test_bss_cite_copies_the_kb_citation_line(kb) -> None:
    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await jump(pilot, "7-1-5-2-1")
        await pilot.press("c")
        await settle(pilot)
        line = kb.citation("bss", "7-1-5-2-1")
        assert app.clipboard == line
        assert any(n.message == line for n in app._notifications)


async def test_fftcg_unknown_number_names_the_nearest(kb) -> None:
    app = JudgeApp("fftcg", remember=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await jump(pilot, "99.99.99")
        errors = [n.message for n in app._notifications if n.severity == "error"]
        assert errors and "99" in errors[0] and "nearest" in errors[0]
