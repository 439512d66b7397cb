"""`choose: any` answers a decision the ruling does not turn on (issue 21.7; docs/scenarios.md): the
run takes the first legal option and the trace says so; a decision without listed options must be
answered."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from judge.engine.scenario import run_scenario, scenario_from_data

REPO = Path(__file__).resolve().parents[2]


def _run(path: str, edit: Any, cards: tuple[Path, ...] = ()) -> Any:
    data = yaml.safe_load((REPO / path).read_text(encoding="utf-8"))
    edit(data)
    return run_scenario(scenario_from_data(data, path, cards=cards))


def test_fftcg_any_discard_takes_the_first_card_and_says_so() -> None:
    from tests.rulings.support import corpus_file

    cards = corpus_file("fftcg-cards.json")

    def any_discard(data: dict) -> None:
        data["actions"][2] = {"player": "B", "choose": "any", "decision": "discard"}
        data["expect"] = [{"player": "B", "hand": 1}, {"player": "B", "break": 1}]

    result = _run("tests/rulings/fftcg/attack_choice_opponent_discards.yaml", any_discard, (cards,))
    assert result.ok, result.why
    said = [t.step.text for t in result.steps if "first legal option" in t.step.text]
    assert said and "any" in said[0]


def test_saga_any_answers_a_yes_no_decision_with_its_first_option() -> None:
    def any_yes(data: dict) -> None:
        data["actions"][2] = {"player": "A", "choose": "any"}
        data["expect"] = [{"card": "fox", "zone": "field"}]      # the first option of "may" is yes

    result = _run("tests/scenarios/bss/agile_swaps_cheaper_spirit_after_battle.yaml", any_yes)
    assert result.ok, result.why
    assert any("first legal option is taken (yes)" in t.step.text for t in result.steps)


@pytest.mark.parametrize("answer", ["any", "ANY", " Any "])
def test_any_is_read_whatever_its_case(answer: str) -> None:
    from judge.engine.kernel.values import is_any

    assert is_any(answer) and not is_any("anything") and not is_any(["any"])


def test_fftcg_any_puts_cards_back_in_the_order_listed() -> None:
    # 21-067R: on entering, it reveals the top 5 cards of the deck, plays 1 Forward of cost 2 or less among them
    # and returns the others to the bottom in any order: `any` keeps every card, in the order the decision lists
    from tests.rulings.support import corpus_file

    cards = corpus_file("fftcg-cards.json")
    plain = {f"e{i}": {"name": f"Plain Earth Backup {i}", "type": "backup", "element": ["earth"], "cost": 1,
                       "generic": True} for i in range(4)}
    data = {"game": "fftcg", "title": "t", "cards": plain, "turn": {"number": 3, "player": "A", "phase": "main1"},
            "players": {"A": {"deck": 8, "hand": [{"id": "me", "card": "21-067R"}],
                              "field": [{"id": f"p{i}", "card": f"e{i}"} for i in range(4)]}, "B": {"deck": 5}},
            "actions": [{"player": "A", "cast": "me", "pay": {"dull": ["p0", "p1", "p2", "p3"]}},
                        {"player": "A", "choose": "any", "decision": "order"}],
            "expect": [{"player": "A", "deck": 8}, {"card": "me", "zone": "field"}]}
    result = run_scenario(scenario_from_data(data, "test", cards=(cards,)))
    assert result.ok, result.why
    assert any("first legal option" in t.step.text for t in result.steps)
