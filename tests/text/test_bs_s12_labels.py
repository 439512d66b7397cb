"""Timing labels of the Battle Spirits Saga templating language generalised in session 12 (issue
20.2): a label is "When" / "While" an event, "During" a step or turn, "End of" a turn or the
battle (8-1-5-1, 10-11, 10-12, 7-1-6-1), each part composed of the events, subjects and causes the
language has — never a list of the labels printed so far. Three or more invented phrasings per
construct (no card prints them), asserting the typed meaning read."""

from __future__ import annotations

import pytest
from text_helpers import bs_one

from judge.text.ast import Player
from judge.text.bs.normalise import prepare
from judge.text.typed import untyped_parts


def _typed(text: str):
    ab = bs_one(text)
    assert not untyped_parts(ab, "bss"), untyped_parts(ab, "bss")
    return ab


# ---------------------------------------------------------------- 8-1-5-1 either of two events, in any order
@pytest.mark.parametrize(("text", "timing"), [
    ("[LV1] When This Spirit Blocks or Is Destroyed: Draw one card.", "when_blocks_or_destroyed"),
    ("[LV1] When This Spirit Attacks or Is Linked: Draw one card.", "when_attacks_or_linked"),
    ("[LV1] When This Spirit Links or Attacks: Draw one card.", "when_links_or_attacks"),
    ("[LV1] When Placed or Destroyed: Draw one card.", "when_placed_or_destroyed"),
])
def test_8_1_5_1_a_label_joins_an_act_and_a_passive_event_by_or(text: str, timing: str) -> None:
    assert _typed(text).timing == timing


@pytest.mark.parametrize(("text", "event"), [
    ("[LV1] When This Spirit is Blocked or Blocks: Draw one card.", "blocked_or_blocks"),
    ("[LV1] When This Spirit Is Blocked or Attacks: Draw one card.", "blocked_or_attacks"),
    ("[LV1] When This Spirit is Selected or Destroyed: Draw one card.", "selected_or_destroyed"),
])
def test_8_1_5_1_either_event_without_a_fixed_timing_is_the_trigger_of_both(text: str, event: str) -> None:
    ab = _typed(text)
    assert ab.timing == "event" and ab.condition.event == event
    assert ab.condition.selector is not None and ab.condition.selector.self_ref


# ---------------------------------------------------------------- 8-1-5-1 a label without its subject is the card's own
@pytest.mark.parametrize(("text", "timing", "event"), [
    ("[LV1] When Attacks: Draw one card.", "when_attacks", None),
    ("[LV1] When Summoned or Attacks: Draw one card.", "when_summoned_or_attacks", None),
    ("[LV1] When Exhausted: Draw one card.", "event", "exhausted"),
    ("[LV1] When Refreshed or Destroyed: Draw one card.", "event", "refreshed_or_destroyed"),
])
def test_8_1_5_1_a_subjectless_label_names_acts_and_states_of_the_card(text: str, timing: str,
                                                                       event: str | None) -> None:
    ab = _typed(text)
    assert ab.timing == timing
    if event is not None:
        assert ab.condition.event == event and ab.condition.selector is None


# ---------------------------------------------------------------- 8-1-5-1 a label's colon found past small words
@pytest.mark.parametrize(("text", "timing"), [
    ("[LV1] When Destroyed in Battle: Draw one card.", "event"),
    ("[LV1] When Destroyed by an Opponent's Effect: Draw one card.", "event"),
    ("[LV1] During Your Turn / During Opponent's Turn: Draw one card.", "during_your_turn_or_during_opponents_turn"),
])
def test_8_1_5_1_a_label_with_small_words_keeps_its_own_colon(text: str, timing: str) -> None:
    assert prepare(text).view.count(":") == 1         # no colon inserted inside the label
    assert _typed(text).timing == timing


def test_8_1_5_1_destroyed_in_battle_is_a_destruction_by_battle() -> None:
    ab = _typed("[LV1] When Destroyed in Battle: Draw one card.")
    assert ab.condition.event == "destroyed" and "via_battle" in ab.condition.qualifiers


# ---------------------------------------------------------------- 8-1-5-1 "Opponent's" in a label: your opponent's
@pytest.mark.parametrize("text", [
    "[LV1] When Opponent's Spirit Attacks: Draw one card.",
    "[LV1] When Opponent's Spirit is Summoned: Draw one card.",
    "[LV1] When This Spirit Reduces Opponent's Life: Draw one card.",
    "[LV1] When Destroyed By Opponent's Effect: Draw one card.",
])
def test_8_1_5_1_opponents_without_your_is_the_opponents(text: str) -> None:
    cond = _typed(text).condition
    owners = [getattr(x, "owner", None) for x in (cond.selector, cond.by, cond.player) if x is not None]
    assert Player.OPPONENT in [*owners, cond.player], cond


# ---------------------------------------------------------------- 7-1-6-1 the end of the battle as a label
@pytest.mark.parametrize("text", [
    "[LV1] End of Battle: Draw one card.",
    "[LV2] End of the Battle: Place one core from the void into your reserve.",
    "[LV1][LV2] End of Battle: This spirit gains 3000 BP during this turn.",
])
def test_7_1_6_1_end_of_battle_is_a_label(text: str) -> None:
    assert _typed(text).timing == "end_of_battle"


# ---------------------------------------------------------------- 10-9 a magic's Main / Flash effect resolved
@pytest.mark.parametrize(("text", "effect"), [
    ("[LV1] When Opponent Resolves a Magic's \"Main\" Effect: Draw one card.", "main"),
    ("[LV1] When Opponent Resolves a Magic Card's \"Flash\" Effect: Draw one card.", "flash"),
    ("[LV1] When Opponent Resolves a Spirit's \"When Attacks\" Effect: Draw one card.", "when_attacks"),
])
def test_10_9_resolving_an_effect_named_by_its_step_or_its_label(text: str, effect: str) -> None:
    cond = _typed(text).condition
    assert cond.event == "resolves" and cond.object.effect == effect
