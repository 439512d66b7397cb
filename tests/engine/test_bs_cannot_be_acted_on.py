"""Restrictions on what may be done to a card ("cannot be exhausted / returned to the hand or deck by
your opponent's effects"): where an effect would do it, it does not happen to that card, since
"cannot" wins (Saga 1-3-3); the rest of the effect happens. Real cards named by number, loaded from
../shared/corpus at test time (skipped without it), beside invented cards of our own."""

from __future__ import annotations

from tests.engine.bs_corpus import CORPUS_MISSING, held, run

pytestmark = CORPUS_MISSING

OURS = {
    "tide": {"name": "Test Tide", "type": "magic", "colors": ["red"], "cost": 1, "reduction": ["red"], "symbols": [],
             "text": "[Main] Exhaust all of your opponent's spirits."},
    "recall": {"name": "Test Recall", "type": "magic", "colors": ["blue"], "cost": 1, "reduction": ["blue"],
               "symbols": [], "text": "[Main] Return all of your opponent's spirits to their owner's hand."},
    "shade": {"name": "Test Shade", "type": "spirit", "colors": ["purple"], "cost": 1, "reduction": ["purple"],
              "symbols": ["purple"], "families": ["Shadow"], "levels": {1: {"cores": 1, "bp": 1000}}, "text": ""},
    "pup": {"name": "Test Pup", "type": "spirit", "colors": ["green"], "cost": 1, "reduction": ["green"],
            "symbols": ["green"], "families": ["Beast"], "levels": {1: {"cores": 1, "bp": 1000}}, "text": ""},
}


def test_bss_1_3_3_shadow_spirits_that_cannot_be_exhausted_by_the_opponent_stay_refreshed() -> None:
    """City of Shadows (BSS04-106) at LV2, in B's turn: B's effect exhausting all of A's spirits exhausts
    A's Beast but not A's Shadow spirit."""
    result = run({"A": {"reserve": 0, "deck": 10, "field": [{"id": "city", "card": "BSS04-106", "cores": 2},
                                                            {"id": "s1", "card": "shade", "cores": 1},
                                                            {"id": "p1", "card": "pup", "cores": 1}]},
                  "B": {"reserve": 1, "deck": 10, "hand": ["tide"]}},
                 [{"player": "B", "magic": "tide"}],
                 [{"card": "s1", "state": "refreshed"}, {"card": "p1", "state": "exhausted"}, {"cites": ["1-3-3"]}],
                 player="B", cards=OURS)
    assert result.ok, (held(result), result.why)


def test_bss_1_3_3_in_its_owners_opponents_turn_the_opponents_effect_cannot_exhaust_them() -> None:
    """B's City of Shadows in A's turn (B's opponent's turn): A's effect exhausting all of B's spirits
    leaves B's Shadow spirit refreshed and exhausts B's Beast."""
    result = run({"A": {"reserve": 1, "deck": 10, "hand": ["tide"]},
                  "B": {"reserve": 0, "deck": 10, "field": [{"id": "city", "card": "BSS04-106", "cores": 2},
                                                            {"id": "s1", "card": "shade", "cores": 1},
                                                            {"id": "p1", "card": "pup", "cores": 1}]}},
                 [{"player": "A", "magic": "tide"}],
                 [{"card": "s1", "state": "refreshed"}, {"card": "p1", "state": "exhausted"}], player="A", cards=OURS)
    assert result.ok, (held(result), result.why)


def test_bss_1_3_3_at_lv1_the_nexus_bars_nothing() -> None:
    """City of Shadows with no core (LV1): its LV2 restriction is not active, so the Shadow spirit is
    exhausted."""
    result = run({"A": {"reserve": 0, "deck": 10, "field": [{"id": "city", "card": "BSS04-106", "cores": 0},
                                                            {"id": "s1", "card": "shade", "cores": 1}]},
                  "B": {"reserve": 1, "deck": 10, "hand": ["tide"]}},
                 [{"player": "B", "magic": "tide"}],
                 [{"card": "s1", "state": "exhausted"}], player="B", cards=OURS)
    assert result.ok, (held(result), result.why)


def test_bss_1_3_3_exhausted_spirits_that_cannot_be_returned_stay_on_the_field() -> None:
    """Horned General Tricera Warrior (BSS04-007): A's exhausted spirits cannot be returned to the hand
    or deck by B's effects; B's effect returning all of A's spirits at once returns the refreshed ones
    (the Warrior itself among them) and not the exhausted one: the restriction is read before any of
    them leaves."""
    result = run({"A": {"reserve": 0, "deck": 10, "field": [{"id": "tw", "card": "BSS04-007", "cores": 1},
                                                            {"id": "p1", "card": "pup", "cores": 1,
                                                             "state": "exhausted"},
                                                            {"id": "p2", "card": "pup", "cores": 1}]},
                  "B": {"reserve": 1, "deck": 10, "hand": ["recall"]}},
                 [{"player": "B", "magic": "recall"}],
                 [{"card": "p1", "zone": "field"}, {"card": "p2", "zone": "hand"}, {"card": "tw", "zone": "hand"},
                  {"cites": ["1-3-3"]}], player="B", cards=OURS)
    assert result.ok, (held(result), result.why)
