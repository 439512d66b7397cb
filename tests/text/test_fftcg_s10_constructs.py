"""FFTCG constructs of session 10 (issue 20.2), each defined once in grammar/fftcg.lark and read wherever
the language puts it, so that sentences nobody here has read parse when they are built of known parts.
Every phrasing is our own (invented card names, recombinations); each test asserts the typed meaning,
and the engine's honesty about what it does not run where a new field is typed."""

from __future__ import annotations

import pytest
from text_helpers import fftcg_one as one

from judge.engine.support import unexecuted
from judge.text.ast import ModifyStat, Restriction, walk
from judge.text.parse import parse_text


def _of(ability, kind) -> list:
    return [n for n in walk(ability) if isinstance(n, kind)]


# ---------------------------------------------------------------- 11.12.4.2 what is lost mirrors what is gained
@pytest.mark.parametrize(("text", "power", "lost"), [
    ("Choose 1 Forward. Until the end of the turn, it loses 3000 power and Haste.", -3000, ["haste"]),
    ("Choose 1 Forward. It loses Brave and 2000 power until the end of the turn.", -2000, ["brave"]),
    ("The Forwards opponent controls lose 1000 power, First Strike and Brave.", -1000, ["first_strike", "brave"]),
])
def test_11_12_4_2_power_and_keywords_lost_together_in_either_order(text: str, power: int, lost: list) -> None:
    ability = one(text, name="Quillon")
    assert [m.amount for m in _of(ability, ModifyStat)] == [power]
    assert [r.action for r in _of(ability, Restriction) if r.mode == "lose"] == lost


def test_11_12_4_2_losing_a_quoted_ability_is_not_read_rather_than_dropped() -> None:
    result = parse_text('Quillon loses 1000 power and "Quillon cannot be blocked."', "fftcg", name="Quillon")
    assert not result.ok          # no node says which ability is lost: unread, never silently dropped


# ---------------------------------------------------------------- 10.1.3 the attacker a block is aimed at
@pytest.mark.parametrize(("text", "mode", "self_ref", "cost"), [
    ("When Quillon attacks, choose 1 Forward opponent controls. It cannot block Quillon this turn.",
     "cannot", True, None),
    ("The Forwards opponent controls must block Quillon if possible.", "must", True, None),
    ("Quillon cannot block a Forward of cost 4 or more.", "cannot", False, 4),
])
def test_10_1_3_block_takes_the_attacker_it_is_aimed_at(text: str, mode: str, self_ref: bool, cost) -> None:
    ability = one(text, name="Quillon")
    r = next(r for r in _of(ability, Restriction) if r.action == "block")
    assert r.mode == mode and r.object is not None and r.object.self_ref is self_ref
    if cost is not None:
        assert (r.object.thresholds[0].stat, r.object.thresholds[0].value) == ("cost", cost)
    assert any("block" in gap or "object" in gap for gap in unexecuted("fftcg", ability))   # not run: said so


@pytest.mark.parametrize("text", [
    "Choose 1 Forward. It cannot block this turn.",
    "Quillon cannot block unless you pay 《1》.",
    "If possible, Quillon must block.",
])
def test_10_1_3_block_without_an_attacker_keeps_its_plain_reading(text: str) -> None:
    r = next(r for r in _of(one(text, name="Quillon"), Restriction) if r.action == "block")
    assert r.object is None


# ---------------------------------------------------------------- 4 / 6.8 counts with their comparison wherever a count is said
def _cond(ability):
    from judge.text.ast import Condition
    return next(n for n in walk(ability) if isinstance(n, Condition))


@pytest.mark.parametrize(("text", "op", "value"), [
    ("If you have 3 or more 《C》, Quillon gains Haste.", ">=", 3),
    ("When Quillon enters the field, if you have 2 or less 《C》, draw 1 card.", "<=", 2),
    ("If you have a 《C》, Quillon gains +1000 power.", ">=", 1),
])
def test_6_8_a_count_of_crystals_with_its_comparison(text: str, op: str, value: int) -> None:
    c = _cond(one(text, name="Quillon"))
    assert c.kind == "have_crystal" and (c.threshold.op, c.threshold.value) == (op, value)


@pytest.mark.parametrize(("text", "kind", "op", "value"), [
    ("When your opponent discards 2 or more cards, draw 1 card.", "opponent_discards", ">=", 2),
    ("When your opponent discards 1 or less cards from their hand due to your Summons or abilities, draw 1 card.",
     "opponent_discards", "<=", 1),
    ("When your opponent searches for 3 or more cards, Quillon gains +1000 power until the end of the turn.",
     "searches", ">=", 3),
])
def test_4_an_events_count_of_cards_takes_any_comparison(text: str, kind: str, op: str, value: int) -> None:
    from judge.text.ast import Event
    ev = next(n for n in walk(one(text, name="Quillon")) if isinstance(n, Event))
    assert ev.kind.endswith(kind) and (ev.amount.op, ev.amount.value) == (op, value)


def test_4_a_discard_trigger_on_another_count_is_said_not_executed() -> None:
    ab = one("When your opponent discards 2 or more cards due to your Summons or abilities, draw 1 card.", name="Q")
    assert any("opponent_discards" in gap for gap in unexecuted("fftcg", ab))


@pytest.mark.parametrize(("text", "player"), [
    ("When Quillon enters the field, if your opponent has received more points of damage than you, draw 1 card.",
     "OPPONENT"),
    ("If you have received more points of damage than your opponent, Quillon gains Brave.", "YOU"),
    ("If your opponent has received at least 2 points of damage more than you, Quillon gains Haste.", "OPPONENT"),
])
def test_7_8_2_a_damage_lead_over_the_other_player_whoever_the_subject(text: str, player: str) -> None:
    c = _cond(one(text, name="Quillon"))
    assert c.kind.endswith("damage_vs_opponent") and c.player.name == player


# ---------------------------------------------------------------- 11.8.9 the first time in a turn, said any way
@pytest.mark.parametrize("text", [
    "When Quillon is chosen by your opponent's Summons or abilities for the first time in the turn, draw 1 card.",
    "During each turn, when Quillon is chosen by your opponent's Summon or ability for the first time in that turn, "
    "cancel its effect.",
    "When Quillon is chosen by your opponent's abilities for the first time this turn, Quillon gains +1000 power "
    "until the end of the turn.",
])
def test_11_8_9_for_the_first_time_in_any_turn_wording(text: str) -> None:
    from judge.text.ast import Event
    ev = next(n for n in walk(one(text, name="Quillon")) if isinstance(n, Event))
    assert "first_in_turn" in ev.qualifiers


# ---------------------------------------------------------------- 6.4 a card type's ability as a source
@pytest.mark.parametrize(("text", "kind"), [
    ("When Quillon is chosen by a Backup's ability, draw 1 card.", "backup"),
    ("Quillon cannot be chosen by your opponent's Monster abilities.", "monster"),
    ("When Quillon is chosen by a Forward's ability, Quillon gains +2000 power until the end of the turn.", "forward"),
])
def test_6_4_the_ability_of_any_card_type_is_a_source(text: str, kind: str) -> None:
    from judge.text.ast import Selector
    src = next(n for n in walk(one(text, name="Quillon")) if isinstance(n, Selector) and n.about is not None
               and n.card_types == ("ability",))
    assert src.about.card_types == (kind,)


# ---------------------------------------------------------------- 11.6.6 a modal's options printed with doubled marks
@pytest.mark.parametrize(("text", "options"), [
    ('Select 1 of the 2 following actions. ""Choose 1 Backup. Dull it."" ""Draw 1 card.""', 2),
    ('Select up to 2 of the 3 following actions.\n""Draw 1 card.""\n""Choose 1 Forward. Freeze it.""\n'
     '""Choose 1 Monster opponent controls. Break it.""', 3),
    ('When Quillon enters the field, select 1 of the 2 following actions. ""Quillon gains Haste."" '
     '""Choose 1 Forward. It gains +1000 power until the end of the turn.""', 2),
])
def test_11_6_6_options_in_doubled_quotation_marks_read_as_options(text: str, options: int) -> None:
    from judge.text.ast import Modal
    modal = next(n for n in walk(one(text, name="Quillon")) if isinstance(n, Modal))
    assert len(modal.options) == options
