"""Battle Spirits Saga card text → AST, the Saga constructs added for coverage: one invented
sentence, one expected tree, each test named after the clause that defines the construct."""

from __future__ import annotations

from judge.text.ast import AbilityKind, Conditional, Gain, MoveCores, Optional
from judge.text.parse import parse_text


def one(text: str, game: str = "bss"):
    result = parse_text(text, game)
    assert result.unparsed == (), result.unparsed
    assert len(result.abilities) == 1
    return result.abilities[0]


def effect(text: str, game: str = "bss"):
    ability = one(text, game)
    assert len(ability.effects) == 1, ability.effects
    return ability.effects[0]


# ── labels and keywords printed bare ──
def test_bss_11_14_2_keyword_after_a_label_without_colon_or_brackets() -> None:
    a = one("[LV2][LV3] While This Spirit Attacks Curse")
    assert (a.kind, a.timing, a.keyword.name, a.levels) == (AbilityKind.KEYWORD, "while_attacks", "Curse", (2, 3))


def test_bss_8_1_5_1_a_timing_label_on_its_own_line() -> None:
    a = one("During Your Main Step")
    assert (a.timing, a.effects) == ("during_your_main_step", ())


def test_bss_11_8_2_ascend_condition_printed_after_the_effect_text() -> None:
    a = one("When Summoned: Draw a card. Ascend: Costs 5 or More")
    assert a.kind is AbilityKind.TRIGGERED and a.timing == "when_summoned"
    assert (a.keyword.name, a.keyword.params) == ("Ascend", ("cost>=5",))


def test_bss_10_13_1_quoted_keyword_with_parameters_is_gained() -> None:
    e = effect('Your spirits with "Swift" gain "Armor: Green, Blue"')
    assert isinstance(e, Gain) and e.target.with_keyword == "Swift"
    assert (e.keyword.name, e.keyword.params) == ("Armor", ("green", "blue"))


# ── soul cores (4-11) ──
def test_bss_4_11_1_a_core_that_is_not_a_soul_core_icon() -> None:
    e = effect("Select one of your opponent's spirits. Remove a core that is not a {CORE} from it and place it into the void.")
    assert isinstance(e, MoveCores) and (e.count, e.dest, e.core_type) == (1, "void", "core")
    assert e.source_target.owner is not None


def test_bss_8_5_6_cores_from_the_trash_that_are_not_a_soul_core() -> None:
    e = effect('Place three cores from your trash that are not a "Soul Core" onto this spirit.')
    assert (e.count, e.source, e.dest, e.core_type) == (3, "trash", "spirit", "core")


def test_bss_11_13_1_soul_core_condition_with_the_icon_dropped_by_the_source() -> None:
    a = one("When This Spirit Attacks: If this spirit has a on it, draw a card.")
    e = a.effects[0]
    assert isinstance(e, Conditional) and e.condition.kind == "soul_core"


def test_bss_8_4_2_paying_a_soul_core_as_an_effect_cost() -> None:
    e = effect('You may pay a "Soul Core" to draw two cards.')
    assert isinstance(e, Optional)
    paid = e.cost.effects[0]
    assert isinstance(paid, MoveCores) and (paid.dest, paid.core_type) == ("trash", "soul")
