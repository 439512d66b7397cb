"""Shared helpers for the grammar tests: one ability, parsed whole, or the test fails saying why."""

from __future__ import annotations

from typing import Any

from judge.text.ast import Ability
from judge.text.lexicon import Lexicon, default_lexicon
from judge.text.parse import parse_text

#: The invented spirit types and card names the Battle Spirits tests use (a card database's
#: closed lists, judge.text.lexicon: the grammar reads no family it has not been given).
TEST_FAMILIES = ("Wyvern", "Dragon", "Dragonoid", "Star Dragon", "Undead", "Insectoid", "Carapite",
                 "Spirit Beast", "Azure", "Serpent", "Golem", "Angel", "Beast", "Machine", "Shadow",
                 "Nightling", "Mecha", "Warrior", "Lyric Bird", "Preybird", "Armored Dragon", "Kindling", "Kaede (Tentative)", "Crimson")
TEST_NAMES = ("Crimson Keep",)


def bs_lexicon(families: tuple[str, ...] = (), names: tuple[str, ...] = ()) -> Lexicon:
    """The shipped samples' lexicon with the test families and names (and any more given)."""
    return default_lexicon().with_words(families=TEST_FAMILIES + families, names=TEST_NAMES + names)


def bs_one(text: str, game: str = "bss", **words: Any) -> Ability:
    """The single ability a Battle Spirits line parses to (nothing left unparsed)."""
    result = parse_text(text, game, lexicon=bs_lexicon(**words))
    assert result.unparsed == (), result.unparsed
    assert len(result.abilities) == 1
    return result.abilities[0]


def bs_effect(text: str, game: str = "bss", **words: Any) -> Any:
    """The single effect of that single ability."""
    ability = bs_one(text, game, **words)
    assert len(ability.effects) == 1, ability.effects
    return ability.effects[0]


def fftcg_one(text: str, name: str | None = None) -> Ability:
    """The single ability an FFTCG text parses to, `name` being the card's own name."""
    result = parse_text(text, "fftcg", name=name)
    assert result.ok, result.unparsed
    assert len(result.abilities) == 1
    return result.abilities[0]
