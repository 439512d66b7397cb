"""Decisions are the players', asked as data (who, what kind, the options, the clause), never picked by the
engine; and a few rules of the cards' own text (2.1): attacking twice, "cannot be broken", "cannot be
blocked by …". Invented sample cards only."""

from __future__ import annotations

from typing import Any

from judge.engine.scenario import run_scenario, scenario_from_data

CARDS = {
    "seeker": {"name": "Sample Seeker", "type": "backup", "element": ["water"], "cost": 2, "job": "Scout",
               "text": "When Sample Seeker enters the field, you may search for 1 Forward and add it to your hand."},
    "finder": {"name": "Sample Finder", "type": "backup", "element": ["water"], "cost": 2, "job": "Scout",
               "text": "When Sample Finder enters the field, search for 1 card and add it to your hand."},
    "brute": {"name": "Sample Brute", "type": "forward", "element": ["fire"], "cost": 3, "power": 7000, "job": "G"},
    "lancer": {"name": "Sample Lancer", "type": "forward", "element": ["fire"], "cost": 2, "power": 5000,
               "job": "G"},
    "wave": {"name": "Sample Wave", "type": "summon", "element": ["water"], "cost": 1, "text": "Draw 1 card."},
    "tide": {"name": "Sample Tide", "type": "summon", "element": ["water"], "cost": 1, "text": "Draw 1 card."},
    "judge": {"name": "Sample Magistrate", "type": "backup", "element": ["water"], "cost": 2, "job": "J",
              "text": "When Sample Magistrate enters the field, your opponent selects 1 Forward they control. "
                      "Put it into the Break Zone."},
    "duelist": {"name": "Sample Duelist", "type": "forward", "element": ["fire"], "cost": 3, "power": 7000,
                "job": "G", "text": "Brave\nSample Duelist can attack twice in the same turn."},
    "ward": {"name": "Sample Ward", "type": "summon", "element": ["fire"], "cost": 1,
             "text": "Choose 1 Forward. It cannot be broken this turn."},
    "blast": {"name": "Sample Blast", "type": "summon", "element": ["fire"], "cost": 1,
              "text": "Choose 1 Forward. Deal it 8000 damage."},
}


def run(players: dict[str, Any], actions: list[dict], expect: list[dict], phase: str = "main1"):
    data = {"game": "fftcg", "title": "t", "cards": CARDS, "turn": {"number": 3, "player": "A", "phase": phase},
            "players": players, "actions": actions, "expect": expect}
    return run_scenario(scenario_from_data(data, "test"))


def test_15_1_1_8_1_a_search_asks_its_player_which_card_is_found() -> None:
    result = run({"A": {"hand": ["seeker", "wave", "tide"], "deck": ["brute", "lancer", 3]}, "B": {}},
                 [{"player": "A", "cast": "seeker", "pay": {"discard": ["wave"]}},
                  {"player": "A", "choose": "yes", "decision": "may"},
                  {"player": "A", "choose": ["lancer"], "decision": "search"}],
                 [{"decision": 1, "player": "A", "kind": "search", "options": ["brute", "lancer"]},
                  {"card": "lancer", "zone": "hand"}, {"card": "brute", "zone": "deck"}])
    assert result.ok, result.why


def test_15_1_1_8_2_a_player_may_find_nothing() -> None:
    result = run({"A": {"hand": ["seeker", "wave"], "deck": ["brute", 3]}, "B": {}},
                 [{"player": "A", "cast": "seeker", "pay": {"discard": ["wave"]}},
                  {"player": "A", "choose": "yes"}, {"player": "A", "choose": [], "decision": "search"}],
                 [{"card": "brute", "zone": "deck"}, {"player": "A", "hand": 0}, {"cites": ["15.1.1.8.2"]}])
    assert result.ok, result.why


def test_15_1_1_8_3_search_for_one_card_must_find_one() -> None:
    result = run({"A": {"hand": ["finder", "wave"], "deck": ["brute", "lancer"]}, "B": {}},
                 [{"player": "A", "cast": "finder", "pay": {"discard": ["wave"]}},
                  {"player": "A", "choose": [], "decision": "search"}],
                 [{"card": "brute", "zone": "deck"}])
    assert result.request is not None and result.request.kind == "search"    # "none" is refused: still asked
    assert not any(t.step.text.startswith("A finds nothing") for t in result.steps)


def test_11_11_5_1_your_opponent_selects_is_the_opponents_decision() -> None:
    result = run({"A": {"hand": ["judge", "wave"]}, "B": {"field": [{"id": "b1", "card": "brute"},
                                                                     {"id": "b2", "card": "lancer"}]}},
                 [{"player": "A", "cast": "judge", "pay": {"discard": ["wave"]}},
                  {"player": "B", "choose": ["b2"], "decision": "cards"}],
                 [{"decision": 0, "player": "B", "kind": "cards", "options": ["b1", "b2"]},
                  {"card": "b2", "zone": "break"}, {"card": "b1", "zone": "field"}])
    assert result.ok, result.why


def test_11_11_5_1_the_only_option_is_taken_and_said() -> None:
    result = run({"A": {"hand": ["judge", "wave"]}, "B": {"field": [{"id": "b1", "card": "brute"}]}},
                 [{"player": "A", "cast": "judge", "pay": {"discard": ["wave"]}}],
                 [{"card": "b1", "zone": "break"}])
    assert result.ok, result.why
    assert any("the only choice" in t.step.text for t in result.steps)


def test_2_1_a_forward_whose_text_lets_it_attack_twice_attacks_again() -> None:
    result = run({"A": {"field": [{"id": "a1", "card": "duelist"}]}, "B": {"deck": 10}},
                 [{"player": "A", "attack": "a1"}, {"player": "B", "no_block": True},
                  {"player": "A", "attack": "a1"}, {"player": "B", "no_block": True},
                  {"player": "A", "attack": "a1"}],
                 [{"player": "B", "damage": 2}, {"refused": 4, "cites": ["10.1.2.1.2"]}], phase="attack")
    assert result.checks and all(c.met for c in result.checks), [c.actual for c in result.checks]


def test_2_2_a_forward_that_cannot_be_broken_survives_damage_equal_to_its_power() -> None:
    result = run({"A": {"hand": ["ward", "blast", "lancer", "brute"]},
                  "B": {"field": [{"id": "b1", "card": "brute"}]}},
                 [{"player": "A", "cast": "ward", "targets": ["b1"], "pay": {"discard": ["lancer"]}},
                  {"player": "A", "pass": True}, {"player": "B", "pass": True},
                  {"player": "A", "cast": "blast", "targets": ["b1"], "pay": {"discard": ["brute"]}}],
                 [{"card": "b1", "zone": "field", "damage": 8000}])
    assert result.ok, result.why


def test_an_answer_to_a_choice_the_board_decides_is_set_aside_with_a_note() -> None:
    """docs/scenarios.md: the only legal option is taken by the engine; a choose: for it is not an error."""
    result = run({"A": {"hand": ["judge", "wave"]}, "B": {"field": [{"id": "b1", "card": "brute"}]}},
                 [{"player": "A", "cast": "judge", "pay": {"discard": ["wave"]}},
                  {"player": "A", "pass": True}, {"player": "B", "pass": True},
                  {"player": "B", "choose": ["b1"]}],
                 [{"card": "b1", "zone": "break"}])
    assert result.ok, result.why
    assert not result.refusals and any("set aside" in t.step.text for t in result.steps)


def test_10_1_3_1_which_forward_blocks_is_the_defenders_answer_a_scenario_can_name() -> None:
    """The block declaration is a decision of kind `answer` (one of the options, or none): a scenario may
    say `decision: answer` beside its choose:, and expect that kind."""
    result = run({"A": {"field": [{"id": "a1", "card": "lancer"}]}, "B": {"field": [{"id": "b1", "card": "brute"}]}},
                 [{"player": "A", "attack": "a1"}, {"player": "B", "choose": "b1", "decision": "answer"}],
                 [{"decision": 0, "player": "B", "kind": "answer", "options": ["b1", "none"]},
                  {"card": "a1", "zone": "break"}, {"card": "b1", "zone": "field"}], phase="attack")
    assert result.ok, result.why
    assert not result.mismatches


def test_every_kind_of_fftcg_decision_is_one_a_scenario_can_name() -> None:
    from judge.engine.core import DECISION_KINDS
    from judge.engine.fftcg.log import KINDS

    assert set(KINDS.values()) <= set(DECISION_KINDS), set(KINDS.values()) - set(DECISION_KINDS)


def test_the_answers_offered_to_a_block_declaration_say_which_decision_they_answer() -> None:
    """A scenario saved from the legal actions keeps `decision: answer` beside each choose: (docs/scenarios.md)."""
    data = {"game": "fftcg", "title": "t", "cards": CARDS, "turn": {"number": 3, "player": "A", "phase": "attack"},
            "players": {"A": {"field": [{"id": "a1", "card": "lancer"}]}, "B": {"field": [{"id": "b1", "card": "brute"}]}},
            "actions": [{"player": "A", "attack": "a1"}], "expect": []}
    scenario = scenario_from_data(data, "test")
    state = run_scenario(scenario).state
    chooses = [a.raw for a in scenario.rules.legal_actions(state) if "choose" in a.raw]
    assert {str(a["choose"]) for a in chooses} >= {"b1"}
    assert chooses and all(a.get("decision") == "answer" for a in chooses), chooses
