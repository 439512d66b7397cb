"""BSS 2-6, 2-11: a sum over the cards selected ("with a (combined) total of 5000 or fewer BP") is one
predicate of what cards have, with or without "combined", the comparison before or after the stat.
Every phrasing here is invented (known parts recombined), three per construct, and each test asserts
the typed meaning read."""

from __future__ import annotations

import pytest
from text_helpers import bs_lexicon, bs_one

from judge.text.ast import Selector, Threshold, walk
from judge.text.render import round_trip


def _totals(text: str) -> tuple[Threshold, ...]:
    return tuple(t for n in walk(bs_one(text)) if isinstance(n, Selector)
                 for t in n.thresholds if t.stat.startswith("total_"))


@pytest.mark.parametrize(("text", "want"), [
    ("Destroy any number of your opponent's spirits with a total of 6000 or fewer BP.",
     Threshold("total_bp", "<=", 6000)),
    ("Exhaust any number of your opponent's spirits with a total of 4 or less cost.",
     Threshold("total_cost", "<=", 4)),
    ("Select any number of your opponent's spirits with a total of 3000 or fewer BP and return them to their hand.",
     Threshold("total_bp", "<=", 3000)),
])
def test_bss_2_11_a_total_without_combined(text: str, want: Threshold) -> None:
    assert _totals(text) == (want,)
    assert _totals(text.replace("a total", "a combined total")) == (want,)


@pytest.mark.parametrize(("text", "want"), [
    ("Destroy any number of your opponent's spirits with a combined total of 7000 BP or fewer.",
     Threshold("total_bp", "<=", 7000)),
    ("Return any number of your opponent's spirits with a total of 5 cost or less to their hand.",
     Threshold("total_cost", "<=", 5)),
    ("Select any number of your opponent's spirits with a total of 8000 BP or less and exhaust them.",
     Threshold("total_bp", "<=", 8000)),
])
def test_bss_2_11_the_comparison_after_the_stat(text: str, want: Threshold) -> None:
    ability = bs_one(text)
    assert _totals(text) == (want,)
    assert round_trip(ability, "bss", bs_lexicon()).same_ast
