"""Battle Spirits Saga 1.7.0: the tricky spots of the source text, each a ruling on ingestion."""

from __future__ import annotations

from judge.rules.kb import KB


def test_bss_7_1_5_2_1_equal_bp_both_destroyed_is_stored_whole(kb: KB) -> None:
    c = kb.clause("bss", "7-1-5-2-1")
    assert "If their BP are equal, both spirits are destroyed." in c.text
    assert c.breadcrumbs[-1] == ("7-1-5-2", "Comparing BP")
    assert c.parent == "7-1-5-2"


def test_bss_1_2_1_1_repeated_number_kept_with_unique_id_and_likely_number(kb: KB) -> None:
    first = kb.clause("bss", "1-2-1-1")
    second = kb.clause("bss", "1-2-1-1#2")
    assert first.text.startswith("There are two victory conditions")
    assert second.text == "Your opponent's life total is zero."
    found = [a for a in kb.check("bss") if a.kind == "repeated" and a.number == "1-2-1-1#2"]
    assert found and found[0].likely == "1-2-1-1-1"


def test_bss_8_2_2_repeats_reported_each_time(kb: KB) -> None:
    repeated = {a.number for a in kb.check("bss") if a.kind == "repeated" and a.doc == "bss/en/1.7.0"}
    assert {"8-2-2-1#2", "8-2-2-2#2", "5-1-1-1#2"} <= repeated


def test_bss_4_1_1_2_gap_reported(kb: KB) -> None:
    gaps = [a for a in kb.check("bss") if a.kind == "gap" and a.number == "4-1-1-2"]
    assert gaps and "4-1-1-1" in gaps[0].message


def test_bss_table_of_contents_not_taken_for_clauses(kb: KB) -> None:
    top = kb.clause("bss", "1")
    assert top.title == "Game Overview"
    assert top.line == 20            # the heading in the body, not the TOC entry on line 7
    assert not any(c.text.endswith("\t2") or c.text.endswith(" 2") for c in kb.dump("bss") if c.title)


def test_bss_3_3_2_wrapped_line_rejoined(kb: KB) -> None:
    assert kb.clause("bss", "3-3-2").text.endswith("reorder the cards in their own hand.")


def test_bss_3_8_3_bulleted_continuation_is_not_a_new_clause(kb: KB) -> None:
    assert kb.clause("bss", "3-8-3").text.endswith("the first card is discarded.")


def test_bss_1_2_6_second_paragraph_stays_with_its_clause(kb: KB) -> None:
    assert kb.clause("bss", "1-2-6").text.split("\n")[1].startswith("The player managing that effect")


def test_bss_change_log_stored_with_dates_not_as_clauses(kb: KB) -> None:
    log = {(c.date, c.action, c.number) for c in kb.changes("bss")}
    assert ("2023-11-21", "changed", "11-3-1") in log
    assert ("2024-07-26", "added", "2-8-2-2") in log
    assert ("2024-11-14", "added", "11-18") in log
    assert kb.dump("bss")[-1].number == "12-3-3"


def test_bss_11_13_markdown_bold_and_brackets_cleaned_from_heading(kb: KB) -> None:
    assert kb.clause("bss", "11-13").title == "(A.T. Field)"
    assert "**" not in kb.clause("bss", "11-17-1").text


def test_bss_tolerates_dots_section_sign_and_trailing_dot(kb: KB) -> None:
    assert kb.clause("bss", "7.1.5.2").id == "7-1-5-2"
    assert kb.clause("bss", "§7-1-5-2").id == "7-1-5-2"
    assert kb.clause("bss", "7-1-5-2.").id == "7-1-5-2"


def test_bss_citation_names_document_and_version(kb: KB) -> None:
    line = kb.citation("bss", "7-1-5-2-1")
    assert line.startswith("Battle Spirits Saga CR 1.7.0 §7-1-5-2-1: The result of a battle")
    assert "\n" not in line


def test_bss_tree_walk_through_repeats_never_loops(kb: KB) -> None:
    """children and parent are ids, so 1-2-1-1's child is the repeat 1-2-1-1#2, not itself."""
    assert kb.clause("bss", "1-2-1-1").children == ["1-2-1-1#2", "1-2-1-1-2"]
    seen, todo = set(), ["1"]
    while todo:
        cid = todo.pop()
        assert cid not in seen
        seen.add(cid)
        todo += kb.clause("bss", cid).children
    assert "1-2-1-1#2" in seen
