"""Conditions about what happened, decided from records, never asked: "if you summon a spirit with this
effect" from what the resolving effect did before it (1-3-7) — Great Overlord God Szesc (PR-068) with an
invented spirit with 【Link】 (no training card but PR-068 itself has one); "if your opponent used an
effect they control to draw a card this turn" from the turn's draws by effects (a draw step's draw is
not one, 6-4-2). Real cards from the training corpus by number; skipped when the corpus is absent."""

from __future__ import annotations

from bs_corpus import CORPUS_MISSING, run

pytestmark = CORPUS_MISSING

SQUIRE = {"name": "Bond Squire", "type": "spirit", "colors": ["yellow"], "cost": 2, "reduction": ["yellow"],
          "symbols": ["yellow"], "families": ["Warrior"], "levels": {1: {"cores": 1, "bp": 2000}},
          "text": "【Link: 4】"}


def _szesc(answer: object) -> object:
    return run({"A": {"reserve": 10, "deck": 10, "hand": ["PR-068", "squire"]}, "B": {"reserve": 0, "deck": 10}},
               [{"player": "A", "summon": "PR-068"}, {"player": "A", "choose": answer}], [], cards={"squire": SQUIRE})


def test_bss_1_3_7_a_spirit_summoned_by_the_effect_meets_the_condition() -> None:
    result = _szesc(["squire"])
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    assert result.state.zone_of("squire") == "field"
    assert len(result.state.players["A"].hand) == 1 and len(result.state.players["A"].deck) == 9


def test_bss_1_3_7_no_summon_by_the_effect_no_draw() -> None:
    result = _szesc([])
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    assert result.state.zone_of("squire") == "hand"
    assert len(result.state.players["A"].hand) == 1 and len(result.state.players["A"].deck) == 10


# ── a record of the turn: "if your opponent used an effect they control to draw a card this turn" ──
def _block(draw_first: bool) -> object:
    """A's Fairy Flautist (BSS01-096) attacks and B blocks with BSS03-056, whose block effect returns one
    of A's spirits to A's hand if A drew a card by A's own effect this turn (Starblessed Draw, BSS01-118,
    used in A's main step, or not)."""
    used = [{"player": "A", "magic": "BSS01-118"}] if draw_first else []
    return run({"A": {"reserve": 4, "deck": 10, "hand": ["BSS01-118"],
                      "field": [{"id": "a1", "card": "BSS01-096", "cores": 1}]},
                "B": {"reserve": 0, "deck": 10, "field": [{"id": "b1", "card": "BSS03-056", "cores": 1}]}},
               [*used, {"player": "A", "end_step": True}, {"player": "A", "attack": "a1"},
                {"player": "B", "block": "b1"}], [])


def test_bss_happened_this_turn_a_draw_by_the_opponents_effect_meets_it() -> None:
    result = _block(True)
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    assert result.state.zone_of("a1") == "hand" and result.state.zone_of("b1") == "field"


def test_bss_happened_this_turn_no_draw_by_an_effect_this_turn() -> None:
    """The attack alone: the condition does not hold; the 2000 BP spirits destroy each other (7-1-5-2)."""
    result = _block(False)
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    assert result.state.zone_of("a1") == "trash" and result.state.zone_of("b1") == "trash"
