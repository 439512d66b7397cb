"""FFTCG constructs of session 10 (issue 20.2), each defined once in grammar/fftcg.lark and read wherever
the language puts it, so that sentences nobody here has read parse when they are built of known parts.
Every phrasing is our own (invented card names, recombinations); each test asserts the typed meaning,
and the engine's honesty about what it does not run where a new field is typed."""

from __future__ import annotations

import pytest
from text_helpers import fftcg_one as one

from judge.engine.support import unexecuted
from judge.text.ast import ModifyStat, Restriction, walk
from judge.text.parse import parse_text


def _of(ability, kind) -> list:
    return [n for n in walk(ability) if isinstance(n, kind)]


# ---------------------------------------------------------------- 11.12.4.2 what is lost mirrors what is gained
@pytest.mark.parametrize(("text", "power", "lost"), [
    ("Choose 1 Forward. Until the end of the turn, it loses 3000 power and Haste.", -3000, ["haste"]),
    ("Choose 1 Forward. It loses Brave and 2000 power until the end of the turn.", -2000, ["brave"]),
    ("The Forwards opponent controls lose 1000 power, First Strike and Brave.", -1000, ["first_strike", "brave"]),
])
def test_11_12_4_2_power_and_keywords_lost_together_in_either_order(text: str, power: int, lost: list) -> None:
    ability = one(text, name="Quillon")
    assert [m.amount for m in _of(ability, ModifyStat)] == [power]
    assert [r.action for r in _of(ability, Restriction) if r.mode == "lose"] == lost


def test_11_12_4_2_losing_a_quoted_ability_is_not_read_rather_than_dropped() -> None:
    result = parse_text('Quillon loses 1000 power and "Quillon cannot be blocked."', "fftcg", name="Quillon")
    assert not result.ok          # no node says which ability is lost: unread, never silently dropped


# ---------------------------------------------------------------- 10.1.3 the attacker a block is aimed at
@pytest.mark.parametrize(("text", "mode", "self_ref", "cost"), [
    ("When Quillon attacks, choose 1 Forward opponent controls. It cannot block Quillon this turn.",
     "cannot", True, None),
    ("The Forwards opponent controls must block Quillon if possible.", "must", True, None),
    ("Quillon cannot block a Forward of cost 4 or more.", "cannot", False, 4),
])
def test_10_1_3_block_takes_the_attacker_it_is_aimed_at(text: str, mode: str, self_ref: bool, cost) -> None:
    ability = one(text, name="Quillon")
    r = next(r for r in _of(ability, Restriction) if r.action == "block")
    assert r.mode == mode and r.object is not None and r.object.self_ref is self_ref
    if cost is not None:
        assert (r.object.thresholds[0].stat, r.object.thresholds[0].value) == ("cost", cost)
    assert any("block" in gap or "object" in gap for gap in unexecuted("fftcg", ability))   # not run: said so


@pytest.mark.parametrize("text", [
    "Choose 1 Forward. It cannot block this turn.",
    "Quillon cannot block unless you pay 《1》.",
    "If possible, Quillon must block.",
])
def test_10_1_3_block_without_an_attacker_keeps_its_plain_reading(text: str) -> None:
    r = next(r for r in _of(one(text, name="Quillon"), Restriction) if r.action == "block")
    assert r.object is None
