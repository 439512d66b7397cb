"""Whether an effect's target is a selection (BSS 8-5-3), in invented phrasings. A battle role (the
attacking or blocking spirit: one at a time, 7-1-1-1 / 7-1-3-1) fixes the card, so the typed field
`Selector.selects` is False; elsewhere the count says (a count or "up to" selects, "all"/"each" does
not), as the engine reads it (`select.selects`). 【Armor】 (11-5-1) stops only a selection."""

from __future__ import annotations

import pytest
from text_helpers import bs_one

from judge.engine.bs.select import selects
from judge.text.ast import Selector, walk
from judge.text.render import round_trip


def _targets(text: str) -> list[Selector]:
    return [n for n in walk(bs_one(text)) if isinstance(n, Selector) and n.span is not None]


@pytest.mark.parametrize("text", [
    "[Flash] Destroy one of your opponent's attacking spirits with 5000 BP or less.",
    "[Main] Destroy all of your opponent's spirits with 4000 BP or less.",
    "[Flash] Exhaust your opponent's blocking spirit.",
    "[LV1][LV2] When Summoned: Exhaust each of your opponent's spirits with 2000 BP or less.",
    "[Flash] Return the attacking spirit to its owner's hand.",
])
def test_bss_8_5_3_wording_that_fixes_its_cards_does_not_select(text: str) -> None:
    sels = _targets(text)
    assert sels and not any(selects(s) for s in sels)
    assert round_trip(bs_one(text), "bss").same_ast


@pytest.mark.parametrize("text", [
    "[Main] Destroy one of your opponent's spirits with 3000 BP or less.",
    "[Flash] Exhaust up to two of your opponent's spirits.",
    "[LV2] When This Spirit Attacks: Return one of your opponent's exhausted spirits to their hand.",
])
def test_bss_8_5_3_a_counted_target_selects(text: str) -> None:
    sels = _targets(text)
    assert sels and all(selects(s) and s.selects is None for s in sels)
    assert round_trip(bs_one(text), "bss").same_ast


@pytest.mark.parametrize("text", [
    "[Flash] Destroy one of your opponent's attacking spirits with 5000 BP or less.",
    "[Flash] Exhaust your opponent's blocking spirit.",
    "[Flash] Return the attacking spirit to its owner's hand.",
])
def test_bss_7_1_1_1_a_battle_role_is_typed_as_no_selection(text: str) -> None:
    assert [s.selects for s in _targets(text)] == [False]
