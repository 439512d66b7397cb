"""Phrases joined by "and" / "or" in the Battle Spirits templating language (issue 20.2): noun
phrases joined as objects or as subjects, a directive joined after an object, a second condition.
Each is one definition in grammar/bs.lark (`_NP_AHEAD`, `_NO_VERB_AHEAD`, `_OR_VERB`, `_AND_COND`)
used wherever the language joins them. Every phrasing is invented (known parts no card combines)."""

from __future__ import annotations

import pytest
from text_helpers import bs_effect, bs_one

from judge.text.ast import Conditional, Player, Selector, walk
from judge.text.ast.walk import to_json


def _targets(text: str) -> list[Selector]:
    return [e.target for e in bs_one(text).effects if isinstance(getattr(e, "target", None), Selector)]


# ── BSS 8-5-3: a second object opens like any noun phrase (a quantity, a possessive, an article) ──
@pytest.mark.parametrize(("text", "types"), [
    ("Select one of your opponent's spirits and each of your opponent's nexuses and destroy them.",
     {"spirit", "nexus"}),
    ("Select one of your opponent's nexuses and your opponent's exhausted spirits and destroy them.",
     {"spirit", "nexus"}),
    ("Select one of your opponent's spirits and a nexus with 【Swift】 and destroy them.", {"spirit", "nexus"}),
])
def test_bss_8_5_3_a_second_object_opens_like_any_noun_phrase(text: str, types: set[str]) -> None:
    targets = _targets(text)
    assert len(targets) == 2 and {t for s in targets for t in s.card_types} == types


@pytest.mark.parametrize("text", [
    "Select one of your opponent's spirits or a spirit with 【Swift】 and exhaust it.",
    "Select one of your opponent's nexuses or your opponent's exhausted spirit and exhaust it.",
    "Select one of your opponent's spirits or each of your opponent's nexuses and exhaust it.",
])
def test_bss_8_5_3_either_object_a_choice(text: str) -> None:
    effect = bs_effect(text)
    assert to_json(effect)["kind"] == "modal" and len(effect.options) == 2


# ── BS 5-19-1: after an object, a noun phrase with a verb of its own is the next directive's subject ──
@pytest.mark.parametrize(("text", "second"), [
    ("Exhaust one of your opponent's spirits and your opponent draws a card.", "draw"),
    ("Destroy one of your opponent's nexuses and your opponent discards a card.", "discard"),
    ("Exhaust one of your opponent's nexuses and all of your spirits gain 1000 BP.", "modify_stat"),
])
def test_bs_5_19_1_a_subject_after_and_opens_the_next_directive(text: str, second: str) -> None:
    effects = bs_one(text).effects
    assert len(effects) >= 2 and to_json(effects[-1])["kind"] == second


# ── BSS 8-1-5-1: subjects joined, whichever comes first (a noun phrase or "this spirit") ──
@pytest.mark.parametrize("text", [
    "When one Dragon nexus card or one of your spirits attacks, draw a card.",
    "When one of your Wyvern spirits or this spirit attacks, draw a card.",
    "When a blue nexus or one of your exhausted spirits is destroyed, draw a card.",
])
def test_bss_8_1_5_1_subjects_joined_whichever_comes_first(text: str) -> None:
    event = bs_one(text).condition
    assert event.kind == "event" and event.selector is not None and len(event.selector.either) == 1


@pytest.mark.parametrize(("text", "owners"), [
    ("That spirit and your spirits gain 2000 BP.", [None, Player.YOU]),
    ("This spirit and your opponent's spirits lose 1000 BP.", [None, Player.OPPONENT]),
    ("That spirit and each of your nexuses gain 1000 BP.", [None, Player.YOU]),
])
def test_bss_8_2_2_2_subjects_joined_each_gains(text: str, owners: list) -> None:
    effects = bs_one(text).effects
    assert [e.target.owner for e in effects] == owners


# ── BSS 8-1-8: "or" before any verb a directive opens with: a choice ──
@pytest.mark.parametrize(("text", "kinds"), [
    ("Discard a card or remove a core from this spirit.", ["discard", "move_cores"]),
    ("Exhaust this spirit or pay one core.", ["set_state", None]),
    ("Destroy one of your opponent's nexuses or reduce the BP of one of your opponent's spirits by 2000.",
     ["destroy", None]),
])
def test_bss_8_1_8_or_before_any_directive_a_choice(text: str, kinds: list) -> None:
    effect = bs_effect(text)
    assert to_json(effect)["kind"] == "modal" and len(effect.options) == 2
    for option, kind in zip(effect.options, kinds, strict=True):
        assert kind is None or to_json(option[0])["kind"] == kind


# ── BS 5-19-2: "and" before a second condition: a player and what they have, or "there is" ──
@pytest.mark.parametrize(("text", "kinds"), [
    ("If you have 3 or fewer life and your opponent has 5 or fewer life, draw a card.", ["count", "count"]),
    ("If you control a Dragon spirit and there is no card in your trash, draw a card.", None),
    ("If your opponent has 2 or more nexuses and you have 4 or fewer life, draw a card.", ["count", "count"]),
])
def test_bs_5_19_2_and_before_a_second_condition(text: str, kinds: list | None) -> None:
    cond = next(n for n in walk(bs_one(text)) if isinstance(n, Conditional)).condition
    assert cond.kind == "all" and len(cond.conditions) == 2
    assert kinds is None or [c.kind for c in cond.conditions] == kinds


@pytest.mark.parametrize(("text", "event"), [
    ("When you have 3 or fewer life and one of your spirits is destroyed, draw a card.", "destroyed"),
    ("When you have 2 or fewer life and a nexus is destroyed, draw a card.", "destroyed"),
    ("When your opponent has 3 or more nexuses and your spirit attacks, draw a card.", "attacks"),
])
def test_bss_8_1_5_1_a_state_and_an_event_together(text: str, event: str) -> None:
    cond = bs_one(text).condition
    assert cond.kind == "all" and [c.event for c in cond.conditions if c.kind == "event"] == [event]


# ── BSS 8-5-3, 10-7: after "place", a quantity is one quantity whether cores or a card follow ──
@pytest.mark.parametrize(("text", "owner"), [
    ("Place one of your Wyvern spirits without paying its cost.", Player.YOU),
    ("Place two of your nexus cards from your hand without paying their cost.", Player.YOU),
    ("You may place one of your Dragon spirits from your trash without paying its cost.", Player.YOU),
])
def test_bss_10_7_placing_a_card_counted_like_any_selection(text: str, owner: Player) -> None:
    effect = bs_one(text).effects[-1]
    effect = getattr(effect, "effects", (effect,))[0]      # "You may …": the optional effect's own
    assert to_json(effect)["kind"] == "deploy" and effect.target.owner is owner and effect.target.count


@pytest.mark.parametrize(("text", "count"), [
    ("Place one of their cores into their reserve.", 1),
    ("Remove two of their cores.", 2),
    ("Place three of its cores into your reserve.", 3),
])
def test_bss_3_9_cores_of_a_card_counted(text: str, count: int) -> None:
    from judge.text.ast import MoveCores

    moves = [n for n in walk(bs_one(text)) if isinstance(n, MoveCores)]
    assert moves and moves[0].count == count


# ── BSS 1-3-3, 8-5-3: the cause of a restriction and the cards effects are on: any noun phrase ──
@pytest.mark.parametrize("text", [
    "This spirit cannot be blocked by the spirit you exhausted.",
    "Your spirits cannot be blocked by the selected spirit.",
    "This nexus cannot be selected by the effects of that spirit.",
])
def test_bss_1_3_3_a_cause_named_by_a_pronoun_phrase(text: str) -> None:
    ability = bs_one(text)
    assert ability.restrictions or ability.effects
