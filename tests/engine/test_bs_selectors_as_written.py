"""What a selector and an event condition say, read as written (Saga 8-5-3: an effect acts on the cards it
describes, and on no others): "without 【Ascend】", "that are not red", "except blue Angel spirits",
"a spirit with Curse or Bloodcurse", "this spirit or one of your Skybinder spirits". Each was once
read and reported executed while the engine ignored it. Real cards of the training sets, by number;
skipped when the corpus is absent."""

from __future__ import annotations

from bs_corpus import CORPUS, CORPUS_MISSING, held, run

pytestmark = CORPUS_MISSING


def test_bss_8_5_3_destroy_all_nexuses_that_are_not_red_leaves_the_red_one() -> None:
    """Generate Fire (BSS05-116, Main): destroy all nexuses costing 3 or fewer that are not red."""
    result = run({"A": {"reserve": 6, "deck": 10, "hand": ["BSS05-116"]},
                  "B": {"reserve": 0, "deck": 10, "field": [{"id": "red", "card": "BSS03-106"},
                                                            {"id": "purple", "card": "BSS03-108"}]}},
                 [{"player": "A", "magic": "BSS05-116", "targets": ["main"]}],
                 [{"card": "red", "zone": "field"}, {"card": "purple", "zone": "trash"}])
    assert not held(result), held(result)


def test_bss_8_5_3_destroy_all_spirits_except_blue_angels() -> None:
    """Second Impact (CB01-080, Main): every spirit but the blue Angel (CB01-046) is destroyed; the
    yellow Angel (BSS01-080) is not blue, so it is not spared."""
    result = run({"A": {"reserve": 9, "deck": 10, "hand": ["CB01-080"]},
                  "B": {"reserve": 0, "deck": 10, "field": [{"id": "blue", "card": "CB01-046", "cores": 1},
                                                            {"id": "yellow", "card": "BSS01-080", "cores": 1}]}},
                 [{"player": "A", "magic": "CB01-080", "targets": ["main"]}],
                 [{"card": "blue", "zone": "field"}, {"card": "yellow", "zone": "trash"}])
    assert not held(result), held(result)


def test_bss_8_5_3_a_spirit_that_does_not_have_ascend_is_the_only_choice() -> None:
    """Dinosaur Harrier Turborex (BSS01-059, LV2) attacks: B's Siegwurm Nova (BSS01-001, 【Ascend】) cannot
    be selected; B's other spirit is returned to B's hand."""
    result = run({"A": {"reserve": 0, "deck": 10, "field": [{"id": "t", "card": "BSS01-059", "cores": 3}]},
                  "B": {"reserve": 0, "deck": 10, "field": [{"id": "nova", "card": "BSS01-001", "cores": 1},
                                                            {"id": "plain", "card": "BSS01-011", "cores": 1}]}},
                 [{"player": "A", "attack": "t"}],
                 [{"card": "nova", "zone": "field"}, {"card": "plain", "zone": "hand"}], step="attack")
    assert not held(result), held(result)


def test_bss_8_5_3_curse_or_bloodcurse_either_keyword_qualifies() -> None:
    """King Snake Quetzalcutl (BSS01-027): When Summoned, a spirit with Curse or Bloodcurse returns from
    the trash to the hand; the only one there has 【Bloodcurse】 (BSS01-026)."""
    result = run({"A": {"reserve": 6, "deck": 10, "hand": ["BSS01-027"], "trash": ["BSS01-026", "BSS01-011"]},
                  "B": {"reserve": 0, "deck": 10}},
                 [{"player": "A", "summon": "BSS01-027"}],
                 [{"card": "BSS01-026", "zone": "hand"}, {"card": "BSS01-011", "zone": "trash"}])
    assert not held(result), held(result)


def test_bss_8_1_5_1_this_spirit_or_one_of_your_skybinders_attacks() -> None:
    """Rasal Asclepius (BSS05-018, LV2, A's attack step): when one of A's Skybinder spirits (BSS05-037)
    attacks, not only the Asclepius itself, a core of B's spirit goes to B's reserve."""
    result = run({"A": {"reserve": 0, "deck": 10, "field": [{"id": "r", "card": "BSS05-018", "cores": 3},
                                                           {"id": "s", "card": "BSS05-037", "cores": 1}]},
                  "B": {"reserve": 0, "deck": 10, "field": [{"id": "b", "card": "BSS01-011", "cores": 2}]}},
                 [{"player": "A", "attack": "s"}],
                 [{"card": "b", "cores": 1}, {"player": "B", "reserve": 1}], step="attack")
    assert not held(result), held(result)


def test_bss_8_5_3_a_nexus_that_costs_3_or_4_is_the_only_choice() -> None:
    """Water Dragon King Levia (BSS03-002), A's attack step: when a spirit of A with 【Awaken】 (Siegwurm
    Nova, BSS01-001) reduces B's life, a nexus of B costing 3 or 4 is destroyed: Amethyst Sanctuary
    (cost 2, BSS03-108) cannot be selected, so Ancient Amethyst Palace (cost 3, BSS01-107) is."""
    result = run({"A": {"reserve": 0, "deck": 10, "field": [{"id": "d", "card": "BSS03-002", "cores": 1},
                                                           {"id": "n", "card": "BSS01-001", "cores": 1}]},
                  "B": {"reserve": 0, "deck": 10, "life": 5,
                        "field": [{"id": "two", "card": "BSS03-108"}, {"id": "three", "card": "BSS01-107"}]}},
                 [{"player": "A", "attack": "n"}, {"player": "B", "no_block": True}],
                 [{"card": "two", "zone": "field"}, {"card": "three", "zone": "trash"}], step="attack")
    assert not held(result), held(result)


def _names(top: list[str]) -> object:
    """Valkyries Calista & Lyra (PR-072, LV2) attacks: five cards are discarded from the top of A's deck; if they all
    have different card names, its symbol is treated as three white symbols during the battle."""
    return run({"A": {"reserve": 0, "deck": {"top": top, "count": 10},
                      "field": [{"id": "h", "card": "PR-072", "cores": 3}]},
                "B": {"reserve": 0, "deck": 10, "life": 5}},
               [{"player": "A", "attack": "h"}, {"player": "B", "no_block": True}], [], step="attack")


def test_bss_2_1_five_different_card_names() -> None:
    result = _names(["BSS01-010", "BSS01-011", "BSS01-012", "BSS01-018", "BSS01-020"])
    assert not result.refusals, result.refusals
    assert result.state.players["B"].life == 2


def test_bss_2_1_two_cards_of_one_name_are_not_all_different() -> None:
    result = _names(["BSS01-010", "BSS01-011", "BSS01-010", "BSS01-018", "BSS01-020"])
    assert not result.refusals, result.refusals
    assert result.state.players["B"].life == 4


def _nerv_battle(blocker: str) -> object:
    """EVA-02 -Engagement Complete- (ST07-002, LV2) watches A's attack step: when a battle with one of A's
    NERV spirits ends with that NERV spirit still on the field, A draws a card. Evangelion Mark.04A
    (CB01-026, NERV, 2000 BP) attacks and `blocker` blocks."""
    return run({"A": {"reserve": 0, "deck": 10, "field": [{"id": "eva", "card": "ST07-002", "cores": 3},
                                                         {"id": "mk4", "card": "CB01-026", "cores": 1}]},
                "B": {"reserve": 0, "deck": 10, "field": [{"id": "b", "card": blocker, "cores": 1}]}},
               [{"player": "A", "attack": "mk4"}, {"player": "B", "block": "b"}], [], step="attack")


def test_bss_7_1_6_the_nerv_spirit_survives_its_battle_so_a_draws() -> None:
    result = _nerv_battle("BSS01-010")          # 1000 BP: it is destroyed, the attacker is not
    assert not result.refusals, result.refusals
    assert result.state.zone_of("mk4") == "field" and len(result.state.players["A"].hand) == 1


def test_bss_7_1_6_the_nerv_spirit_destroyed_in_its_battle_draws_nothing() -> None:
    result = _nerv_battle("BSS01-012")          # 5000 BP: the attacker is destroyed
    assert not result.refusals, result.refusals
    assert result.state.zone_of("mk4") == "trash" and len(result.state.players["A"].hand) == 0


def _depth_charge(top: list[str]) -> object:
    """BSS03-137 (Main): discard the top four cards of B's deck; when a magic card is discarded by this
    effect, A places a core from the void onto one of A's spirits (the only one: Oviraptodon)."""
    return run({"A": {"reserve": 9, "deck": 10, "hand": ["BSS03-137"],
                      "field": [{"id": "o", "card": "BSS01-010", "cores": 1}]},
                "B": {"reserve": 0, "deck": {"top": top, "count": 10}}},
               [{"player": "A", "magic": "BSS03-137", "targets": ["main"]}], [])


def test_bss_1_3_7_a_magic_card_among_those_this_effect_discarded() -> None:
    result = _depth_charge(["BSS01-011", "BSS01-117", "BSS01-012", "BSS01-018"])
    assert not result.refusals, result.refusals
    assert result.state.field_card("o").cores == 2


def test_bss_1_3_7_no_magic_card_discarded_no_core() -> None:
    result = _depth_charge(["BSS01-011", "BSS01-010", "BSS01-012", "BSS01-018"])
    assert not result.refusals, result.refusals
    assert result.state.field_card("o").cores == 1


def test_bss_2_4_a_magic_card_with_two_or_more_colors() -> None:
    """BSS05-048: When Summoned, a magic card with two or more colours returns from A's trash to A's
    hand: BSS05-118 (red and purple) can be, the one-colour BSS01-117 cannot."""
    result = run({"A": {"reserve": 7, "deck": 10, "hand": ["BSS05-048"], "trash": ["BSS01-117", "BSS05-118"]},
                  "B": {"reserve": 0, "deck": 10}},
                 [{"player": "A", "summon": "BSS05-048"}],
                 [{"card": "BSS05-118", "zone": "hand"}, {"card": "BSS01-117", "zone": "trash"}])
    assert not held(result), held(result)


def _radiance(spirits: int) -> object:
    """Ruby Radiance (EX01-006, Main): a spirit gains 2000 BP; A draws a card if A has three or more red
    symbols (2-8: the symbols on A's field). Each Oviraptodon (BSS01-010) has one red symbol."""
    field = [{"id": f"o{i}", "card": "BSS01-010", "cores": 1} for i in range(spirits)]
    return run({"A": {"reserve": 2, "deck": 10, "hand": ["EX01-006"], "field": field},
                "B": {"reserve": 0, "deck": 10}},
               [{"player": "A", "magic": "EX01-006", "targets": ["o0"]}], [])


def test_bss_2_8_three_red_symbols_on_the_field_draw() -> None:
    result = _radiance(3)
    assert not result.refusals, result.refusals
    assert len(result.state.players["A"].hand) == 1


def test_bss_2_8_two_red_symbols_do_not() -> None:
    result = _radiance(2)
    assert not result.refusals, result.refusals
    assert len(result.state.players["A"].hand) == 0


def test_bss_4_6_for_each_symbol_on_one_card_is_said_not_executed() -> None:
    """"for each symbol they have" (each spirit its own, BSS04-104) counts each card's own symbols, which
    the engine does not: said so, not run as the player's symbols; "for each symbol on the destroyed
    spirit" (BSS06-077) is counted (targets.symbols_on, test_bs_symbols_on_a_card.py)."""
    from judge.cards.importers import read_cards
    from judge.engine.support import unexecuted
    from judge.text.parse import parse_text

    cards = {c.number: c for c in read_cards(CORPUS, "bss", None)}
    for number, said in (("BSS04-104", True), ("BSS06-077", False)):
        card = cards[number]
        gaps = [g for ab in parse_text(card.text, "bss", name=card.name).abilities for g in unexecuted("bss", ab)]
        assert ("for each symbol on a card" in gaps) is said, (number, gaps)
