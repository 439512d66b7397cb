"""Battle Spirits Standard, Japanese (authoritative) and English: splits, alignment by number."""

from __future__ import annotations

from judge.rules.kb import KB


def test_bs_ja_10_2_2_8_run_together_clause_split(kb: KB) -> None:
    before = kb.clause("bs", "10-2-2-7", lang="ja")
    split = kb.clause("bs", "10-2-2-8", lang="ja")
    assert "10-2-2-8" not in before.text
    assert split.text.startswith("効果によってスピリットかネクサスのコアの数")
    assert split.line == before.line
    assert any(a.kind == "split" and a.number == "10-2-2-8" for a in kb.check("bs"))


def test_bs_en_5_3_3_run_together_clause_split(kb: KB) -> None:
    assert kb.clause("bs", "5-3-2", lang="en").text.endswith("currently in progress.")
    assert kb.clause("bs", "5-3-3", lang="en").text.startswith("The ‘non-turn player’")


def test_bs_ja_7_8_heading_run_into_previous_clause_split(kb: KB) -> None:
    assert kb.clause("bs", "7-8", lang="ja").title == "第2メインステップ"


def test_bs_ja_8_1_6_1_number_glued_to_text(kb: KB) -> None:
    assert kb.clause("bs", "8-1-6-1", lang="ja").text.startswith("BP 比べ")


def test_bs_ja_is_default_and_en_shares_numbers(kb: KB) -> None:
    assert kb.document("bs").lang == "ja"
    assert kb.clause("bs", "5-17").title == "待機状態"
    assert kb.clause("bs", "5-17", lang="en").title == "Pending State"


def test_bs_translation_mismatch_11_3_1_4_reported(kb: KB) -> None:
    mism = [a for a in kb.check("bs") if a.kind == "translation"]
    assert [a.number for a in mism] == ["11-3-1-4"]
    rep = [a for a in kb.check("bs") if a.kind == "repeated"]
    assert rep and rep[0].number == "11-2-1-4#2" and rep[0].likely == "11-3-1-4"


def test_bs_example_paragraph_stays_with_1_4_2_1(kb: KB) -> None:
    assert "\n例：" in kb.clause("bs", "1-4-2-1").text


def test_bs_ja_11_3_1_4_lookup_points_to_the_misprinted_clause(kb: KB) -> None:
    import pytest

    from judge.errors import UnknownRule

    with pytest.raises(UnknownRule) as exc:
        kb.clause("bs", "11-3-1-4")
    assert exc.value.hints[0] == "11-2-1-4#2"
    assert kb.clause("bs", "11-2-1-4#2").parent == "11-3-1"


def test_bs_ja_11_3_1_4_1_hangs_under_the_misprinted_clause(kb: KB) -> None:
    assert kb.clause("bs", "11-3-1-4-1").parent == "11-2-1-4#2"
