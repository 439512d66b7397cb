"""Saga "the destroyed spirit" / "the discarded card" written after the directive that did it, in the same
effect (1-3-7): the card that directive acted on, not the card itself. Invented phrasings, three each."""

from __future__ import annotations

import pytest
from text_helpers import bs_one

from judge.text.ast import Player, Selector, walk


@pytest.mark.parametrize("text", [
    "When Summoned: Select one of your opponent's spirits and destroy it. Then, your opponent draws two cards for "
    "each symbol on the destroyed spirit.",
    "When Summoned: Select one of your opponent's spirits and destroy it. Then, draw a card for each symbol on the "
    "destroyed spirit.",
    "[Main] Destroy one of your opponent's spirits. Then, draw a card for each symbol on the destroyed spirit.",
])
def test_bss_1_3_7_the_destroyed_spirit_is_the_one_just_destroyed(text: str) -> None:
    pers = [n.per for n in walk(bs_one(text)) if isinstance(getattr(n, "per", None), Selector)]
    assert pers and pers[-1].about is not None
    about = pers[-1].about
    assert not about.self_ref and about.owner is Player.OPPONENT and about.card_types == ("spirit",)


@pytest.mark.parametrize("text,owner,itself", [
    ("When this spirit is destroyed, return the destroyed spirit to your hand.", None, True),
    ("During Your Attack Step: When one of your spirits is destroyed, return the destroyed spirit to your hand.",
     Player.YOU, False),
    ("When one of your opponent's spirits is destroyed, draw a card for each symbol on the destroyed spirit.",
     Player.OPPONENT, False),
])
def test_bss_8_1_5_1_after_a_trigger_the_destroyed_spirit_is_the_events_card(text: str, owner: Player | None,
                                                                             itself: bool) -> None:
    """With no directive before it, "the destroyed spirit" stays the card the event happened to."""
    ability = bs_one(text)
    named = next(n.about if n.unit else n for n in walk(ability.effects)
                 if isinstance(n, Selector) and (n.unit is None or n.about is not None))
    assert named.self_ref is itself and named.owner is owner
