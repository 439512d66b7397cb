"""AST fields the FFTCG engine needs for control changes and replacement effects (6.2.6, 11.12.5)."""

from __future__ import annotations

from judge.text.ast import Conditional, Deploy, Duration, ModifyStat
from judge.text.parse import parse_text


def _effects(text: str) -> tuple:
    result = parse_text(text, "fftcg")
    assert not result.unparsed, result.unparsed
    return tuple(e for ab in result.abilities for e in ab.effects)


def test_fftcg_6_2_6_gain_control_until_the_end_of_the_turn_keeps_its_duration() -> None:
    (e,) = _effects("Choose 1 Forward opponent controls. You gain control of it until the end of the turn.")
    assert isinstance(e, Deploy) and e.verb == "gain_control" and e.duration == Duration.TURN


def test_fftcg_6_2_6_gain_control_without_a_duration_is_permanent() -> None:
    (e,) = _effects("Choose 1 Forward opponent controls. You gain control of it.")
    assert isinstance(e, Deploy) and e.duration == Duration.PERMANENT


def test_fftcg_11_12_5_2_instead_names_the_event_it_replaces() -> None:
    (e,) = _effects("If Sample Warden is dealt damage, reduce the damage by 2000 instead.")
    assert isinstance(e, Conditional) and e.condition.event == "is_dealt_damage"
    last = _effects("Choose 1 Forward. Deal it 8000 damage. If it is put from the field into the Break Zone this "
                    "turn, remove it from the game instead.")[-1]
    assert isinstance(last, Conditional) and last.condition.event == "put_into_break_zone"


def test_fftcg_11_12_5_5_the_next_damage_is_marked_as_used_once() -> None:
    (e,) = _effects("Choose 1 Forward you control. During this turn, the next damage dealt to it is reduced by "
                    "2000 instead.")
    assert isinstance(e, ModifyStat) and e.stat == "damage_received" and e.amount == -2000 and e.next_only
    (f,) = _effects("Choose 1 Forward you control. During this turn, the next damage dealt to it becomes 0 instead.")
    assert isinstance(f, ModifyStat) and f.stat == "damage_received_becomes" and f.next_only
    (g,) = _effects("The damage dealt to Forwards you control is reduced by 1000 instead.")
    assert isinstance(g, ModifyStat) and not g.next_only
