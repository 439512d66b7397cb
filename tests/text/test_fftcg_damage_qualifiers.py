"""FFTCG damage events keep what kind of damage they wait for (6.5, 11.12.5.1), as structured qualifiers."""

from __future__ import annotations

import pytest

from judge.text.parse import parse_text


@pytest.mark.parametrize(("words", "qualifiers"), [
    ("", ()),
    (" other than battle damage", ("not_battle",)),
    (" by your opponent's Summons or abilities", ("by_opponent",)),
    (" less than its power", ("less_than_power",)),
    (" by a Forward", ("by_card",)),
])
def test_fftcg_11_12_5_1_damage_replacement_keeps_the_kind_of_damage(words: str, qualifiers: tuple) -> None:
    text = f"If Sample Warden is dealt damage{words}, reduce the damage by 1000 instead."
    if words == " less than its power":
        text = "If Sample Warden is dealt damage less than its power, the damage becomes 0 instead."
    r = parse_text(text, "fftcg")
    assert not r.unparsed
    cond = r.abilities[0].effects[0].condition
    assert cond.event == "is_dealt_damage" and cond.qualifiers == qualifiers
