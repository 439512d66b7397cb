"""10-8-4: "reduce the cost of the first magic card you use each turn by 1" changes the cost determined
for that player's first magic card of the turn only. Pentan (BSS01-099) with Power Boost (BSS03-121)
and Needle Shot (ST05-015), real cards of the training corpus by number; skipped when it is absent."""

from __future__ import annotations

from bs_corpus import CORPUS_MISSING, run

pytestmark = CORPUS_MISSING


def _two_magics(pentan_cores: int) -> list[str]:
    result = run({"A": {"reserve": 8, "deck": 10, "hand": ["BSS03-121", "ST05-015"],
                        "field": [{"id": "p", "card": "BSS01-099", "cores": pentan_cores}]},
                  "B": {"reserve": 0, "deck": 10, "field": [{"id": "b1", "card": "BSS02-048", "cores": 1}]}},
                 [{"player": "A", "magic": "BSS03-121", "effect": "main", "targets": ["p"]},
                  {"player": "A", "magic": "ST05-015", "effect": "main", "targets": ["b1"]}], [])
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    return [s.step.text for s in result.steps if s.step.text.startswith("Cost ")]


def test_bss_10_8_4_the_first_magic_card_of_the_turn_costs_one_less() -> None:
    costs = _two_magics(2)
    assert costs[0].startswith("Cost 1, reduced by 0: 1 to pay"), costs
    assert costs[1].startswith("Cost 3, reduced by 0: 3 to pay"), costs


def test_bss_10_8_4_the_change_is_not_active_at_lv1() -> None:
    costs = _two_magics(1)
    assert costs[0].startswith("Cost 2, reduced by 0: 2 to pay"), costs


# ── 1-3-3: "you cannot place a Soul Core on this spirit with this effect", the placement delayed ──
def test_bss_1_3_3_the_soul_core_bar_holds_for_the_placement_at_the_end_of_the_turn() -> None:
    """A summons BSS02-046; at the end of the turn three cores from A's trash (three plain ones and the
    soul core there) are placed on it: the soul core stays in the trash."""
    result = run({"A": {"reserve": 11, "trash_cores": 3, "soul_core": "trash", "deck": 10, "hand": ["BSS02-046"]},
                  "B": {"reserve": 0, "deck": 10}},
                 [{"player": "A", "summon": "BSS02-046"}, {"player": "A", "end_step": True},
                  {"player": "A", "end_step": True}], [])
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    assert result.state.players["A"].soul_core == "trash"
    fc = result.state.field_card("BSS02-046")
    assert fc is not None and fc.cores >= 4, fc
