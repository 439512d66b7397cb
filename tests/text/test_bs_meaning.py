"""The text layer's meaning passes (judge.text.bs.meaning): what the engine receives, read once."""

from __future__ import annotations

from judge.text.ast import (
    Ability,
    AbilityKind,
    Condition,
    Conditional,
    Deploy,
    Draw,
    Duration,
    ModifyStat,
    MoveCores,
    Optional,
    Player,
    Restriction,
    Selector,
    Threshold,
)
from judge.text.bs.meaning import folded_instead, meaning

THIS = Selector(count=1, self_ref=True, card_types=("spirit",))
IF_DESTROYED = Condition(kind="happened", text="if one of your spirits has been destroyed this turn")


def _ab(*effects) -> Ability:
    return Ability(kind=AbilityKind.TRIGGERED, timing="when_summoned", effects=tuple(effects))


def test_bss_8_9_1_an_instead_is_read_at_the_directive_it_replaces() -> None:
    one, two = Draw(count=1, player=Player.YOU), Draw(count=2, player=Player.YOU)
    read = meaning(_ab(one, Conditional(condition=IF_DESTROYED, effects=(two,), instead=True)))
    (only,) = read.effects
    assert folded_instead(only) and only.effects == (two,) and only.otherwise == (one,)


def test_bss_8_9_1_1_the_replacement_keeps_the_duration_it_does_not_state() -> None:
    gains = ModifyStat(target=THIS, stat="bp", amount=2000, duration=Duration.TURN)
    more = ModifyStat(target=THIS, stat="bp", amount=5000, duration=Duration.PERMANENT)
    (only,) = meaning(_ab(gains, Conditional(condition=IF_DESTROYED, effects=(more,), instead=True))).effects
    assert only.effects[0].amount == 5000 and only.effects[0].duration == Duration.TURN


def test_bss_8_9_1_an_instead_with_nothing_to_replace_stays_as_written() -> None:
    ab = _ab(Conditional(condition=IF_DESTROYED, effects=(Draw(count=2, player=Player.YOU),), instead=True))
    assert meaning(ab) is ab


def test_bss_8_9_1_an_instead_inside_a_later_part_is_read_there_too() -> None:
    one, two = Draw(count=1, player=Player.YOU), Draw(count=2, player=Player.YOU)
    inner = Optional(effects=(one, Conditional(condition=IF_DESTROYED, effects=(two,), instead=True)))
    (opt,) = meaning(_ab(inner)).effects
    assert folded_instead(opt.effects[0])


def test_bss_1_3_3_with_this_effect_makes_the_placements_regular_cores() -> None:
    place = MoveCores(count=3, source="trash", dest="spirit", dest_target=THIS)
    bar = Restriction(mode="cannot", action="place_cores", player=Player.YOU,
                      by=Selector(count=None, unit="effect", effect="this"), duration=Duration.PERMANENT,
                      object=Selector(count=1, unit="soul_core", about=THIS))
    read = meaning(_ab(place, bar)).effects
    assert read[0].core_type == "core" and read[1] == bar


def test_bss_1_3_3_without_the_bar_a_placement_may_move_the_soul_core() -> None:
    place = MoveCores(count=3, source="trash", dest="spirit", dest_target=THIS)
    assert meaning(_ab(place)).effects[0].core_type is None


def test_bss_10_6_6_pay_its_cost_and_summon_it_pays_once() -> None:
    me = Selector(count=1, self_ref=True)
    pay = MoveCores(count=None, source="reserve", dest="trash", equal_to=Threshold(stat="cost", op="==", value=0, ref=me))
    summon = Deploy(verb="summon", target=me)
    assert meaning(_ab(pay, summon)).effects == (summon,)
    free = Deploy(verb="summon", target=me, free=True)
    assert meaning(_ab(pay, free)).effects == (pay, free)      # a free summon pays nothing itself
