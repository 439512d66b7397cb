""""Reveal one card for each …": each reveal shows the next card, the ones already revealed staying on
top; the count includes the card whose effect it is when it meets the selector (BSS 1-3-7)."""

from __future__ import annotations

from bs_helpers import magic, make, play, spirit

from judge.text.ast import Ability, AbilityKind, Condition, Conditional, Move, Player, Reveal, Selector

YELLOW = Selector(count=None, owner=Player.YOU, card_types=("spirit",), colors=("yellow",))


def test_bss_reveal_one_for_each_yellow_spirit_counts_itself_and_reveals_distinct_cards() -> None:
    ab = Ability(kind=AbilityKind.TRIGGERED, timing="when_summoned", effects=(
        Conditional(condition=Condition(kind="for_each", text="", selector=YELLOW), effects=(Reveal(count=1),)),
        Move(target=Selector(count=None, card_types=("magic",), zone="revealed"), dest="hand")))
    cards = {"y": spirit("Y", color="yellow", cost=0), "o": spirit("O", color="yellow"), "m": magic("M"),
             "s": spirit("S")}
    state = make("bss", cards, {"A": {"reserve": 1, "hand": ["y"], "deck": ["m", "m", "s", "m"],
                                      "field": [{"id": "a1", "card": "o", "cores": 1}]}, "B": {"deck": 5}},
                 abilities={"y": (ab,)})
    final, _ = play(state, {"player": "A", "summon": "y"})
    hand = final.players["A"].hand
    assert len(hand) == 2 and all(final.card_def(c).type == "magic" for c in hand)   # two of the top two
    assert len(final.players["A"].deck) == 2
