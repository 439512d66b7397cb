"""FFTCG "As long as {Name} is on the field, …" written in an auto-ability's effect (11.12.4.1): what it does to
the card chosen lasts while the card whose ability it is stays on the field, and ends when that card leaves.
Three phrasings each; the cards are the project's own (inline)."""

from __future__ import annotations

import pytest

from judge.engine.fftcg.query import power
from judge.engine.fftcg.restrictions import restricted
from judge.engine.scenario import load_scenario, run_scenario

SPARK = {"name": "Sample Spark", "type": "summon", "element": ["fire"], "cost": 2, "text": "Draw 1 card."}
RAZE = {"name": "Sample Raze", "type": "summon", "element": ["fire"], "cost": 2,
        "text": "Choose 1 Forward you control. Break it."}
OGRE = {"name": "Sample Ogre", "type": "forward", "element": ["water"], "cost": 3, "power": 7000, "job": "Monster",
        "category": "SAMPLE", "text": ""}


def run(text: str, *, break_her: bool) -> object:
    lady = {"name": "Sample Lady", "type": "forward", "element": ["fire"], "cost": 2, "power": 5000, "job": "Knight",
            "category": "SAMPLE", "text": text}
    actions = [{"player": "A", "cast": "lady", "pay": {"discard": ["spark"]}},     # b1 is the only target
               {"player": "A", "pass": True}, {"player": "B", "pass": True}]
    if break_her:
        actions += [{"player": "A", "cast": "raze", "pay": {"discard": ["s2"]}, "targets": ["lady"]},
                    {"player": "A", "pass": True}, {"player": "B", "pass": True}]
    data = {"game": "fftcg", "title": "inline", "cards": {"lady": lady, "spark": SPARK, "raze": RAZE, "ogre": OGRE},
            "turn": {"number": 3, "player": "A", "phase": "main1"},
            "players": {"A": {"hand": ["lady", "spark", "raze", {"id": "s2", "card": "spark"},
                                       {"id": "s3", "card": "spark"}], "deck": ["spark"] * 5},
                        "B": {"field": [{"id": "b1", "card": "ogre"}], "deck": ["spark"] * 5}},
            "actions": actions, "expect": []}
    return run_scenario(load_scenario("inline.yaml", data))


TEXTS = [
    ("When Sample Lady enters the field, choose 1 Forward opponent controls. As long as Sample Lady is on the field, "
     "it loses 3000 power.", "power"),
    ("When Sample Lady enters the field, choose 1 Forward opponent controls. As long as Sample Lady is on the field, "
     "it cannot block.", "block"),
    ("When Sample Lady enters the field, choose 1 Forward opponent controls. As long as Sample Lady is on the field, "
     "it cannot attack.", "attack"),
]


def _held(result: object, what: str) -> bool:
    s = result.state
    return power(s, "b1") == 4000 if what == "power" else restricted(s, "b1", what)


@pytest.mark.parametrize("text,what", TEXTS)
def test_fftcg_11_12_4_1_it_lasts_while_the_card_stays_on_the_field(text: str, what: str) -> None:
    result = run(text, break_her=False)
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    assert _held(result, what)


@pytest.mark.parametrize("text,what", TEXTS)
def test_fftcg_11_12_4_1_it_ends_when_the_card_leaves_the_field(text: str, what: str) -> None:
    result = run(text, break_her=True)
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    assert result.state.char("lady") is None
    assert not _held(result, what)
