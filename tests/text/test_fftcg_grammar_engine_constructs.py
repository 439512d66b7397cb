"""FFTCG card text → AST for constructs the engine needed: attack costs, "at the end of this turn",
"if it is (not) a Forward" after a reveal. Invented sentences in the official templating.
"""

from __future__ import annotations

from text_helpers import fftcg_one as one

from judge.text.ast import Conditional, Delayed, Player, Restriction, Reveal


def test_fftcg_10_1_2_3_cannot_attack_unless_you_pay_keeps_the_cost() -> None:
    ab = one("Sample Drudge cannot attack unless you pay 《2》.", name="Sample Drudge")
    r = ab.effects[0]
    assert isinstance(r, Restriction) and r.mode == "unless_paid" and r.action == "attack"
    assert r.target.self_ref and r.cost is not None and r.cost.cp == ("2",)


def test_fftcg_10_1_2_3_opponents_forwards_attack_only_if_their_controller_pays() -> None:
    ab = one("Forwards your opponent controls cannot attack unless their controller pays 《火》.")
    r = ab.effects[0]
    assert isinstance(r, Restriction) and r.mode == "unless_paid"
    assert r.target.owner == Player.OPPONENT and r.target.card_types == ("forward",)
    assert r.cost.cp == ("fire",)


def test_fftcg_11_8_17_at_the_end_of_this_turn_is_a_delayed_auto_ability() -> None:
    ab = one("Choose 1 Forward. At the end of this turn, deal it 10000 damage.")
    delayed = next(e for e in ab.effects if isinstance(e, Delayed))
    assert delayed.timing == "end_of_turn" and delayed.timing_text == "At the end of this turn"


def test_fftcg_7_6_1_if_it_is_not_a_forward_compares_the_revealed_card() -> None:
    ab = one("Reveal the top card of your deck. If it is not a Forward, put it into the Break Zone.")
    assert isinstance(ab.effects[0], Reveal)
    cond = next(e for e in ab.effects if isinstance(e, Conditional)).condition
    assert cond.kind == "card_is" and cond.negated and cond.selector.card_types == ("forward",) and cond.selector.ref == "it"
