"""The normalisation step's quick test (Slip.needs) never skips a slip its pattern would repair."""

from __future__ import annotations

import dataclasses

import pytest

from judge.text.bs.normalise import SLIPS, repair_slips
from judge.text.parse import Prepared

#: invented phrasings, each holding one slip (and the needle the quick test looks for)
PHRASINGS = [
    "Show twelve of your opponents cards to nobody.", "Send the lamp to its owners trash twice.",
    "You may pay a to hum loudly.", "While the lamp has a on it, hum.",
    "Hum with all Tokensexhausted.", "Hum while both cardsrefreshed glow.",
    "Place three from the lamp onto the moon.", "REMOVE ONE FROM the moon, then hum.",
    "With Hum , hum again.", "When Humming : hum again.",
]


@pytest.mark.parametrize("slip", SLIPS, ids=lambda s: s.name)
def test_every_match_of_a_slip_holds_one_of_its_needles(slip) -> None:
    matched = [p for p in PHRASINGS if slip.pattern.search(p)]
    assert matched, f"no phrasing shows {slip.name}"
    for phrase in matched:
        assert any(word in phrase.lower() for word in slip.needs), phrase


def test_the_repair_is_the_same_with_and_without_the_quick_test(monkeypatch: pytest.MonkeyPatch) -> None:
    from judge.text.bs import normalise

    quick = [repair_slips(Prepared.of(p)) for p in PHRASINGS]
    monkeypatch.setattr(normalise, "SLIPS", tuple(dataclasses.replace(s, needs=()) for s in SLIPS))
    assert [repair_slips(Prepared.of(p)) for p in PHRASINGS] == quick
    assert all(r.view != p for r, p in zip(quick, PHRASINGS, strict=True))     # each phrasing was repaired
