"""Counting the symbols on one card (BSS 2-8, 8-10-1): "for each symbol on this spirit", "… on that
spirit" (the card the watched event happened to) and "… on the destroyed spirit" (as it last was on the
field) count that card's symbols; the words naming any other card are said not executed."""

from __future__ import annotations

import pytest
from bs_helpers import make, play, spirit

from judge.engine.bs.support import unexecuted
from judge.text.parse import parse_text

TWO = spirit("Twin Mark", 5000, symbols=["red", "red"])


def _with(name: str, text: str, **kw) -> dict:
    return {**spirit(name, 4000, **kw), "text": text}


def _board(cards: dict, a_field: list, b_field: list, *, hand: list | None = None, step: str = "main"):
    return make("bss", {"two": TWO, "one": spirit("One Mark", 2000), **cards},
                {"A": {"reserve": 8, "deck": 10, "hand": hand or [], "field": a_field},
                 "B": {"reserve": 0, "deck": 10, "field": b_field}}, step=step, player="A", number=5)


def test_bss_8_10_1_the_destroyed_spirit_s_symbols_as_it_last_was() -> None:
    golem = _with("Counter", "[LV1] When Summoned: Destroy one of your opponent's spirits. Then, draw a card for "
                  "each symbol on the destroyed spirit.", symbols=["blue"])
    final, _ = play(_board({"g": golem}, [], [{"id": "b1", "card": "two", "cores": 1}], hand=[{"id": "h1", "card": "g"}]),
                    {"player": "A", "summon": "h1"})
    assert final.zone_of("b1") == "trash"
    assert len(final.players["A"].hand) == 2


def test_bss_2_8_the_symbols_on_the_card_the_event_happened_to() -> None:
    watcher = _with("Watcher", "[LV1] During Your Attack Step: When one of your spirits is blocked, draw a card for "
                    "each symbol on that spirit.")
    final, _ = play(_board({"w": watcher}, [{"id": "w1", "card": "w", "cores": 1}, {"id": "a2", "card": "two", "cores": 1}],
                           [{"id": "b1", "card": "one", "cores": 1}], step="attack"),
                    {"player": "A", "attack": "a2"}, {"player": "B", "block": "b1"})
    assert len(final.players["A"].hand) == 2


def test_bss_2_8_the_symbols_on_this_spirit() -> None:
    own = _with("Self Counter", "[LV1] When Summoned: Draw a card for each symbol on this spirit.",
                symbols=["red", "red"])
    final, _ = play(_board({"s": own}, [], [], hand=[{"id": "h1", "card": "s"}]), {"player": "A", "summon": "h1"})
    assert len(final.players["A"].hand) == 2


@pytest.mark.parametrize(("text", "executed"), [
    ("[LV1] When Summoned: Draw a card for each symbol on this spirit.", True),
    ("[LV1] When Summoned: Destroy one of your opponent's spirits. Then, draw a card for each symbol on the "
     "destroyed spirit.", True),
    ("[LV1] When Summoned: Draw a card for each symbol on one of your opponent's spirits.", False),
])
def test_bss_2_8_only_a_card_the_words_name_is_counted(text: str, executed: bool) -> None:
    (ability,) = parse_text(text, "bss").abilities
    assert ("for each symbol on a card" not in unexecuted(ability)) is executed
