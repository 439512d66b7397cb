"""Card behaviours the engine carries out, played on real Battle Spirits Saga cards (training sets of
../shared/corpus, by number): costs paid with the soul core, restrictions left on cards, symbols while
a cost is calculated, tokens, histories of the turn, events watched (link, discard, return), "at the
start of the step". Each test names the clause that decides. Skipped when the corpus is absent."""

from __future__ import annotations

from bs_corpus import CORPUS, CORPUS_MISSING, held, run

from judge.engine.scenario import Result, run_scenario, scenario_from_data

pytestmark = CORPUS_MISSING


# ── 10-6-6 / 10-8-6: "if you spend a Soul Core as part of this card's cost" is decided by the payment ──
def _roger(pay_soul: bool) -> Result:
    """Spikeknuckle Roger (BSS04-094): When Summoned, if the soul core paid its summoning cost, B
    discards the top six cards of the deck."""
    return run({"A": {"reserve": 8, "soul_core": "reserve", "deck": 10, "hand": ["BSS04-094"]},
                "B": {"reserve": 3, "deck": 10}},
               [{"player": "A", "summon": "BSS04-094", "pay_soul_core": pay_soul}],
               [{"player": "B", "deck": 4 if pay_soul else 10}, {"card": "BSS04-094", "zone": "field"}])


def test_bss_10_6_6_the_soul_core_spent_on_the_summoning_cost_meets_the_condition() -> None:
    result = _roger(True)
    assert not held(result), held(result)
    assert "10-6-6" in result.cites


def test_bss_10_6_6_a_summon_paid_without_the_soul_core_does_not() -> None:
    result = _roger(False)
    assert not held(result), held(result)


def test_bss_10_8_6_the_soul_core_spent_on_a_magic_cards_use_cost() -> None:
    """Suppression (BSS01-130): +3000 BP, and with the soul core spent on its cost the spirit may also
    block while exhausted this turn; B then blocks with its exhausted Carrybara (BSS02-048)."""
    result = run({"A": {"reserve": 0, "deck": 10, "field": [{"id": "a1", "card": "BSS02-051", "cores": 1}]},
                  "B": {"reserve": 3, "soul_core": "reserve", "deck": 10, "hand": ["BSS01-130"],
                        "field": [{"id": "b1", "card": "BSS02-048", "cores": 1, "state": "exhausted"}]}},
                 [{"player": "A", "attack": "a1"},
                  {"player": "B", "magic": "BSS01-130", "pay_soul_core": True, "targets": ["b1"]},
                  {"player": "B", "block": "b1"}],
                 [{"card": "a1", "zone": "trash"}, {"card": "b1", "zone": "field"}], step="attack")
    assert not held(result), held(result)


# ── 1-3-3: restrictions a resolved effect leaves on cards ──
def _somersault(blocker_cores: int) -> Result:
    """A uses Somersault (BSS02-129): A's yellow spirits cannot be blocked by B's LV2 spirits this turn.
    A's Fairy Flautist (BSS01-096, yellow) attacks; B's Carrybara (BSS02-048) is LV2 with 3 cores."""
    return run({"A": {"reserve": 6, "deck": 10, "hand": ["BSS02-129"],
                      "field": [{"id": "a1", "card": "BSS01-096", "cores": 1}]},
                "B": {"reserve": 0, "deck": 10, "field": [{"id": "b1", "card": "BSS02-048", "cores": blocker_cores}]}},
               [{"player": "A", "magic": "BSS02-129", "effect": "main"}, {"player": "A", "end_step": True},
                {"player": "A", "attack": "a1"}, {"player": "B", "block": "b1"}], [])


def test_bss_1_3_3_cannot_be_blocked_by_the_spirits_it_names() -> None:
    result = _somersault(3)
    assert 3 in result.refusals and result.state.field_card("b1").orientation.value == "refreshed"


def test_bss_1_3_3_a_spirit_the_restriction_does_not_name_may_block() -> None:
    result = _somersault(1)
    assert 3 not in result.refusals, result.refusals


def test_bss_1_3_3_cannot_attack_or_block_forbids_both() -> None:
    """A's Lightning Arrow (BSS02-131) in A's main step on B's refreshed Carrybara: it cannot block A's
    attack that turn."""
    result = run({"A": {"reserve": 4, "deck": 10, "hand": ["BSS02-131"],
                        "field": [{"id": "a1", "card": "BSS01-096", "cores": 1}]},
                  "B": {"reserve": 0, "deck": 10, "field": [{"id": "b1", "card": "BSS02-048", "cores": 1}]}},
                 [{"player": "A", "magic": "BSS02-131", "targets": ["b1"]}, {"player": "A", "end_step": True},
                  {"player": "A", "attack": "a1"}, {"player": "B", "block": "b1"}], [])
    assert 0 not in result.refusals and 3 in result.refusals


def test_bss_6_5_2_a_spirit_barred_from_its_next_refresh_stays_exhausted() -> None:
    """Iceblader Brigid (ST03-010, LV2) blocks B's Spikeknuckle Roger (BSS04-094) and picks it: the Roger
    stays exhausted through B's next refresh step, two turns later; B's other exhausted spirit refreshes."""
    result = run({"A": {"reserve": 3, "deck": 10, "field": [{"id": "a1", "card": "ST03-010", "cores": 3}]},
                  "B": {"reserve": 3, "deck": 10, "field": [
                      {"id": "b1", "card": "BSS04-094", "cores": 4},
                      {"id": "b2", "card": "BSS02-048", "cores": 1, "state": "exhausted"}]}},
                 [{"player": "B", "attack": "b1"}, {"player": "A", "block": "a1", "targets": ["b1"]},
                  {"player": "B", "end_step": True}, {"player": "A", "end_step": True},
                  {"player": "A", "end_step": True}],
                 [{"card": "b1", "state": "exhausted"}, {"card": "b2", "state": "refreshed"}],
                 step="attack", player="B")
    assert not held(result), held(result)
    assert result.state.turn_player == "B"


# ── 2-7-3 / 10-6-5: abilities in force while a summoning cost is calculated ──
def test_bss_10_6_5_a_symbol_counted_twice_while_summoning() -> None:
    """Galaxy Dragon Andrometeos (ST01-002) on the field counts its red symbol twice while a Star Dragon
    is summoned: a second one (cost 4, two red reduction symbols) costs 2, so 3 cores pay it and LV1."""
    result = run({"A": {"reserve": 3, "deck": 10, "hand": [{"id": "g2", "card": "ST01-002"}],
                        "field": [{"id": "g1", "card": "ST01-002", "cores": 1}]},
                  "B": {"reserve": 0, "deck": 10}},
                 [{"player": "A", "summon": "g2"}],
                 [{"card": "g2", "zone": "field"}, {"player": "A", "reserve": 0}])
    assert not held(result) and not result.refusals, (held(result), result.refusals)


def test_bss_2_7_3_symbols_of_trash_cards_join_the_reduction_when_the_summoner_wants() -> None:
    """Godbeast Behemoth (BSS01-083, cost 8, six yellow reduction symbols) may use the symbols of the
    cost-2 spirit cards in A's trash: two Fairy Flautists (BSS01-096, yellow) make it cost 6."""
    result = run({"A": {"reserve": 7, "deck": 10, "hand": ["BSS01-083"],
                        "trash": [{"id": "f1", "card": "BSS01-096"}, {"id": "f2", "card": "BSS01-096"}]},
                  "B": {"reserve": 0, "deck": 10}},
                 [{"player": "A", "summon": "BSS01-083"}, {"player": "A", "choose": "yes"}],
                 [{"card": "BSS01-083", "zone": "field"}, {"player": "A", "reserve": 0}])
    assert not held(result), held(result)


# ── 4-12-1 / 4-12-2 / 10-6-7: a token an effect summons ──
MECHA = {"name": "Mecha Token", "type": "spirit", "token": True, "colors": ["white"], "cost": 0, "reduction": [],
         "symbols": ["white"], "families": ["Mecha", "Token"], "levels": {1: {"cores": 1, "bp": 1000}}, "text": ""}


def _gae_bolg(cards: dict) -> Result:
    """Godmech Gae Bolg (BSS04-059, LV2 3000 BP), destroyed by B's Don't Do Anything (CB01-070), summons
    one of A's Mecha Tokens (its figures: the stand-in, as the corpus lacks the annotation)."""
    data = {"game": "bss", "title": "loki", "cards": cards, "turn": {"number": 4, "player": "B", "step": "main"},
            "players": {"A": {"reserve": 2, "deck": 10, "field": [{"id": "a1", "card": "BSS04-059", "cores": 2}]},
                        "B": {"reserve": 5, "deck": 10, "hand": ["CB01-070"]}},
            "actions": [{"player": "B", "magic": "CB01-070", "effect": "flash", "targets": ["a1"]}],
            "expect": [{"card": "a1", "zone": "trash"}]}
    return run_scenario(scenario_from_data(data, "test", cards=(CORPUS,)))


def test_bss_4_12_1_an_effect_summons_a_token_with_the_figures_it_gives() -> None:
    result = _gae_bolg({"mecha": MECHA})
    assert not held(result), held(result)
    tokens = [fc for fc in result.state.players["A"].field if result.state.defs[fc.card].token]
    assert len(tokens) == 1 and tokens[0].cores == 1 and result.state.players["A"].reserve == 3
    assert "4-12-1" in result.cites


def test_bss_4_12_2_without_the_tokens_figures_the_summon_is_not_modelled() -> None:
    result = _gae_bolg({})
    assert any("4-12-2" in (t.step.not_modelled or "") for t in result.steps)


# ── 10-1-1-1 with a history: "unless one of your spirits has been destroyed this turn" ──
def _pigeon(destroy_first: bool) -> Result:
    """Gemhead Pigeon (PR-035) cannot attack in A's attack step unless one of A's spirits was destroyed
    this turn; Deadly Balance (BSS01-122) destroys one spirit of each player in A's main step."""
    first = [{"player": "A", "magic": "BSS01-122", "effect": "main", "targets": ["b1", "a2"]}] if destroy_first else []
    return run({"A": {"reserve": 3, "deck": 10, "hand": ["BSS01-122"],
                      "field": [{"id": "a1", "card": "PR-035", "cores": 1}, {"id": "a2", "card": "BSS01-096", "cores": 1}]},
                "B": {"reserve": 0, "deck": 10, "field": [{"id": "b1", "card": "BSS02-048", "cores": 1}]}},
               [*first, {"player": "A", "end_step": True}, {"player": "A", "attack": "a1"}], [])


def test_bss_10_1_1_no_destruction_this_turn_keeps_the_restriction() -> None:
    result = _pigeon(False)
    assert 1 in result.refusals


def test_bss_10_1_1_a_destruction_this_turn_lifts_the_restriction() -> None:
    result = _pigeon(True)
    assert not result.refusals, result.refusals
    assert result.state.zone_of("a2") == "trash" and result.state.battle is not None


# ── 2-5: spirit types a constant effect gives ──
def test_bss_2_5_a_constant_effect_gives_its_spirits_a_type() -> None:
    """Arcana King Charles (BSS02-062) at LV2: A's yellow spirits are Otherlanders too; a white one is not."""
    from judge.engine.bs import derive

    result = run({"A": {"reserve": 0, "deck": 10, "field": [{"id": "k", "card": "BSS02-062", "cores": 3},
                                                            {"id": "y", "card": "BSS01-096", "cores": 1},
                                                            {"id": "w", "card": "BSS02-048", "cores": 1}]},
                  "B": {"reserve": 0, "deck": 10}}, [], [])
    fams = {cid: {f.lower() for f in derive.families(result.state, cid)} for cid in ("y", "w")}
    assert "otherlander" in fams["y"] and "otherlander" not in fams["w"]


def test_bss_2_5_all_spirit_types_meets_any_type_a_selector_names() -> None:
    """PR-071 is treated as having all spirit types: a selector of Voidlord spirits takes it."""
    from judge.engine.bs import select
    from judge.text.ast import Selector

    result = run({"A": {"reserve": 0, "deck": 10, "field": [{"id": "v", "card": "PR-071", "cores": 1},
                                                            {"id": "w", "card": "BSS02-048", "cores": 1}]},
                  "B": {"reserve": 0, "deck": 10}}, [], [])
    voidlord = Selector(count=None, card_types=("spirit",), families=("Voidlord",))
    assert select.matches(result.state, "v", voidlord, None) and not select.matches(result.state, "w", voidlord, None)


# ── 11-18-1: "when one of your spirits is linked" ──
def test_bss_11_18_1_linking_sets_off_the_effects_watching_it() -> None:
    """Great Overlord God Szesc (PR-068, LV2) gets a core from the void when one of A's spirits is linked;
    the Link spirit is invented (no training card has 【Link】)."""
    knight = {"name": "Bond Knight", "type": "spirit", "colors": ["yellow"], "cost": 4, "reduction": ["yellow"],
              "symbols": ["yellow"], "families": ["Warrior"], "levels": {1: {"cores": 1, "bp": 4000}}, "text": ""}
    squire = {**knight, "name": "Bond Squire", "cost": 2, "text": "【Link: 4】"}
    data = {"game": "bss", "title": "link", "cards": {"knight": knight, "squire": squire},
            "turn": {"number": 4, "player": "A", "step": "attack"},
            "players": {"A": {"reserve": 0, "deck": 10, "field": [
                {"id": "s", "card": "PR-068", "cores": 3}, {"id": "a1", "card": "knight", "cores": 1},
                {"id": "a2", "card": "squire", "cores": 1}]}, "B": {"reserve": 0, "deck": 10}},
            "actions": [{"player": "A", "attack": "a1", "targets": ["yes"]}],
            "expect": [{"card": "a2", "state": "exhausted"}, {"card": "s", "cores": 4}]}
    result = run_scenario(scenario_from_data(data, "test", cards=(CORPUS,)))
    assert not held(result), held(result)


# ── 11-8-1: the cost a spirit counts as while it performs Ascend ──
def _nova(under: str) -> Result:
    """Supernova Dragon Siegwurm Nova (BSS01-001, 【Ascend: 6】) summoned over a cost-3 spirit."""
    return run({"A": {"reserve": 9, "deck": 10, "hand": ["BSS01-001"],
                      "field": [{"id": "u", "card": under, "cores": 1}]},
                "B": {"reserve": 0, "deck": 10}},
               [{"player": "A", "summon": "BSS01-001"}], [])


def test_bss_11_8_1_a_spirit_treated_as_costing_6_for_ascend_meets_ascend_6() -> None:
    """BSS04-020 (cost 3) counts as costing 6 while it performs Ascend during A's main step."""
    result = _nova("BSS04-020")
    assert not result.refusals, result.refusals
    assert result.state.zone_of("BSS01-001") == "field"


def test_bss_11_8_1_a_plain_cost_3_spirit_does_not() -> None:
    result = _nova("BSS02-051")
    assert 0 in result.refusals and result.state.zone_of("BSS01-001") == "hand"


# ── 10-2 with 8-6-2: an effect watching its own card being discarded ──
def test_bss_10_2_a_card_discarded_from_the_deck_by_the_opponents_effect_returns() -> None:
    """B's Spikeknuckle Roger (BSS04-094), summoned with the soul core, discards A's top six cards;
    among them BSS03-126, which then returns from A's trash to A's hand."""
    result = run({"A": {"reserve": 0, "deck": ["BSS01-096", "BSS03-126", "BSS02-048", "BSS02-048",
                                                "BSS02-048", "BSS02-048", "BSS02-048"]},
                  "B": {"reserve": 8, "soul_core": "reserve", "deck": 10, "hand": ["BSS04-094"]}},
                 [{"player": "B", "summon": "BSS04-094", "pay_soul_core": True}],
                 [{"card": "BSS03-126", "zone": "hand"}, {"player": "A", "deck": 1}], player="B")
    assert not held(result), held(result)


def test_bss_10_2_a_discard_by_its_owners_own_effect_is_not_watched() -> None:
    """A's EVA-13 (CB01-013, LV2) attacks and discards A's own top three cards, BSS03-126 among them: not
    the opponent's effect, so the card stays in A's trash."""
    result = run({"A": {"reserve": 0, "deck": ["BSS03-126", "BSS02-048", "BSS02-048", "BSS02-048"],
                        "field": [{"id": "e", "card": "CB01-013", "cores": 3}]},
                  "B": {"reserve": 0, "deck": 10}},
                 [{"player": "A", "attack": "e"}], [{"card": "BSS03-126", "zone": "trash"}], step="attack")
    assert not held(result), held(result)


def test_bss_10_6_6_pay_its_cost_and_summon_it_pays_once() -> None:
    """Bard Orphe (PR-067) discarded from A's hand after Volcanic Canyon's (BSS01-101) extra draw: A may
    pay its cost and summon it; the cost (4, one red symbol reduces it to 3) is paid once, by the summon,
    in the draw step (6-4-2), so the refresh step then brings those 3 cores back to the reserve."""
    result = run({"A": {"reserve": 10, "deck": 10, "hand": ["PR-067", "BSS02-048"],
                        "field": [{"id": "v", "card": "BSS01-101", "cores": 0}]},
                  "B": {"reserve": 0, "deck": 10}},
                 [{"player": "B", "end_step": True}, {"player": "B", "end_step": True},
                  {"player": "A", "choose": ["PR-067"]}, {"player": "A", "choose": "yes"}],
                 [{"card": "PR-067", "zone": "field"}, {"player": "A", "reserve": 10}], player="B")
    assert not held(result), held(result)


# ── 8-6-2: "When Summoned" effects a summoning effect says are not triggered ──
def test_bss_8_6_2_a_spirit_summoned_by_the_effect_does_not_activate_when_summoned() -> None:
    """Dimensional Rift (BSS03-129) summons Mechatrice (ST03-003) free; Mechatrice's When Summoned (which
    would ask A about the top cards) does not activate."""
    result = run({"A": {"reserve": 6, "deck": 10, "hand": ["BSS03-129", "ST03-003"]}, "B": {"reserve": 0, "deck": 10}},
                 [{"player": "A", "magic": "BSS03-129", "effect": "main"}, {"player": "A", "choose": "yes"}],
                 [{"card": "ST03-003", "zone": "field"}])
    assert not held(result) and result.request is None, (held(result), result.request)
    assert not any(t.step.text.startswith("Resolve ST03-003") for t in result.steps)


# ── 8-6-2 with 8-10-1: "when one of your opponent's spirits is returned to their hand or deck" ──
def test_bss_8_6_2_a_spirit_returned_to_the_hand_sets_off_the_watcher() -> None:
    """B's Inescapable Avalanche (BSS02-127) returns A's attacking Jet Wyvern (BSS02-051) to A's hand; B's
    PR-050 watches for the opponent's spirits returned to the hand or the deck and gains Astral."""
    from judge.engine.bs import derive

    result = run({"A": {"reserve": 0, "deck": 10, "field": [{"id": "a1", "card": "BSS02-051", "cores": 1}]},
                  "B": {"reserve": 4, "deck": 10, "hand": ["BSS02-127"],
                        "field": [{"id": "p", "card": "PR-050", "cores": 1}]}},
                 [{"player": "A", "attack": "a1"}, {"player": "B", "magic": "BSS02-127"}],
                 [{"card": "a1", "zone": "hand"}], step="attack")
    assert not held(result), held(result)
    assert derive.keyword(result.state, "p", "Astral")


# ── 6-2-1: "at the start of the step" in a step that runs by itself ──
def test_bss_6_2_1_a_start_step_effect_is_resolved_as_the_turn_begins() -> None:
    """A's EVA-13 -Pseudo-Evolution 3rd Phase (Estimated)- (CB01-014, LV3) takes every core off all other
    spirits at the start of A's start step: B's Carrybara (BSS02-048) loses its cores and is destroyed
    before A's main step."""
    result = run({"A": {"reserve": 0, "deck": 10, "field": [{"id": "e", "card": "CB01-014", "cores": 6}]},
                  "B": {"reserve": 0, "deck": 10, "field": [{"id": "b1", "card": "BSS02-048", "cores": 2}]}},
                 [{"player": "B", "end_step": True}, {"player": "B", "end_step": True}],
                 [{"card": "b1", "zone": "trash"}, {"player": "B", "reserve": 2}, {"card": "e", "cores": 6}],
                 player="B")
    assert not held(result), held(result)
    assert "6-2-1" in result.cites and result.state.step.value == "main"


# ── 2-8-2-2 with 10-6-5: a symbol colour changed while a cost is calculated ──
def test_bss_10_6_5_a_symbol_treated_as_purple_as_well_reduces_a_purple_cost() -> None:
    """EVA-06 -Autonomous- (CB01-055, a blue symbol) is purple as well while A summons a NERV card: EVA-13
    -Spear of Longinus- (CB01-013, cost 8, purple reduction symbols) costs 7, so 8 cores pay it and LV1."""
    result = run({"A": {"reserve": 8, "deck": 10, "hand": ["CB01-013"],
                        "field": [{"id": "e6", "card": "CB01-055", "cores": 1}]}, "B": {"reserve": 0, "deck": 10}},
                 [{"player": "A", "summon": "CB01-013"}],
                 [{"card": "CB01-013", "zone": "field"}, {"player": "A", "reserve": 0}])
    assert not held(result) and not result.refusals, (held(result), result.refusals)


# ── 8-8-1-3-4: a card's own "costs N in your hand / in the trash" ──
def _golem(nexus: bool) -> Result:
    """Fort Golem (ST06-005, printed cost 6) costs 4 in A's hand while A controls a nexus (Volcanic
    Canyon, BSS01-101); A has 5 cores, so only then can A pay it and its LV1 core."""
    field = [{"id": "n1", "card": "BSS01-101", "cores": 0}] if nexus else []
    return run({"A": {"reserve": 5, "deck": 10, "hand": ["ST06-005"], "field": field}, "B": {"reserve": 0, "deck": 10}},
               [{"player": "A", "summon": "ST06-005"}], [])


def test_bss_8_8_1_3_4_its_own_cost_in_the_hand_while_the_condition_holds() -> None:
    result = _golem(True)
    assert not result.refusals and result.state.zone_of("ST06-005") == "field"


def test_bss_8_8_1_3_4_the_printed_cost_when_the_condition_does_not_hold() -> None:
    result = _golem(False)
    assert 0 in result.refusals and result.state.zone_of("ST06-005") == "hand"
