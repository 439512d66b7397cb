"""A `cites:` beside a card's or a player's values names the clause that decides THAT change
(issue 21.5; docs/scenarios.md "Citations that decide"): it holds only when the clause is cited in
the chain of the change that made the values true, never when it is cited only for another card,
another change, or a routine step elsewhere in the trace."""

from __future__ import annotations

from typing import Any

import pytest

from judge.engine.scenario import run_scenario, scenario_from_data
from judge.errors import ScenarioError

CARDS = {
    "big": {"name": "Tall Ogre", "type": "spirit", "colors": ["red"], "cost": 3, "reduction": ["red"],
            "symbols": ["red"], "families": ["Ogre"], "levels": {1: {"cores": 1, "bp": 5000}}, "text": ""},
    "small": {"name": "Small Imp", "type": "spirit", "colors": ["red"], "cost": 1, "reduction": ["red"],
              "symbols": ["red"], "families": ["Imp"], "levels": {1: {"cores": 1, "bp": 2000}}, "text": ""},
}


def _battle(expect: list[dict[str, Any]]) -> dict[str, Any]:
    """A's 5000 BP spirit attacks, B blocks with a 2000 BP spirit: the blocker loses the battle."""
    return {"game": "bss", "title": "per-change citations", "cards": CARDS,
            "turn": {"number": 3, "player": "A", "step": "attack"},
            "players": {"A": {"life": 5, "reserve": 0, "deck": 10, "field": [{"id": "a1", "card": "big", "cores": 1}]},
                        "B": {"life": 5, "reserve": 0, "deck": 10, "field": [{"id": "b1", "card": "small", "cores": 1}]}},
            "actions": [{"player": "A", "attack": "a1"}, {"player": "B", "block": "b1"}],
            "expect": expect}


def _checks(expect: list[dict[str, Any]]) -> list[Any]:
    return list(run_scenario(scenario_from_data(_battle(expect), "change-cites")).checks)


def test_7_1_5_2_1_decides_the_blockers_trip_to_the_trash() -> None:
    (c,) = _checks([{"card": "b1", "zone": "trash", "cites": ["7-1-5-2-1"]}])
    assert c.met, c.actual


def test_spirits_destroyed_together_each_have_the_bp_comparison_in_their_chain() -> None:
    """Equal BP destroys both (7-1-5-2-1); they go to the trash one step after the other, and the
    first one's move is the same consequence carried out for another card, not an earlier chain."""
    data = _battle([{"card": "a1", "zone": "trash", "cites": ["7-1-5-2-1"]},
                    {"card": "b1", "zone": "trash", "cites": ["7-1-5-2-1"]}])
    data["players"]["B"]["field"][0]["card"] = "twin"
    data["cards"] = {**CARDS, "twin": {**CARDS["big"], "name": "Tall Ogre's Twin"}}
    first, second = run_scenario(scenario_from_data(data, "change-cites")).checks
    assert first.met, first.actual
    assert second.met, second.actual


def test_a_clause_cited_for_another_cards_change_does_not_decide_this_one() -> None:
    """The attacker was exhausted by its attack (7-1-1 …); the BP comparison destroyed b1, not a1."""
    (anywhere, per_change) = _checks([{"cites": ["7-1-5-2-1"]},
                                      {"card": "a1", "state": "exhausted", "cites": ["7-1-5-2-1"]}])
    assert anywhere.met                      # today's form: cited somewhere in the trace
    assert not per_change.met                # but not in the chain that exhausted a1
    assert "7-1-5-2-1" in per_change.actual["cites"]["missing"]


def test_values_no_action_changed_have_no_chain_to_cite() -> None:
    (c,) = _checks([{"player": "B", "life": 5, "cites": ["7-1-5-2-1"]}])
    assert not c.met
    assert "no action made these values true" in c.actual["cites"]


def test_the_values_must_still_hold_beside_their_citation() -> None:
    (c,) = _checks([{"card": "b1", "zone": "field", "cites": ["7-1-5-2-1"]}])
    assert not c.met


@pytest.mark.parametrize("entry", [{"card": "b1", "cites": ["7-1-5-2-1"]}, {"card": "b1", "zone": "trash", "cites": "7-1"},
                                   {"player": "A", "cites": ["1-1"]}])
def test_a_per_change_citation_is_written_beside_values_as_a_list(entry: dict[str, Any]) -> None:
    with pytest.raises(ScenarioError):
        scenario_from_data(_battle([entry]), "change-cites")


FFTCG_ATTACK = "tests/rulings/fftcg/attack_trigger_damages_every_opposing_forward.yaml"


def _fftcg_checks(expect: list[dict[str, Any]]) -> list[Any]:
    """A real-card FFTCG situation (16-011L's attack ability damages both of B's Forwards; one is broken)."""
    from pathlib import Path

    import yaml

    from tests.rulings.support import corpus_file

    cards = corpus_file("fftcg-cards.json")              # skips, saying where it looked, when absent

    data = yaml.safe_load(Path(__file__).resolve().parents[2].joinpath(FFTCG_ATTACK).read_text(encoding="utf-8"))
    data["expect"] = expect
    return list(run_scenario(scenario_from_data(data, "fftcg-change-cites", cards=(cards,))).checks)


def test_fftcg_12_4_5_decides_the_broken_forward_not_the_one_that_survives() -> None:
    broken, kept = _fftcg_checks([{"card": "b1", "zone": "break", "cites": ["12.4.5"]},
                                  {"card": "b2", "damage": 4000, "cites": ["12.4.5"]}])
    assert broken.met, broken.actual
    assert not kept.met and "12.4.5" in kept.actual["cites"]["missing"]


def test_fftcg_the_damage_rule_decides_the_damage_of_each_forward() -> None:
    (kept,) = _fftcg_checks([{"card": "b2", "damage": 4000, "cites": ["5.2.6.1"]}])
    assert kept.met, kept.actual
