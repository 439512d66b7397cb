"""Rules search: questions in players' words find the clause, in English and Japanese.

The questions here are invented for the tests (the evaluation set lives in bench/search_eval/);
each names the clause that answers it, read with `judge rule`.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from judge.errors import BadInput, ManifestError, UnknownGame
from judge.rules import search_query
from judge.rules.kb import KB


def numbers(hits) -> list[str]:
    return [h.number for h in hits]


# --- English: stemming, synonyms, common words ----------------------------------------------
def test_equal_bp_finds_bss_7_1_5_2_1_first_with_the_words_marked(kb: KB) -> None:
    hits = kb.search("equal BP destroyed", game="bss")
    assert (hits[0].number, hits[0].version) == ("7-1-5-2-1", "1.7.0")
    assert "«equal»" in hits[0].snippet.lower() and hits[0].all_words


def test_english_is_stemmed_blocks_finds_block(kb: KB) -> None:
    hits = kb.search("blocks", game="bss", limit=50)
    assert hits and all("«block" in h.snippet.lower() for h in hits[:10])


def test_untap_is_the_documents_refresh_bss_10_3_1(kb: KB) -> None:
    hits = kb.search("untap", game="bss", limit=5)
    assert "10-3-1" in numbers(hits)
    assert hits[0].matched == ("untap→refresh",)


def test_tapped_is_fftcg_dull_and_untap_step_the_active_phase_9_1_1_1(kb: KB) -> None:
    assert "9.1.1.1" in numbers(kb.search("what untaps in the untap step", game="fftcg", limit=5))


def test_ko_is_destroy_in_saga_and_break_in_fftcg(kb: KB) -> None:
    saga = kb.search("KO", game="bss", limit=10)
    ff = kb.search("KO", game="fftcg", limit=10)
    assert any("destroy" in h.snippet.lower() for h in saga)
    assert any("break" in h.snippet.lower() for h in ff)


def test_scoop_is_concede_bss_1_2_4(kb: KB) -> None:
    assert "1-2-4" in numbers(kb.search("is it ok to scoop at any point", game="bss", limit=5))


def test_question_words_do_not_decide_the_ranking(kb: KB) -> None:
    # "how", "does", "the", "a" carry nothing; the answer holds "draw" (Standard 6-2-1-5: 4 cards)
    q = search_query.analyse("how many cards does a player draw at the start", "bs", "en")
    words = [c.word.lower() for c in q.concepts]
    assert "how" not in words and "does" not in words and "a" not in words
    assert "6-2-1-5" in numbers(kb.search("how many cards in the opening hand", game="bs", limit=5))


def test_a_situation_finds_the_clause_not_enough_targets_bss_8_5_3_1(kb: KB) -> None:
    got = numbers(kb.search("the card tells me to select two spirits but only one is there", game="bss", limit=5))
    assert {"8-5-3-1", "8-5-3-3"} & set(got)


def test_the_same_time_is_simultaneously_bss_1_2_3(kb: KB) -> None:
    assert "1-2-3" in numbers(kb.search("both players meet a victory condition at the same time", game="bss",
                                        limit=5))


# --- Japanese: word segmentation and the bigram fallback ------------------------------------
def test_japanese_question_finds_the_japanese_clause_9_1_8_1_3(kb: KB) -> None:
    hits = kb.search("置換効果が二つ同時に使えるとき、どれを使うかは誰が決めるの", game="bs", limit=5)
    assert hits and all(h.lang == "ja" for h in hits)
    assert "9-1-8-1-3" in numbers(hits)


def test_compound_and_variant_meet_chikan_kouka_finds_chikan_gata_kouka(kb: KB) -> None:
    hits = kb.search("置換効果", game="bs", limit=10)
    assert "9-1-8-1" in numbers(hits)
    assert any("«置換»型«効果»" in h.snippet for h in hits)


def test_japanese_pending_state_marked_as_one_word(kb: KB) -> None:
    hits = kb.search("待機状態", game="bs")
    assert hits and hits[0].lang == "ja"
    assert "«待機状態»" in hits[0].snippet


def test_japanese_two_characters_found_and_marked(kb: KB) -> None:
    hits = kb.search("破壊", game="bs")
    assert hits and all("«破壊" in h.snippet for h in hits)


def test_tap_slang_in_japanese_is_hirou_5_15_1(kb: KB) -> None:
    hits = kb.search("タップするってどういうこと", game="bs", limit=5)
    assert "5-15-1" in numbers(hits)
    assert any("タップ→疲労" in h.matched for h in hits)


# --- never nothing, and saying what matched -------------------------------------------------
def test_any_of_the_words_when_no_clause_holds_them_all(kb: KB) -> None:
    hits = kb.search("zorblax confront", game="bss", limit=5)
    assert hits and not any(h.all_words for h in hits)
    assert hits[0].number == "11-2-1" and hits[0].matched == ("confront",)


def test_a_japanese_sentence_never_finds_nothing(kb: KB) -> None:
    hits = kb.search("ぐるぐるぴかぴかのスピリットはどうなるの", game="bs", limit=5)
    assert hits and all(h.lang == "ja" for h in hits)


# --- headings, numbers, languages, versions -------------------------------------------------
def test_a_chapter_heading_never_ranks_above_its_own_clauses_fftcg_14(kb: KB) -> None:
    got = numbers(kb.search("Illegal Actions", game="fftcg", limit=20))
    assert "14" in got
    assert all(got.index(n) < got.index("14") for n in got if n.startswith("14."))
    assert got[0].startswith("14.")


def test_a_defined_term_lifts_its_defining_clause_pending_state_5_17_1(kb: KB) -> None:
    assert kb.search("what is the pending state", game="bs", lang="en", limit=3)[0].number in ("5-17-1", "10-2-2-1")


def test_a_clause_number_finds_that_clause(kb: KB) -> None:
    hits = kb.search("7.1.5.2", game="bss")
    assert hits[0].number == "7-1-5-2"


def test_english_query_searches_english_documents_of_bs(kb: KB) -> None:
    hits = kb.search("pending state", game="bs", lang="en")
    assert hits and all(h.lang == "en" for h in hits)


def test_older_version_only_where_current_did_not_match(kb: KB) -> None:
    hits = kb.search("comparing BP", game="bss", limit=50)
    current = {h.number for h in hits if h.version == "1.7.0"}
    assert not any(h.version == "bssdb" and h.number in current for h in hits)


def test_quoted_phrase_keeps_only_clauses_holding_it_side_by_side(kb: KB) -> None:
    hits = kb.search('"form a party"', game="fftcg", limit=20)
    assert hits and all("form" in h.snippet.lower() and "part" in h.snippet.lower() for h in hits)
    assert any(h.number.startswith("15.1.1.9") for h in hits)


def test_rejects_empty_and_unknown_game(kb: KB) -> None:
    with pytest.raises(BadInput):
        kb.search("   ")
    with pytest.raises(BadInput):
        kb.search("!!!")
    with pytest.raises(UnknownGame):
        kb.search("core", game="mtg")


# --- the synonym tables are data ------------------------------------------------------------
@pytest.mark.parametrize("game", ["bss", "bs", "fftcg"])
def test_every_synonym_table_loads_and_maps_words_to_words(game: str) -> None:
    table = search_query.synonyms(game)
    assert len(table) > 50
    assert all(k and v and all(terms for terms, _ in v) for k, v in table.items())


def test_a_malformed_synonym_table_is_named_in_a_clear_error(tmp_path, monkeypatch) -> None:
    (tmp_path / "synonyms").mkdir()
    (tmp_path / "synonyms" / "zz.toml").write_text('[words]\nuntap = "refresh"\n', encoding="utf-8")
    monkeypatch.setattr("judge.paths.rules_dir", lambda: tmp_path)
    search_query.synonyms.cache_clear()
    try:
        with pytest.raises(ManifestError, match=r"zz\.toml"):
            search_query.synonyms("zz")
    finally:
        search_query.synonyms.cache_clear()


# --- the command ----------------------------------------------------------------------------
def test_cli_search_json_keeps_number_and_says_what_matched(run) -> None:
    code, out, _ = run("search", "can a tapped spirit block", "--game", "bss", "--json", "--limit", "3")
    hits = json.loads(out)
    assert code == 0 and len(hits) == 3
    assert {"game", "lang", "number", "snippet", "score", "matched", "all_words"} <= set(hits[0])


def test_cli_lang_both_shows_the_english_clause_of_the_same_number(run, kb: KB) -> None:
    code, out, _ = run("search", "置換効果", "--game", "bs", "--lang", "both", "--json", "--limit", "2")
    hits = json.loads(out)
    assert code == 0 and hits[0]["lang"] == "ja"
    t = hits[0]["translation"]
    assert t["lang"] == "en" and t["number"] == hits[0]["number"]
    assert t["text"] == kb.clause("bs", hits[0]["number"], lang="en").text
    code, text, _ = run("search", "置換効果", "--game", "bs", "--lang", "both", "--limit", "1")
    assert code == 0 and "│ en " + hits[0]["number"] in text


def test_cli_lang_both_needs_a_game_with_two_languages(run) -> None:
    code, _, err = run("search", "untap", "--game", "bss", "--lang", "both")
    assert code != 0 and err.startswith("judge: ") and "two languages" in err


def test_cli_says_when_no_clause_holds_all_the_words(run) -> None:
    code, out, _ = run("search", "zorblax confront", "--game", "bss", "--limit", "2")
    assert code == 0 and out.startswith("No clause holds all the words")
    assert "[confront]" in out


def test_the_tokenizer_loads_only_for_a_japanese_search(kb: KB) -> None:
    probe = (f"import sys\nfrom judge.rules.kb import KB\nkb = KB({str(kb.path)!r})\n"
             "kb.search('untap', game='bss')\nprint('sudachipy' in sys.modules)\n"
             "kb.search('疲労', game='bs')\nprint('sudachipy' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "True"]
