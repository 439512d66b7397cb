"""FFTCG constructs of session 7 (issue 20.2), each defined once in grammar/fftcg.lark and read wherever
the language puts it: ordinal references to earlier selections, a count per card an earlier action
used, "When <a state>," inside an effect, "while <condition>" after a restriction, and the sentences of
a modal ability's options read by the ordinary sentence grammar. Every phrasing is our own (invented
names, recombinations no printed card has); the real cards the constructs came from are named by
number and loaded from the corpus at test time."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from text_helpers import fftcg_one as one

from judge.text.ast import Choose, Conditional, Controls, Modal, Selector, Unread, walk
from judge.text.parse import parse_text

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "fftcg-cards.json"


def _sels(ability) -> list[Selector]:
    return [n for n in walk(ability) if isinstance(n, Selector)]


# ---------------------------------------------------------------- 11.6.5 the first / second / other of those chosen
@pytest.mark.parametrize(("text", "refs"), [
    ("Choose 2 Forwards. The first Forward gains +2000 power and the other loses 2000 power.",
     [("former", None), ("other", None)]),
    ("Choose 2 Backups. Activate the first one and dull the other one.", [("former", None), ("other", None)]),
    ("Choose 3 Forwards opponent controls. Dull the first Forward. Break the third Forward.",
     [("former", None), ("nth", 3)]),
])
def test_11_6_5_an_ordinal_or_the_other_refers_to_one_of_the_cards_chosen(text: str, refs: list) -> None:
    got = [(s.ref, s.nth) for s in _sels(one(text, name="Quillon")) if s.ref in ("former", "other", "nth")]
    assert got == refs


# ---------------------------------------------------------------- 4 a count for each card an earlier action used
@pytest.mark.parametrize(("text", "zone"), [
    ("Your opponent selects 1 Backup they control for each Forward you put into the Break Zone by this effect.",
     "put_into_break"),
    ("Choose 1 Monster for each Forward you removed from the game by this effect.", "removed"),
    ("Select 1 Backup you control for each card you have discarded due to this effect.", "discarded"),
])
def test_4_a_selection_counts_one_for_each_card_the_effect_used(text: str, zone: str) -> None:
    choose = next(n for n in walk(one(text, name="Quillon")) if isinstance(n, Choose))
    assert choose.target.count == 1
    assert choose.target.count_per is not None and choose.target.count_per.zone == zone


@pytest.mark.parametrize(("text", "zone"), [
    ("Your opponent discards 1 card for each Forward you have dulled by this effect.", "dulled"),
    ("Draw 1 card for each Character you have broken by this effect.", "broken"),
    ("Discard 1 card for each card you have drawn this turn.", "drawn_this_turn"),
])
def test_4_the_cards_an_action_used_are_named_by_its_participle(text: str, zone: str) -> None:
    ability = one(text, name="Quillon")
    per = next(n.per for n in walk(ability) if getattr(n, "per", None) is not None)
    assert per.zone == zone


# ---------------------------------------------------------------- 11.8.13 "When <a state>," inside an effect
@pytest.mark.parametrize(("text", "stat", "op", "value"), [
    ("Reveal the top card of your deck. When the revealed card's cost is 3 or more, draw 1 card.", "cost", ">=", 3),
    ("Choose 1 Forward. When its power is 5000 or less, break it.", "power", "<=", 5000),
    ("Choose 1 Backup. Dull it. When its cost is 2, draw 1 card.", "cost", "==", 2),
])
def test_11_8_13_when_a_state_holds_is_a_condition_not_a_trigger(text: str, stat: str, op: str, value: int) -> None:
    ability = one(text, name="Quillon")
    assert ability.trigger is None
    cond = next(n for n in walk(ability) if isinstance(n, Conditional)).condition
    assert (cond.threshold.stat, cond.threshold.op, cond.threshold.value) == (stat, op, value)


# ---------------------------------------------------------------- 6.2 a restriction "while" a player controls something
@pytest.mark.parametrize(("text", "referred"), [
    ("You cannot play Quillon or [[i]]Card Name Veyra[[/]] while already in control of either Character.", True),
    ("You cannot play Quillon while you control 3 or more Backups.", False),
    ("Quillon cannot attack while already in control of a dull Backup.", False),
])
def test_6_2_a_restriction_holds_while_its_player_controls_the_cards(text: str, referred: bool) -> None:
    ability = one(text, name="Quillon")
    cond = next(n for n in walk(ability) if isinstance(n, Conditional)).condition
    assert isinstance(cond, Controls)
    assert (cond.selector.ref == "them") is referred


# ---------------------------------------------------------------- 11.6.6 a modal ability's options are sentences
@pytest.mark.parametrize(("text", "unread"), [
    ('Select 1 of the 2 following actions. "Draw 1 card." "Choose 1 Forward. Quillon hums a tune at it."',
     "Quillon hums a tune at it."),
    ('Select up to 2 of the 3 following actions. "Quillon juggles 3 Backups." "Draw 1 card." "Choose 1 Forward. '
     'Break it."', "Quillon juggles 3 Backups."),
    ('Select 1 of the 2 following actions. "Choose 1 Forward. Dull it. Quillon paints it blue." "Draw 2 cards."',
     "Quillon paints it blue."),
])
def test_11_6_6_an_option_is_read_sentence_by_sentence(text: str, unread: str) -> None:
    result = parse_text(text, "fftcg", name="Quillon")
    assert not result.ok                                        # a part not read is never a pass
    (ability,) = result.abilities
    modal = next(n for n in walk(ability) if isinstance(n, Modal))
    holes = [n.words.rstrip(".") for n in walk(modal) if isinstance(n, Unread)]
    assert holes == [unread.rstrip(".")]
    assert len([o for o in modal.options if not any(isinstance(x, Unread) for x in o)]) == len(modal.options) - 1


# ---------------------------------------------------------------- the real cards these constructs were generalised from
@pytest.mark.parametrize("number", ["8-043H", "24-033L", "8-139S"])
def test_the_printed_cards_of_these_constructs_read_whole(number: str) -> None:
    if not CORPUS.is_file():
        pytest.skip(f"the FFTCG corpus is not at {CORPUS} (it is never part of the repository)")
    card = next(c for c in json.loads(CORPUS.read_text(encoding="utf-8")) if c["id"] == number)
    assert parse_text(card["text"], "fftcg", name=card["name"]).ok


# ---------------------------------------------------------------- 5.2.2.1 / 6.6.2 a plain name the database does not list
@pytest.mark.parametrize(("text", "field", "value"), [
    ("Search for 1 Card Name Veyra Moonwright and add it to your hand.", "name", "Veyra Moonwright"),
    ("Choose 1 Forward other than Card Name Old Tom of the Hills. Break it.", "name", "Old Tom of the Hills"),
    ("Choose 1 Job Sky Courier Forward. It gains Haste.", "families", ("Sky Courier",)),
])
def test_5_2_2_1_a_plain_name_is_the_capitalised_words_after_its_label(text: str, field: str, value) -> None:
    assert any(getattr(s, field) == value for s in _sels(one(text, name="Quillon")))


@pytest.mark.parametrize("text", [
    "When your opponent controls 2 or more Forwards, Quillon gains +2000 power.",
    "When you control 3 or more Backups, the Forwards you control gain +1000 power.",
    "When you control a dull Monster, Quillon gains Brave.",
])
def test_11_8_13_when_a_player_controls_cards_is_a_condition_of_a_field_ability(text: str) -> None:
    ability = one(text, name="Quillon")
    assert ability.trigger is None
    assert isinstance(next(n for n in walk(ability) if isinstance(n, Conditional)).condition, Controls)
