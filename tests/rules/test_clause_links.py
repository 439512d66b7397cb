"""Every mention of another clause becomes a reference; the reverse is "cited by"."""

from __future__ import annotations

from judge.rules.kb import KB
from judge.rules.links import mentions


def test_bss_7_1_5_2_1_refers_to_7_1_6_end_of_battle(kb: KB) -> None:
    assert "7-1-6" in kb.clause("bss", "7-1-5-2-1").refs
    assert "7-1-5-2-1" in kb.clause("bss", "7-1-6").cited_by


def test_bs_ja_1_1_1_see_2_13_block_icon(kb: KB) -> None:
    assert kb.clause("bs", "1-1-1").refs == ["2-13"]


def test_bss_2_1_2_card_number_is_not_a_reference(kb: KB) -> None:
    assert kb.clause("bss", "2-1-2").refs == []


def test_mentions_in_all_printed_shapes() -> None:
    assert mentions("as noted in 12.4.6 and 12.4.7.", "dot") == ["12.4.6", "12.4.7"]
    assert mentions("(Please check 5.2.6.1. in battle.)", "dot") == ["5.2.6.1"]
    assert mentions("see 2-13, and (8-1-7); 12-2-1-3", "dash") == ["2-13", "8-1-7", "12-2-1-3"]
    assert mentions("a BSS02-016 card", "dash") == []


def test_fftcg_references_only_existing_clauses(kb: KB) -> None:
    for c in kb.dump("fftcg"):
        for r in c.refs:
            assert kb.exists("fftcg", r), (c.number, r)
