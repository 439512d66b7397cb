"""FFTCG rulings, one situation each, named after the clause they apply (ASTs built by hand here)."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from typing import Any

import pytest

from judge.engine.fftcg import board, rules
from judge.engine.fftcg.flow import actions as A
from judge.engine.fftcg.flow import turn as flow
from judge.engine.fftcg.log import Log, Refused
from judge.engine.fftcg.state import Phase, State, all_locations
from judge.engine.fftcg.zones.cost import CostReq, Payment, card_cost, check_payment
from judge.errors import ScenarioError
from judge.text.ast import (
    Ability,
    AbilityKind,
    Damage,
    Draw,
    Keyword,
    Player,
    Selector,
)

FORWARD = Selector(count=1, card_types=("forward",), choose="choose")
OPP_FORWARD = Selector(count=1, card_types=("forward",), owner=Player.OPPONENT, choose="choose")


def card(name: str, type_: str, element: str, cost: int, power: int | None = None, **kw: Any) -> dict:
    out = {"name": name, "type": type_, "element": [e for e in element.split("/")], "cost": cost, "text": ""}
    if power is not None:
        out["power"] = power
    out.update(kw)
    return out


CARDS = {
    "lancer": card("Test Lancer", "forward", "fire", 4, 7000),
    "knight": card("Test Knight", "forward", "ice", 4, 7000),
    "imp": card("Test Imp", "forward", "water", 2, 5000),
    "clerk": card("Test Clerk", "backup", "fire", 2, generic=True),
    "frost": card("Test Frost Clerk", "backup", "ice", 2, generic=True),
    "ember": card("Test Ember", "forward", "fire", 2, 4000),
    "flare": card("Test Flare", "summon", "fire", 2),
    "dawn": card("Test Dawn", "summon", "light", 2),
    "mystic": card("Test Mystic", "forward", "fire/ice", 2, 6000),
    "bolt": card("Test Bolt", "summon", "fire", 2),
    "duelist": card("Test Duelist", "forward", "wind", 4, 7000),
    "archer": card("Test Archer", "forward", "fire", 2, 3000),
}
ABILITIES = {
    "bolt": (Ability(kind=AbilityKind.SUMMON, effects=(Damage(amount=5000, target=FORWARD),)),),
    "flare": (Ability(kind=AbilityKind.SUMMON, effects=(Draw(count=1),)),),
    "duelist": (Ability(kind=AbilityKind.KEYWORD, keyword=Keyword("First Strike")),),
    "archer": (Ability(kind=AbilityKind.AUTO, timing="enters_field",
                       effects=(Damage(amount=3000, target=OPP_FORWARD),)),),
}


def make(players: dict, phase: str = "main1", player: str = "A", number: int = 3) -> State:
    s = board.load({"cards": CARDS, "turn": {"number": number, "player": player, "phase": phase},
                    "players": players}, "test")
    defs = {k: replace(d, abilities=ABILITIES.get(k, ())) for k, d in s.defs.items()}
    s = replace(s, defs=defs)
    return flow.advance(s, Log())


def cites(ruling) -> set[str]:
    return set(ruling.cites)


# ---- 5.2.1.3 / 11.2 / 11.4.6: paying CP -------------------------------------------------------------

PAY_CASES = [
    # (what, hand, backups, cost elements, cost, payment, legal, clause)
    ("discard pays 2", ["flare"], [], "fire", 2, {"discard": ["flare"]}, True, "5.2.1.3"),
    ("discard + backup for 3", ["flare"], ["clerk"], "fire", 3, {"discard": ["flare"], "dull": ["c1"]}, True, "5.2.1.3"),
    ("one wasted CP from a discard", ["flare"], [], "fire", 1, {"discard": ["flare"]}, True, "5.2.1.3.1"),
    ("backup not needed", ["flare"], ["clerk"], "fire", 2, {"discard": ["flare"], "dull": ["c1"]}, False, "5.2.1.3.1"),
    ("no CP of the card's Element", [], ["frost"], "fire", 1, {"dull": ["c1"]}, False, "5.2.1.2"),
    ("too little", [], ["clerk"], "fire", 2, {"dull": ["c1"]}, False, "5.2.1.2"),
    ("Light card cannot be discarded", ["dawn"], [], "fire", 2, {"discard": ["dawn"]}, False, "5.2.1.3"),
    ("Light cost paid with any Element", [], ["frost"], "light", 1, {"dull": ["c1"]}, True, "11.4.6.3"),
]


@pytest.mark.parametrize("what,hand,backups,element,cost,pay,legal,clause", PAY_CASES, ids=[c[0] for c in PAY_CASES])
def test_fftcg_5_2_1_3_cp_payment(what, hand, backups, element, cost, pay, legal, clause) -> None:
    field = [{"id": f"c{i + 1}", "card": b} for i, b in enumerate(backups)]
    s = make({"A": {"hand": hand, "field": field}})
    payment = Payment(discard=tuple((u, None) for u in pay.get("discard", ())), dull=tuple(pay.get("dull", ())))
    req = card_cost(tuple(element.split("/")), cost, "the card")
    if legal:
        assert sum(check_payment(s, "A", payment, req).values()) >= cost
    else:
        with pytest.raises(Refused) as exc:
            check_payment(s, "A", payment, req)
        assert clause in exc.value.cites


def test_fftcg_11_4_6_2_multi_element_needs_every_element() -> None:
    s = make({"A": {"field": [{"id": "c1", "card": "clerk"}, {"id": "c2", "card": "clerk"},
                              {"id": "f1", "card": "frost"}]}})
    req = card_cost(("fire", "ice"), 2, "Test Mystic")
    with pytest.raises(Refused):
        check_payment(s, "A", Payment(dull=("c1", "c2")), req)
    assert check_payment(s, "A", Payment(dull=("c1", "f1")), req) == {"fire": 1, "ice": 1}


def test_fftcg_11_2_1_1_dull_backup_cannot_pay() -> None:
    s = make({"A": {"field": [{"id": "c1", "card": "clerk", "state": "dull"}]}})
    with pytest.raises(Refused) as exc:
        check_payment(s, "A", Payment(dull=("c1",)), CostReq(total=1, need=(("fire", 1),)))
    assert "11.2.1.1" in exc.value.cites


# ---- 11.1 priority and the stack --------------------------------------------------------------------

def test_fftcg_11_3_8_caster_keeps_priority_and_summon_waits_on_the_stack() -> None:
    s = make({"A": {"hand": ["bolt", "flare"]}, "B": {"field": [{"id": "b1", "card": "imp"}]}})
    r = rules.resolve(s, A.Cast(player="A", card="bolt", pay=Payment(discard=(("flare", None),)), targets=("b1",)))
    assert r.ok and r.state.priority == "A"
    assert [i.card for i in r.state.stack] == ["bolt"]
    assert "11.3.8" in cites(r)


def test_fftcg_11_1_7_two_passes_resolve_the_top_of_the_stack() -> None:
    s = make({"A": {"hand": ["bolt", "flare"]}, "B": {"field": [{"id": "b1", "card": "imp"}]}})
    s = rules.resolve(s, A.Cast(player="A", card="bolt", pay=Payment(discard=(("flare", None),)),
                                targets=("b1",))).state
    s = rules.resolve(s, A.Pass(player="A")).state
    assert s.priority == "B" and s.stack
    r = rules.resolve(s, A.Pass(player="B"))
    assert not r.state.stack and r.state.char("b1") is None
    assert {"11.1.7", "11.11.1", "12.4.5", "11.11.10"} <= cites(r)


def test_fftcg_14_1_illegal_action_changes_nothing() -> None:
    s = make({"A": {"hand": ["ember", "flare"], "field": [{"id": "c1", "card": "clerk"}]}})
    r = rules.resolve(s, A.Cast(player="A", card="ember", pay=Payment(discard=(("flare", None),), dull=("c1",))))
    assert r.refused is not None and r.state is s
    assert "5.2.1.3.1" in r.refused.cites


def test_fftcg_11_11_2_summon_with_no_legal_target_left_is_cancelled() -> None:
    s = make({"A": {"hand": ["bolt", "flare"]}, "B": {"field": [{"id": "b1", "card": "imp"}]}})
    s = rules.resolve(s, A.Cast(player="A", card="bolt", pay=Payment(discard=(("flare", None),)),
                                targets=("b1",))).state
    s = replace(s, field=())                                   # b1 left the field in the meantime
    s = rules.resolve(s, A.Pass(player="A")).state
    r = rules.resolve(s, A.Pass(player="B"))
    assert "11.11.2" in cites(r) and r.state.zones["A"].break_zone[-1] == "bolt"


def test_fftcg_11_8_16_2_1_enters_field_trigger_chooses_its_only_target() -> None:
    s = make({"A": {"hand": ["archer", "flare"]}, "B": {"field": [{"id": "b1", "card": "ember"}]}})
    r = rules.resolve(s, A.Cast(player="A", card="archer", pay=Payment(discard=(("flare", None),))))
    assert r.ok and len(r.state.stack) == 1 and r.state.stack[0].targets[0][1] == ("b1",)
    assert "11.8.16.2.1" in cites(r)


def test_fftcg_11_8_4_enters_field_trigger_without_target_leaves_the_stack() -> None:
    s = make({"A": {"hand": ["archer", "flare"]}})
    r = rules.resolve(s, A.Cast(player="A", card="archer", pay=Payment(discard=(("flare", None),))))
    assert r.ok and not r.state.stack and "11.8.4" in cites(r)


# ---- 10 attack phase ---------------------------------------------------------------------------------

def test_fftcg_10_1_3_1_block_decision_is_requested_with_its_clause() -> None:
    s = make({"A": {"field": [{"id": "a1", "card": "lancer"}]}, "B": {"field": [{"id": "b1", "card": "knight"}]}},
             phase="attack")
    s = rules.resolve(s, A.Attack(player="A", attackers=("a1",))).state
    r = rules.settle(s)
    assert r.request is not None and r.request.player == "B" and "10.1.3.1" in r.request.cites
    assert set(r.request.options) == {"b1", "none"}


def test_fftcg_15_2_3_3_no_summons_in_the_first_strike_window() -> None:
    s = make({"A": {"hand": ["bolt", "flare"], "field": [{"id": "a1", "card": "duelist"}]},
              "B": {"field": [{"id": "b1", "card": "imp"}]}}, phase="attack")
    s = rules.resolve(s, A.Attack(player="A", attackers=("a1",))).state
    s = rules.resolve(s, A.Block(player="B", blocker="b1")).state
    s = rules.resolve(s, A.Pass(player="A")).state
    s = rules.resolve(s, A.Pass(player="B")).state        # → Damage Resolution Step: First Strike damage
    assert s.battle.first_strike_done and s.char("b1") is None
    with pytest.raises(Refused) as exc:
        A.apply(s, A.Cast(player="A", card="bolt", pay=Payment(discard=(("flare", None),))), Log())
    assert "15.2.3.3" in exc.value.cites


def test_fftcg_10_1_2_1_1_attacker_must_be_active() -> None:
    s = make({"A": {"field": [{"id": "a1", "card": "lancer", "state": "dull"}]}}, phase="attack")
    r = rules.resolve(s, A.Attack(player="A", attackers=("a1",)))
    assert r.refused is not None and "10.1.2.1.1" in r.refused.cites and r.state is s


def test_fftcg_9_2_1_3_first_player_draws_one_on_turn_one() -> None:
    s = make({"A": {"deck": 10}, "B": {"deck": 10}}, phase="main2", player="B", number=2)
    s = rules.resolve(s, A.EndPhase(player="B", turn=True)).state
    assert s.turn == 3 and s.phase == Phase.MAIN1 and len(s.zones["A"].hand) == 2


# ---- the board and its files -------------------------------------------------------------------------

@pytest.mark.parametrize("data,needle", [
    ({"cards": {"x": {"name": "X", "type": "forward", "element": ["fire"], "cost": 1, "power": 1000,
                      "colour": "red"}}}, "colour"),
    ({"players": {"A": {"hand": ["nothing"]}}}, "nothing"),
    ({"turn": {"phase": "battle"}}, "turn.phase"),
    ({"cards": {"x": {"name": "X", "type": "forward", "element": ["purple"], "cost": 1, "power": 1000}}}, "element"),
    ({"cards": {"x": {"name": "X", "type": "forward", "element": ["fire"], "cost": 1, "power": 1000,
                      "text": "Flibber the jabberwock."}}}, "grammar"),
])
def test_fftcg_bad_scenario_is_a_clear_error(data: dict, needle: str) -> None:
    with pytest.raises(ScenarioError) as exc:
        board.load(data, "bad.yaml")
    assert needle in str(exc.value) and "bad.yaml" in str(exc.value)


def test_fftcg_no_card_is_ever_in_two_zones_after_a_battle() -> None:
    s = make({"A": {"field": [{"id": "a1", "card": "lancer"}]}, "B": {"field": [{"id": "b1", "card": "knight"}]}},
             phase="attack")
    for action in (A.Attack(player="A", attackers=("a1",)), A.Block(player="B", blocker="b1")):
        s = rules.resolve(s, action).state
    s = rules.settle(s).state
    ids = [u for u, _ in all_locations(s)]
    assert len(ids) == len(set(ids)) and s.zones["A"].break_zone == ("a1",)


def test_fftcg_engine_import_loads_neither_lark_nor_textual() -> None:
    code = ("import sys, judge.engine.fftcg, judge.engine.fftcg.rules, judge.engine.fftcg.flow.actions; "
            "print([m for m in ('lark', 'textual') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_fftcg_explain_names_keywords_and_their_clauses() -> None:
    from judge.engine.fftcg.explain import explain

    s = make({"A": {"field": [{"id": "a1", "card": "duelist"}]}}, phase="attack")
    applies = explain(s)
    fs = [a for a in applies if "First Strike" in a.text]
    assert fs and "15.2.3.2" in fs[0].cites and fs[0].cards == ("a1",)


def test_fftcg_card_key_in_an_action_means_that_players_card_on_the_field() -> None:
    s = make({"A": {"deck": ["lancer", 3], "field": [{"id": "a1", "card": "lancer"}]}}, phase="attack")
    r = rules.resolve(s, A.Attack(player="A", attackers=("lancer",)))   # the deck's copy has id "lancer"
    assert r.ok and r.state.battle.attackers == ("a1",)


def test_fftcg_6_7_3_counters_leave_with_the_card() -> None:
    from judge.engine.fftcg.effects.run import Ctx, run
    from judge.engine.fftcg.zones.moves import move
    from judge.text.ast import Counters

    s = make({"A": {"field": [{"id": "a1", "card": "lancer"}]}})
    log = Log()
    s = run(s, (Counters(name="Rage", count=2, target=Selector(self_ref=True)),),
            Ctx(controller="A", source="a1", label="test"), log)
    assert dict(s.char("a1").counters) == {"Rage": 2} and "6.7.1" in log[-1].cites
    s = move(s, "a1", "hand", log)
    s = move(s, "a1", "break", log)
    assert s.char("a1") is None and rules.card_view(s, "a1")["zone"] == "break"
    assert "counters" not in rules.card_view(s, "a1")
