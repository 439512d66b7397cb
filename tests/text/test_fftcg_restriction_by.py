"""'cannot be … by X': who is barred is part of the AST, never dropped (FFTCG 10.1.3.1.2, 11.12.4)."""

from __future__ import annotations

from judge.text.ast import Restriction, Threshold
from judge.text.parse import parse_text


def _restrictions(text: str) -> list[Restriction]:
    result = parse_text(text, "fftcg")
    assert not result.unparsed, result.unparsed
    return [e for ab in result.abilities for e in ab.effects if isinstance(e, Restriction)]


def test_fftcg_10_1_3_1_2_cannot_be_blocked_by_keeps_the_blocker_selector() -> None:
    (r,) = _restrictions("Sample Dancer cannot be blocked by a Forward of cost 3 or more.")
    assert (r.mode, r.action) == ("cannot", "be_blocked")
    assert r.by is not None and r.by.card_types == ("forward",)
    assert r.by.thresholds == (Threshold("cost", ">=", 3),)


def test_fftcg_11_12_4_cannot_block_has_no_by() -> None:
    acts = _restrictions("Choose 1 Forward. It cannot attack or block until the end of the turn.")
    assert [(r.action, r.by, r.by_text) for r in acts] == [("attack", None, None), ("block", None, None)]
