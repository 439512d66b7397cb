"""Costs and what paid them: "reduce the cost of the first magic card you use each turn by 1" changes the
cost determined for that player's first magic card of the turn only (10-8-4); a soul-core bar "with
this effect" holds for a delayed placement (1-3-3); "when you spend a Soul Core as part of a magic
card's cost" watches such a use only (8-6-1, 10-8-6). Real cards of the training corpus by number;
skipped when it is absent."""

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


# ── 8-6-1 with 10-8-6: "when you spend a Soul Core as part of a magic card's cost" ──
def _spend(soul: bool) -> object:
    """A controls ST04-005 and uses Power Boost (BSS03-121) on it, paying with or without the soul core;
    the watching effect then makes B's Carrybara (BSS02-048) unable to block this turn."""
    return run({"A": {"reserve": 4, "soul_core": "reserve", "deck": 10, "hand": ["BSS03-121"],
                      "field": [{"id": "w", "card": "ST04-005", "cores": 1}]},
                "B": {"reserve": 0, "deck": 10, "field": [{"id": "b1", "card": "BSS02-048", "cores": 1}]}},
               [{"player": "A", "magic": "BSS03-121", "effect": "main", "pay_soul_core": soul, "targets": ["w", "b1"]}],
               [])


def test_bss_8_6_1_the_soul_core_spent_on_a_magic_cards_cost_sets_off_the_watcher() -> None:
    from judge.engine.bs import continuous

    result = _spend(True)
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    assert continuous.cannot(result.state, "b1", "block")


def test_bss_8_6_1_a_use_paid_without_the_soul_core_does_not() -> None:
    from judge.engine.bs import continuous

    result = _spend(False)
    assert not result.refusals, result.refusals
    assert not continuous.cannot(result.state, "b1", "block")
