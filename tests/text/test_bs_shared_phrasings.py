"""One construct, its phrasings read by one rule (BSS 12-2, 10-2, 6-5-2, 2-6 / 2-11): "the rest" is the
remaining cards, a player named discards their entire hand, "cannot refresh during … next refresh step"
is "will not refresh …", and a stat compared says the stat before or after "more / fewer". Every
phrasing here is invented (known parts recombined), three per construct, and each test asserts the
typed meaning read."""

from __future__ import annotations

import pytest
from text_helpers import bs_effect, bs_lexicon, bs_one

from judge.text.ast import Discard, Player, Restriction, Selector, walk
from judge.text.compare import comparable
from judge.text.render import round_trip

REVEAL = "Reveal the top three cards of your deck. Add one Dragon card from among them to your hand. "


@pytest.mark.parametrize("rest", [
    "Return the rest to the bottom of your deck in any order.",
    "Discard the rest.",
    "Return the rest to the top of your deck in any order.",
])
def test_bss_12_2_the_rest_are_the_remaining_cards(rest: str) -> None:
    said = bs_one(REVEAL + rest).effects[-1]
    remaining = bs_one(REVEAL + rest.replace("the rest", "the remaining cards")).effects[-1]
    assert comparable(said) == comparable(remaining)
    assert said.target.zone == "revealed"


@pytest.mark.parametrize(("text", "player"), [
    ("Your opponent discards their entire hand.", Player.OPPONENT),
    ("Both players discard their entire hand.", Player.EACH),
    ("Discard your entire hand.", Player.YOU),
])
def test_bss_10_2_a_player_discards_their_entire_hand(text: str, player: Player) -> None:
    effect = bs_effect(text)
    assert isinstance(effect, Discard) and effect.player is player and effect.target.zone == "hand"
    assert round_trip(bs_one(text), "bss", bs_lexicon()).same_ast


@pytest.mark.parametrize("text", [
    "Select one of your opponent's spirits. It cannot refresh during their next refresh step.",
    "This spirit cannot refresh during your next refresh step.",
    "Exhaust all of your opponent's spirits. They cannot refresh during their next refresh step.",
])
def test_bss_6_5_2_cannot_refresh_during_the_next_refresh_step(text: str) -> None:
    (r,) = [n for n in walk(bs_one(text)) if isinstance(n, Restriction)]
    assert (r.mode, r.action) == ("cannot", "refresh_in_refresh_step")


@pytest.mark.parametrize(("text", "stat", "op"), [
    ("Destroy one of your opponent's spirits with BP less than this spirit's BP.", "bp", "<"),
    ("Exhaust one of your opponent's spirits with cost lower than this spirit's cost.", "cost", "<"),
    ("Return one of your opponent's spirits with BP higher than the BP of this spirit to their hand.", "bp", ">"),
])
def test_bss_2_11_the_stat_before_more_or_fewer(text: str, stat: str, op: str) -> None:
    (t,) = [t for n in walk(bs_one(text)) if isinstance(n, Selector) for t in n.thresholds]
    assert (t.stat, t.op) == (stat, op) and t.ref is not None
