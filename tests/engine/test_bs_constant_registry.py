"""8-1-4 / 8-1-4-1: constant effects are declared in a registry as effect handlers are (the fields each
maker reads, the shapes it refuses), so what coverage counts as run is what the board applies; a
restriction aimed at some cards only binds acts against those cards. Invented cards, abilities built
as AST nodes."""

from __future__ import annotations

from bs_helpers import make, spirit

from judge.engine.bs import continuous, keyword_registry
from judge.engine.bs.support import unexecuted
from judge.text.ast import (
    Ability,
    AbilityKind,
    Cost,
    Discard,
    Duration,
    LoseEffects,
    ModifyStat,
    MoveCores,
    Player,
    Restriction,
    Selector,
    Threshold,
)

ME = Selector(count=1, self_ref=True, card_types=("spirit",))
BIG = Selector(owner=Player.OPPONENT, card_types=("spirit",), thresholds=(Threshold(stat="bp", op=">=", value=5000),))


def _constant(*effects: object, timing: str | None = None) -> Ability:
    return Ability(kind=AbilityKind.CONSTANT, timing=timing, effects=effects)


def _board(ab: Ability, *, attacker_bp: int) -> object:
    return make("bss", {"x": spirit("X", attacker_bp), "y": spirit("Y", 3000, color="blue")},
                {"A": {"deck": 5, "field": [{"id": "a1", "card": "x", "cores": 1}]},
                 "B": {"deck": 5, "field": [{"id": "b1", "card": "y", "cores": 1}]}},
                step="attack", abilities={"y": (ab,)})


def test_bss_8_1_4_a_restriction_aimed_at_some_cards_binds_only_acts_against_them() -> None:
    """"This spirit cannot block spirits with 5000 BP or more": it blocks a 4000 BP attacker, not a 6000 one."""
    ab = _constant(Restriction(mode="cannot", action="block", target=ME, duration=Duration.PERMANENT, object=BIG))
    assert unexecuted(ab) == ()
    small, big = _board(ab, attacker_bp=4000), _board(ab, attacker_bp=6000)
    assert keyword_registry.can_block(small, "b1", "a1")[0]
    assert not keyword_registry.can_block(big, "b1", "a1")[0]


def test_bss_8_1_4_a_permission_aimed_at_some_cards_is_only_for_them() -> None:
    """"It can block spirits with 5000 BP or more even if exhausted": only those."""
    ab = _constant(Restriction(mode="can", action="block_while_exhausted", target=ME, duration=Duration.PERMANENT,
                               object=BIG))
    for bp, ok in ((6000, True), (4000, False)):
        state = _board(ab, attacker_bp=bp)
        fc = state.field_card("b1")
        from dataclasses import replace

        from judge.engine.bs.state import Orientation, with_player
        p = state.players["B"]
        state = with_player(state, replace(p, field=tuple(replace(f, orientation=Orientation.EXHAUSTED) if f is fc
                                                          else f for f in p.field)))
        assert keyword_registry.can_block(state, "b1", "a1")[0] is ok, bp


def test_bss_8_1_4_a_constant_restriction_the_engine_does_not_enforce_is_reported() -> None:
    ab = _constant(Restriction(mode="cannot", action="be_discarded_from_deck", target=ME, duration=Duration.PERMANENT))
    assert unexecuted(ab) == ("constant restriction cannot be_discarded_from_deck",)
    # a cost the engine pays for an attack (cores, zones/costs.pay_tolls) is run; another is reported
    paid = Cost(effects=(MoveCores(count=1, source="field_or_reserve", dest="trash", player=Player.OPPONENT),))
    unless = _constant(Restriction(mode="cannot", action="attack", target=BIG, duration=Duration.PERMANENT, cost=paid))
    assert unexecuted(unless) == ()
    discarded = Cost(effects=(Discard(count=1, player=Player.OPPONENT),))
    other = _constant(Restriction(mode="cannot", action="attack", target=BIG, duration=Duration.PERMANENT,
                                  cost=discarded))
    assert unexecuted(other) == ("constant restriction cannot attack unless paid",)
    assert continuous.constant_gaps(other.effects[0]) == ("constant restriction cannot attack unless paid",)


def test_bss_8_1_4_a_player_restriction_is_run_by_the_constant_registry() -> None:
    """"Neither player's life can be reduced by attacks from spirits with 2000 BP or fewer" (zones/life.py)."""
    weak = Selector(count=1, card_types=("spirit",), thresholds=(Threshold(stat="bp", op="<=", value=2000),))
    ab = _constant(Restriction(mode="cannot", action="reduce_life", player=Player.EACH, duration=Duration.PERMANENT,
                               by=Selector(about=weak, unit="attack")))
    assert unexecuted(ab) == ()


def test_bss_8_1_4_1_a_symbol_gained_in_a_colour_is_that_colour() -> None:
    ab = _constant(ModifyStat(stat="symbols", amount=1, target=ME, duration=Duration.PERMANENT, colors=("green",)))
    assert unexecuted(ab) == ()
    state = _board(ab, attacker_bp=3000)
    from judge.engine.bs import derive

    assert tuple(derive.symbols(state, "b1")) == ("blue", "green")


def test_bss_8_1_4_1_losing_effects_and_not_regaining_them_is_run() -> None:
    ab = _constant(LoseEffects(target=Selector(card_types=("nexus",)), levels=(1,), no_regain=True,
                               duration=Duration.PERMANENT), timing="during_either_main_step")
    assert unexecuted(ab) == ()
