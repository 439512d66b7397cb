""""When a Forward opponent controls uses an action ability", "when X uses a special ability" (11.8.3): using an
ability (11.6, 11.7) is the event; who used it is matched against the trigger's subject and the kind of
ability against the kind it names. Invented sample cards only."""

from __future__ import annotations

import pytest

from judge.engine.scenario import run_scenario, scenario_from_data
from judge.text.parse import parse_text

SCOUT = {"name": "Sample Scout", "type": "forward", "element": ["fire"], "cost": 2, "power": 5000, "job": "S",
         "text": "《ダル》: Draw 1 card."}


def watcher(text: str) -> dict:
    return {"name": "Sample Sentinel", "type": "backup", "element": ["water"], "cost": 2, "job": "Scout", "text": text}


@pytest.mark.parametrize(("text", "kind"), [
    ("When a Forward opponent controls uses an action ability, draw 1 card.", "action_ability"),
    ("When a Character you control uses an action ability, draw 1 card.", "action_ability"),
    ("When Sample Sentinel uses a special ability, draw 1 card.", "special_ability"),
])
def test_11_8_3_the_kind_of_ability_used_is_read(text: str, kind: str) -> None:
    result = parse_text(text, "fftcg", name="Sample Sentinel")
    assert not result.unparsed
    event = result.abilities[0].trigger.events[0]
    assert (event.kind, event.what.card_types) == ("uses_ability", (kind,))


@pytest.mark.parametrize(("text", "side", "fires"), [
    ("When a Forward opponent controls uses an action ability, draw 1 card.", "B", 1),
    ("When a Forward opponent controls uses an action ability, draw 1 card.", "A", 0),
    ("When a Forward you control uses an action ability, draw 1 card.", "A", 1),
    ("When a Forward you control uses a special ability, draw 1 card.", "A", 0),
    ("When a Backup you control uses an action ability, draw 1 card.", "A", 0),
])
def test_11_6_using_an_action_ability_triggers_what_names_its_user_and_kind(text: str, side: str, fires: int) -> None:
    data = {"game": "fftcg", "title": "t", "cards": {"scout": SCOUT, "sentinel": watcher(text)},
            "turn": {"number": 3, "player": "A", "phase": "main1"},
            "players": {"A": {"deck": 10, "field": [{"id": "a1", "card": "scout"}]}, "B": {"deck": 10}},
            "actions": [{"player": "A", "use": "a1"}, {"player": "A", "pass": True}, {"player": "B", "pass": True}],
            "expect": [{"fired": "w1", "times": fires}]}
    data["players"][side].setdefault("field", []).append({"id": "w1", "card": "sentinel"})
    result = run_scenario(scenario_from_data(data, "test"))
    assert all(c.met for c in result.checks), [(c.expect, c.actual) for c in result.checks]


def test_11_8_3_cancel_its_effect_cancels_the_ability_that_was_used() -> None:
    """"When a Character opponent controls uses an action ability, … cancel its effect and break that
    Character": the ability used leaves the stack without resolving (its controller draws nothing)."""
    text = ("When a Character opponent controls uses an action ability, put Sample Sentinel into the Break Zone. "
            "If you do so, cancel its effect and break that Character.")
    data = {"game": "fftcg", "title": "t", "cards": {"scout": SCOUT, "sentinel": watcher(text)},
            "turn": {"number": 3, "player": "A", "phase": "main1"},
            "players": {"A": {"deck": 10, "field": [{"id": "a1", "card": "scout"}]},
                        "B": {"deck": 10, "field": [{"id": "w1", "card": "sentinel"}]}},
            "actions": [{"player": "A", "use": "a1"}] + [{"player": p, "pass": True} for p in "ABAB"],
            "expect": [{"card": "w1", "zone": "break"}, {"card": "a1", "zone": "break"}, {"player": "A", "hand": 0}]}
    result = run_scenario(scenario_from_data(data, "test"))
    assert result.ok, result.why
