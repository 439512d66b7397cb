"""Rules of the game played on real Battle Spirits Saga cards (training sets of ../shared/corpus, by
number): Armor and effects that select nothing, costs added to summons, how a destroyed card was
destroyed, end-step decisions. Each test names the clause that decides and sets a board where only
that rule gives the answer. Skipped with the reason when the corpus is absent."""

from __future__ import annotations

from bs_corpus import CORPUS, CORPUS_MISSING, held, run

from judge.engine.scenario import Result, run_scenario, scenario_from_data

pytestmark = CORPUS_MISSING


# ── 11-5-1: Armor stops selections only; the blocking spirit is fixed by the battle (7-1-3-1) ──
def test_bss_11_5_1_armor_does_not_stop_an_effect_on_the_blocking_spirit() -> None:
    """Monstrous Mausoleum (BSS02-105, purple) takes a core from the blocking spirit; Jet Wyvern
    (BSS02-051) has Armor: Purple, but "the blocking spirit" selects nothing, so it loses the core."""
    result = run({"A": {"reserve": 0, "deck": 10, "soul_core": "a1",
                        "field": [{"id": "n1", "card": "BSS02-105", "cores": 0},
                                  {"id": "a1", "card": "BSS02-051", "cores": 0}]},
                  "B": {"reserve": 0, "deck": 10, "field": [{"id": "b1", "card": "BSS02-051", "cores": 3}]}},
                 [{"player": "A", "attack": "a1"}, {"player": "B", "block": "b1"}],
                 [{"card": "b1", "cores": 2}, {"player": "B", "reserve": 1}], step="attack")
    assert not held(result), held(result)
    assert "11-5-1" in result.cites


# ── 8-4-2-2 / 8-4-2-3: a cost another effect adds to a summon ──
# No training card adds a cost to summoning (BSS02-040 adds one to using magic), so the watcher is an
# invented spirit; the card summoned is real (Jet Wyvern, BSS02-051, cost 3).
TOLL = {"name": "Toll Warden", "type": "spirit", "colors": ["white"], "cost": 4, "reduction": ["white"],
        "symbols": ["white"], "families": ["Armed"], "levels": {1: {"cores": 1, "bp": 4000}},
        "text": "[LV1] During Opponent's Turn: When your opponent summons a spirit card from their hand, they "
                "must discard two cards as an additional cost."}


def _toll(hand: list[str]) -> Result:
    data = {"game": "bss", "title": "toll", "cards": {"toll": TOLL},
            "turn": {"number": 4, "player": "A", "step": "main"},
            "players": {"A": {"reserve": 5, "deck": 10, "hand": hand},
                        "B": {"reserve": 0, "deck": 10, "field": [{"id": "b1", "card": "toll", "cores": 1}]}},
            "actions": [{"player": "A", "summon": "BSS02-051"}], "expect": [{"player": "A", "hand": 0}]}
    return run_scenario(scenario_from_data(data, "test", cards=(CORPUS,)))


def test_bss_8_4_2_2_a_summon_pays_the_cost_other_effects_add() -> None:
    result = _toll(["BSS02-051", "BSS01-013", "BSS01-035"])
    assert not held(result), held(result)
    state = result.state
    assert state.zone_of("BSS02-051") == "field"
    assert {state.zone_of("BSS01-013"), state.zone_of("BSS01-035")} == {"trash"}
    assert "8-4-2-2" in result.cites


def test_bss_8_4_2_3_a_summon_whose_added_cost_cannot_be_paid_is_not_made() -> None:
    result = _toll(["BSS02-051", "BSS01-013"])
    state = result.state
    assert state.zone_of("BSS02-051") == "hand" and state.zone_of("BSS01-013") == "hand"
    assert state.players["A"].reserve == 5 and 0 in result.refusals


# ── 10-15-1 with 7-1-5-2-1 / 10-1-2: a destruction watcher's "in battle" / "by your opponent's effect" ──
def _freezstal(actions: list[dict]) -> Result:
    """B attacks with Skullzard (BSS02-026, 3000 BP); A has Freezstal (ST04-011: draws when one of A's
    cost-2 spirits is destroyed in battle, during either attack step) and Fairy Flautist (BSS01-096, cost 2)."""
    return run({"A": {"reserve": 0, "deck": 10, "hand": 0,
                      "field": [{"id": "a1", "card": "ST04-011", "cores": 1},
                                {"id": "a2", "card": "BSS01-096", "cores": 1}]},
                "B": {"reserve": 5, "deck": 10, "hand": ["CB01-070"],
                      "field": [{"id": "b1", "card": "BSS02-026", "cores": 1}]}},
               [{"player": "B", "attack": "b1"}, *actions], [{"card": "a2", "zone": "trash"}],
               step="attack", player="B")


def test_bss_7_1_5_2_1_a_spirit_that_loses_the_battle_is_destroyed_in_battle() -> None:
    result = _freezstal([{"player": "A", "block": "a2"}])
    assert not held(result), held(result)
    assert len(result.state.players["A"].hand) == 1


def test_bss_10_1_2_a_destruction_effect_is_not_a_destruction_in_battle() -> None:
    """Don't Do Anything (CB01-070) destroys the Flautist during the attack step, outside the battle's
    BP comparison: Freezstal does not draw."""
    result = _freezstal([{"player": "B", "magic": "CB01-070", "targets": ["a2"]}])
    assert not held(result), held(result)
    assert len(result.state.players["A"].hand) == 0


def test_bss_10_15_1_destroyed_by_the_opponents_effect_sets_off_the_watcher() -> None:
    """Nexus Hazard (BSS02-116), B's magic, destroys A's Secret Flower Garden (BSS02-110), which watches
    for A's yellow nexuses destroyed by the opponent's effect: A gains a life from the void."""
    result = run({"A": {"life": 4, "reserve": 0, "deck": 10,
                        "field": [{"id": "n1", "card": "BSS02-110", "cores": 0},
                                  {"id": "a2", "card": "BSS01-096", "cores": 1}]},
                  "B": {"reserve": 8, "deck": 10, "hand": ["BSS02-116"]}},
                 [{"player": "B", "magic": "BSS02-116", "effect": "main"}],
                 [{"card": "n1", "zone": "trash"}, {"player": "A", "life": 5}], player="B")
    assert not held(result), held(result)


# ── 6-8-1-1 with 8-1-8: an effect in the end step that needs a player's decision waits for it ──
def _conifer(answer: str) -> Result:
    """B ends the turn; A's Forest of the Sacred Conifer (BSS04-112) lets A summon a Swift spirit (Shryke,
    BSS02-079) at the start of B's end step, if A wants to."""
    return run({"A": {"reserve": 6, "deck": 10, "hand": ["BSS02-079", "BSS01-096"],
                      "field": [{"id": "n1", "card": "BSS04-112", "cores": 0}]},
                "B": {"reserve": 3, "deck": 10}},
               [{"player": "B", "end_step": True}, {"player": "B", "end_step": True},
                {"player": "A", "choose": answer}], [], player="B")


def test_bss_6_8_1_1_an_end_step_effect_asks_its_player_and_goes_on_with_the_answer() -> None:
    result = _conifer("yes")
    state = result.state
    assert state.zone_of("BSS02-079") == "field" and state.turn_player == "A"
    assert any(t.step.decision is not None and t.step.decision.player == "A" for t in result.steps)
    assert "6-8-1-1" in result.cites


def test_bss_8_1_8_declining_the_end_step_effect_summons_nothing() -> None:
    state = _conifer("no").state
    assert state.zone_of("BSS02-079") == "hand" and state.turn_player == "A"
