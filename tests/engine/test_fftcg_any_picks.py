"""A decision of exactly N cards left open (`choose: any`, issue 21.7) takes the first N the decision lists: each
player named makes the choice as the effect resolves (11.11.5.1), and `any` is the first legal choice, never a
single card where N are due. Real cards by number, loaded from ../shared/corpus at test time."""

from __future__ import annotations

from judge.engine.scenario import run_scenario, scenario_from_data
from tests.rulings.support import corpus_file

PLAIN = {"ib": {"name": "Plain Ice Backup", "type": "backup", "element": ["ice"], "cost": 1, "generic": True},
         "wf": {"name": "Plain Water Forward", "type": "forward", "element": ["water"], "cost": 2, "power": 5000,
                "generic": True}}


def test_11_11_5_1_any_reveals_the_first_three_cards_and_selects_the_first_of_them() -> None:
    # 14-035C: entering, the opponent reveals 3 cards from their hand; its controller selects 1 of them, which the
    # opponent discards. B holds 4 cards: `any` reveals h1-h3, and A's `any` selects h1
    cards = corpus_file("fftcg-cards.json")
    data = {"game": "fftcg", "title": "t", "cards": PLAIN, "turn": {"number": 4, "player": "A", "phase": "main1"},
            "players": {"A": {"deck": 5, "hand": [{"id": "me", "card": "14-035C"}],
                              "field": [{"id": f"p{i}", "card": "ib"} for i in range(4)]},
                        "B": {"deck": 5, "hand": [{"id": f"h{i}", "card": "wf"} for i in range(1, 5)]}},
            "actions": [{"player": "A", "cast": "me", "pay": {"dull": ["p0", "p1", "p2", "p3"]}},
                        {"player": "B", "choose": "any", "decision": "cards"},
                        {"player": "A", "choose": "any"}],
            "expect": [{"card": "h1", "zone": "break"}, {"player": "B", "hand": 3}]}
    res = run_scenario(scenario_from_data(data, "test", cards=(cards,)))
    assert res.ok, res.why
