""""Discard a number of cards from the top of a deck equal to that spirit's cost" (BSS 10-2-1, 8-5-3):
the spirit is selected where the text names it, the number is its value of that stat, and a later
directive on "that spirit" acts on the same spirit."""

from __future__ import annotations

import pytest
from bs_helpers import make, play, spirit

from judge.engine.bs.support import unexecuted
from judge.text.parse import parse_text


def _board(text: str, *theirs: dict):
    cards = {"m": {**spirit("Miller", 3000, cost=0), "text": text}, "c2": spirit("Cheap", cost=2),
             "c5": spirit("Dear", cost=5, levels={1: {"cores": 1, "bp": 5000}, 2: {"cores": 3, "bp": 7000}})}
    return make("bss", cards, {"A": {"reserve": 3, "deck": 10, "hand": ["m"]},
                               "B": {"deck": 10, "field": list(theirs)}}, step="main", player="A", number=5)


def test_bss_10_2_1_as_many_cards_as_the_selected_spirit_costs() -> None:
    text = ("[LV1] When Summoned: Select one of your opponent's spirits. Discard a number of cards from the top of "
            "your opponent's deck equal to that spirit's cost.")
    final, _ = play(_board(text, {"id": "b1", "card": "c2", "cores": 1}, {"id": "b2", "card": "c5", "cores": 1}),
                    {"player": "A", "summon": "m", "targets": ["b2"]})
    assert len(final.players["B"].trash) == 5
    assert final.zone_of("b2") == "field"


def test_bss_8_5_3_the_spirit_counted_is_the_one_destroyed() -> None:
    text = ("[LV1] When Summoned: Your opponent selects one of their spirits. Discard a number of cards from the top "
            "of your opponent's deck equal to that spirit's cost and destroy that spirit.")
    final, _ = play(_board(text, {"id": "b1", "card": "c2", "cores": 1}, {"id": "b2", "card": "c5", "cores": 1}),
                    {"player": "A", "summon": "m"}, {"player": "B", "choose": ["b1"]})
    assert final.zone_of("b1") == "trash" and final.zone_of("b2") == "field"
    assert len(final.players["B"].trash) == 3          # two discarded, and the destroyed spirit


def test_bss_10_2_1_a_level_counts_as_the_number_too() -> None:
    text = ("[LV1] When Summoned: Select one of your opponent's spirits. Discard a number of cards from the top of "
            "your opponent's deck equal to that spirit's level.")
    final, _ = play(_board(text, {"id": "b2", "card": "c5", "cores": 3}), {"player": "A", "summon": "m"})
    assert len(final.players["B"].trash) == 2


@pytest.mark.parametrize(("text", "executed"), [
    ("[LV1] When Summoned: Select one of your spirits. Discard a number of cards from the top of your deck equal "
     "to that spirit's cost.", True),
    ("[LV1] When Summoned: Select one of your opponent's spirits. Discard a number of cards from the top of your "
     "opponent's deck equal to that spirit's level.", True),
    ("[Main] Select one of your opponent's set burst cards and reveal it. Discard a number of cards from the top of "
     "your opponent's deck equal to its cost.", False),
])
def test_bss_10_2_1_only_a_field_spirit_s_value_is_read(text: str, executed: bool) -> None:
    gaps = [g for ab in parse_text(text, "bss").abilities for g in unexecuted(ab)]
    assert ("discard equal_to" not in gaps) is executed, gaps
