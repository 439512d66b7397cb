"""What coverage counts executed is what a run carries out (bench/bench_probe_fftcg.py checks it card by card):
the kinds the engine stops at with "not modelled" / "not read" are not counted executed; a modal EX Burst, whose
options are declared as it is applied (11.11.5.1), is. An "if it is …" is read of a revealed card or of the card
the effect chose (11.11.5), not of a card a delayed auto-ability is about; a field ability's "for each …" is counted by the board only where it keeps the count (a cost change read as the card is cast,
11.4.4). Real cards by number, parsed from ../shared/corpus at test time (skipped, saying so, when absent)."""

from __future__ import annotations

from functools import cache

import pytest

from judge.engine.support import unexecuted
from judge.text.parse import parse_text


@cache
def _abilities(number: str) -> tuple:
    from judge.cards.importers import read_cards
    from tests.rulings.support import corpus_file

    card = next(c for c in read_cards(str(corpus_file("fftcg-cards.json")), "fftcg", None) if c.number == number)
    return tuple(parse_text(card.text, "fftcg", name=card.name).abilities)


def _gaps(number: str) -> list[str]:
    return [g for ab in _abilities(number) for g in unexecuted("fftcg", ab)]


def test_11_11_5_1_an_ex_burst_that_selects_among_options_is_counted_executed() -> None:
    # 19-096C: its EX Burst auto-ability selects 1 of 2 options, now declared as it is applied (effects/modes.py)
    assert not any("modal" in g for g in _gaps("19-096C"))


def test_an_if_it_is_about_a_card_played_and_not_revealed_is_not_counted_executed() -> None:
    # 16-051L (a Character played from the hand, read by a delayed auto-ability): "if it is a Category … Character"
    assert any("nothing revealed" in g for g in _gaps("16-051L"))


def test_11_11_5_an_if_it_is_about_the_card_the_effect_chose_is_counted_executed() -> None:
    # 15-004C (a chosen Forward): "if it is a Category … Forward", read of that Forward as it resolves
    assert not any("nothing revealed" in g for g in _gaps("15-004C"))


@pytest.mark.parametrize(("number", "counted"), [("21-117R", "drawn_this_turn"), ("19-114L", "cast_this_turn")])
def test_11_4_4_a_cost_change_for_each_what_the_board_does_not_keep_is_not_counted_executed(number: str,
                                                                                            counted: str) -> None:
    assert any("for each" in g and counted in g for g in _gaps(number))
