"""The typed AST fields the FFTCG engine reads instead of card words: who a protection bars (6.4, 7.2.1)
and the cost of "if … doesn't pay" (11.11.5.1), each in three phrasings."""

from __future__ import annotations

import pytest

from judge.text.ast import Conditional, Player, Restriction, walk
from judge.text.parse import parse_text


def _node(text: str, cls: type):
    result = parse_text(text, "fftcg", name="Sample Warden")
    assert not result.unparsed, result.unparsed
    return next(n for a in result.abilities for n in walk(a) if isinstance(n, cls))


@pytest.mark.parametrize(("text", "owner", "kinds"), [
    ("Sample Warden cannot be chosen by your opponent's Summons.", Player.OPPONENT, ("summon",)),
    ("Sample Warden cannot be chosen by your opponent's abilities.", Player.OPPONENT, ("ability",)),
    ("The Forwards you control cannot be chosen by Summons.", None, ("summon",)),
])
def test_6_4_cannot_be_chosen_by_names_whose_summons_or_abilities(text: str, owner, kinds) -> None:
    r = _node(text, Restriction)
    assert r.action == "be_chosen" and r.by is not None
    assert r.by.owner == owner and r.by.card_types == kinds


@pytest.mark.parametrize(("text", "cp"), [
    ("Choose 1 Forward. If your opponent doesn't pay 《1》, break it.", ("1",)),
    ("Choose 1 Forward. If your opponent does not pay 《2》, deal it 5000 damage.", ("2",)),
    ("Choose 1 Backup. If your opponent doesn't pay 《火》, dull it.", ("fire",)),
])
def test_11_11_5_1_the_unpaid_cost_is_typed(text: str, cp: tuple[str, ...]) -> None:
    cond = _node(text, Conditional).condition
    assert cond.kind == "opp_not_pay"
    assert cond.cost is not None and cond.cost.cp == cp
