"""A scenario's own cards are read against their own words (BSS 2-5 spirit types, 2-3 card names): an
outside judge who sets up a board with cards nobody imported writes their families and text inline, and
"your <Type> spirits" must read as it does for a card of the database — the types those cards carry, or
that their texts name in a type's place — not stop as "not read". Invented sample cards and types only."""

from __future__ import annotations

from judge.engine.scenario import Result, run_scenario, scenario_from_data


def spirit(name: str, text: str = "", families: tuple[str, ...] = (), bp: int = 2000) -> dict:
    return {"name": name, "type": "spirit", "colors": ["red"], "cost": 1, "reduction": ["red"], "symbols": ["red"],
            "families": list(families), "levels": {1: {"cores": 1, "bp": bp}}, "text": text}


def summon(text: str, mine: tuple[str, ...], theirs: tuple[str, ...], expect: list[dict]) -> Result:
    cards = {"boss": spirit("Sample Quarry Warden", text),
             "pal": spirit("Sample Quarry Pup", families=mine),
             "other": spirit("Sample Field Mouse"),
             "foe": spirit("Sample Foe Hound", families=theirs, bp=3000)}
    data = {"game": "bss", "title": "t", "cards": cards, "turn": {"number": 3, "player": "A", "step": "main"},
            "players": {"A": {"life": 5, "reserve": 5, "deck": 20, "hand": ["boss"],
                              "field": [{"id": "a1", "card": "pal", "cores": 1},
                                        {"id": "a2", "card": "other", "cores": 1}]},
                        "B": {"life": 5, "reserve": 0, "deck": 20, "field": [{"id": "b1", "card": "foe", "cores": 1}]}},
            "actions": [{"player": "A", "summon": "boss"}], "expect": expect}
    return run_scenario(scenario_from_data(data, "test"))


def holds(result: Result) -> bool:
    """Every expectation met, and nothing of the text left unread."""
    return all(c.met for c in result.checks) and not [t for t in result.steps if t.step.not_read]


def test_2_5_a_type_one_of_the_scenarios_cards_carries_is_read_in_another_cards_text() -> None:
    assert holds(summon("[LV1] When Summoned: All of your Quarrykin spirits gain 2000 BP during this turn.",
                        ("Quarrykin",), (), [{"card": "a1", "bp": 4000}, {"card": "a2", "bp": 2000}]))


def test_2_5_a_type_only_a_text_names_is_read_and_matches_no_card_without_it() -> None:
    assert holds(summon("[LV1] When Summoned: All of your Quarrykin or Mossback spirits gain 1000 BP during this turn.",
                        (), (), [{"card": "a1", "bp": 2000}, {"card": "a2", "bp": 2000}]))


def test_2_5_a_type_named_in_a_selection_of_the_opponents_spirits_is_read() -> None:
    assert holds(summon("[LV1] When Summoned: Destroy all of your opponent's Houndkin spirits.", (), ("Houndkin",),
                        [{"card": "b1", "zone": "trash"}, {"card": "a1", "zone": "field"}]))
