"""FINAL FANTASY TCG: dot numbering, the "Updated" list, list items inside a clause."""

from __future__ import annotations

from judge.rules.kb import KB


def test_fftcg_updated_list_stored_as_markers_not_clauses(kb: KB) -> None:
    marks = [c for c in kb.changes("fftcg") if c.action == "updated"]
    assert [m.number for m in marks] == ["15.1.1.9.9", "15.2.2.2", "15.2.2.3", "15.2.4.1"]
    assert kb.clause("fftcg", "15.1.1.9.9").line > 700


def test_fftcg_toc_not_taken_for_clauses(kb: KB) -> None:
    first = kb.dump("fftcg")[0]
    assert (first.number, first.title) == ("1", "Number of Players")
    assert first.line > 30


def test_fftcg_10_1_4_2_1_trailing_dot_accepted(kb: KB) -> None:
    assert kb.clause("fftcg", "10.1.4.2.1.").number == "10.1.4.2.1"
    assert kb.clause("fftcg", "10-1-4-2-1").number == "10.1.4.2.1"


def test_fftcg_11_12_4_6_numbered_list_kept_in_clause(kb: KB) -> None:
    text = kb.clause("fftcg", "11.12.4.6").text
    assert "1) Effects that change the controller" in text
    assert "5) Effects that change the power of cards." in text


def test_fftcg_12_4_list_intro_is_not_a_title(kb: KB) -> None:
    assert kb.clause("fftcg", "12.4").title == ""


def test_fftcg_no_anomalies_in_a_clean_sequence(kb: KB) -> None:
    assert [a for a in kb.check("fftcg") if a.kind in ("repeated", "out_of_sequence")] == []
