"""What effects change about 【Link】 (Saga 11-18-3, 1-3-3, 8-8-1-3-4), on real cards of the training sets
(../shared/corpus, by number): a spirit that "may be linked with up to two spirits with 【Link】" takes a
second link where the rule allows one; "treat this spirit as though it costs 5" is the cost a
【Link: 5】 condition reads. Skipped when the corpus is absent."""

from __future__ import annotations

from bs_corpus import CORPUS_MISSING, held, run

from judge.engine.bs import derive

pytestmark = CORPUS_MISSING

#: an invented cost-6 attacker with no effect
KNIGHT = {"name": "Bond Knight", "type": "spirit", "colors": ["blue"], "cost": 6, "reduction": ["blue"],
          "symbols": ["blue"], "families": ["Warrior"], "levels": {1: {"cores": 1, "bp": 6000}}, "text": ""}


def _attack(attacker: dict, field: list[dict], answers: list, expect: list[dict]):
    return run({"A": {"reserve": 0, "deck": 10, "field": [attacker, *field]}, "B": {"reserve": 0, "deck": 10}},
               [{"player": "A", "attack": "a1", "targets": answers}], expect, step="attack",
               cards={"knight": KNIGHT})


LINKERS = [{"id": "l1", "card": "BSS06-073", "cores": 1}, {"id": "l2", "card": "BSS06-004", "cores": 1}]


def test_bss_1_3_3_a_spirit_that_may_be_linked_with_two_takes_both_links() -> None:
    """Lightguider BSS06-002 (cost 7): during A's attack step it may be linked with up to two 【Link】
    spirits; both of A's 【Link: 5】 spirits link to it (A declines the Hydra's own "When This Spirit
    Links")."""
    result = _attack({"id": "a1", "card": "BSS06-002", "cores": 1}, LINKERS, [["l2", "l1"], "yes", "yes", "no"],
                     [{"card": "l1", "state": "exhausted"}, {"card": "l2", "state": "exhausted"}])
    assert not held(result), held(result)
    assert len(derive.linked_from(result.state, "a1")) == 2


def test_bss_11_18_3_without_such_an_effect_the_second_link_cannot_link() -> None:
    result = _attack({"id": "a1", "card": "knight", "cores": 1}, LINKERS, [["l1", "l2"], "yes", "no"],
                     [{"card": "a1", "state": "exhausted"}])
    assert not held(result), held(result)
    assert len(derive.linked_from(result.state, "a1")) == 1
    assert any("11-18-3" in s.step.cites for s in result.steps)


def test_bss_8_8_1_3_4_a_spirit_treated_as_costing_5_meets_link_5() -> None:
    """Android BSS06-054 (cost 3) is treated as costing 5 during either attack step: Gandharan Hydra's
    【Link: 5】 (BSS06-073) may link to it."""
    result = _attack({"id": "a1", "card": "BSS06-054", "cores": 1}, LINKERS[:1], ["yes", "no"],
                     [{"card": "l1", "state": "exhausted"}])
    assert not held(result), held(result)
    assert derive.linked_from(result.state, "a1")


def _block(cores: int, answers: list):
    """A's knight attacks; B blocks with Outraged Max (BSS06-054, treated as costing 5 in attack steps;
    at LV2 its spirits can be linked when blocking) beside Gandharan Hydra (BSS06-073, 【Link: 5】)."""
    return run({"A": {"reserve": 0, "deck": 10, "field": [{"id": "a1", "card": "knight", "cores": 1}]},
                "B": {"reserve": 0, "deck": 10, "field": [{"id": "b1", "card": "BSS06-054", "cores": cores},
                                                          {"id": "l1", "card": "BSS06-073", "cores": 1}]}},
               [{"player": "A", "attack": "a1"}, {"player": "B", "block": "b1", "targets": answers}], [],
               step="attack", cards={"knight": KNIGHT})


def test_bss_1_3_3_a_spirit_that_can_be_linked_when_blocking_is_linked_to() -> None:
    """Linked, Max has the Hydra's BP in the battle (4000 + 3000) and destroys the 6000 BP knight; the
    link ends with the battle (11-18-1)."""
    result = _block(3, ["yes", "no"])
    assert any("linked to b1" in s.step.text and "11-18-1" in s.step.cites for s in result.steps)
    assert result.state.zone_of("a1") == "trash"


def test_bss_11_18_1_without_that_effect_a_block_sets_off_no_link() -> None:
    result = _block(1, [])          # LV1: the permission is a LV2 effect
    assert result.state.zone_of("b1") == "trash"
    assert not any("【Link】 activates" in s.step.text for s in result.steps)


def _regardless(answers: list):
    """BSS06-060 (cost 2) attacks beside Gandharan Hydra (BSS06-073, 【Link: 5】, which a cost-2 attacker
    does not meet); its "When This Spirit Attacks" lets one spirit link with it regardless."""
    return run({"A": {"reserve": 0, "deck": 10, "field": [{"id": "a1", "card": "BSS06-060", "cores": 1},
                                                         {"id": "l1", "card": "BSS06-073", "cores": 1}]},
                "B": {"reserve": 0, "deck": 10}},
               [{"player": "A", "attack": "a1", "targets": answers}], [], step="attack")


def test_bss_1_3_3_one_spirit_may_link_regardless_of_its_link_conditions() -> None:
    result = _regardless(["yes", "no"])
    assert [fc.id for fc in derive.linked_from(result.state, "a1")] == ["l1"]
    assert not any("【Link】 activates" in s.step.text for s in result.steps)     # its own condition is unmet


def test_bss_8_1_8_the_link_regardless_is_the_player_s_choice() -> None:
    result = _regardless(["no"])
    assert not derive.linked_from(result.state, "a1")
    assert result.state.field_card("l1").orientation.value == "refreshed"
