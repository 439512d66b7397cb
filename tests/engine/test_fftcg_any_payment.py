"""A payment decision left open (`choose: any`) is answered by the board: the first option (pay) is taken and
paid the first exact way (zones/exact.py: active Backups dulled before cards discarded, fewest sources first);
a player with no exact way to pay does not pay (2.3, 11.2.1.1). Real cards by number, from ../shared/corpus."""

from __future__ import annotations

from typing import Any

from judge.engine.scenario import run_scenario, scenario_from_data
from tests.rulings.support import corpus_file

PLAIN = {**{f"e{i}": {"name": f"Plain Earth Backup {i}", "type": "backup", "element": ["earth"], "cost": 1,
                      "generic": True} for i in range(3)},
         **{f"w{i}": {"name": f"Plain Water Backup {i}", "type": "backup", "element": ["water"], "cost": 1,
                      "generic": True} for i in range(3)},
         "wf": {"name": "Plain Water Forward", "type": "forward", "element": ["water"], "cost": 2, "power": 5000,
                "generic": True}}


def _arkasodara(b_field: list[dict[str, Any]], b_hand: list[str], asked: bool = True) -> Any:
    # 20-064C: on entering, A chooses 1 dull Forward; unless the opponent pays 《3》, it is broken
    cards = corpus_file("fftcg-cards.json")
    data = {"game": "fftcg", "title": "t", "cards": PLAIN, "turn": {"number": 3, "player": "A", "phase": "main1"},
            "players": {"A": {"deck": 5, "hand": [{"id": "me", "card": "20-064C"}],
                              "field": [{"id": f"p{i}", "card": f"e{i}"} for i in range(3)]},
                        "B": {"deck": 5, "hand": b_hand, "field": [{"id": "bf", "card": "wf", "state": "dull"},
                                                                  *b_field]}},
            "actions": [{"player": "A", "cast": "me", "pay": {"dull": ["p0", "p1", "p2"]}},
                        *([{"player": "B", "choose": "any", "decision": "payment"}] if asked else [])],
            "expect": [{"card": "me", "zone": "field"}]}
    return run_scenario(scenario_from_data(data, "test", cards=(cards,)))


def test_11_11_5_1_any_pays_the_first_exact_way_fewest_sources_first() -> None:
    # B has three active Backups and a card in hand: one Backup (1 CP) and the discard (2 CP) make 《3》 with two
    # sources, fewer than three Backups; so the first Backup is dulled, the card discarded, the Forward stays
    res = _arkasodara([{"id": f"bb{i}", "card": f"w{i}"} for i in range(3)], ["wf"])
    assert res.ok, res.why
    final = res.state
    assert final.zones["B"].hand == () and len(final.zones["B"].break_zone) == 1
    assert final.char("bb0").dull and not final.char("bb1").dull and not final.char("bb2").dull
    assert final.char("bf") is not None, "B paid, so the dull Forward is not broken"
    assert any("first exact way" in t.step.text for t in res.steps)


def test_2_3_a_cost_the_board_cannot_pay_is_not_paid_and_the_effect_happens() -> None:
    # B has only two active Backups and nothing in hand: 《3》 cannot be paid, so nothing is asked of B and the
    # Forward is broken
    res = _arkasodara([{"id": f"bb{i}", "card": f"w{i}"} for i in range(2)], [], asked=False)
    assert res.ok, res.why
    assert res.state.char("bf") is None
