"""10-6-4 with 8-8-1-4: a cost assigned to "the next <card> you summon this turn" waits for that summon
and is the cost determined for it, the value read then; it applies once. Real Battle Spirits Saga cards
(training sets of ../shared/corpus, by number); skipped when the corpus is absent."""

from __future__ import annotations

from bs_corpus import CORPUS_MISSING, run

pytestmark = CORPUS_MISSING


def _gray_then_nova(soul: bool) -> object:
    """A (5 life) summons Gray, Servant of Siegwurm (BSS04-005, cost 6), with or without the soul core in
    its cost, then Supernova Dragon Siegwurm Nova (BSS01-001, cost 8, red Ascend) over it; Gray's red
    symbol reduces Nova's cost by 1 (A declines the optional part of Nova's When Summoned effect)."""
    return run({"A": {"life": 5, "reserve": 16, "soul_core": "reserve", "deck": 10,
                      "hand": ["BSS04-005", "BSS01-001"]}, "B": {"reserve": 0, "deck": 10}},
               [{"player": "A", "summon": "BSS04-005", "pay_soul_core": soul},
                {"player": "A", "summon": "BSS01-001", "choose": "no"}], [])


def _costs(result: object) -> list[str]:
    return [s.step.text for s in result.steps if s.step.text.startswith("Cost ")]


def test_bss_10_6_4_the_next_matching_summon_costs_the_life_total() -> None:
    result = _gray_then_nova(True)
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    assert result.state.zone_of("BSS01-001") == "field"
    assert _costs(result)[-1].startswith("Cost 5, reduced by 1: 4 to pay"), _costs(result)
    assert "10-6-4" in result.cites
    assert not any(m.kind == "next_summon_cost" for m in result.state.mods)      # used up: once only


def test_bss_10_6_4_without_the_soul_core_the_printed_cost_stands() -> None:
    result = _gray_then_nova(False)
    assert not result.refusals, result.refusals
    assert _costs(result)[-1].startswith("Cost 8, reduced by 1: 7 to pay"), _costs(result)


def test_bss_8_8_1_4_a_card_of_another_kind_summoned_first_keeps_its_cost() -> None:
    """Between the two, A summons Fairy Flautist (BSS01-096, yellow, no Ascend): it costs its printed 2,
    and the assignment still waits for the Ascend card."""
    result = run({"A": {"life": 5, "reserve": 20, "soul_core": "reserve", "deck": 10,
                        "hand": ["BSS04-005", "BSS01-096", "BSS01-001"]}, "B": {"reserve": 0, "deck": 10}},
                 [{"player": "A", "summon": "BSS04-005", "pay_soul_core": True},
                  {"player": "A", "summon": "BSS01-096"}, {"player": "A", "summon": "BSS01-001", "choose": "no"}], [])
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    costs = _costs(result)
    assert costs[1].startswith("Cost 2, reduced by 0: 2 to pay"), costs
    assert costs[2].startswith("Cost 5, reduced by 1: 4 to pay"), costs
