"""FFTCG constructs folded from one-card sentence rules (issue 11.1): each is read by one production
of the templating language, shown by three invented phrasings (none a printed card's sentence)."""

from __future__ import annotations

import pytest
from text_helpers import fftcg_one as one

from judge.text.ast import CostChange, Restriction


@pytest.mark.parametrize(("text", "amount", "any_cp", "action"), [
    ("The cost required to cast Zorn is reduced by 2 and can be paid with CP of any Element.", -2, True,
     "pay_with_any_element"),
    ("The cost to play Zorn onto the field can be paid with CP of any Element and is increased by 1.", 1, True,
     "pay_with_any_element"),
    ("The priming cost of Zorn can be paid with CP of any Element.", None, True, "pay_priming_with_any_element"),
    ("The cost required to cast Zorn is reduced by 3 (it cannot become 0).", -3, False, None),
])
def test_11_4_4_what_is_said_of_a_cost_change_and_any_element(text: str, amount: int | None, any_cp: bool,
                                                             action: str | None) -> None:
    effects = list(one(text, name="Zorn").effects)
    changes = [e for e in effects if isinstance(e, CostChange)]
    permits = [e for e in effects if isinstance(e, Restriction)]
    assert [c.amount for c in changes] == ([amount] if amount is not None else [])
    assert all(c.target.self_ref for c in changes + permits)
    assert [(p.mode, p.action) for p in permits] == ([("can", action)] if any_cp else [])
