""""Select one of your opponent's spirits. If it attacks or blocks during this turn, …": the rest
waits for that card's attack or block this turn and then activates with the attack's own effects
(BSS 8-5-2-3); "it" is that card."""

from __future__ import annotations

from bs_helpers import make, play, spirit

from judge.text.ast import (
    Ability,
    AbilityKind,
    Condition,
    Conditional,
    MoveCores,
    Player,
    Selector,
)

THEIRS = Selector(count=1, owner=Player.OPPONENT, card_types=("spirit",))
HANG = Ability(kind=AbilityKind.MAGIC, timing="main_flash", effects=(Conditional(
    condition=Condition(kind="event", text="", event="attacks_or_blocks", qualifiers=("this_turn",), selector=THEIRS),
    effects=(MoveCores(count=2, source="spirit", dest="opponent_reserve", source_target=THEIRS),)),))


def _board():
    return make("bss", {"x": spirit("X"), "m": {"name": "Hang", "type": "magic", "colors": ["purple"], "cost": 0,
                                                "reduction": [], "symbols": [], "text": ""}},
                {"A": {"deck": 5, "reserve": 0, "field": [{"id": "a1", "card": "x", "cores": 3},
                                                          {"id": "a2", "card": "x", "cores": 3},
                                                          {"id": "a3", "card": "x", "cores": 3}]},
                 "B": {"deck": 5, "hand": ["m"]}}, step="attack", abilities={"m": (HANG,)})


def _hang_in_first_battle():
    """A attacks with a2; in the flash window B uses the magic on a1; the battle ends unblocked."""
    return play(_board(), {"player": "A", "attack": "a2"}, {"player": "B", "magic": "m", "targets": ["a1"]},
                {"player": "A", "pass": True}, {"player": "B", "pass": True}, {"player": "B", "no_block": True})


def test_bss_8_5_2_3_the_watched_spirit_loses_its_cores_when_it_attacks_and_no_sooner() -> None:
    final, _ = _hang_in_first_battle()
    assert final.field_card("a1").cores == 3                     # nothing yet: it has not attacked
    final, _ = play(final, {"player": "A", "attack": "a1"})
    assert final.field_card("a1").cores == 1 and final.players["A"].reserve == 2
    assert final.field_card("a2").cores == 3


def test_bss_another_spirits_attack_does_not_set_it_off() -> None:
    final, _ = _hang_in_first_battle()
    final, _ = play(final, {"player": "A", "attack": "a3"})
    assert final.field_card("a1").cores == 3 and final.field_card("a3").cores == 3
