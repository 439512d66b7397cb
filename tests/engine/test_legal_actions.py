"""Legal actions for menus (`Rules.legal_actions`): what each game offers at each moment of the turn,
and that the engine accepts every action it offers.

Boards are invented (ad-hoc cards inline); the deciding clause of each moment is named in the
test's name. Whether an action is legal is the engine's own `resolve`; these tests check that
the menus follow the turn structure and never offer what the engine would refuse.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from judge.engine.core import LegalAction, rules_for

SPIRIT = {"type": "spirit", "colors": ["red"], "cost": 2, "reduction": ["red"], "symbols": ["red"],
          "levels": {1: {"cores": 1, "bp": 3000}, 2: {"cores": 3, "bp": 5000}}, "text": ""}
FLARE = {"name": "Test Spark", "type": "magic", "colors": ["red"], "cost": 1, "reduction": ["red"],
         "text": "[Main] Select one of your opponent's spirits and destroy it."}
FORWARD = {"type": "forward", "element": ["fire"], "cost": 2, "power": 7000, "text": ""}


def bs_board(step: str = "attack", **players: Any) -> dict[str, Any]:
    cards = {"raider": {**SPIRIT, "name": "Test Raider"}, "guard": {**SPIRIT, "name": "Test Guard"},
             "spark": FLARE}
    base = {"life": 5, "reserve": 3, "deck": 10}
    return {"game": "bss", "cards": cards, "turn": {"number": 3, "player": "A", "step": step},
            "players": {p: {**base, **players.get(p, {})} for p in ("A", "B")}}


def raws(actions: tuple[LegalAction, ...]) -> list[dict[str, Any]]:
    return [dict(a.raw) for a in actions]


def accepted(rules: Any, state: Any, actions: tuple[LegalAction, ...]) -> None:
    for a in actions:
        raw = {k: v for k, v in a.raw.items() if k != "decision"}
        if raw.get("settle"):
            continue
        ruling = rules.resolve(state, rules.parse_action(state, raw, "test"))
        assert ruling.refused is None, (a.label, ruling.refused)


def test_7_1_1_1_only_refreshed_spirits_are_offered_to_attack() -> None:
    rules = rules_for("bss")
    state = rules.load_board(bs_board(A={"field": [{"id": "a1", "card": "raider", "cores": 1},
                                                   {"id": "a2", "card": "raider", "cores": 1,
                                                    "state": "exhausted"}]}), "t")
    offered = raws(rules.legal_actions(state))
    assert {"player": "A", "attack": "a1"} in offered
    assert {"player": "A", "attack": "a2"} not in offered
    assert {"player": "A", "end_step": True} in offered
    assert all(a["player"] == "A" for a in offered)      # the turn player acts; B has nothing to do yet


def test_battle_flash_window_only_the_player_with_priority_acts_and_no_step_ends() -> None:
    rules = rules_for("bss")
    state = rules.load_board(bs_board(A={"field": [{"id": "a1", "card": "raider", "cores": 1}]},
                                      B={"field": [{"id": "b1", "card": "guard", "cores": 1}]}), "t")
    state = rules.resolve(state, rules.parse_action(state, {"player": "A", "attack": "a1"}, "t")).state
    offered = raws(rules.legal_actions(state))
    assert offered == [{"player": "B", "pass": True}], offered      # the defender holds priority first
    state = rules.resolve(state, rules.parse_action(state, {"player": "B", "pass": True}, "t")).state
    assert raws(rules.legal_actions(state)) == [{"player": "A", "pass": True}]
    state = rules.resolve(state, rules.parse_action(state, {"player": "A", "pass": True}, "t")).state
    offered = raws(rules.legal_actions(state))
    assert {"player": "B", "block": "b1"} in offered and {"player": "B", "no_block": True} in offered
    assert not any(a.get("end_step") for a in offered)


def test_main_step_summon_offers_its_cores_and_which_cores_pay() -> None:
    rules = rules_for("bss")
    state = rules.load_board(bs_board("main", A={"hand": ["raider"], "reserve": 4,
                                                 "field": [{"id": "a1", "card": "guard", "cores": 2}]}), "t")
    summon = next(a for a in rules.legal_actions(state) if a.verb == "summon")
    keys = {p.key: [c.value for c in p.choices] for p in summon.params}
    assert keys["cores"][0] == 1                     # the LV1 cost first
    assert {"reserve": 1} in keys["pay_from"] and {"reserve": 0, "a1": 1} not in keys["pay_from"]
    assert any(plan.get("a1") for plan in keys["pay_from"])      # a field card's core may pay (9-3-2 then)
    for plan in keys["pay_from"]:
        ruling = rules.resolve(state, rules.parse_action(state, summon.with_choices({"pay_from": plan}), "t"))
        assert ruling.refused is None, plan


def moves(actions: tuple[LegalAction, ...]) -> set[tuple[str, str, int, bool]]:
    """The core moves offered, as (from, to, how many, the soul core?)."""
    return {(a.raw["from"], a.raw["to"], a.raw["move_cores"], bool(a.raw.get("soul_core")))
            for a in actions if a.verb == "move_cores"}


def test_6_6_1_2_3_every_core_move_between_the_reserve_and_field_cards_is_offered_with_its_count() -> None:
    rules = rules_for("bss")
    state = rules.load_board(bs_board("main", A={"reserve": 2, "soul_core": "reserve",
                                                 "field": [{"id": "a1", "card": "raider", "cores": 1},
                                                           {"id": "a2", "card": "guard", "cores": 3}]}), "t")
    offered = rules.legal_actions(state)
    assert moves(offered) == {
        ("reserve", "a1", 1, False), ("reserve", "a1", 2, False), ("reserve", "a2", 1, False),
        ("reserve", "a2", 2, False), ("reserve", "a1", 1, True), ("reserve", "a2", 1, True),
        ("reserve", "a1", 2, True), ("reserve", "a1", 3, True), ("reserve", "a2", 2, True), ("reserve", "a2", 3, True),
        ("a1", "reserve", 1, False), ("a1", "a2", 1, False),
        ("a2", "reserve", 1, False), ("a2", "reserve", 2, False), ("a2", "reserve", 3, False),
        ("a2", "a1", 1, False), ("a2", "a1", 2, False), ("a2", "a1", 3, False)}
    accepted(rules, state, offered)
    assert all(a.player == "A" for a in offered if a.verb == "move_cores")
    assert [a.verb for a in offered][-1] == "end_step"


def test_6_6_1_2_3_cores_are_not_moved_outside_the_main_step() -> None:
    rules = rules_for("bss")
    state = rules.load_board(bs_board("attack", A={"field": [{"id": "a1", "card": "raider", "cores": 2}]}), "t")
    assert not moves(rules.legal_actions(state))


def test_9_3_2_a_move_leaving_a_card_under_its_lv1_cost_is_offered_and_says_it_is_destroyed() -> None:
    rules = rules_for("bss")
    state = rules.load_board(bs_board("main", A={"field": [{"id": "a1", "card": "raider", "cores": 1},
                                                           {"id": "a2", "card": "guard", "cores": 2}]}), "t")
    offered = {(a.raw["from"], a.raw["to"], a.raw["move_cores"]): a for a in rules.legal_actions(state)
               if a.verb == "move_cores"}
    emptied = offered[("a1", "a2", 1)]
    assert "Test Raider (a1) is left under its LV1 cost: it is destroyed (§9-3-2)" in emptied.label, emptied.label
    assert "Test Guard (a2) goes to LV2" in emptied.label
    assert "LV1 cost" not in offered[("a2", "a1", 1)].label          # a2 keeps one core: still LV1
    after = rules.resolve(state, rules.parse_action(state, dict(emptied.raw), "t")).state
    assert after.field_card("a1") is None and after.field_card("a2").cores == 3


def test_5_11_standard_a_move_leaving_a_card_under_its_lv1_cost_says_it_is_depleted() -> None:
    rules = rules_for("bs")
    state = rules.load_board({**bs_board("main", A={"field": [{"id": "a1", "card": "raider", "cores": 1}]}),
                              "game": "bs"}, "t")
    emptied = next(a for a in rules.legal_actions(state) if a.raw.get("from") == "a1")
    assert "Test Raider (a1) is left under its LV1 cost: it is Depleted (§5-11-1, 5-11-2)" in emptied.label
    accepted(rules, state, (emptied,))


def test_6_6_1_2_3_the_soul_core_moves_from_where_it_is_on_its_own_or_with_ordinary_cores() -> None:
    rules = rules_for("bss")
    state = rules.load_board(bs_board("main", A={"reserve": 1, "soul_core": "a1",
                                                 "field": [{"id": "a1", "card": "raider", "cores": 1},
                                                           {"id": "a2", "card": "guard", "cores": 2}]}), "t")
    offered = rules.legal_actions(state)
    assert {m for m in moves(offered) if m[3]} == {("a1", "reserve", 1, True), ("a1", "a2", 1, True),
                                                    ("a1", "reserve", 2, True), ("a1", "a2", 2, True)}
    accepted(rules, state, offered)
    soul = next(a for a in offered if a.raw.get("soul_core") and a.raw["to"] == "a2" and a.raw["move_cores"] == 1)
    assert soul.label == "A moves the soul core from Test Raider (a1) to Test Guard (a2) — Test Guard (a2) goes to LV2"
    after = rules.resolve(state, rules.parse_action(state, dict(soul.raw), "t")).state
    assert after.players["A"].soul_core == "a2" and after.field_card("a1").cores == 1
    both = next(a for a in offered if a.raw.get("soul_core") and a.raw["to"] == "a2" and a.raw["move_cores"] == 2)
    assert both.label == ("A moves the soul core and 1 core from Test Raider (a1) to Test Guard (a2) — Test Raider (a1) "
                          "is left under its LV1 cost: it is destroyed (§9-3-2); Test Guard (a2) goes to LV2")
    after = rules.resolve(state, rules.parse_action(state, dict(both.raw), "t")).state
    assert after.players["A"].soul_core == "a2" and after.field_card("a1") is None
    assert after.field_card("a2").cores == 3


def test_6_6_1_2_3_a_move_of_the_soul_core_with_ordinary_cores_is_one_action_and_refused_past_what_is_there() -> None:
    rules = rules_for("bss")
    state = rules.load_board(bs_board("main", A={"reserve": 2, "soul_core": "reserve",
                                                 "field": [{"id": "a1", "card": "raider", "cores": 1}]}), "t")
    ruling = rules.resolve(state, rules.parse_action(
        state, {"player": "A", "move_cores": 3, "from": "reserve", "to": "a1", "soul_core": True}, "t"))
    assert ruling.refused is None
    after = ruling.state
    assert after.players["A"].reserve == 0 and after.players["A"].soul_core == "a1"
    assert after.field_card("a1").cores == 3
    moved = [step.text for step in ruling.steps if "moves" in step.text]
    assert moved == ["A moves the soul core and 2 core(s) from reserve to a1"], moved
    too_many = rules.resolve(state, rules.parse_action(
        state, {"player": "A", "move_cores": 4, "from": "reserve", "to": "a1", "soul_core": True}, "t"))
    assert too_many.refused is not None and "not 3" in too_many.refused.reason


def test_6_6_1_2_3_a_core_move_is_chosen_step_by_step_from_the_legal_moves_only() -> None:
    """From where, which cores, to where, how many: each step lists what some legal move has."""
    from judge.engine.legal import narrow

    rules = rules_for("bss")
    state = rules.load_board(bs_board("main", A={"reserve": 1, "soul_core": "a1",
                                                 "field": [{"id": "a1", "card": "raider", "cores": 1},
                                                           {"id": "a2", "card": "guard", "cores": 2}]}), "t")
    left = [a for a in rules.legal_actions(state) if a.verb == "move_cores"]
    question, answers = narrow(left, 0)
    assert question == "Move cores from where?"
    assert [answer for answer, _ in answers] == ["the reserve: 1 core", "Test Raider (a1): LV1, 1 core + the soul core",
                                                 "Test Guard (a2): LV1, 2 cores"]
    left = answers[1][1]
    question, answers = narrow(left, 1)
    assert question == "Which cores?"
    assert [answer for answer, _ in answers] == ["ordinary cores", "the soul core"]
    left = answers[0][1]
    question, answers = narrow(left, 2)
    assert question == "To where?" and len(answers) == 2
    left = answers[1][1]
    question, answers = narrow(left, 3)
    assert question == "How many?"
    assert [answer for answer, _ in answers] == ["1 core — Test Guard (a2) goes to LV2"]   # a1 keeps the soul core
    assert dict(answers[0][1][0].raw) == {"player": "A", "move_cores": 1, "from": "a1", "to": "a2"}
    assert narrow(left, 4) == ("", [])


def test_11_1_1_awaken_offers_each_way_to_move_cores_from_the_other_spirits_in_a_flash_window() -> None:
    rules = rules_for("bss")
    board = bs_board("attack", A={"reserve": 0, "field": [{"id": "a1", "card": "waker", "cores": 1},
                                                         {"id": "a2", "card": "raider", "cores": 2},
                                                         {"id": "a3", "card": "guard", "cores": 1}]},
                     B={"field": [{"id": "b1", "card": "guard", "cores": 1}]})
    board["cards"]["waker"] = {**SPIRIT, "name": "Test Waker", "text": "【Awaken】"}
    state = rules.load_board(board, "t")
    for raw in ({"player": "A", "attack": "a1"}, {"player": "B", "pass": True}, {"player": "A", "pass": True},
                {"player": "B", "block": "b1"}, {"player": "B", "pass": True}):
        state = rules.resolve(state, rules.parse_action(state, raw, "t")).state
    offered = rules.legal_actions(state)
    plans = [a.raw["cores_from"] for a in offered if a.verb == "awaken"]
    assert plans == [{"a2": 1}, {"a3": 1}, {"a2": 2}, {"a2": 1, "a3": 1}, {"a2": 2, "a3": 1}], plans
    accepted(rules, state, offered)
    both = next(a for a in offered if a.raw.get("cores_from") == {"a2": 2, "a3": 1})
    assert both.label == ("A awakens Test Waker (a1): 2 cores from Test Raider (a2), 1 core from Test Guard (a3) — "
                          "Test Raider (a2) is left under its LV1 cost: it is destroyed (§9-3-2); Test Guard (a3) is "
                          "left under its LV1 cost: it is destroyed (§9-3-2); Test Waker (a1) goes to LV2")


def test_11_1_1_awaken_offers_every_way_past_forty_each_reached_one_card_at_a_time() -> None:
    """Four other cards of two cores each: 3^4 - 1 = 80 ways, every one offered and accepted; the menu
    asks how many in all, then how many from each card (a question with one answer left is skipped)."""
    from judge.engine.legal import narrow

    rules = rules_for("bss")
    others = [{"id": f"a{i}", "card": "raider", "cores": 2} for i in range(2, 6)]
    board = bs_board("main", A={"reserve": 0, "field": [{"id": "a1", "card": "waker", "cores": 1}, *others]})
    board["cards"]["waker"] = {**SPIRIT, "name": "Test Waker", "text": "【Awaken】"}
    state = rules.load_board(board, "t")
    awaken = [a for a in rules.legal_actions(state) if a.verb == "awaken"]
    plans = [a.raw["cores_from"] for a in awaken]
    assert len(plans) == 80 and len({tuple(sorted(p.items())) for p in plans}) == 80
    assert {"a2": 2, "a3": 2, "a4": 2, "a5": 2} in plans
    accepted(rules, state, tuple(awaken))
    question, answers = narrow(awaken, 1)
    assert question == "How many cores move onto it?" and [a for a, _ in answers][-1] == "8 cores"
    left = dict(answers)["7 cores"]                             # one card gives one core, the others two
    question, answers = narrow(left, 2)
    assert question == "How many from Test Raider (a2): LV1, 2 cores?"
    assert [a for a, _ in answers] == ["2 cores", "1 core"]
    left = dict(answers)["1 core"]
    assert all(narrow(left, step)[1][0][0] == "2 cores" and len(narrow(left, step)[1]) == 1 for step in (3, 4, 5))
    question, answers = narrow(left, 6)
    assert question == "From which cards?" and len(answers) == 1
    assert answers[0][0].startswith("1 core from Test Raider (a2), 2 cores from Test Raider (a3)")
    assert narrow(left, 7) == ("", [])


def test_11_1_1_awaken_ways_past_the_ceiling_are_not_put_to_the_engine_and_are_counted(monkeypatch) -> None:
    import judge.engine.legal as L

    monkeypatch.setattr(L, "MAX_WAYS", 10)
    rules = rules_for("bss")
    others = [{"id": f"a{i}", "card": "raider", "cores": 2} for i in range(2, 6)]
    board = bs_board("main", A={"reserve": 0, "field": [{"id": "a1", "card": "waker", "cores": 1}, *others]})
    board["cards"]["waker"] = {**SPIRIT, "name": "Test Waker", "text": "【Awaken】"}
    state = rules.load_board(board, "t")
    awaken = [a for a in rules.legal_actions(state) if a.verb == "awaken"]
    assert len(awaken) == 10 and sum(a.unlisted for a in awaken) == 70      # 80 ways, fewest cores first
    assert max(sum(a.raw["cores_from"].values()) for a in awaken) == 2


def test_8_5_3_a_pending_selection_is_a_menu_for_its_player() -> None:
    rules = rules_for("bss")
    state = rules.load_board(bs_board("main", A={"hand": ["spark"]},
                                      B={"field": [{"id": "b1", "card": "guard", "cores": 1},
                                                   {"id": "b2", "card": "raider", "cores": 1}]}), "t")
    magic = next(a for a in rules.legal_actions(state) if a.verb == "magic")
    ruling = rules.resolve(state, rules.parse_action(state, dict(magic.raw), "t"))
    assert ruling.request is not None and ruling.request.kind == "target"
    answers = rules.legal_actions(ruling.state)
    assert [a.raw["choose"] for a in answers] == ["b1", "b2"]            # one of them, not both, not none
    assert all(a.player == "A" and a.decision is not None for a in answers)
    assert "Test Guard (b1)" in answers[0].label


def test_fftcg_10_1_2_a_party_shares_an_element_and_only_forwards_able_to_attack_are_offered() -> None:
    rules = rules_for("fftcg")
    cards = {"f1": {**FORWARD, "name": "Fire One"}, "f2": {**FORWARD, "name": "Fire Two"},
             "w1": {**FORWARD, "name": "Water One", "element": ["water"]}}
    data = {"game": "fftcg", "cards": cards, "turn": {"number": 3, "player": "A", "phase": "attack"},
            "players": {"A": {"field": [{"id": "a1", "card": "f1"}, {"id": "a2", "card": "f2"},
                                        {"id": "a3", "card": "w1"},
                                        {"id": "a4", "card": "f1", "entered_this_turn": True}]}, "B": {}}}
    data["cards"]["f1b"] = dict(cards["f1"], name="Fire Three")
    data["players"]["A"]["field"][3]["card"] = "f1b"
    state = rules.load_board(data, "t")
    offered = raws(rules.legal_actions(state))
    attacks = [a["attack"] for a in offered if "attack" in a]
    assert "a1" in attacks and "a3" in attacks and "a4" not in attacks     # a4 entered this turn, no Haste
    assert ["a1", "a2"] in attacks and ["a1", "a3"] not in attacks          # fire + water share nothing
    accepted(rules, state, rules.legal_actions(state))


def test_fftcg_11_4_a_character_is_not_offered_outside_a_main_phase() -> None:
    rules = rules_for("fftcg")
    cards = {"f1": {**FORWARD, "name": "Fire One"},
             "bk": {"name": "Fire Backup", "type": "backup", "element": ["fire"], "cost": 2, "text": ""},
             "bk2": {"name": "Fire Backup Two", "type": "backup", "element": ["fire"], "cost": 2, "text": ""}}
    for phase, offered_cast in (("main1", True), ("attack", False)):
        data = {"game": "fftcg", "cards": cards, "turn": {"number": 3, "player": "A", "phase": phase},
                "players": {"A": {"hand": ["f1"], "field": [{"id": "a1", "card": "bk"}, {"id": "a2", "card": "bk2"}]},
                            "B": {}}}
        state = rules.load_board(data, "t")
        casts = [a for a in rules.legal_actions(state) if a.verb == "cast"]
        assert bool(casts) == offered_cast, phase
        if casts:
            assert casts[0].raw["pay"] == {"dull": ["a1", "a2"]}
            accepted(rules, state, tuple(casts))


SCENARIOS = sorted((Path(__file__).parents[1] / "scenarios").rglob("*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS[::9], ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_action_offered_is_one_the_engine_accepts(path: Path) -> None:
    """On the board of each sampled scenario and after each of its actions."""
    from judge.engine.scenario import RUNNER_KEYS

    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    rules = rules_for(data["game"])
    board = {k: v for k, v in data.items() if k not in ("actions", "expect")}
    try:
        state = rules.load_board(board, str(path))
    except Exception as exc:                       # a board naming corpus cards absent here
        pytest.skip(f"board not loadable in this database: {exc}")
    for raw in [None, *(data.get("actions") or ())]:
        if raw is not None:
            action = {k: v for k, v in raw.items() if k not in RUNNER_KEYS}
            ruling = rules.resolve(state, rules.parse_action(state, action, "t"))
            if ruling.refused is not None:
                continue
            state = ruling.state
        accepted(rules, state, rules.legal_actions(state))
