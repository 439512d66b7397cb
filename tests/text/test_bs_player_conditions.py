"""BSS 8-1-4-1, 8-4: conditions about a player read wherever conditions stand — after "while" as after
"if", "you control more X than your opponent" beside "the number of X you control is …", and a cost
lifting an effect paid by whoever the sentence names ("unless your opponent pays …"). Every phrasing
here is invented (known parts recombined), three per construct, and each test asserts the typed meaning."""

from __future__ import annotations

import pytest
from text_helpers import bs_lexicon, bs_one

from judge.text.ast import Conditional, Player, Threshold, walk
from judge.text.compare import comparable
from judge.text.render import round_trip


def _condition(text: str):
    return next(n for n in walk(bs_one(text)) if isinstance(n, Conditional)).condition


@pytest.mark.parametrize(("text", "same_as"), [
    ("While you have 3 or fewer life, this spirit gains 3000 BP.",
     "If you have 3 or fewer life, this spirit gains 3000 BP."),
    ("This spirit gains 2000 BP while your opponent controls three or more spirits.",
     "If your opponent controls three or more spirits, this spirit gains 2000 BP."),
    ("Your opponent's spirits cannot block while you do not control any Dragon spirits.",
     "If you do not control any Dragon spirits, your opponent's spirits cannot block."),
])
def test_bss_8_1_4_1_while_a_player_has_or_controls(text: str, same_as: str) -> None:
    assert comparable(_condition(text)) == comparable(_condition(same_as))


@pytest.mark.parametrize(("text", "player", "op", "types"), [
    ("If you control more spirits than your opponent, draw a card.", Player.YOU, ">", ("spirit",)),
    ("If your opponent controls fewer nexuses than you do, draw a card.", Player.OPPONENT, "<", ("nexus",)),
    ("When Summoned: If you control more Dragon spirits than your opponent, refresh this spirit.", Player.YOU, ">",
     ("spirit",)),
])
def test_bss_8_1_4_1_controlling_more_than_the_other_player(text: str, player: Player, op: str,
                                                            types: tuple) -> None:
    cond = _condition(text)
    assert cond.kind == "compare" and cond.player is player
    assert (cond.threshold.stat, cond.threshold.op) == ("count", op)
    assert cond.selector.card_types == types and cond.threshold.ref.owner is not player
    assert round_trip(bs_one(text), "bss", bs_lexicon()).same_ast


@pytest.mark.parametrize("text", [
    "Draw a card unless your opponent pays one core.",
    "Your opponent's spirits cannot attack unless your opponent pays two cores.",
    "Destroy one of your opponent's spirits unless your opponent pays one core.",
])
def test_bss_8_4_unless_the_player_named_pays(text: str) -> None:
    nodes = list(walk(bs_one(text)))
    paid = [n for n in nodes if type(n).__name__ == "MoveCores"]
    assert paid and paid[0].player is Player.OPPONENT and paid[0].dest == "trash"
    assert not any(isinstance(n, Threshold) and n.stat == "count" and n.value < 0 for n in nodes)
