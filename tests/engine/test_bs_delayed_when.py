"""A trigger an effect leaves for a period ("During this turn, when …", BSS 8-1-5-1, 8-2-2-2), and who
destroyed a spirit whose BP an effect brought to zero (BSS 9-4-2-1), on invented cards built as AST nodes."""

from __future__ import annotations

from bs_helpers import act, magic, make, play, spirit

from judge.text.ast import (
    Ability,
    AbilityKind,
    Condition,
    Conditional,
    Draw,
    Duration,
    ModifyStat,
    Player,
    Selector,
)

MINE = Selector(count=1, owner=Player.YOU, card_types=("spirit",))


def test_bss_8_1_5_1_a_trigger_left_for_the_turn_activates_when_its_event_happens() -> None:
    waits = Conditional(condition=Condition(kind="event", text="", event="exhausted", selector=MINE,
                                            qualifiers=("this_turn",)), effects=(Draw(count=1),))
    ab = Ability(kind=AbilityKind.TRIGGERED, timing="when_summoned", effects=(waits,))
    state = make("bss", {"x": spirit("X", cost=0), "y": spirit("Y")}, {
        "A": {"reserve": 1, "deck": 5, "hand": ["x"], "field": [{"id": "a1", "card": "y", "cores": 1}]},
        "B": {"deck": 5}}, abilities={"x": (ab,)})
    summoned, rulings = play(state, {"player": "A", "summon": "x"})
    assert len(summoned.players["A"].hand) == 0                 # nothing drawn yet: it waits
    assert any("activates each time" in s.text for r in rulings for s in r.steps)
    attack = act(summoned, {"player": "A", "end_step": True})
    final, _ = play(attack.state, {"player": "A", "attack": "a1"})
    assert len(final.players["A"].hand) == 1                    # a1 exhausted by attacking: one card drawn


def test_bss_9_4_2_1_a_spirit_whose_bp_an_effect_lowered_to_zero_is_destroyed_by_that_player() -> None:
    by_opp = Selector(count=None, unit="player", owner=Player.OPPONENT)
    watcher = Ability(kind=AbilityKind.CONSTANT, effects=(Conditional(
        condition=Condition(kind="event", text="", event="destroyed", selector=MINE, by=by_opp),
        effects=(Draw(count=1),)),))
    weaken = Ability(kind=AbilityKind.MAGIC, timing="main", effects=(
        ModifyStat(stat="bp", amount=-2000, target=Selector(count=1, owner=Player.OPPONENT, card_types=("spirit",)),
                   duration=Duration.TURN),))
    state = make("bss", {"hex": magic("Hex"), "w": spirit("W", 1000), "n": spirit("N", 5000)}, {
        "A": {"reserve": 3, "deck": 5, "hand": ["hex"]},
        "B": {"deck": 5, "field": [{"id": "b1", "card": "w", "cores": 1}, {"id": "b2", "card": "n", "cores": 1}]}},
        abilities={"hex": (weaken,), "n": (watcher,)})
    r = act(state, {"player": "A", "magic": "hex"})
    done = act(r.state, {"player": "A", "choose": ["b1"]}) if r.request is not None else r
    assert done.state.zone_of("b1") == "trash"
    assert len(done.state.players["B"].hand) == 1               # destroyed by A: B's watcher draws


def test_bss_4_6_an_amount_for_every_n_cards_counts_whole_groups() -> None:
    from judge.engine.bs import derive

    per = Selector(count=None, card_types=("spirit",), zone="trash", owner=Player.YOU, every=2)
    ab = Ability(kind=AbilityKind.CONSTANT, effects=(
        ModifyStat(stat="bp", amount=1000, target=Selector(count=1, self_ref=True), per=per,
                   duration=Duration.PERMANENT),))
    state = make("bss", {"x": spirit("X", 1000), "t": spirit("T")}, {
        "A": {"deck": 5, "trash": ["t", "t", "t", "t", "t"], "field": [{"id": "a1", "card": "x", "cores": 1}]},
        "B": {"deck": 5}}, abilities={"x": (ab,)})
    assert derive.bp(state, "a1").value == 3000           # five cards: two whole groups of two
