"""A card's own cost while it is being used or summoned (Saga 8-8-1-3, 10-8-2): "When using this magic
card, it costs 4 if you have 3 or fewer life." Real cards of the training sets, by number; skipped
when the corpus is absent."""

from __future__ import annotations

from bs_corpus import CORPUS_MISSING, run

pytestmark = CORPUS_MISSING


def _judgment(life: int) -> object:
    """Ninjutsu: Owari's Judgment (BSS06-101, printed cost 6) used from A's hand with four cores and no
    symbol to reduce its cost; B has one spirit of 3000 BP."""
    return run({"A": {"reserve": 4, "life": life, "deck": 10, "hand": ["BSS06-101"]},
                "B": {"reserve": 0, "deck": 10, "field": [{"id": "b", "card": "BSS01-010", "cores": 2}]}},
               [{"player": "A", "magic": "BSS06-101", "targets": [["b"]]}], [])


def test_bss_8_8_1_3_4_with_three_life_it_costs_4() -> None:
    result = _judgment(3)
    assert not result.refusals, result.refusals
    assert result.state.zone_of("BSS06-101") == "trash" and result.state.players["A"].reserve == 0
    assert "8-8-1-3" in result.cites


def test_bss_8_8_1_3_4_with_five_life_it_costs_6_and_four_cores_are_not_enough() -> None:
    result = _judgment(5)
    assert 0 in result.refusals
    assert result.state.zone_of("BSS06-101") == "hand"


def _essence(spirits: int) -> object:
    """Agarwood Essence (BSS06-104, printed cost 7) costs 5 while B controls three or more spirits."""
    field = [{"id": f"b{i}", "card": "BSS01-010", "cores": 1} for i in range(spirits)]
    return run({"A": {"reserve": 5, "deck": 10, "hand": ["BSS06-104", "BSS01-011"]},
                "B": {"reserve": 0, "deck": 10, "field": field}},
               [{"player": "A", "magic": "BSS06-104", "targets": [[]]}], [])


def test_bss_8_8_1_3_4_the_opponent_controls_three_spirits() -> None:
    result = _essence(3)
    assert not result.refusals, result.refusals
    assert result.state.zone_of("BSS06-104") == "trash"


def test_bss_8_8_1_3_4_the_opponent_controls_two_spirits() -> None:
    result = _essence(2)
    assert 0 in result.refusals
