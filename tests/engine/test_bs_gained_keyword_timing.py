"""11-3-1 / 11-6-1: 【Curse】 and 【Luster】 bite only on a spirit's own attack, so "it gains 【Curse】 during
this turn: While This Spirit Attacks" says nothing their rules do not: the gained keyword runs as
printed, and coverage counts it run. A timing that is not the keyword's own is still reported.
Invented cards, their abilities built as AST nodes."""

from __future__ import annotations

from bs_helpers import act, magic, make, play, spirit

from judge.engine.bs.support import unexecuted
from judge.text.ast import Ability, AbilityKind, Duration, Gain, Keyword, Player, Selector

MINE = Selector(count=1, owner=Player.YOU, card_types=("spirit",))


def _hex(name: str, timing: str | None) -> Ability:
    return Ability(kind=AbilityKind.MAGIC, timing="main", effects=(
        Gain(target=MINE, keyword=Keyword(name), duration=Duration.TURN, timing=timing),))


def test_bss_11_3_1_a_curse_gained_while_attacking_destroys_the_blocker_at_the_end_of_the_battle() -> None:
    state = make("bss", {"x": spirit("X", 3000), "y": spirit("Y", 5000, color="blue"), "hex": magic("Hex")},
                 {"A": {"reserve": 4, "deck": 10, "hand": ["hex"], "field": [{"id": "a1", "card": "x", "cores": 1}]},
                  "B": {"reserve": 2, "deck": 10, "field": [{"id": "b1", "card": "y", "cores": 1}]}},
                 abilities={"hex": (_hex("Curse", "while_attacks"),)})
    r = act(state, {"player": "A", "magic": "hex", "targets": ["a1"]})
    assert r.ok, (r.refused, r.request)
    r = act(r.state, {"player": "A", "end_step": True})          # main → attack step
    final, rulings = play(r.state, {"player": "A", "attack": "a1"}, {"player": "B", "block": "b1"})
    assert final.zone_of("a1") == "trash" and final.zone_of("b1") == "trash"
    assert any("11-3-1" in x.cites for x in rulings)


def test_bss_11_6_1_coverage_counts_curse_and_luster_gained_while_attacking_as_run() -> None:
    assert unexecuted(_hex("Curse", "while_attacks")) == ()
    assert unexecuted(_hex("Luster", "while_attacks")) == ()


def test_bss_11_3_1_a_timing_that_is_not_the_keywords_own_is_still_reported() -> None:
    assert unexecuted(_hex("Curse", "while_blocks")) == ("keyword Curse gained at the timing while_blocks",)
