"""FFTCG "If it has received damage this turn" said of a card: the damage dealt to that Forward (5.2.6.1), which
stays on it until the end of the turn (9.5.1.3.1) — not the damage its controller received (7.8.2), which is what
the same words mean said of a player. Three phrasings, each on a Summon of the project's own."""

from __future__ import annotations

import pytest

from judge.engine.scenario import load_scenario, run_scenario
from judge.text import ast
from judge.text.parse import parse_text


def fwd(name: str) -> dict:
    return {"name": name, "type": "forward", "element": ["fire"], "cost": 3, "power": 9000, "job": "Knight",
            "category": "SAMPLE", "text": ""}


PHRASINGS = [
    ("Choose 1 Forward. If it has received damage this turn, dull it.", "dull"),
    ("Choose 1 Forward. If it has taken damage this turn, break it.", "break"),
    ("Choose 1 Forward opponent controls. If that Forward has received damage this turn, deal it 2000 damage.",
     "damage"),
]


def run(text: str, damage: int):
    spell = {"name": "Sample Verdict", "type": "summon", "element": ["ice"], "cost": 2, "text": text}
    filler = {"name": "Sample Filler", "type": "backup", "element": ["ice"], "cost": 2, "text": ""}
    data = {"game": "fftcg", "title": "inline", "cards": {"spell": spell, "filler": filler, "guard": fwd("Sample Guard")},
            "turn": {"number": 3, "player": "A", "phase": "main1"},
            "players": {"A": {"hand": ["spell", "filler"]},
                        "B": {"field": [{"id": "b1", "card": "guard", "damage": damage}]}},
            "actions": [{"player": "A", "cast": "spell", "targets": ["b1"], "pay": {"discard": ["filler"]}},
                        {"player": "A", "pass": True}, {"player": "B", "pass": True}], "expect": []}
    return run_scenario(load_scenario("inline.yaml", data))


def outcome(result, what: str) -> bool:
    b1 = next((c for c in result.state.field if c.uid == "b1"), None)
    return {"dull": b1 is not None and b1.dull, "break": b1 is None,
            "damage": b1 is not None and b1.damage > 1000}[what]


@pytest.mark.parametrize(("text", "what"), PHRASINGS)
def test_fftcg_5_2_6_1_a_card_that_has_received_damage_this_turn(text: str, what: str) -> None:
    cond = next(n for n in ast.walk(parse_text(text, "fftcg").abilities) if isinstance(n, ast.Condition))
    assert cond.kind == "damage_received" and cond.player is None
    assert outcome(run(text, 1000), what)
    assert not outcome(run(text, 0), what)
