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


@pytest.mark.parametrize(("text", "names"), [
    ("You may search for 1 Card Name Gorbo, Card Name Pell or Card Name Orla and add it to your hand.",
     {"gorbo", "pell", "orla"}),
    ("Choose 1 Job Baker, Job Miller or Job Brewer you control. It gains +1000 power until the end of the turn.",
     {"baker", "miller", "brewer"}),
    ("The cost required to cast Card Name Zed, Card Name Tolloc, or Card Name Pell is reduced by 1.",
     {"zed", "tolloc", "pell"}),
])
def test_5_2_a_list_of_names_read_without_markup_keeps_every_name(text: str, names: set[str]) -> None:
    from judge.text.ast import Selector, walk

    said = set()
    for node in walk(one(text, name="Zorn")):
        if isinstance(node, Selector):
            said |= {x.lower() for x in (*node.families, node.name or "")} | {
                (e.name or "").lower() for e in node.either} | {x.lower() for e in node.either for x in e.families}
    assert names <= said


@pytest.mark.parametrize("text", [
    "If you control a Card Name Gorbo, Zorn and the Card Name Pell you control gain Brave.",
    "Zorn and the Job Knight Forwards you control gain +1000 power until the end of the turn.",
    "Choose 1 Forward opponent controls and the Category XXI Backup you control. Dull them.",
])
def test_a_noun_phrase_list_joins_the_named_cards_without_markup(text: str) -> None:
    from judge.text.ast import Selector, walk

    joined = [n for n in walk(one(text, name="Zorn")) if isinstance(n, Selector) and n.also]
    assert joined and (joined[0].also[0].name or joined[0].also[0].families or joined[0].also[0].categories)


def _said(text: str) -> list[tuple[str, object]]:
    """What the first subject gains or loses, in order: ("power", ±N), ("keyword", name), ("lose", act)."""
    from judge.text.ast import Gain, ModifyStat

    out: list[tuple[str, object]] = []
    for e in one(text, name="Zorn").effects:
        if isinstance(e, ModifyStat):
            out.append(("power", e.amount))
        elif isinstance(e, Gain):
            out.append(("keyword", e.keyword.name if e.keyword is not None else "ability"))
        elif isinstance(e, Restriction) and e.mode == "lose":
            out.append(("lose", e.action))
    return out


@pytest.mark.parametrize(("text", "said"), [
    ("Zorn gains +3000 power and Haste until the end of the turn.", [("power", 3000), ("keyword", "Haste")]),
    ("Choose 1 Forward. It gains Brave, First Strike and +1000 power.",
     [("keyword", "Brave"), ("keyword", "First Strike"), ("power", 1000)]),
    ('Zorn gains +2000 power, Haste and "Zorn cannot be blocked."',
     [("power", 2000), ("keyword", "Haste"), ("keyword", "ability")]),
    ("Choose 1 Forward. It loses all its abilities and 4000 power until the end of the turn.",
     [("lose", "all_abilities"), ("power", -4000)]),
    ("Choose 1 Forward. It loses Haste and Brave.", [("lose", "haste"), ("lose", "brave")]),
    ("Choose 1 Backup. It loses all abilities and also becomes a Forward with 3000 power until the end of the turn.",
     [("lose", "all_abilities"), ("keyword", "Becomes Forward")]),
])
def test_5_2_6_what_is_gained_or_lost_is_one_list_in_the_order_said(text: str, said: list) -> None:
    assert _said(text) == said


@pytest.mark.parametrize(("text", "kind", "count"), [
    ("If you control 3 or more Backups, your opponent discards 1 more card.", "Discard", 1),
    ("Draw 1 card. If you have 2 or less cards in your hand, draw 1 more card.", "Draw", 1),
    ("Choose 1 Forward. Deal it 3000 damage. If Zorn is attacking, deal it 2000 more damage.", "Damage", 2000),
    ("Your opponent discards 1 card. If Zorn is dull, your opponent discards 2 more cards.", "Discard", 2),
])
def test_4_n_more_is_an_additional_n_said_after_the_first(text: str, kind: str, count: int) -> None:
    from judge.text.ast import Conditional

    last = one(text, name="Zorn").effects[-1]
    assert isinstance(last, Conditional)
    inner = last.effects[0]
    assert type(inner).__name__ == kind and not last.instead
    assert getattr(inner, "count", None) == count or getattr(inner, "amount", None) == count
