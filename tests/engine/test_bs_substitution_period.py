"""8-9 with 8-1-4-1 and 8-9-2-1: a substitution for a destruction applies only while the period it is
written for holds ("during either attack step: when … would be destroyed"), only to the destruction
it names ("… by your opponent's effect"), and when two apply to one card, the player controlling
that card chooses which. Invented cards, their abilities built as AST nodes."""

from __future__ import annotations

from bs_helpers import act, magic, make, play, spirit

from judge.engine.bs.support import unexecuted
from judge.text.ast import (
    Ability,
    AbilityKind,
    Condition,
    Conditional,
    Destroy,
    Move,
    Player,
    Selector,
)

ME = Selector(count=1, self_ref=True, card_types=("spirit",))
OPP_SPIRIT = Selector(count=1, owner=Player.OPPONENT, card_types=("spirit",))


def _stays(timing: str, by: Selector | None = None, target: Selector = ME) -> Ability:
    """"<timing>: when this spirit would be destroyed [by …], it remains on the field exhausted instead"."""
    would = Condition(kind="would", text="", event="destroyed", selector=target, by=by)
    keep = Move(target=Selector(count=1, self_ref=True, card_types=("spirit",), state="exhausted"), dest="field")
    return Ability(kind=AbilityKind.TRIGGERED, timing=timing, condition=would, effects=(
        Conditional(condition=Condition(kind="substitution", text="instead"), effects=(keep,), instead=True),))


def _board(ab: Ability, *, step: str, a_bp: int = 6000) -> object:
    zap = Ability(kind=AbilityKind.MAGIC, timing="main", effects=(Destroy(target=OPP_SPIRIT),))
    return make("bss", {"x": spirit("X", a_bp), "y": spirit("Y", 3000, color="blue"), "zap": magic("Zap")},
                {"A": {"reserve": 4, "deck": 10, "hand": ["zap"], "field": [{"id": "a1", "card": "x", "cores": 1}]},
                 "B": {"reserve": 2, "deck": 10, "field": [{"id": "b1", "card": "y", "cores": 1}]}},
                step=step, abilities={"y": (ab,), "zap": (zap,)})


def _battle(state: object) -> object:
    out, _ = play(state, {"player": "A", "attack": "a1"}, {"player": "B", "block": "b1"})
    return out


def test_bss_8_1_4_1_a_substitution_written_for_the_attack_step_applies_in_it() -> None:
    state = _battle(_board(_stays("during_either_attack_step"), step="attack"))
    assert state.zone_of("b1") == "field"
    assert state.field_card("b1").orientation.value == "exhausted"


def test_bss_8_1_4_1_a_substitution_written_for_the_attack_step_does_not_apply_in_the_main_step() -> None:
    r = act(_board(_stays("during_either_attack_step"), step="main"), {"player": "A", "magic": "zap", "targets": ["b1"]})
    assert r.ok and r.state.zone_of("b1") == "trash"


def test_bss_8_1_4_1_a_substitution_for_the_opponents_turn_applies_on_the_opponents_turn_only() -> None:
    theirs = act(_board(_stays("during_opponents_turn"), step="main"), {"player": "A", "magic": "zap", "targets": ["b1"]})
    assert theirs.ok and theirs.state.zone_of("b1") == "field"
    mine = act(_board(_stays("during_your_turn"), step="main"), {"player": "A", "magic": "zap", "targets": ["b1"]})
    assert mine.ok and mine.state.zone_of("b1") == "trash"


def test_bss_8_9_1_a_substitution_for_a_destruction_by_the_opponents_effect_is_not_one_in_battle() -> None:
    by_effect = Selector(owner=Player.OPPONENT, unit="effect")
    state = _battle(_board(_stays("during_either_attack_step", by=by_effect), step="attack"))
    assert state.zone_of("b1") == "trash"           # destroyed by the BP comparison, not by an effect
    r = act(_board(_stays("during_opponents_turn", by=by_effect), step="main"),
            {"player": "A", "magic": "zap", "targets": ["b1"]})
    assert r.ok and r.state.zone_of("b1") == "field"


def test_bss_8_9_1_a_substitution_for_destruction_effects_is_not_one_for_zero_bp() -> None:
    """"… by your opponent's destruction effects": a spirit brought to 0 BP is destroyed by the rules
    (9-4-2), not by a destruction effect."""
    by_destruction = Selector(owner=Player.OPPONENT, unit="effect", effect="destruction")
    r = act(_board(_stays("during_opponents_turn", by=by_destruction), step="main"),
            {"player": "A", "magic": "zap", "targets": ["b1"]})
    assert r.ok and r.state.zone_of("b1") == "field"
    state = _battle(_board(_stays("during_either_attack_step", by=by_destruction), step="attack"))
    assert state.zone_of("b1") == "trash"


def test_bss_8_9_2_1_of_two_substitutions_the_player_controlling_the_card_chooses() -> None:
    """Two of B's spirits each keep "one of your spirits" on the field instead: on A's turn, B (whose
    spirit would be destroyed) chooses which applies, not the turn player."""
    mine = Selector(count=1, owner=Player.YOU, card_types=("spirit",))
    zap = Ability(kind=AbilityKind.MAGIC, timing="main", effects=(Destroy(target=OPP_SPIRIT),))
    state = make("bss", {"x": spirit("X"), "y": spirit("Y", color="blue"), "zap": magic("Zap")},
                 {"A": {"reserve": 4, "deck": 10, "hand": ["zap"], "field": [{"id": "a1", "card": "x", "cores": 1}]},
                  "B": {"reserve": 2, "deck": 10, "field": [{"id": "b1", "card": "y", "cores": 1},
                                                             {"id": "b2", "card": "y", "cores": 1}]}},
                 abilities={"y": (_stays("event", target=mine),), "zap": (zap,)})
    r = act(state, {"player": "A", "magic": "zap", "targets": ["b1"]})
    assert r.request is not None and r.request.player == "B", r.request
    assert "8-9-2-1" in r.request.cites and "8-9-3" in r.request.cites


def test_bss_8_1_4_1_coverage_counts_a_substitution_with_its_period_as_run() -> None:
    assert unexecuted(_stays("during_either_attack_step")) == ()
    assert unexecuted(_stays("during_opponents_turn", by=Selector(owner=Player.OPPONENT, unit="effect"))) == ()
    assert unexecuted(_stays("during_a_full_moon")) == ("substitution timing during_a_full_moon",)
