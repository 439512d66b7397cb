"""Search in English (stemmed) and Japanese (trigram, with a substring path for short words)."""

from __future__ import annotations

import pytest

from judge.errors import BadInput, UnknownGame
from judge.rules.kb import KB


def test_search_equal_bp_finds_bss_7_1_5_2_1_first(kb: KB) -> None:
    hits = kb.search("equal BP destroyed", game="bss")
    assert (hits[0].number, hits[0].version) == ("7-1-5-2-1", "1.7.0")
    assert "«equal»" in hits[0].snippet.lower()


def test_search_english_is_stemmed(kb: KB) -> None:
    hits = kb.search("blocks", game="bss", limit=50)
    assert any("block" in h.snippet.lower() and "«block" in h.snippet.lower() for h in hits)


def test_search_japanese_trigram_finds_pending_state(kb: KB) -> None:
    hits = kb.search("待機状態", game="bs")
    assert hits and hits[0].lang == "ja"
    assert "«待機状態»" in hits[0].snippet


def test_search_japanese_two_characters_uses_substring(kb: KB) -> None:
    hits = kb.search("破壊", game="bs")
    assert hits and all("«破壊»" in h.snippet for h in hits)


def test_search_english_in_bs_en(kb: KB) -> None:
    hits = kb.search("pending state", game="bs", lang="en")
    assert hits and all(h.lang == "en" for h in hits)


def test_search_fftcg_party(kb: KB) -> None:
    assert any(h.number.startswith("15.1.1.9") for h in kb.search("form a party", game="fftcg"))


def test_search_rejects_empty_and_unknown_game(kb: KB) -> None:
    with pytest.raises(BadInput):
        kb.search("   ")
    with pytest.raises(UnknownGame):
        kb.search("core", game="mtg")
