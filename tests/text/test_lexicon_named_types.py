"""BSS 2-5: a spirit type is known from where a card's text names it, in a type's place — after a
quantity, an article or a possessive, before "spirit(s)" / "nexus(es)" — even when no card of the pool
carries it; the quantity may open the sentence ("All …", "Each …"), capitalised. Invented types only."""

from __future__ import annotations

from judge.text.lexicon import named_families


def test_2_5_a_type_after_a_sentence_opening_all_is_named() -> None:
    assert named_families("All Stonecaller spirits on your field gain 1000 BP.") == {"Stonecaller"}


def test_2_5_types_joined_after_a_sentence_opening_each_are_each_named() -> None:
    assert named_families("Each Quarrykin or Mossback spirit you control is refreshed.") == {"Quarrykin", "Mossback"}


def test_2_5_a_type_after_a_capitalised_any_before_spirit_cards_is_named() -> None:
    assert named_families("Any Houndkin and Burrowfolk spirit cards in your hand cost 1 less.") == {
        "Houndkin", "Burrowfolk"}


def test_2_5_words_of_the_templating_language_are_never_types() -> None:
    assert named_families("All Red spirits and Each Exhausted spirit lose 1000 BP.") == set()
