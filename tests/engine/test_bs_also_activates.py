"""Effects that also activate on a further event (BSS 8-1-5-1, 10-11-1), each activating once however
many ways one event meets it (BSS 8-6-3)."""

from __future__ import annotations

from bs_helpers import make, play, spirit

from judge.text.ast import Ability, AbilityKind, AlsoActivates, Draw, Player, Selector

YOURS = Selector(count=None, owner=Player.YOU, card_types=("spirit",))


def _attack(timing: str, *, extended: bool) -> tuple:
    abilities = [Ability(kind=AbilityKind.TRIGGERED, timing=timing, effects=(Draw(count=1),))]
    if extended:
        abilities.append(Ability(kind=AbilityKind.CONSTANT, effects=(
            AlsoActivates(target=YOURS, timing="when_blocks", event="attacks"),)))
    state = make("bss", {"x": spirit("X", 3000)}, {
        "A": {"deck": 5, "field": [{"id": "a1", "card": "x", "cores": 1}]},
        "B": {"deck": 5}}, step="attack", abilities={"x": tuple(abilities)})
    final, rulings = play(state, {"player": "A", "attack": "a1"})
    return final, [s for r in rulings for s in r.steps]


def test_bss_10_11_1_a_block_effect_made_to_answer_to_attacks_activates_on_an_attack() -> None:
    final, steps = _attack("when_blocks", extended=True)
    assert len(final.players["A"].hand) == 1
    assert any("also activates" in s.text and "10-11-1" in s.cites for s in steps)
    final, _ = _attack("when_blocks", extended=False)
    assert len(final.players["A"].hand) == 0


def test_bss_8_6_3_an_attacks_or_blocks_effect_met_twice_by_one_attack_activates_once() -> None:
    final, steps = _attack("when_attacks_or_blocks", extended=True)
    assert len(final.players["A"].hand) == 1
    assert any("only once" in s.text and "8-6-3" in s.cites for s in steps)
