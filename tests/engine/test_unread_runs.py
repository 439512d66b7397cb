"""A card with a part the grammar did not read loads and plays (issue 20.4): the run goes on while
that part is not used; when it is (the ability triggers, a magic is used), the ruling says "not
read: <words> — resolve by hand", citing the clause of that kind of ability, and the run is never
ok. The cards are invented; "frobnicate" is no word of either game's templating.
"""

from __future__ import annotations

from judge.engine.scenario import run_scenario, scenario_from_data

BAD = "Frobnicate the moon with zeal."

# ── Saga: a spirit whose When Summoned effect (BSS 8-1-5-1) has a sentence not read ──
BSS_CARDS = {
    "odd": {"name": "Odd Gazer", "type": "spirit", "colors": ["red"], "cost": 2, "reduction": ["red"],
            "symbols": ["red"], "families": ["Sample"], "levels": {1: {"cores": 1, "bp": 2000}},
            "text": f"When Summoned: {BAD} Draw 1 card."},
    "plain": {"name": "Plain Soldier", "type": "spirit", "colors": ["red"], "cost": 1, "reduction": ["red"],
              "symbols": ["red"], "families": ["Sample"], "levels": {1: {"cores": 1, "bp": 1000}}, "text": ""},
}


def _bss(summon: str, expect: list) -> dict:
    return {"game": "bss", "title": "unread", "cards": BSS_CARDS,
            "turn": {"number": 3, "player": "A", "step": "main"},
            "players": {"A": {"life": 5, "reserve": 5, "deck": 10, "hand": [summon],
                              "field": [{"id": "o1", "card": "odd", "cores": 1}]},
                        "B": {"life": 5, "reserve": 3, "deck": 10}},
            "actions": [{"player": "A", "summon": summon}], "expect": expect}


def _texts(result) -> list[str]:
    return [t.step.text for t in result.steps]


def test_bss_a_spirit_with_a_sentence_not_read_loads_and_the_run_goes_on_while_it_is_not_used() -> None:
    result = run_scenario(scenario_from_data(_bss("plain", [{"card": "plain", "zone": "field"}]), "bss-unread"))
    assert result.ok, result.why
    assert not any("not read" in t for t in _texts(result))


# ── FFTCG: a Forward whose auto-ability (11.8.2) has a sentence not read ──
FF_CARDS = {
    "odd": {"name": "Odd Gazer", "type": "forward", "element": ["fire"], "cost": 2, "power": 5000,
            "job": "Sample", "category": "SAMPLE",
            "text": "When Odd Gazer enters the field, frobnicate the moon. Draw 1 card."},
    "plain": {"name": "Plain Soldier", "type": "forward", "element": ["fire"], "cost": 2, "power": 3000,
              "job": "Sample", "category": "SAMPLE", "text": ""},
    "tide": {"name": "Sample Tide", "type": "backup", "element": ["fire"], "cost": 2, "job": "Clerk",
             "category": "SAMPLE", "text": "", "generic": True},
}


def _ff(hand: str, on_field: bool, expect: list) -> dict:
    field = [{"id": "t1", "card": "tide"}, {"id": "t2", "card": "tide"}]
    if on_field:
        field.append({"id": "o1", "card": "odd"})
    return {"game": "fftcg", "title": "unread", "cards": FF_CARDS,
            "turn": {"number": 3, "player": "A", "phase": "main1"},
            "players": {"A": {"deck": 10, "hand": [hand], "field": field}, "B": {"deck": 10}},
            "actions": [{"player": "A", "cast": hand, "pay": {"dull": ["t1", "t2"]}}], "expect": expect}


def test_fftcg_a_forward_with_a_sentence_not_read_loads_and_the_run_goes_on_while_it_is_not_used() -> None:
    result = run_scenario(scenario_from_data(_ff("plain", True, [{"card": "plain", "zone": "field"}]), "ff-unread"))
    assert result.ok, result.why
    assert not any("not read" in t for t in _texts(result))


def test_bss_8_1_5_1_when_the_effect_resolves_the_ruling_says_not_read_and_the_run_is_not_ok() -> None:
    data = _bss("odd", [{"card": "odd", "zone": "field"}, {"player": "A", "hand": 1}])
    data["players"]["A"]["field"] = []
    result = run_scenario(scenario_from_data(data, "bss-unread-used"))
    (step,) = [t.step for t in result.steps if t.step.not_read]
    assert step.text.startswith("not read: ") and BAD in step.text and step.text.endswith("resolve by hand")
    assert any(c.startswith("8-1-5") for c in step.cites)     # the clause of a triggered effect
    assert not result.ok and any("not read" in w for w in result.why)
    assert all(c.met for c in result.checks), "the sentence read after it still resolves: A draws 1 card"


def test_fftcg_11_8_1_when_the_auto_ability_resolves_the_ruling_says_not_read_and_the_run_is_not_ok() -> None:
    result = run_scenario(scenario_from_data(_ff("odd", False, [{"player": "A", "hand": 1}]), "ff-unread-used"))
    (step,) = [t.step for t in result.steps if t.step.not_read]
    assert step.text.startswith("not read: ") and "frobnicate the moon." in step.text
    assert "11.8.1" in step.cites                     # the clause of an auto-ability
    assert not result.ok and any("not read" in w for w in result.why)
    assert all(c.met for c in result.checks), "the sentence read after it still resolves: A draws 1 card"
