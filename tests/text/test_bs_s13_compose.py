"""Effect sentences of the Battle Spirits Saga templating language made compositional in session 13:
each construct is read wherever the language puts it — joined to the other pieces it already has
(connectors, costs, durations, causes, quantities) — not only in the combinations printed so far.
Three or more phrasings per construct, at least one invented (no card prints it), asserting the
typed meaning read. No card text is quoted here."""

from __future__ import annotations

import pytest
from text_helpers import bs_one

from judge.text.ast import Modal, Optional, Sequence, walk
from judge.text.typed import untyped_parts


def _typed(text: str):
    ab = bs_one(text)
    assert not untyped_parts(ab, "bss"), untyped_parts(ab, "bss")
    return ab


def _nodes(ab, kind):
    return [n for n in walk(list(ab.effects)) if isinstance(n, kind)]


# ---------------------------------------------------------------- 8-1-8 a choice of directives stands where a directive does
@pytest.mark.parametrize(("text", "outer"), [
    ("[LV1] When Summoned: You may exhaust one of your opponent's spirits or refresh one of your spirits.", Optional),
    ("[LV1] When Summoned: You may discard one card from your hand or place one core from your reserve into the void.",
     Optional),
    ("[LV1] When Summoned: Return the revealed card to the top of your deck or discard it, then draw one card.",
     Sequence),
    ("[LV1] When This Spirit Attacks: Destroy one of your opponent's nexuses or exhaust one of their spirits, then "
     "draw one card.", Sequence),
])
def test_8_1_8_a_choice_of_directives_joins_other_connectives(text: str, outer: type) -> None:
    ab = _typed(text)
    assert isinstance(ab.effects[0], outer)
    (menu,) = _nodes(ab, Modal)
    assert menu.count == 1 and len(menu.options) == 2


def test_8_1_8_a_choice_of_directives_then_another_directive_by_and() -> None:
    ab = _typed("[LV1] When Summoned: Exhaust one of your opponent's spirits or return it to their hand, and draw "
                "one card.")
    (menu,) = _nodes(ab, Modal)
    assert len(menu.options) == 2 and len(ab.effects) == 2
