"""The unnumbered BSSDB text (older Saga rules) gets its numbers by alignment to 1.7.0."""

from __future__ import annotations

from judge.rules.kb import KB


def test_bssdb_7_1_5_2_1_aligned_with_high_confidence(kb: KB) -> None:
    c = kb.clause("bss", "7-1-5-2-1", version="bssdb")
    assert c.text.startswith("The result of a battle between two spirits")
    assert c.confidence >= 0.95


def test_bssdb_has_no_11_11_crush(kb: KB) -> None:
    assert not kb.exists_in(kb.document("bss", version="bssdb"), "11-11-1")


def test_bssdb_preamble_lines_reported_unattached(kb: KB) -> None:
    un = [a for a in kb.check("bss") if a.doc == "bss/en/bssdb" and a.kind == "unattached"]
    assert any(a.line == 1 for a in un)
    assert any("BSSDB.DEV" in a.message for a in un)


def test_bss_diff_bssdb_to_1_7_0_shows_11_3_1_curse_changed(kb: KB) -> None:
    d = kb.diff("bss", "bssdb", "1.7.0")
    changed = {c["number"]: c for c in d["changed"]}
    assert "11-3-1" in changed
    assert "{+blocked, [Curse] will trigger+}" in changed["11-3-1"]["diff"]
    added = {a["number"] for a in d["added"]}
    assert {"11-11-1", "2-8-2-1", "2-8-2-2"} <= added


def test_bss_11_3_1_history_names_change_log_entry(kb: KB) -> None:
    h = kb.history("bss", "11-3-1")
    assert [e["version"] for e in h] == ["bssdb", "1.7.0"]
    assert h[1]["status"] == "changed"
    assert h[1]["changelog"][0]["date"] == "2023-11-21"


def test_bss_11_11_1_history_absent_then_added(kb: KB) -> None:
    assert [e["status"] for e in kb.history("bss", "11-11-1")] == ["absent", "added"]
