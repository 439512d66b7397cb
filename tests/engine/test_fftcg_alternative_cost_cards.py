"""FFTCG "You can dull 2 active Ice Forwards you control (instead of paying the CP cost) to cast X" (11.3.5,
11.4.4, 11.6.2): an alternative cost paid with the caster's own cards, chosen as the card is cast. Three
phrasings; the cards are the project's own (inline)."""

from __future__ import annotations

import pytest

from judge.engine.scenario import load_scenario, run_scenario


def fwd(name: str) -> dict:
    return {"name": name, "type": "forward", "element": ["ice"], "cost": 3, "power": 5000, "job": "Knight",
            "category": "SAMPLE", "text": ""}


def run(text: str, kind: str, answers: list) -> object:
    spell = {"name": "Sample Frost", "type": kind, "element": ["ice"], "cost": 6, "power": 7000, "job": "Giant",
             "category": "SAMPLE", "text": text}
    if kind == "summon":
        spell.pop("power")
    data = {"game": "fftcg", "title": "inline",
            "cards": {"frost": spell, **{f"f{i}": fwd(f"Sample Sentry {i}") for i in (1, 2, 3)}},
            "turn": {"number": 3, "player": "A", "phase": "main1"},
            "players": {"A": {"hand": ["frost"], "deck": ["f1"] * 4,
                              "field": [{"id": f"a{i}", "card": f"f{i}"} for i in (1, 2, 3)]},
                        "B": {"deck": ["f1"] * 4}},
            "actions": [{"player": "A", "cast": "frost", "answers": answers},
                        {"player": "A", "pass": True}, {"player": "B", "pass": True}],
            "expect": []}
    return run_scenario(load_scenario("inline.yaml", data))


@pytest.mark.parametrize("text,kind", [
    ("You can dull 2 active Forwards you control (instead of paying the CP cost) to cast Sample Frost. "
     "Sample Frost gains Haste.", "forward"),
    ("You can dull 2 active Ice Forwards you control (instead of paying the CP cost) to cast Sample Frost.",
     "forward"),
    ("During your turn, you can dull 2 active Ice Forwards you control (instead of paying the CP cost) to cast "
     "Sample Frost.", "forward"),
])
def test_fftcg_11_4_4_dulling_your_own_forwards_instead_of_the_cp_cost(text: str, kind: str) -> None:
    result = run(text, kind, ["yes", ["a1", "a3"]])
    assert not result.refusals, result.refusals
    s = result.state
    assert s.char("frost") is not None                                  # cast with no CP at all
    assert s.char("a1").dull and s.char("a3").dull and not s.char("a2").dull
    assert "11.4.4" in result.cites


def test_fftcg_11_4_4_with_too_few_such_cards_only_the_cp_cost_is_offered() -> None:
    result = run("You can dull 4 active Forwards you control (instead of paying the CP cost) to cast Sample Frost.",
                 "forward", ["yes"])
    assert 0 in result.refusals          # no alternative to choose, and no CP to pay the cost with
