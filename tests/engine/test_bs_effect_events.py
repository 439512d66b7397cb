"""Events whose subject is the effect performing them (8-6-1): "when one of your effects exhausts one of
your opponent's spirits", "when an effect on one of your Angel spirits discards a card from your
opponent's deck", and 【Crush】's discard as the attacking spirit's effect (11-11-1). Real Battle Spirits
Saga cards (training sets of ../shared/corpus, by number); skipped when the corpus is absent."""

from __future__ import annotations

from bs_corpus import CORPUS_MISSING, held, run

pytestmark = CORPUS_MISSING


def _sanctuary(actions: list[dict]) -> object:
    """A controls Emerald Sanctuary (BSS03-114) at LV2 and Fairy Flautist (BSS01-096, 2000 BP), which
    attacks; B has Carrybara (BSS02-048) refreshed."""
    return run({"A": {"reserve": 5, "deck": 10, "hand": ["ST05-015"],
                      "field": [{"id": "a1", "card": "BSS01-096", "cores": 1},
                                {"id": "n", "card": "BSS03-114", "cores": 1}]},
                "B": {"reserve": 0, "deck": 10, "field": [{"id": "b1", "card": "BSS02-048", "cores": 1}]}},
               [{"player": "A", "attack": "a1"}, *actions], [], step="attack")


def test_bss_8_6_1_one_of_your_effects_exhausting_an_opposing_spirit_sets_off_the_watcher() -> None:
    """A uses Needle Shot (ST05-015) in the flash window on b1: A's effect exhausted it, so the
    Sanctuary's effect activates and A's selected spirit gains 2000 BP."""
    result = _sanctuary([{"player": "A", "magic": "ST05-015", "effect": "flash", "targets": ["b1", "a1"]}])
    assert not result.refusals, result.refusals
    assert result.state.field_card("b1").orientation.value == "exhausted"
    from judge.engine.bs import derive

    assert derive.bp(result.state, "a1").value == 4000
    assert "8-6-1" in result.cites or "8-6-2" in result.cites


def test_bss_8_6_1_a_spirit_exhausted_by_blocking_is_not_exhausted_by_an_effect() -> None:
    """B blocks with b1: the rules exhaust the blocker (7-1-3-1), no effect does; nothing activates (no
    selection is asked) and the two 2000 BP spirits destroy each other."""
    result = _sanctuary([{"player": "B", "block": "b1"}])
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    assert result.state.zone_of("a1") == "trash" and result.state.zone_of("b1") == "trash"


def _angels(attacker: str) -> object:
    """A's attacker (9th Angel CB01-048 with the soul core, or Block Golem BSS03-090 with 【Crush】)
    discards from B's deck; A's 13th Angel (CB01-046) watches effects on A's Angel spirits doing so."""
    field = [{"id": "atk", "card": attacker, "cores": 1},
             {"id": "t13", "card": "CB01-046", "cores": 1}]
    return run({"A": {"reserve": 0, "deck": 10, "soul_core": "atk" if attacker == "CB01-048" else "reserve",
                      "field": field},
                "B": {"reserve": 0, "deck": 10}},
               [{"player": "A", "attack": "atk", "targets": ["t13"]}],
               [], step="attack")


def test_bss_8_6_1_an_effect_on_an_angel_discarding_from_the_opponents_deck_sets_off_the_watcher() -> None:
    result = _angels("CB01-048")
    assert not held(result), held(result)
    assert result.state.players["B"].deck.__len__() == 7
    assert result.state.field_card("t13").cores == 2, result.state.field_card("t13")


def test_bss_8_6_1_an_effect_on_a_spirit_of_another_family_does_not() -> None:
    """Block Golem's 【Crush】 discards one card from B's deck (LV1, 11-11-3): an effect on a Golem, not on
    an Angel, so the 13th Angel's effect does not activate (the answer offered goes unused)."""
    result = _angels("BSS03-090")
    assert len(result.state.players["B"].deck) == 9
    assert result.state.field_card("t13").cores == 1


def test_bss_11_11_1_crush_discards_are_the_attacking_spirits_effect() -> None:
    """Block Golem (BSS03-090, LV1) attacks: 【Crush】 discards B's top card, Discontinue (BSS03-126), whose
    effect watching a discard from its owner's deck by the opponent's effect returns it to B's hand."""
    result = run({"A": {"reserve": 0, "deck": 10, "field": [{"id": "g", "card": "BSS03-090", "cores": 1}]},
                  "B": {"reserve": 0, "deck": ["BSS03-126", "BSS02-048", "BSS02-048"]}},
                 [{"player": "A", "attack": "g"}], [{"card": "BSS03-126", "zone": "hand"}, {"player": "B", "deck": 2}],
                 step="attack")
    assert not held(result), held(result)
    assert "11-11-1" in result.cites


# ── 8-6-1: "your opponent uses one of their effects to place a core from the void onto a spirit or into
#    their reserve": met by a placement from that area by that player's effect, not by the rules ──
def test_bss_8_6_1_the_opponents_effect_placing_a_core_from_the_void_onto_a_spirit_is_watched() -> None:
    """B controls City of Shadows (BSS04-106, LV1). A's 9th Angel discards from B's deck and A's 13th Angel
    (CB01-046) places a core from the void onto it: A's effect, from the void, onto a spirit, so the City's
    effect places a core from the void onto the City."""
    result = run({"A": {"reserve": 0, "deck": 10, "soul_core": "atk",
                        "field": [{"id": "atk", "card": "CB01-048", "cores": 1},
                                  {"id": "t13", "card": "CB01-046", "cores": 1}]},
                  "B": {"reserve": 0, "deck": 10, "field": [{"id": "city", "card": "BSS04-106", "cores": 0}]}},
                 [{"player": "A", "attack": "atk", "targets": ["t13"]}], [], step="attack")
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    assert result.state.field_card("t13").cores == 2
    assert result.state.field_card("city").cores == 1


def test_bss_8_6_1_cores_the_rules_move_to_a_reserve_are_not_placed_by_an_effect() -> None:
    """A's Fairy Flautist (BSS01-096) attacks and B's Carrybara (BSS02-048) blocks: both are destroyed
    and their cores go to the reserves by the rules (10-1-3-4), not from the void by A's effect."""
    result = run({"A": {"reserve": 0, "deck": 10, "field": [{"id": "a1", "card": "BSS01-096", "cores": 1}]},
                  "B": {"reserve": 0, "deck": 10, "field": [{"id": "b1", "card": "BSS02-048", "cores": 1},
                                                            {"id": "city", "card": "BSS04-106", "cores": 0}]}},
                 [{"player": "A", "attack": "a1"}, {"player": "B", "block": "b1"}], [], step="attack")
    assert not result.refusals, result.refusals
    assert result.state.zone_of("a1") == "trash" and result.state.players["A"].reserve == 1
    assert result.state.field_card("city").cores == 0


# ── 10-6-1 / 10-11-1: a "When This Spirit is Summoned or Attacks" effect activates on either event ──
def _eva08(actions: list[dict], step: str) -> object:
    """A's EVA-08γ -Extra Four-in-One State- (CB01-035) exhausts one of B's spirits when summoned or when
    it attacks (no Mari nexus: nothing more)."""
    field = [] if step == "main" else [{"id": "CB01-035", "card": "CB01-035", "cores": 1}]
    return run({"A": {"reserve": 8, "deck": 10, "hand": ["CB01-035"] if step == "main" else [], "field": field},
                "B": {"reserve": 0, "deck": 10, "field": [{"id": "b1", "card": "BSS02-048", "cores": 1}]}},
               actions, [{"card": "b1", "state": "exhausted"}], step=step)


def test_bss_10_6_1_a_summoned_or_attacks_effect_activates_when_summoned() -> None:
    result = _eva08([{"player": "A", "summon": "CB01-035"}], "main")
    assert not held(result) and not result.refusals, (held(result), result.refusals)


def test_bss_10_11_1_a_summoned_or_attacks_effect_activates_when_it_attacks() -> None:
    result = _eva08([{"player": "A", "attack": "CB01-035"}], "attack")
    assert not held(result) and not result.refusals, (held(result), result.refusals)


# ── 8-6-1: "when you have 3 or fewer life and you reduce your opponent's life": the event, in a situation ──
def _life_draw(life: int) -> object:
    """A's BSS02-005 at LV3 attacks and B takes the hit; A has `life` life."""
    return run({"A": {"life": life, "reserve": 0, "deck": 10, "field": [{"id": "d", "card": "BSS02-005", "cores": 10}]},
                "B": {"reserve": 0, "life": 5, "deck": 10}},
               [{"player": "A", "attack": "d"}, {"player": "B", "no_block": True}], [], step="attack")


def test_bss_8_6_1_the_event_in_the_situation_it_names_activates_the_effect() -> None:
    result = _life_draw(3)
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    assert result.state.players["B"].life < 5 and len(result.state.players["A"].hand) == 2


def test_bss_8_6_1_the_event_outside_that_situation_does_not() -> None:
    result = _life_draw(5)
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    assert result.state.players["B"].life < 5 and len(result.state.players["A"].hand) == 0
