"""FFTCG "Play 1 Character …. When it enters the field, …" (11.8.17.1, 11.11.5): the delayed auto-ability waits
for the card the effect played, which entered as the effect resolved, so it triggers about that card; nothing
entered, nothing triggers. Three phrasings; the cards are the project's own (inline)."""

from __future__ import annotations

import pytest

from judge.engine.fftcg.query import power
from judge.engine.scenario import load_scenario, run_scenario

SPARK = {"name": "Sample Spark", "type": "summon", "element": ["fire"], "cost": 2, "text": "Draw 1 card."}
PAGE = {"name": "Sample Page", "type": "forward", "element": ["fire"], "cost": 2, "power": 5000, "job": "Knight",
        "category": "SAMPLE", "text": ""}


def run(text: str, answers: list[dict], *, page_in: str = "hand") -> object:
    spell = {"name": "Sample Decree", "type": "summon", "element": ["fire"], "cost": 2, "text": text}
    a = {"hand": ["spell", "spark", {"id": "s2", "card": "spark"}], "deck": ["spark"] * 5, "break": []}
    a[page_in] = [*a.get(page_in, []), {"id": "p1", "card": "page"}]
    data = {"game": "fftcg", "title": "inline", "cards": {"spell": spell, "spark": SPARK, "page": PAGE},
            "turn": {"number": 3, "player": "A", "phase": "main1"},
            "players": {"A": a, "B": {"deck": ["spark"] * 5}},
            "actions": [{"player": "A", "cast": "spell", "pay": {"discard": ["spark"]}},
                        {"player": "A", "pass": True}, {"player": "B", "pass": True}, *answers],
            "expect": []}
    return run_scenario(load_scenario("inline.yaml", data))


@pytest.mark.parametrize("text,check", [
    ("Play 1 Forward of cost 2 or less from your hand onto the field. When it enters the field, it gains +2000 "
     "power until the end of the turn.", "power"),
    ("You may play 1 Forward of cost 3 or less from your hand onto the field. When it enters the field, draw 1 "
     "card.", "draw"),
    ("Play 1 Forward of cost 2 or less from your hand onto the field. When it enters the field, draw 2 cards.",
     "draw2"),
])
def test_fftcg_11_8_17_1_when_it_enters_triggers_about_the_card_played(text: str, check: str) -> None:
    answers = [{"player": "A", "choose": "yes"}] if text.startswith("You may") else []
    result = run(text, [*answers, {"player": "A", "pass": True}, {"player": "B", "pass": True}])
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    s = result.state
    assert s.char("p1") is not None
    hand = len(s.zones["A"].hand)                  # the Decree and one Spark were used; one Spark is left
    assert {"power": power(s, "p1") == 7000 and hand == 1, "draw": hand == 2, "draw2": hand == 3}[check]
    assert "11.8.17.1" in result.cites


def test_fftcg_11_8_17_1_nothing_played_nothing_triggers() -> None:
    result = run("You may play 1 Forward of cost 3 or less from your hand onto the field. When it enters the field, "
                 "draw 1 card.", [{"player": "A", "choose": "no"}])
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    assert result.state.char("p1") is None and len(result.state.zones["A"].hand) == 2     # p1 and one Spark
