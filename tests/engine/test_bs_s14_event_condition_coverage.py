"""An event condition is decided from the board only for events the board keeps a record of
(conditions.EVENT_FACTS); one the engine does not decide ("… when the battle ends" beside a When Attacks,
10-11-1) is said "not modelled" when run, and coverage must not count that ability executed. A burst's
condition is its event (10-9-1), read by the burst's own trigger: still executed. Invented sample cards
only (found by the Saga probe, bench/bench_probe_saga.py)."""

from __future__ import annotations

from judge.engine.scenario import run_scenario, scenario_from_data
from judge.engine.support import unexecuted
from judge.text.parse import parse_text

LATER = "[LV1] When This Spirit Attacks: Destroy this spirit when the battle ends."


def _gaps(text: str) -> list[tuple[str, ...]]:
    r = parse_text(text, "bss")
    assert not r.unparsed
    return [unexecuted("bss", a) for a in r.abilities]


def test_10_11_1_a_when_attacks_effect_waiting_for_a_later_event_is_not_counted_executed() -> None:
    assert all(_gaps(LATER)), _gaps(LATER)


def test_10_11_1_running_it_says_not_modelled_as_coverage_says() -> None:
    card = {"name": "Sample Rash Drake", "type": "spirit", "colors": ["red"], "cost": 0, "symbols": ["red"],
            "levels": {1: {"cores": 1, "bp": 1000}}, "text": LATER}
    data = {"game": "bss", "title": "t", "cards": {"drake": card},
            "turn": {"number": 4, "player": "A", "step": "attack"},
            "players": {"A": {"life": 5, "reserve": 0, "deck": 5, "field": [{"id": "a1", "card": "drake", "cores": 1}]},
                        "B": {"life": 5, "reserve": 0, "deck": 5}},
            "actions": [{"player": "A", "attack": "a1"}, {"player": "B", "no_block": True}],
            "expect": [{"player": "B", "life": 4}]}
    result = run_scenario(scenario_from_data(data, "test"))
    assert any(t.step.not_modelled for t in result.steps)
    assert not result.ok


def test_10_9_1_a_burst_condition_is_its_event_and_stays_executed() -> None:
    assert _gaps('[Burst] When Opponent Resolves a Spirit\'s "When Summoned" Effect: Draw two cards.') == [()]
