"""FFTCG grammar: "X cannot block unless (you pay | its controller pays) (cost)" is a cost to block
(10.1.3.1.3), kept on a Restriction the engine checks as the blocker is declared."""

from __future__ import annotations

import pytest

from judge.text.ast import Restriction
from judge.text.parse import parse_text


@pytest.mark.parametrize(("text", "cp"), [
    ("Sample Sentinel cannot block unless you pay 《2》.", ("2",)),
    ("Forwards opponent controls cannot block unless their controller pays 《1》.", ("1",)),
    ("Sample Sentinel cannot block unless its controller pays 《土》《1》.", ("earth", "1")),
])
def test_fftcg_10_1_3_1_3_cannot_block_unless_paid_is_a_block_cost(text: str, cp: tuple[str, ...]) -> None:
    result = parse_text(text, "fftcg")
    assert not result.unparsed
    (effect,) = [e for ab in result.abilities for e in ab.effects]
    assert isinstance(effect, Restriction)
    assert (effect.mode, effect.action) == ("unless_paid", "block")
    assert effect.cost is not None and tuple(effect.cost.cp) == cp


def test_fftcg_10_1_3_1_3_a_plain_cannot_block_has_no_cost() -> None:
    (effect,) = [e for ab in parse_text("Sample Sentinel cannot block.", "fftcg").abilities for e in ab.effects]
    assert (effect.mode, effect.action, effect.cost) == ("cannot", "block", None)
