"""BSS 8-5-3, 8-1-8: a directive's object of two noun phrases joined by "or" is one of them, a
choice made as the effect resolves, for every directive that takes an object ("Destroy X or Y" is
read as "Select X or Y and destroy it" is). Every phrasing here is invented (known parts
recombined), three per construct, and each test asserts the typed meaning read."""

from __future__ import annotations

import pytest
from text_helpers import bs_effect, bs_lexicon, bs_one

from judge.text.ast import Destroy, Modal, Move, Player, Selector, SetState, walk
from judge.text.bs.objects import Either
from judge.text.compare import comparable
from judge.text.parse import parse_text
from judge.text.render import render, round_trip


def _options(text: str) -> list:
    modal = bs_effect(text)
    assert isinstance(modal, Modal) and modal.count == 1 and len(modal.options) == 2
    assert not any(isinstance(n, Either) for n in walk(modal))       # the marker never stays
    return [o for (o,) in modal.options]


@pytest.mark.parametrize(("text", "kind", "types"), [
    ("Destroy one of your opponent's spirits with 5000 or fewer BP or one of your opponent's nexuses.",
     Destroy, (("spirit",), ("nexus",))),
    ("Exhaust one of your opponent's Dragon spirits or one of their nexuses.", SetState, (("spirit",), ("nexus",))),
    ("Refresh one of your nexuses or one of your Warrior spirits.", SetState, (("nexus",), ("spirit",))),
])
def test_bss_8_1_8_a_directive_on_one_of_two_noun_phrases(text: str, kind: type, types: tuple) -> None:
    options = _options(text)
    assert all(isinstance(o, kind) for o in options)
    assert tuple(o.target.card_types for o in options) == types
    assert all(type(o.target) is Selector and not o.target.either for o in options)


@pytest.mark.parametrize(("text", "same_as"), [
    ("Destroy one of your opponent's spirits that costs 3 or fewer or one of your opponent's nexuses.",
     "Select one of your opponent's spirits that costs 3 or fewer or one of your opponent's nexuses and destroy it."),
    ("Exhaust one of your opponent's spirits with 2000 or fewer BP or one of your opponent's nexuses.",
     "Select one of your opponent's spirits with 2000 or fewer BP or one of your opponent's nexuses and exhaust it."),
    ("Return one of your opponent's exhausted spirits or one of your opponent's nexuses to their hand.",
     "Select one of your opponent's exhausted spirits or one of your opponent's nexuses and return it to their hand."),
])
def test_bss_8_5_3_the_same_as_selecting_either_and_acting_on_it(text: str, same_as: str) -> None:
    assert comparable(bs_one(text).effects) == comparable(bs_one(same_as).effects)


@pytest.mark.parametrize(("text", "zone"), [
    ("Return one Dragon spirit card or one Warrior nexus card from your trash to your hand.", "trash"),
    ("Add one blue spirit card or one magic card from your trash to your hand.", "trash"),
    ("Summon one Dragon spirit card or one Warrior spirit card from your trash without paying its cost.", "trash"),
])
def test_bss_3_1_an_area_named_once_after_the_last_card_phrase(text: str, zone: str) -> None:
    options = _options(text)
    assert {o.target.zone for o in options} == {zone}
    assert {o.target.owner for o in options} == {Player.YOU}


@pytest.mark.parametrize("text", [
    "Destroy one of your opponent's spirits with 4000 or fewer BP or one of your opponent's nexuses.",
    "When Summoned: Exhaust one of your opponent's spirits or one of your opponent's nexuses.",
    "Return one of your opponent's spirits with 3000 or fewer BP or one of your opponent's nexuses to their hand.",
])
def test_said_once_with_the_objects_joined(text: str) -> None:
    ability = bs_one(text)
    said = render(ability, "bss")
    verb = said.split(": ")[-1].split()[0].lower()
    assert said.lower().count(verb + " ") == 1                   # the verb said once, the objects joined
    assert round_trip(ability, "bss", bs_lexicon()).same_ast


def test_a_move_keeps_its_destination_for_each_object() -> None:
    options = _options("Return one of your opponent's spirits or one of your opponent's nexuses to their hand.")
    assert all(isinstance(o, Move) and o.dest == "hand" for o in options)


@pytest.mark.parametrize(("text", "owner", "families"), [
    ("Destroy one of your opponent's Dragon spirits or Warrior spirits.", Player.OPPONENT, (("Dragon",), ("Warrior",))),
    ("Refresh one of your Warrior spirits or Dragon nexuses.", Player.YOU, (("Warrior",), ("Dragon",))),
    ("Return one of your opponent's Golem spirits or Angel spirits to their hand.", Player.OPPONENT,
     (("Golem",), ("Angel",))),
])
def test_bss_8_5_3_a_bare_phrase_after_or_shares_the_quantity_and_owner(text: str, owner: Player,
                                                                        families: tuple) -> None:
    options = _options(text)
    assert tuple(o.target.families for o in options) == families
    assert {(o.target.count, o.target.owner) for o in options} == {(1, owner)}


@pytest.mark.parametrize("text", [
    "Exhaust all of your opponent's Dragon spirits or Warrior spirits.",
    "Return up to two of your opponent's spirits with 3000 or fewer BP or Warrior nexuses to their hand.",
    "Destroy any number of your opponent's Golem spirits or Angel nexuses.",
])
def test_several_cards_of_either_phrase_are_said_not_modelled(text: str) -> None:
    # several cards may mix the two phrases: no choice of one phrase says that, so nothing is misread
    result = parse_text(text, "bss", lexicon=bs_lexicon())
    assert result.unparsed and "not modelled" in result.unparsed[0].expected[0]


@pytest.mark.parametrize(("text", "counts"), [
    ("Exhaust two of your opponent's spirits that cost 3 or fewer or one of your opponent's nexuses.", (2, 1)),
    ("Destroy all of your opponent's spirits with 1000 or fewer BP or one of your opponent's nexuses.", (None, 1)),
    ("Refresh one of your nexuses or all of your Warrior spirits.", (1, None)),
])
def test_bss_8_1_8_each_phrase_counted_on_its_own_is_an_option(text: str, counts: tuple) -> None:
    assert tuple(o.target.count for o in _options(text)) == counts


# ── "X and Y": the directive acts on each phrase (BSS 8-5-3), for every directive taking an object ──
@pytest.mark.parametrize(("text", "kind", "types"), [
    ("Destroy one of your opponent's spirits with 2000 or fewer BP and one of their nexuses.", Destroy,
     (("spirit",), ("nexus",))),
    ("Exhaust this spirit and one of your opponent's Warrior spirits.", SetState, (("spirit",), ("spirit",))),
    ("Return one of your opponent's nexuses and one of their Dragon spirits to their hand.", Move,
     (("nexus",), ("spirit",))),
])
def test_bss_8_5_3_a_directive_on_each_of_two_noun_phrases(text: str, kind: type, types: tuple) -> None:
    effects = bs_one(text).effects
    assert [type(e) for e in effects] == [kind, kind]
    assert tuple(e.target.card_types for e in effects) == types
    assert not any(isinstance(n, Either) for n in walk(effects))


@pytest.mark.parametrize(("text", "families"), [
    ("Destroy all of your opponent's Dragon spirits and Warrior spirits.", (("Dragon",), ("Warrior",))),
    ("Refresh all of your Golem spirits and Angel nexuses.", (("Golem",), ("Angel",))),
    ("Exhaust all of your opponent's Machine spirits and Shadow spirits.", (("Machine",), ("Shadow",))),
])
def test_all_of_a_phrase_and_a_bare_plural_shares_whose(text: str, families: tuple) -> None:
    effects = bs_one(text).effects
    assert tuple(e.target.families for e in effects) == families
    assert len({(e.target.count, e.target.owner) for e in effects}) == 1


@pytest.mark.parametrize("text", [
    "Select one of your opponent's spirits. Destroy it or one of your opponent's nexuses.",
    "Select one of your opponent's spirits. Return it and one of your opponent's nexuses to their hand.",
    "Select one of your opponent's nexuses. Exhaust it and one of your opponent's spirits.",
])
def test_a_pronoun_among_the_objects_still_stands_for_the_selection(text: str) -> None:
    sels = [n for n in walk(bs_one(text).effects) if isinstance(n, Selector) and n.card_types]
    assert {s.owner for s in sels} == {Player.OPPONENT} and len(sels) >= 2


# ── "select" takes the same joined object: "select X or Y" shares an area named after the last phrase ──
@pytest.mark.parametrize("text", [
    "Select one Dragon spirit card or one Warrior nexus card from your trash and add it to your hand.",
    "Select one blue spirit card or one magic card from your trash and return it to your hand.",
    "Select one Golem spirit card or one Angel spirit card from your trash and summon it without paying its cost.",
])
def test_bss_3_1_select_either_card_from_the_area_named_once(text: str) -> None:
    options = _options(text)
    assert {o.target.zone for o in options} == {"trash"} and {o.target.owner for o in options} == {Player.YOU}


# ── BSS 1-3-7: after an object, "and <noun phrase> is / are …" opens the next directive ──
@pytest.mark.parametrize(("text", "second"), [
    ("Destroy one of your opponent's spirits and this spirit is refreshed.", "SetState"),
    ("Refresh one of your spirits and all of your opponent's spirits are treated as LV1 during this turn.", "SetLevel"),
    ("Exhaust one of your opponent's nexuses and your Dragon spirits are refreshed.", "SetState"),
])
def test_bss_1_3_7_and_a_sentence_of_its_own_after_an_object(text: str, second: str) -> None:
    effects = bs_one(text).effects
    assert len(effects) == 2 and type(effects[1]).__name__ == second


@pytest.mark.parametrize("text", [
    "Select one of your spirits and one of your opponent's spirits that are exhausted and destroy them.",
    "Destroy one of your opponent's nexuses and one of their spirits that is exhausted.",
    "Return one of your opponent's spirits and one of their nexuses that are exhausted to their hand.",
])
def test_that_is_stays_a_qualifier_of_the_second_object(text: str) -> None:
    effects = bs_one(text).effects
    assert len(effects) == 2 and effects[1].target.state == "exhausted"
