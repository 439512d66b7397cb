"""Shared helpers for the grammar tests: one ability, parsed whole, or the test fails saying why."""

from __future__ import annotations

from typing import Any

from judge.text.ast import Ability
from judge.text.parse import parse_text


def bs_one(text: str, game: str = "bss") -> Ability:
    """The single ability a Battle Spirits line parses to (nothing left unparsed)."""
    result = parse_text(text, game)
    assert result.unparsed == (), result.unparsed
    assert len(result.abilities) == 1
    return result.abilities[0]


def bs_effect(text: str, game: str = "bss") -> Any:
    """The single effect of that single ability."""
    ability = bs_one(text, game)
    assert len(ability.effects) == 1, ability.effects
    return ability.effects[0]


def fftcg_one(text: str, name: str | None = None) -> Ability:
    """The single ability an FFTCG text parses to, `name` being the card's own name."""
    result = parse_text(text, "fftcg", name=name)
    assert result.ok, result.unparsed
    assert len(result.abilities) == 1
    return result.abilities[0]
