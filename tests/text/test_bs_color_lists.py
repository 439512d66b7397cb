"""BSS 2-4: a list of colours qualifies a noun phrase wherever a colour does — before the noun ("red,
purple, or white spirits"), after it ("spirits of the colors red, purple, or white", "spirits that are
red or purple") and in a condition ("if it is red or white"), in a restriction's "by …" as anywhere.
Every phrasing here is invented (known parts recombined), three per construct, and each test asserts
the typed meaning read."""

from __future__ import annotations

import pytest
from text_helpers import bs_lexicon, bs_one

from judge.text.ast import Conditional, Restriction, walk
from judge.text.compare import comparable
from judge.text.render import round_trip


def _by(text: str):
    (r,) = [n for n in walk(bs_one(text)) if isinstance(n, Restriction)]
    return r


@pytest.mark.parametrize(("text", "colors"), [
    ("This spirit cannot be blocked by spirits of the colors red, purple, or white.", ("red", "purple", "white")),
    ("This spirit cannot be blocked by spirits that are red or purple.", ("red", "purple")),
    ("During this turn, this spirit cannot be blocked by spirits of the color green.", ("green",)),
])
def test_bss_2_4_colours_after_the_noun_in_a_restriction(text: str, colors: tuple) -> None:
    said = _by(text)
    before = _by(text.replace("spirits of the colors red, purple, or white", "red, purple, or white spirits")
                 .replace("spirits that are red or purple", "red or purple spirits")
                 .replace("spirits of the color green", "green spirits"))
    assert comparable(said) == comparable(before)
    assert colors in {getattr(x, "colors", None) for x in walk(said)}


@pytest.mark.parametrize(("text", "colors"), [
    ("If it is red or white, draw a card.", ("red", "white")),
    ("Reveal the top card of your deck. If it is blue, green, or yellow, add it to your hand.",
     ("blue", "green", "yellow")),
    ("Destroy one of your opponent's spirits that is purple or white.", ("purple", "white")),
])
def test_bss_2_4_a_card_that_is_one_of_several_colours(text: str, colors: tuple) -> None:
    ability = bs_one(text)
    conds = [n.condition for n in walk(ability) if isinstance(n, Conditional)]
    found = {getattr(x, "colors", None) for x in walk(ability)}
    assert colors in found or any(c.object is not None and c.object.colors == colors for c in conds)
    assert round_trip(ability, "bss", bs_lexicon()).same_ast
