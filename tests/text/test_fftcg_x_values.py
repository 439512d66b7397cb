"""FFTCG grammar: the variable X (4.5). "If a value in a card text or a cost is defined with letters of
the alphabet (e.g. X) … the controller of the card can choose the value": the 《X》 cost icon, "cost X
or less", "Draw X cards", "X000 damage", "the top X cards" and "choose X Forwards" all parse, the
amounts kept as printed multiples with `amount_var="x"`."""

from __future__ import annotations

from typing import Any

import pytest

from judge.text.ast import Counters, Damage, Destroy, Draw, Move, Reveal, Threshold
from judge.text.parse import parse_text

X_MARK = -1  # judge.engine.fftcg.effects.xvalue.X_MARK: the threshold value the engine binds to X


def _effects(text: str) -> list[Any]:
    result = parse_text(text, "fftcg")
    assert not result.unparsed, result.unparsed
    return [e for ab in result.abilities for e in ab.effects]


def test_fftcg_4_5_x_cost_icon_with_cost_x_or_less_in_the_effect() -> None:
    result = parse_text("《X》: Choose 1 Forward of cost X or less. Break it.", "fftcg")
    assert not result.unparsed
    (ability,) = result.abilities
    assert ability.cost is not None and ability.cost.x
    (effect,) = ability.effects
    assert isinstance(effect, Destroy)
    assert effect.target.thresholds == (Threshold("cost", "<=", X_MARK),)


def test_fftcg_4_5_x_cost_with_dull_and_break_zone_cost_plays_cost_x_or_less() -> None:
    text = "《X》《ダル》, put Pellwick into the Break Zone: Play 1 Forward of cost X or less from your hand onto the field."
    result = parse_text(text, "fftcg")
    assert not result.unparsed
    (ability,) = result.abilities
    assert ability.cost is not None and ability.cost.x and ability.cost.dull_self
    (effect,) = ability.effects
    assert effect.target.thresholds == (Threshold("cost", "<=", X_MARK),)


def test_fftcg_4_5_draw_x_cards_is_one_card_per_unit_of_x() -> None:
    (effect,) = _effects("《X》《ダル》: Draw X cards.")
    assert isinstance(effect, Draw)
    assert (effect.count, effect.amount_var) == (1, "x")


def test_fftcg_4_5_draw_a_number_is_not_variable() -> None:
    (effect,) = _effects("Draw 2 cards.")
    assert (effect.count, effect.amount_var) == (2, None)


@pytest.mark.parametrize(("text", "amount"), [
    ("Choose 1 Forward. Deal it X000 damage.", 1000),
    ("Deal X damage to all the Forwards opponent controls.", 1),
])
def test_fftcg_4_5_damage_with_x_is_a_multiple_of_x(text: str, amount: int) -> None:
    (effect,) = _effects(text)
    assert isinstance(effect, Damage)
    assert (effect.amount, effect.amount_var) == (amount, "x")


def test_fftcg_4_5_fixed_damage_stays_fixed() -> None:
    (effect,) = _effects("Choose 1 Forward. Deal it 4000 damage.")
    assert (effect.amount, effect.amount_var) == (4000, None)


def test_fftcg_4_5_look_at_the_top_x_cards_of_your_deck() -> None:
    (effect,) = _effects("《X》《ダル》: Look at the top X cards of your deck.")
    assert isinstance(effect, Reveal)
    assert (effect.count, effect.zone, effect.amount_var) == (1, "deck_look", "x")


def test_fftcg_4_5_put_the_top_x_cards_into_the_break_zone() -> None:
    (effect,) = _effects("Put the top X cards of your deck into the Break Zone.")
    assert isinstance(effect, Move) and effect.dest == "break"
    assert (effect.target.zone, effect.target.count, effect.target.amount_var) == ("deck", 1, "x")


def test_fftcg_4_5_choose_x_forwards_is_a_variable_count() -> None:
    (effect,) = _effects("When Pellwick enters the field, choose X dull Forwards. Break them.")
    assert isinstance(effect, Destroy)
    assert (effect.target.amount_var, effect.target.state) == ("x", "dull")


def test_fftcg_4_5_x_is_never_taken_for_the_cards_own_name() -> None:
    """Without a card name given, the lone capital X is the variable, not a name to mask (5.2.4.1)."""
    (effect,) = _effects("Choose 1 Forward of cost X or less. Deal it X000 damage.")
    assert isinstance(effect, Damage) and effect.amount_var == "x"
    assert effect.target.thresholds == (Threshold("cost", "<=", X_MARK),)


@pytest.mark.parametrize(("text", "field", "value"), [
    ("《X》《ダル》: Draw X cards.", "count", 3),
    ("《X》: Choose 1 Forward. Deal it X000 damage.", "amount", 3000),
    ("《X》《ダル》: Look at the top X cards of your deck.", "count", 3),
])
def test_fftcg_4_5_x_paid_as_3_binds_the_amount(text: str, field: str, value: int) -> None:
    """Once X is chosen (4.5), the engine's binding turns the printed multiple into the number."""
    from judge.engine.fftcg.effects.xvalue import bind_x

    (effect,) = bind_x(tuple(_effects(text)), 3)
    assert (getattr(effect, field), effect.amount_var) == (value, None)


def test_fftcg_4_5_x_paid_binds_choose_x_forwards() -> None:
    from judge.engine.fftcg.effects.xvalue import bind_x

    (effect,) = bind_x(tuple(_effects("Choose X dull Forwards. Break them.")), 2)
    assert (effect.target.count, effect.target.amount_var) == (2, None)


@pytest.mark.parametrize("text", [
    "《X》《ダル》: Draw X cards.",
    "Choose 1 Forward. Deal it X000 damage.",
    "《X》《ダル》: Look at the top X cards of your deck.",
])
def test_fftcg_4_5_a_variable_amount_cites_4_5(text: str) -> None:
    from judge.text.links import cites

    (effect,) = _effects(text)
    assert "4.5" in cites(effect, "fftcg")


def test_fftcg_4_5_pay_x_when_you_do_so_if_its_cost_is_x() -> None:
    """ "You may pay 《X》. When you do so, … if its cost is X": the X paid is the cost compared."""
    text = ("When Pellwick enters the field, you may pay 《X》. When you do so, reveal the top card of your "
            "deck. If its cost is X, play it onto the field.")
    effects = _effects(text)
    (optional, delayed) = effects
    assert optional.effects[0].cost.x
    conditional = delayed.effects[-1]
    assert conditional.condition.threshold == Threshold("cost", "==", X_MARK)


def test_fftcg_5_2_1_its_cost_is_a_number_is_an_exact_cost() -> None:
    (_, conditional) = _effects("Reveal the top card of your deck. If its cost is 3, play it onto the field.")
    assert conditional.condition.threshold == Threshold("cost", "==", 3)


def test_fftcg_5_2_1_its_cost_is_3_or_less_stays_a_bound() -> None:
    (_, conditional) = _effects("Reveal the top card of your deck. If its cost is 3 or less, play it onto the field.")
    assert conditional.condition.threshold == Threshold("cost", "<=", 3)


def test_fftcg_4_5_remove_x_counters_as_a_cost() -> None:
    text = "《ダル》, remove X Glimmer Counters from Pellwick: Choose 1 Forward of cost X or less. Break it."
    result = parse_text(text, "fftcg")
    assert not result.unparsed, result.unparsed
    (ability,) = result.abilities
    (counters,) = ability.cost.effects
    assert isinstance(counters, Counters) and counters.remove
    assert (counters.name, counters.count, counters.amount_var) == ("Glimmer", 1, "x")
    assert ability.effects[0].target.thresholds == (Threshold("cost", "<=", X_MARK),)


def test_fftcg_15_1_1_10_remove_all_counters_is_not_variable() -> None:
    (effect,) = _effects("Remove all Glimmer Counters from Pellwick.")
    assert (effect.count, effect.amount_var) == (0, None)


def test_fftcg_4_5_opponent_puts_the_top_x_cards_into_the_break_zone() -> None:
    (effect,) = _effects("Your opponent puts the top X cards of their deck into the Break Zone.")
    assert isinstance(effect, Move) and effect.dest == "break"
    assert (effect.target.count, effect.target.amount_var) == (1, "x")
