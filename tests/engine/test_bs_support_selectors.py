"""Support status is what the Battle Spirits engine runs (issue 21.4): a selector carrying a field the
engine never reads is said not executed, not run as if the words were not there (8-5-3)."""

from __future__ import annotations

import pytest

from judge.engine.bs.select import UNREAD_FIELDS
from judge.engine.bs.support import unexecuted
from judge.text.ast import Player, Selector, replace
from judge.text.parse import parse_text


def bs_one(text: str):
    result = parse_text(text, "bss")
    assert result.ok and len(result.abilities) == 1, result.unparsed
    return result.abilities[0]


@pytest.mark.parametrize("field,value", [("categories", ("FFVII",)), ("owned_by", Player.OPPONENT),
                                         ("nth", 2)])
def test_bss_8_5_3_a_selector_field_the_engine_does_not_read_is_not_executed(field: str, value: object) -> None:
    assert field in UNREAD_FIELDS
    ability = bs_one("When Summoned: Select one of your opponent's spirits and destroy it.")
    assert unexecuted(ability) == ()
    target = ability.effects[0].target
    assert isinstance(target, Selector)
    changed = replace(ability, effects=(replace(ability.effects[0], target=replace(target, **{field: value})),))
    assert f"selector {field}" in unexecuted(changed)


@pytest.mark.parametrize("stat", ["shared_families", "distinct_costs", "first_printed"])
def test_bss_8_5_3_a_threshold_on_a_stat_the_engine_does_not_read_is_not_executed(stat: str) -> None:
    from judge.text.ast import Threshold

    ability = bs_one("When Summoned: Select one of your opponent's spirits and destroy it.")
    target = ability.effects[0].target
    changed = replace(ability, effects=(replace(ability.effects[0], target=replace(
        target, thresholds=(Threshold(stat, ">=", 1),))),))
    assert f"selector threshold {stat}" in unexecuted(changed)


@pytest.mark.parametrize("text,qualifier", [
    ("During Your Attack Step: When one of your spirits is destroyed, draw a card.", "still_on_field"),
    ("During Your Attack Step: When one of your spirits is destroyed, draw a card.", "only"),
    ("During Your Attack Step: When one of your spirits is destroyed, draw a card.", "first_each_turn"),
])
def test_bss_8_1_5_1_only_qualifiers_some_module_reads_are_executed(text: str, qualifier: str) -> None:
    from judge.engine.bs.events.qualifiers import READ

    ability = bs_one(text)
    assert unexecuted(ability) == ()
    unknown = replace(ability, condition=replace(ability.condition, qualifiers=("in_a_far_future_set",)))
    assert "condition qualifier in_a_far_future_set" in unexecuted(unknown)
    known = replace(ability, condition=replace(ability.condition, qualifiers=(qualifier,)))
    assert qualifier in READ and not any("qualifier" in g for g in unexecuted(known))


@pytest.mark.parametrize("text", [
    "When Summoned: If you have three or fewer life, draw a card.",
    "When Summoned: If it is your turn, draw a card.",
    "When Summoned: If you control three or more spirits, draw a card.",
])
def test_bss_8_3_3_a_condition_carrying_a_field_its_entry_does_not_read_is_undecided(text: str) -> None:
    from judge.engine.bs import conditions
    from judge.text.ast import Conditional

    ability = bs_one(text)
    cond = next(e for e in ability.effects if isinstance(e, Conditional)).condition
    assert conditions.decidable(cond) and not conditions.unread(cond)
    odd = replace(cond, qualifiers=("this_turn",), zone="trash")
    assert not conditions.decidable(odd)
    assert set(conditions.unread(odd)) == {"qualifiers", "zone"}
