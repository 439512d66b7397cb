"""FFTCG damage replacements that wait for one kind of damage (6.5, 11.12.5.1), as rulings."""

from __future__ import annotations

from judge.engine.fftcg.effects import replacement
from judge.engine.fftcg.log import Log
from judge.engine.fftcg.state import CardDef, CardObj, Character, State, Zones
from judge.text.parse import parse_text


def _board(text: str, power: int = 7000) -> State:
    warden = CardDef(key="w", name="Sample Warden", type="forward", elements=("earth",), cost=4, power=power,
                     abilities=parse_text(text, "fftcg").abilities, text=text)
    blast = CardDef(key="s", name="Sample Blast", type="summon", elements=("fire",), cost=2)
    brute = CardDef(key="f", name="Sample Brute", type="forward", elements=("fire",), cost=3, power=8000)
    objs = {"w1": CardObj("w1", "w", "A"), "s1": CardObj("s1", "s", "B"), "f1": CardObj("f1", "f", "B"),
            "s2": CardObj("s2", "s", "A")}
    return State(defs={"w": warden, "s": blast, "f": brute}, objs=objs, zones={"A": Zones(), "B": Zones()},
                 field=(Character(uid="w1", controller="A"), Character(uid="f1", controller="B")))


NOT_BATTLE = "If Sample Warden is dealt damage other than battle damage, reduce the damage by 3000 instead."
BY_OPPONENT = "If Sample Warden is dealt damage by your opponent's Summons or abilities, reduce the damage by 3000 instead."


def test_fftcg_11_12_5_1_other_than_battle_damage_reduces_summon_damage_only() -> None:
    s = _board(NOT_BATTLE)
    assert replacement.damage(s, "w1", 8000, Log(), dealer="s1")[1] == 5000
    assert replacement.damage(s, "w1", 8000, Log(), battle=True, dealer="f1")[1] == 8000


def test_fftcg_11_12_5_1_by_your_opponents_summons_needs_the_opponents_source() -> None:
    s = _board(BY_OPPONENT)
    assert replacement.damage(s, "w1", 8000, Log(), dealer="s1")[1] == 5000     # B's Summon
    assert replacement.damage(s, "w1", 8000, Log(), dealer="s2")[1] == 8000     # A's own Summon
    assert replacement.damage(s, "w1", 8000, Log(), battle=True, dealer="f1")[1] == 8000


def test_fftcg_11_12_5_1_damage_less_than_power_becomes_zero() -> None:
    s = _board("If Sample Warden is dealt damage less than its power, the damage becomes 0 instead.")
    assert replacement.damage(s, "w1", 6000, Log(), dealer="s1")[1] == 0
    assert replacement.damage(s, "w1", 7000, Log(), dealer="s1")[1] == 7000


def test_fftcg_11_12_5_1_unchecked_kind_is_reported_not_applied() -> None:
    s = _board("If Sample Warden is dealt damage by a Forward, reduce the damage by 3000 instead.")
    log = Log()
    assert replacement.damage(s, "w1", 8000, log, battle=True, dealer="f1")[1] == 8000
    assert any("does not check" in n.text and "11.12.5.1" in n.cites for n in log)
