"""1-3-7 with 8-1-4-1: "if you summon a spirit with this effect, draw a card" is decided by what the
resolving effect did before it — a summon that happened, or did not (declined). Great Overlord God Szesc
(PR-068, training corpus, by number; skipped when the corpus is absent) with an invented spirit with
【Link】 (no training card but PR-068 itself has one)."""

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
