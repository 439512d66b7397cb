"""Battle Spirits rulings, one situation each, on boards whose abilities are built as AST nodes."""

from __future__ import annotations

from bs_helpers import act, magic, make, play, spirit

from judge.engine.bs import derive
from judge.engine.bs.rules import rules_for_game
from judge.text.ast import (
    Ability,
    AbilityKind,
    Destroy,
    Draw,
    Duration,
    Keyword,
    ModifyStat,
    Optional,
    Player,
    Selector,
    SetState,
)

OPP_SPIRIT = Selector(count=1, owner=Player.OPPONENT, card_types=("spirit",))


def kw(name: str, *params: str, levels: tuple[int, ...] = ()) -> Ability:
    return Ability(kind=AbilityKind.KEYWORD, keyword=Keyword(name, params), levels=levels)


def battle_board(game: str = "bss", a_bp: int = 5000, b_bp: int = 5000, **kw_abilities):
    return make(game, {"x": spirit("X", a_bp), "y": spirit("Y", b_bp, color="blue")},
                {"A": {"reserve": 2, "deck": 10, "field": [{"id": "a1", "card": "x", "cores": 1}]},
                 "B": {"reserve": 2, "deck": 10, "field": [{"id": "b1", "card": "y", "cores": 1}]}},
                step="attack", abilities=kw_abilities or None)


def test_bss_7_1_5_2_1_equal_bp_both_destroyed() -> None:
    state, rulings = play(battle_board(), {"player": "A", "attack": "a1"}, {"player": "B", "block": "b1"})
    assert state.zone_of("a1") == "trash" and state.zone_of("b1") == "trash"
    assert any("7-1-5-2-1" in r.cites for r in rulings)


def test_bss_7_1_5_2_1_fewer_bp_destroyed() -> None:
    state, _ = play(battle_board(a_bp=6000, b_bp=4000), {"player": "A", "attack": "a1"},
                    {"player": "B", "block": "b1"})
    assert state.zone_of("a1") == "field" and state.zone_of("b1") == "trash"


def test_bss_7_1_5_3_1_unblocked_attack_moves_life_to_reserve() -> None:
    state, _ = play(battle_board(), {"player": "A", "attack": "a1"}, {"player": "B", "no_block": True})
    assert state.players["B"].life == 4 and state.players["B"].reserve == 3


def test_bss_7_1_3_1_exhausted_spirit_cannot_block_and_state_is_unchanged() -> None:
    s0 = battle_board()
    s1 = act(s0, {"player": "A", "attack": "a1"}).state
    from dataclasses import replace

    from judge.engine.bs.state import Orientation, with_field_card
    s1 = with_field_card(s1, replace(s1.field_card("b1"), orientation=Orientation.EXHAUSTED))
    r = act(s1, {"player": "B", "block": "b1"})
    assert r.refused is not None and "7-1-3-1" in r.refused.cites
    assert r.state is s1


def test_bss_7_1_2_1_flash_window_passes_are_logged_with_the_clause() -> None:
    _, rulings = play(battle_board(), {"player": "A", "attack": "a1"}, {"player": "B", "block": "b1"})
    assert any("7-1-2-1" in s.cites and "pass" in s.text for r in rulings for s in r.steps)


def test_bss_11_5_1_armor_blocks_selection_by_that_colour() -> None:
    state = make("bss", {"hex": magic("Hex", color="red"), "k": spirit("K", color="white")},
                 {"A": {"reserve": 3, "hand": ["hex"]},
                  "B": {"field": [{"id": "b1", "card": "k", "cores": 1}]}},
                 abilities={"hex": (Ability(kind=AbilityKind.MAGIC, timing="main",
                                            effects=(Destroy(target=OPP_SPIRIT),)),),
                            "k": (kw("Armor", "red"),)})
    r = act(state, {"player": "A", "magic": "hex", "targets": ["b1"]})
    assert r.refused is not None and "11-5-1" in r.refused.cites and r.state is state


def test_bss_8_5_3_missing_selection_is_requested_naming_the_clause() -> None:
    state = make("bss", {"hex": magic("Hex"), "p": spirit("P")},
                 {"A": {"reserve": 3, "hand": ["hex"]},
                  "B": {"field": [{"id": "b1", "card": "p", "cores": 1}, {"id": "b2", "card": "p", "cores": 2}]}},
                 abilities={"hex": (Ability(kind=AbilityKind.MAGIC, timing="main",
                                            effects=(Destroy(target=OPP_SPIRIT),)),)})
    r = act(state, {"player": "A", "magic": "hex"})
    assert r.request is not None and "8-5-3" in r.request.cites
    assert set(r.request.options) == {"b1", "b2"}
    done = act(r.state, {"player": "A", "choose": ["b2"]})
    assert done.ok and done.state.zone_of("b2") == "trash" and done.state.zone_of("b1") == "field"


def test_bss_8_1_8_may_is_asked_and_no_means_nothing_happens() -> None:
    state = make("bss", {"s": spirit("S")}, {"A": {"reserve": 5, "deck": 5, "hand": ["s"]}, "B": {}},
                 abilities={"s": (Ability(kind=AbilityKind.TRIGGERED, timing="when_summoned",
                                          effects=(Optional(effects=(Draw(count=2),)),)),)})
    r = act(state, {"player": "A", "summon": "s"})
    assert r.request is not None and "8-1-8" in r.request.cites
    no = act(r.state, {"player": "A", "choose": "no"})
    assert len(no.state.players["A"].hand) == 0
    yes = act(r.state, {"player": "A", "choose": "yes"})
    assert len(yes.state.players["A"].hand) == 2


def test_bss_8_8_1_3_1_set_bp_then_additions_in_order() -> None:
    from dataclasses import replace

    from judge.engine.bs.state import Mod
    state = battle_board(a_bp=5000)
    state = replace(state, mods=(Mod(target="a1", kind="bp_add", value=2000, duration=Duration.TURN, stamp=1),
                                 Mod(target="a1", kind="bp_set", value=1000, duration=Duration.TURN, stamp=2)))
    bp = derive.bp(state, "a1")
    assert bp.value == 3000  # set to 1000 first (8-8-1-3-4), then +2000 (8-8-1-3-5), whatever the timestamps
    assert "8-8-1-3-4" in bp.cites and "8-8-1-3-5" in bp.cites


def test_bss_9_4_2_bp_reduced_to_zero_is_destroyed_by_the_effect() -> None:
    state = make("bss", {"m": magic("Drain"), "p": spirit("P", 2000)},
                 {"A": {"reserve": 3, "hand": ["m"]}, "B": {"field": [{"id": "b1", "card": "p", "cores": 1}]}},
                 abilities={"m": (Ability(kind=AbilityKind.MAGIC, timing="main", effects=(
                     ModifyStat(stat="bp", amount=-2000, target=OPP_SPIRIT),)),)})
    r = act(state, {"player": "A", "magic": "m"})
    assert r.state.zone_of("b1") == "trash" and "9-4-2" in r.cites


def test_bs_bp_zero_is_not_destroyed_in_standard() -> None:
    state = make("bs", {"m": magic("Drain"), "p": spirit("P", 2000)},
                 {"A": {"reserve": 3, "hand": ["m"]}, "B": {"field": [{"id": "b1", "card": "p", "cores": 1}]}},
                 abilities={"m": (Ability(kind=AbilityKind.MAGIC, timing="main", effects=(
                     ModifyStat(stat="bp", amount=-2000, target=OPP_SPIRIT),)),)})
    assert act(state, {"player": "A", "magic": "m"}).state.zone_of("b1") == "field"


def test_bss_9_3_2_self_destruction_skips_when_destroyed() -> None:
    state = make("bss", {"s": spirit("S")}, {"A": {"deck": 5, "field": [{"id": "a1", "card": "s", "cores": 1}]},
                                            "B": {}},
                 abilities={"s": (Ability(kind=AbilityKind.TRIGGERED, timing="when_destroyed",
                                          effects=(Draw(count=1),)),)})
    r = act(state, {"player": "A", "move_cores": 1, "from": "a1", "to": "reserve"})
    assert r.state.zone_of("a1") == "trash" and not r.state.players["A"].hand
    assert "10-1-1-1" in r.cites


def test_bss_10_1_3_3_when_destroyed_uses_the_last_known_level() -> None:
    lv = {1: {"cores": 1, "bp": 1000}, 2: {"cores": 2, "bp": 2000}}
    state = make("bss", {"s": spirit("S", levels=lv), "big": spirit("Big", 9000, color="blue")},
                 {"A": {"deck": 5, "field": [{"id": "a1", "card": "s", "cores": 2}]},
                  "B": {"field": [{"id": "b1", "card": "big", "cores": 1}]}},
                 step="attack",
                 abilities={"s": (Ability(kind=AbilityKind.TRIGGERED, timing="when_destroyed", levels=(2,),
                                          effects=(Draw(count=1),)),)})
    final, _ = play(state, {"player": "A", "attack": "a1"}, {"player": "B", "block": "b1"})
    assert final.zone_of("a1") == "trash" and len(final.players["A"].hand) == 1


def test_bss_11_2_1_confront_refuses_no_block() -> None:
    state = battle_board(x=(kw("Confront"),))
    s1 = act(state, {"player": "A", "attack": "a1"}).state
    r = act(s1, {"player": "B", "no_block": True})
    assert r.refused is not None and "11-2-1" in r.refused.cites


def test_bss_11_14_1_astral_refuses_a_non_astral_blocker() -> None:
    state = battle_board(x=(kw("Astral"),))
    s1 = act(state, {"player": "A", "attack": "a1"}).state
    r = act(s1, {"player": "B", "block": "b1"})
    assert r.refused is not None and "11-14-1" in r.refused.cites


def test_bss_11_11_1_crush_discards_level_plus_modifier() -> None:
    state = battle_board(x=(kw("Crush", "+2"),))
    r = act(state, {"player": "A", "attack": "a1"})
    assert len(r.state.players["B"].deck) == 7 and len(r.state.players["B"].trash) == 3


def test_bss_11_10_1_gale_exhausts_the_blockers_other_spirits() -> None:
    state = make("bss", {"x": spirit("X", 9000, color="green"), "p": spirit("P", 1000, color="blue")},
                 {"A": {"field": [{"id": "a1", "card": "x", "cores": 1}]},
                  "B": {"field": [{"id": f"b{i}", "card": "p", "cores": i} for i in range(1, 4)]}},   # told apart
                 step="attack", abilities={"x": (kw("Gale", "1"),)})
    s1 = act(state, {"player": "A", "attack": "a1"}).state
    r = act(s1, {"player": "B", "block": "b1"})
    assert r.request is not None and r.request.player == "B" and "11-10-1" in r.request.cites
    done = act(r.state, {"player": "B", "choose": ["b3"]})
    assert done.state.field_card("b3").orientation.value == "exhausted"
    assert done.state.field_card("b2").orientation.value == "refreshed"


def test_bs_12_2_1_1_2_super_unleash_soul_core_is_lv2() -> None:
    lv = {1: {"cores": 1, "bp": 3000}, 2: {"cores": "super_unleash", "bp": 8000}}
    state = make("bs", {"u": spirit("U", levels=lv)},
                 {"A": {"soul_core": "a1", "field": [{"id": "a1", "card": "u", "cores": 0}]}, "B": {}})
    assert derive.level(state, "a1") == 2 and derive.bp(state, "a1").value == 8000


def test_bss_super_unleash_does_not_exist_in_saga() -> None:
    lv = {1: {"cores": 1, "bp": 3000}, 2: {"cores": "super_unleash", "bp": 8000}}
    state = make("bss", {"u": spirit("U", levels=lv)},
                 {"A": {"soul_core": "a1", "field": [{"id": "a1", "card": "u", "cores": 0}]}, "B": {}})
    assert derive.level(state, "a1") == 1


def test_bss_6_3_2_turn_passes_through_start_core_draw_refresh() -> None:
    state = make("bss", {}, {"A": {"deck": 5}, "B": {"deck": 5, "trash_cores": 2}}, step="end")
    r = act(state, {"player": "A", "end_step": True})
    b = r.state.players["B"]
    assert r.state.turn_player == "B" and r.state.step.value == "main"
    assert b.reserve == 3 and len(b.hand) == 1 and b.trash_cores == 0
    assert {"6-3-2", "6-4-2", "6-5-2", "6-8-1-3"} <= set(r.cites)


def test_bss_1_2_4_concede_wins_for_the_opponent() -> None:
    r = act(battle_board(), {"player": "A", "concede": True})
    assert r.state.winner == "B" and "1-2-4" in r.cites


def test_refused_action_returns_the_same_state_object() -> None:
    state = battle_board()
    r = act(state, {"player": "B", "attack": "b1"})
    assert r.refused is not None and r.state is state


def test_set_state_exhausts_selected_spirit() -> None:
    state = make("bss", {"m": magic("Chill"), "p": spirit("P")},
                 {"A": {"reserve": 3, "hand": ["m"]}, "B": {"field": [{"id": "b1", "card": "p", "cores": 1}]}},
                 abilities={"m": (Ability(kind=AbilityKind.MAGIC, timing="main", effects=(
                     SetState(state="exhausted", target=OPP_SPIRIT),)),)})
    r = act(state, {"player": "A", "magic": "m"})
    assert r.state.field_card("b1").orientation.value == "exhausted" and "10-4-1" in r.cites


def test_explain_lists_armor_meaning_with_clause() -> None:
    state = battle_board(y=(kw("Armor", "red", "purple"),))
    applies = rules_for_game("bss").explain(state)
    armor = [a for a in applies if "Armor" in a.text]
    assert armor and "11-5-1" in armor[0].cites and armor[0].cards == ("b1",)
    assert "red/purple" in armor[0].text


def test_bs_10_2_2_10_depleted_by_own_core_move_without_triggers() -> None:
    state = make("bs", {"s": spirit("S")}, {"A": {"deck": 5, "field": [{"id": "a1", "card": "s", "cores": 1}]},
                                           "B": {}},
                 abilities={"s": (Ability(kind=AbilityKind.TRIGGERED, timing="when_destroyed",
                                          effects=(Draw(count=1),)),)})
    r = act(state, {"player": "A", "move_cores": 1, "from": "a1", "to": "reserve"})
    assert r.state.zone_of("a1") == "trash" and not r.state.players["A"].hand
    assert {"3-2-5-4", "10-2-2-10"} <= set(r.cites)


def test_bs_10_2_2_1_destroyed_spirit_enters_the_pending_state() -> None:
    state, rulings = play(battle_board("bs", a_bp=6000, b_bp=3000), {"player": "A", "attack": "a1"},
                          {"player": "B", "block": "b1"})
    assert state.zone_of("b1") == "trash"
    assert any("pending" in s.text and "10-2-2-1" in s.cites for r in rulings for s in r.steps)


def test_bs_1_3_7_life_zero_ends_the_game_before_waiting_effects() -> None:
    state = make("bs", {"x": spirit("X")},
                 {"A": {"field": [{"id": "a1", "card": "x", "cores": 1}]}, "B": {"life": 1}}, step="attack")
    final, _ = play(state, {"player": "A", "attack": "a1"}, {"player": "B", "no_block": True})
    assert final.winner == "A"


def test_judge_engine_explain_dispatches_on_the_game() -> None:
    from judge.engine import explain

    applies = explain(battle_board("bs"))
    assert applies and all(a.cites for a in applies)


def test_bss_8_9_3_one_substitution_and_a_declined_one_lets_destruction_happen() -> None:
    from judge.text.ast import Condition, Conditional, Move
    from judge.text.ast import Optional as MayDo
    sub = Ability(kind=AbilityKind.TRIGGERED, timing="event",
                  condition=Condition(kind="would", text="this spirit would be destroyed", event="when_destroyed",
                                      selector=Selector(count=1, self_ref=True)),
                  effects=(Conditional(condition=Condition(kind="substitution", text="instead"), instead=True,
                                       effects=(MayDo(effects=(Move(target=Selector(count=1, self_ref=True),
                                                                    dest="hand"),)),)),))
    state = battle_board(a_bp=6000, b_bp=3000, y=(sub,))
    s1 = act(act(state, {"player": "A", "attack": "a1"}).state, {"player": "B", "block": "b1"}).state
    asked = rules_for_game("bss").settle(s1)
    assert asked.request is not None and "8-9-1" in asked.request.cites
    declined = act(s1, {"player": "B", "choose": "no"})
    assert declined.state.zone_of("b1") == "trash"
    used = act(s1, {"player": "B", "choose": "yes"})
    assert used.state.zone_of("b1") == "hand"


def test_bss_8_8_1_3_4_assigned_bp_then_additions() -> None:
    from judge.text.ast import SetStat

    me = Selector(count=1, owner=Player.YOU, card_types=("spirit",))
    state = make("bss", {"m": magic("Fix", color="red"), "p": magic("Pump", color="red"), "x": spirit("X", 6000)},
                 {"A": {"reserve": 6, "hand": ["p", "m"], "field": [{"id": "a1", "card": "x", "cores": 1}]},
                  "B": {}},
                 abilities={"p": (Ability(kind=AbilityKind.MAGIC, timing="main", effects=(
                     ModifyStat(stat="bp", amount=2000, target=me),)),),
                            "m": (Ability(kind=AbilityKind.MAGIC, timing="main", effects=(
                                SetStat(stat="bp", value=1000, target=me, duration=Duration.TURN),)),)})
    s1 = act(state, {"player": "A", "magic": "p"}).state
    s2 = act(s1, {"player": "A", "magic": "m"}).state
    assert derive.bp(s2, "a1").value == 3000  # set to 1000 (③) comes before +2000 (④) whatever the order used
