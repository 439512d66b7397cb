"""Which phase and whose turn a printed "At the beginning of … / At the end of …" auto-ability listens to,
read from the typed fields the card grammar fills (Ability.turn, Ability.phase_number), never the words."""

from __future__ import annotations

import pytest

from judge.engine.fftcg.events.delayed import phase_event, turn_matches
from judge.text.ast import Ability
from judge.text.parse import parse_text


def at(text: str, timing: str) -> Ability:
    result = parse_text(f"{text}, draw 1 card.", "fftcg")
    assert not result.unparsed, result.unparsed
    ability = result.abilities[0]
    assert ability.timing == timing
    return ability


@pytest.mark.parametrize(("text", "timing", "event"), [
    ("At the beginning of Main Phase 1 during each of your turns", "beginning_of_main", "phase_begin:main1"),
    ("At the beginning of Main Phase 2 during each of your turns", "beginning_of_main", "phase_begin:main2"),
    ("At the beginning of your opponent's Attack Phase", "beginning_of_attack", "phase_begin:attack"),
    ("At the end of each of your turns", "end_of_turn", "end_of_turn"),
])
def test_fftcg_9_3_1_3_a_phase_trigger_waits_for_the_phase_it_names(text: str, timing: str, event: str) -> None:
    assert phase_event(timing, at(text, timing).phase_number) == event


@pytest.mark.parametrize(("text", "controller", "turn_player", "listens"), [
    ("At the end of each of your turns", "A", "A", True),
    ("At the end of each of your turns", "A", "B", False),
    ("At the end of each of your opponent's turns", "A", "B", True),
    ("At the end of each of your opponent's turns", "A", "A", False),
    ("At the beginning of the Attack Phase during each player's turn", "A", "B", True),
])
def test_fftcg_9_5_1_1_a_phase_trigger_listens_to_the_turns_it_names(text: str, controller: str, turn_player: str,
                                                                     listens: bool) -> None:
    timing = "end_of_turn" if text.startswith("At the end") else "beginning_of_attack"
    assert turn_matches(at(text, timing), controller, turn_player) is listens
