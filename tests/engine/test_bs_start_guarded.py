"""6-7-3-1 with 8-6-1: a start-of-step effect written inside a condition on the board ("During Opponent's
Attack Step: if you control a white nexus, refresh this spirit at the start of the step") activates when
the step starts if the board meets the condition then. Real Battle Spirits Saga cards (training sets of
../shared/corpus, by number); skipped when the corpus is absent."""

from __future__ import annotations

from bs_corpus import CORPUS_MISSING, run

pytestmark = CORPUS_MISSING


# ── 6-7-3-1 with 8-6-1: "if you control a white nexus, refresh this spirit at the start of the step" ──
def _guard(nexus: str) -> object:
    """B's turn: B ends the main step, so B's attack step (A's opponent's attack step) begins. A's
    BSS01-052 is exhausted; A controls a nexus (white Rocket City BSS01-111, or green Emerald Sanctuary
    BSS03-114)."""
    return run({"A": {"reserve": 0, "deck": 10,
                      "field": [{"id": "a1", "card": "BSS01-052", "cores": 1, "state": "exhausted"},
                                {"id": "n", "card": nexus, "cores": 0}]},
                "B": {"reserve": 0, "deck": 10}},
               [{"player": "B", "end_step": True}], [], player="B", step="main")


def test_bss_6_7_3_1_the_condition_holds_as_the_step_starts_so_the_spirit_refreshes() -> None:
    result = _guard("BSS01-111")
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    assert result.state.field_card("a1").orientation.value == "refreshed"


def test_bss_6_7_3_1_without_a_white_nexus_nothing_activates() -> None:
    result = _guard("BSS03-114")
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    assert result.state.field_card("a1").orientation.value == "exhausted"
