"""BSS 7-1-1-2, 7-1-3-2, 10-12-1: "while … is attacking / blocking / being blocked" is one adjunct,
read the same before the effect ("While …, …") and after it ("… while …"). Every phrasing here is
invented (known parts recombined), three per construct, and each test asserts the typed meaning."""

from __future__ import annotations

import pytest
from text_helpers import bs_lexicon, bs_one

from judge.text.ast import Conditional, Player, Selector
from judge.text.compare import comparable
from judge.text.render import render, round_trip


def _while(text: str) -> tuple[Conditional, object]:
    ability = bs_one(text)
    (cond,) = ability.effects
    assert isinstance(cond, Conditional) and cond.condition.kind == "is"
    return cond, ability


@pytest.mark.parametrize(("after", "before", "state"), [
    ("This spirit gains 2000 BP while this spirit is attacking.",
     "While this spirit is attacking, this spirit gains 2000 BP.", "attacking"),
    ("Your opponent cannot use magic cards while this spirit is blocking.",
     "While this spirit is blocking, your opponent cannot use magic cards.", "blocking"),
    ("Draw a card while one of your Dragon spirits is being blocked.",
     "While one of your Dragon spirits is being blocked, draw a card.", "blocked"),
])
def test_bss_10_12_1_while_battling_after_the_effect_is_the_same_as_before(after: str, before: str,
                                                                            state: str) -> None:
    cond, ability = _while(after)
    assert cond.condition.object == Selector(count=None, state=state)
    assert comparable(ability.effects) == comparable(bs_one(before).effects)
    said = render(ability, "bss")
    assert said.startswith("While ") and state.replace("blocked", "being blocked") in said
    assert round_trip(ability, "bss", bs_lexicon()).same_ast


@pytest.mark.parametrize(("text", "owner"), [
    ("Your opponent's spirits cannot block while your Dragon spirits are attacking.", Player.YOU),
    ("This spirit gains 1000 BP while one of your opponent's spirits is attacking.", Player.OPPONENT),
    ("Refresh this spirit while one of your opponent's Warrior spirits is blocking.", Player.OPPONENT),
])
def test_bss_7_1_whose_spirit_is_battling(text: str, owner: Player) -> None:
    cond, _ = _while(text)
    assert cond.condition.selector.owner is owner
