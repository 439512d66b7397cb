"""【Link】 and what cards say about a link (Saga 11-18), played on real cards of the training sets
(../shared/corpus, by number) beside invented attackers: "When This Spirit Links", "While This Spirit
is Linked", "the linked spirit", "your linked spirits", "if this spirit is linked". Skipped when the
corpus is absent."""

from __future__ import annotations

from bs_corpus import CORPUS_MISSING, held, run

from judge.engine.bs import derive
from judge.engine.scenario import Result

pytestmark = CORPUS_MISSING

#: an invented cost-6 attacker (every 【Link: N】 of the cards below asks a cost of N or more)
KNIGHT = {"name": "Bond Knight", "type": "spirit", "colors": ["blue"], "cost": 6, "reduction": ["blue"],
          "symbols": ["blue"], "families": ["Warrior"], "levels": {1: {"cores": 1, "bp": 6000}}, "text": ""}


def _attack(field: list[dict], answers: list[str], expect: list[dict]) -> Result:
    """A attacks with a1 (the knight) in its attack step; `answers` answer the link and what follows."""
    return run({"A": {"reserve": 0, "deck": 10, "field": [{"id": "a1", "card": "knight", "cores": 1}, *field]},
                "B": {"reserve": 0, "deck": 10}},
               [{"player": "A", "attack": "a1", "targets": answers}], expect, step="attack",
               cards={"knight": KNIGHT})


def test_bss_11_18_1_when_this_spirit_links_resolves_once_the_link_is_made() -> None:
    """Gandharan Hydra (BSS06-073) links to the attacker; its "When This Spirit Links" then lets A
    exhaust a nexus (BSS06-087) to refresh the linked spirit: the attacker, not the Hydra."""
    result = _attack([{"id": "a2", "card": "BSS06-073", "cores": 1}, {"id": "n1", "card": "BSS06-087"}],
                     ["yes", "yes"],
                     [{"card": "a2", "state": "exhausted"}, {"card": "n1", "state": "exhausted"},
                      {"card": "a1", "state": "refreshed", "cites": ["11-18-1"]}])
    assert not held(result), held(result)


def test_bss_11_18_1_no_link_no_links_effect() -> None:
    """A declines the link: the Hydra's "When This Spirit Links" does not activate."""
    result = _attack([{"id": "a2", "card": "BSS06-073", "cores": 1}, {"id": "n1", "card": "BSS06-087"}],
                     ["no"],
                     [{"card": "a2", "state": "refreshed"}, {"card": "n1", "state": "refreshed"},
                      {"card": "a1", "state": "exhausted"}])
    assert not held(result), held(result)


def test_bss_11_18_1_your_linked_spirits_are_the_two_spirits_of_a_link() -> None:
    """Heavenly Fire Takamagahara (BSS06-087): during A's attack step A's linked spirits gain 2000 BP;
    a third spirit of A, in no link, gains nothing."""
    result = _attack([{"id": "a2", "card": "BSS06-073", "cores": 1}, {"id": "n1", "card": "BSS06-087"},
                      {"id": "a3", "card": "knight", "cores": 1}],
                     ["yes", "no"], [{"card": "a3", "bp": 6000}, {"card": "a2", "bp": 5000}])
    assert not held(result), held(result)


def test_bss_11_18_1_while_this_spirit_is_linked_the_other_spirit_gains_the_keyword() -> None:
    """Spearbeast Ballista (BSS06-004): while it is linked, the spirit linked with it (the attacker)
    gains 【Confront】; the Ballista itself does not."""
    result = _attack([{"id": "a2", "card": "BSS06-004", "cores": 1}], ["yes"], [{"card": "a2", "state": "exhausted"}])
    assert not held(result), held(result)
    assert derive.keyword(result.state, "a1", "Confront")
    assert not derive.keyword(result.state, "a2", "Confront")


def test_bss_11_18_4_unlinked_the_keyword_is_not_gained() -> None:
    result = _attack([{"id": "a2", "card": "BSS06-004", "cores": 1}], ["no"], [{"card": "a2", "state": "refreshed"}])
    assert not held(result), held(result)
    assert not derive.keyword(result.state, "a1", "Confront")


def _mihotsu(link: str) -> Result:
    """VR Administrator Mihotsu-hime (BSS06-044, LV2, cost 5) attacks beside Gandharan Hydra (BSS06-073,
    【Link: 5】); while attacking, if it is linked, it gains 【Astral】."""
    return run({"A": {"reserve": 0, "deck": 10, "field": [{"id": "a1", "card": "BSS06-044", "cores": 2},
                                                         {"id": "a2", "card": "BSS06-073", "cores": 1}]},
                "B": {"reserve": 0, "deck": 10}},
               [{"player": "A", "attack": "a1", "targets": [link, "no"]}], [], step="attack")


def test_bss_11_18_1_if_this_spirit_is_linked_is_its_state_now() -> None:
    result = _mihotsu("yes")
    assert not result.refusals, result.refusals
    assert derive.is_linked(result.state, "a1") and derive.keyword(result.state, "a1", "Astral")


def test_bss_11_18_1_a_spirit_in_no_link_is_not_linked() -> None:
    result = _mihotsu("no")
    assert not result.refusals, result.refusals
    assert not derive.is_linked(result.state, "a1") and not derive.keyword(result.state, "a1", "Astral")
