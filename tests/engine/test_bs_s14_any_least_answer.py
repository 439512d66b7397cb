"""`choose: any` takes the least legal answer of a Saga decision, not one option where one is not an answer:
a selection of a specified number takes that many (8-5-3-1), an order names every waiting effect (8-5-2-4),
"any number of cores" places none (8-5-3-2); and a number to select that comes to 0 is fulfilled by
selecting nothing, so nothing is asked (8-5-3-1). Invented sample cards only (found by the Saga probe,
bench/bench_probe_saga.py)."""

from __future__ import annotations

from typing import Any

from judge.engine.scenario import Result, run_scenario, scenario_from_data


def spirit(name: str, text: str = "", bp: int = 1000) -> dict:
    return {"name": name, "type": "spirit", "colors": ["red"], "cost": 0, "symbols": ["red"],
            "levels": {1: {"cores": 1, "bp": bp}}, "text": text}


def summon(text: str, b_field: int = 3, deck: Any = 10, answers: int = 3,
           expect: list[dict] | None = None) -> Result:
    # B's spirits differ (BP), so which of them is selected is a real decision, asked
    cards = {"probe": spirit("Sample Probe Drake", text), "pup": spirit("Sample Pup"),
             **{f"foe{i}": spirit(f"Sample Foe {i}", bp=1000 * i) for i in range(1, b_field + 1)},
             "bolt": {"name": "Sample Bolt", "type": "magic", "colors": ["red"], "cost": 1,
                      "text": "[Main] Draw a card."}}
    data = {"game": "bss", "title": "t", "cards": cards, "turn": {"number": 4, "player": "A", "step": "main"},
            "players": {"A": {"life": 5, "reserve": 5, "deck": deck, "hand": [{"id": "p", "card": "probe"}, "bolt"],
                              "field": [{"id": "a1", "card": "pup", "cores": 1}]},
                        "B": {"life": 5, "reserve": 0, "deck": 10,
                              "field": [{"id": f"b{i}", "card": f"foe{i}", "cores": 1} for i in range(1, b_field + 1)]}},
            "actions": [{"player": "A", "summon": "p"}] + [{"player": "A", "choose": "any"}] * answers,
            "expect": expect or [{"winner": None}]}
    return run_scenario(scenario_from_data(data, "test"))


def test_8_5_3_1_any_selects_as_many_targets_as_the_number_specified() -> None:
    result = summon("[LV1] When Summoned: Select two of your opponent's spirits and destroy them.", answers=1,
                    expect=[{"card": "b1", "zone": "trash"}, {"card": "b2", "zone": "trash"},
                            {"card": "b3", "zone": "field"}])
    assert not result.refusals, result.refusals
    assert result.ok, result.why


def test_8_5_3_1_a_number_to_select_of_zero_is_fulfilled_by_selecting_nothing() -> None:
    # the three cards discarded are magic: "one for each spirit card discarded" is none
    result = summon("[LV1] When Summoned: Discard the top three cards of your deck. Select one of your opponent's "
                    "spirits for each spirit card discarded this way and destroy them.",
                    deck={"top": ["bolt", "bolt", "bolt"], "count": 5}, answers=0,
                    expect=[{"card": "b1", "zone": "field"}, {"card": "b2", "zone": "field"},
                            {"player": "A", "trash": 3}])
    assert result.request is None, result.request
    assert result.ok, result.why
    assert "8-5-3-1" in result.cites


def test_8_5_2_4_any_orders_the_simultaneous_effects_as_the_options_list_them() -> None:
    # draw then discard, or discard then draw: the order matters, so it is asked, and `any` must answer it
    result = summon("[LV1] When Summoned: Draw a card.\n[LV1] When Summoned: Discard a card.", answers=3,
                    expect=[{"player": "A", "hand": 1}, {"player": "A", "trash": 1}])
    assert not result.refusals, result.refusals
    assert any(d.kind == "order" for d, _answer in result.decisions)
    assert result.ok, result.why


def test_8_5_3_2_any_places_no_cores_where_any_number_may_be_placed() -> None:
    result = summon("[LV1] When Summoned: Select up to two of your spirits. Place any number of cores onto them "
                    "from your reserve.", answers=2,
                    expect=[{"player": "A", "reserve": 4}, {"card": "a1", "cores": 1}, {"card": "p", "cores": 1}])  # 1 placed on p
    assert not result.refusals, result.refusals
    assert result.ok, result.why


def test_1_3_7_any_orders_cards_put_on_the_bottom_of_the_deck_as_listed() -> None:
    result = summon("[LV1] When Summoned: Reveal the top two cards of your deck. Put them on the bottom of your "
                    "deck in any order.", deck={"top": ["bolt", "pup"], "count": 3}, answers=1,
                    expect=[{"player": "A", "deck": 5}])
    assert not result.refusals, result.refusals


def test_8_3_3_a_card_among_the_discarded_cards_is_counted_from_what_this_effect_discarded() -> None:
    text = ("[LV1] When Summoned: Discard the top two cards of your deck. If a magic card is among the discarded "
            "cards, draw a card.")
    hit = summon(text, deck={"top": ["pup", "bolt"], "count": 3}, answers=0, expect=[{"player": "A", "hand": 2}])
    miss = summon(text, deck={"top": ["pup", "pup"], "count": 3}, answers=0, expect=[{"player": "A", "hand": 1}])
    assert hit.ok, hit.why
    assert miss.ok, miss.why
