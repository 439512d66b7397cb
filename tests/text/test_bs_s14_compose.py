"""Constructs of the Battle Spirits Saga templating language generalised in session 14 (issue 20):
each was read only in the combination one set printed; now it is defined once and read wherever the
language puts it. Three invented phrasings per construct (different combinations of its parts), each
asserting the typed meaning read. No card text is quoted here."""

from __future__ import annotations

import pytest
from text_helpers import TEST_FAMILIES, bs_one

from judge.text.ast import Activate, Conditional, Selector, walk
from judge.text.lexicon import default_lexicon
from judge.text.parse import parse_text
from judge.text.typed import untyped_parts


def _typed(text: str, **words):
    ab = bs_one(text, **words)
    assert not untyped_parts(ab, "bss"), untyped_parts(ab, "bss")
    return ab


def _nodes(ab, kind):
    return [n for n in walk(list(ab.effects)) if isinstance(n, kind)]


def _selectors(ab):
    return [n for n in walk(list(ab.effects)) if isinstance(n, Selector)]


# ---------------------------------------------------------------- 10-13 a keyword named bare or in quotes
@pytest.mark.parametrize(("text", "keyword"), [
    ('[LV1][LV2] All of your spirits with "Swift" gain 1000 BP during this turn.', "Swift"),
    ("[LV1] When Summoned: Select one of your opponent's spirits with \"Curse\" and destroy it.", "Curse"),
    ('[LV2] When This Spirit Attacks: Exhaust all of your opponent\'s spirits with "Gale" or Raid.', "Gale"),
])
def test_10_13_a_keyword_is_named_the_same_bare_or_quoted(text: str, keyword: str) -> None:
    ab = _typed(text)
    assert keyword in {s.with_keyword for s in _selectors(ab)}


# ---------------------------------------------------------------- 11 a keyword the card database lists is a keyword name
INVENTED_KW = "Ironhide"


def _with_keyword(text: str):
    lexicon = default_lexicon().with_words(families=TEST_FAMILIES, keywords=(INVENTED_KW,))
    result = parse_text(text, "bss", lexicon=lexicon)
    assert result.unparsed == (), result.unparsed
    (ab,) = result.abilities
    assert not untyped_parts(ab, "bss"), untyped_parts(ab, "bss")
    return ab


def test_11_a_database_keyword_is_gained_like_a_rules_keyword() -> None:
    ab = _with_keyword(f"[LV2] During Your Attack Step: All of your Dragon spirits gain {INVENTED_KW}.")
    assert any(getattr(n, "keyword", None) is not None and n.keyword.name == INVENTED_KW
               for n in walk(list(ab.effects)))


def test_11_a_database_keyword_qualifies_a_selection_like_a_rules_keyword() -> None:
    ab = _with_keyword(f"[LV1] When Summoned: Select one of your spirits with {INVENTED_KW} and refresh it.")
    assert INVENTED_KW in {s.with_keyword for s in _selectors(ab)}


def test_11_a_database_keyword_joins_a_rules_keyword_in_a_selection() -> None:
    ab = _with_keyword(f"[Main] Destroy one of your opponent's spirits with Swift or {INVENTED_KW}.")
    sel = next(s for s in _selectors(ab) if s.with_keyword is not None)
    assert {sel.with_keyword, *(e.with_keyword for e in sel.either)} == {"Swift", INVENTED_KW}


# ---------------------------------------------------------------- 8-1-7 / 11-17-1 one "activate" verb phrase
def test_8_1_7_a_keyword_is_activated_once_for_each_counted_card() -> None:
    ab = _typed("[LV1] When This Spirit Attacks: Activate Feast once for each nexus you control.")
    (act,) = _nodes(ab, Activate)
    assert act.keyword.name == "Feast"
    assert act.per is not None and act.per.card_types == ("nexus",)


def test_8_1_7_a_keyword_is_activated_once() -> None:
    ab = _typed("[Flash] Activate Feast.")
    (act,) = _nodes(ab, Activate)
    assert act.keyword.name == "Feast" and act.per is None and act.effect is None


def test_8_1_7_one_of_a_cards_effects_of_a_timing_is_activated_for_another_card() -> None:
    ab = _typed('[LV2] When This Spirit Blocks: Activate one of its "When Attacks" effects with this spirit.')
    (act,) = _nodes(ab, Activate)
    assert act.effect == "when_attacks" and act.keyword is None and act.per is None


def test_8_1_7_a_cards_step_effect_is_activated_without_paying() -> None:
    ab = _typed("[Flash] Activate this card's main effect without paying its cost.")
    (act,) = _nodes(ab, Activate)
    assert act.step == "main" and act.target.self_ref


# ---------------------------------------------------------------- 11-8-1 "performs Ascend (using …)" an act like any other
def test_11_8_1_a_condition_on_the_spirit_performed_ascend_with() -> None:
    ab = _typed("[LV1] When Summoned: If this spirit performs Ascend using a spirit with 5000 or more BP, "
                "draw a card.")
    (cond,) = _nodes(ab, Conditional)
    c = cond.condition
    assert (c.kind, c.event, c.window) == ("happened", "ascends", "trigger")
    assert c.selector.self_ref and c.object.card_types == ("spirit",)
    assert c.object.thresholds[0].stat == "bp" and c.object.thresholds[0].value == 5000


def test_11_8_1_an_event_of_performing_ascend_with_no_card_named() -> None:
    ab = _typed("[LV1][LV2] During Your Turn: When one of your spirits performs Ascend, place a core from the "
                "void onto it.")
    c = ab.condition
    assert (c.kind, c.event) == ("event", "ascends")
    assert c.selector.card_types == ("spirit",) and c.object is None


def test_11_8_1_an_event_of_performing_ascend_using_a_named_kind_of_spirit() -> None:
    ab = _typed("[LV2] During Your Main Step: When this spirit performs Ascend using one of your Dragon spirits, "
                "draw two cards.")
    c = ab.condition
    assert (c.kind, c.event) == ("event", "ascends")
    assert c.selector.self_ref and c.object.families == ("Dragon",)


# ---------------------------------------------------------------- 9-3-2 / 9-4 destroyed "via reducing" its cores or BP to 0
@pytest.mark.parametrize(("text", "qualifier"), [
    ("[LV1] During Your Attack Step: When one of your opponent's spirits is destroyed via reducing its BP to zero, "
     "draw a card.", "via_zero_bp"),
    ("[LV2] During Your Turn: When one of your opponent's spirits is destroyed via reducing its cores to 0, "
     "refresh this spirit.", "via_zero_cores"),
    ("[LV1][LV2] When one of your effects destroys one of your opponent's spirits via reducing its BP to 0, place "
     "a core from the void onto this spirit.", "via_zero_bp"),
])
def test_9_4_a_destruction_by_a_stat_reduced_to_zero_is_said_either_way(text: str, qualifier: str) -> None:
    ab = _typed(text)
    assert ab.condition.event.startswith("destroy")
    assert qualifier in ab.condition.qualifiers


def test_9_4_a_stat_reduced_to_another_number_is_not_read_as_a_destruction() -> None:
    result = parse_text("[LV1] During Your Turn: When one of your opponent's spirits is destroyed via reducing its "
                        "BP to 1000, draw a card.", "bss")
    assert result.unparsed or all(untyped_parts(a, "bss") for a in result.abilities)


# ---------------------------------------------------------------- 8-4-1 a cost paid "to make" someone act
def _chooser_of_picks(ab):
    return {s.chooser for s in _selectors(ab)} - {None}


@pytest.mark.parametrize("text", [
    "[LV1] When This Spirit Attacks: You may discard a card to make your opponent select one of their nexuses and "
    "destroy it.",
    "[Flash] Exhaust one of your spirits to make your opponent select one of their spirits with 3000 or fewer BP and "
    "return it to their hand.",
])
def test_8_4_1_a_cost_makes_the_opponent_make_the_selection(text: str) -> None:
    from judge.text.ast import Player

    ab = _typed(text)
    assert _chooser_of_picks(ab) == {Player.OPPONENT}


def test_8_4_1_a_cost_makes_cards_gain_bp() -> None:
    from judge.text.ast import ModifyStat

    ab = _typed("[LV1] When This Spirit Blocks: You may pay one core from your reserve to make all of your spirits "
                "gain 1000 BP during this turn.")
    (gain,) = [n for n in walk(list(ab.effects)) if isinstance(n, ModifyStat)]
    assert (gain.stat, gain.amount) == ("bp", 1000) and gain.target.card_types == ("spirit",)


# ---------------------------------------------------------------- 12-2-1 the cards an effect revealed, however they are named
@pytest.mark.parametrize("text", [
    "[LV1] When Summoned: Reveal the top three cards of your deck. Add one Dragon spirit card from the cards you "
    "revealed to your hand. Discard the remaining cards.",
    "[LV1] When This Spirit Attacks: View the top two cards of your deck. Add a magic card from among them to your "
    "hand. Return the rest to the bottom of your deck in any order.",
    "[LV1] When Summoned: Reveal the top four cards of your deck. Add any number of the cards you revealed to your "
    "hand.",
])
def test_12_2_1_cards_taken_from_those_revealed_are_taken_from_the_revealed_cards(text: str) -> None:
    ab = _typed(text)
    assert "revealed" in {s.zone for s in _selectors(ab)}


# ---------------------------------------------------------------- 3-1 an event's place: an area or a zone
@pytest.mark.parametrize(("text", "zone"), [
    ("[LV1] During Your Turn: When one of your spirits is returned to your hand or deck, draw a card.", "hand/deck"),
    ("[LV1] During Opponent's Turn: When a spirit card is placed into your trash, place a core from the void onto "
     "this spirit.", "trash"),
    ("[LV2] During Your Turn: When a card is discarded from your hand, this spirit gains 1000 BP during this turn.",
     "hand"),
])
def test_3_1_an_event_names_where_the_card_goes_or_comes_from(text: str, zone: str) -> None:
    ab = _typed(text)
    assert ab.condition.zone == zone


# ---------------------------------------------------------------- 1-3-3 / 8-5-3 an event's cause, however it is said
def _conditions(ab):
    return [n.condition for n in walk(list(ab.effects)) if isinstance(n, Conditional)] + [ab.condition]


def test_8_5_3_an_event_caused_by_this_effect() -> None:
    ab = _typed("[Main] Discard the top three cards of your deck. When a spirit card is discarded by this effect, "
                "draw a card.")
    (c,) = [c for c in _conditions(ab) if c is not None and c.kind == "event"]
    assert c.event == "discarded" and "with_this_effect" in c.qualifiers


@pytest.mark.parametrize(("text", "verb", "whose"), [
    ("[LV1] During Opponent's Turn: When your opponent discards a card with one of their effects, draw a card.",
     "discards", "opponent"),
    ("[LV1] During Your Turn: When you exhaust one of your opponent's spirits with one of your effects, draw a card.",
     "exhausts", "you"),
])
def test_1_3_3_an_event_caused_by_one_of_a_players_effects(text: str, verb: str, whose: str) -> None:
    ab = _typed(text)
    c = ab.condition
    assert c.event == verb and c.by.unit == "effect" and c.by.owner.value == whose


# ---------------------------------------------------------------- 2-6 "if it costs …": what a card costs, as after a noun
@pytest.mark.parametrize(("text", "check"), [
    ("[LV1] When Summoned: Reveal the top card of your deck. If it costs 4 or more, add it to your hand. If it does "
     "not, discard it.", lambda o: o.thresholds[0].stat == "cost" and (o.thresholds[0].op, o.thresholds[0].value)
     == (">=", 4)),
    ("[LV1] When Destroyed: Reveal the top card of your deck. If it costs the same as this spirit, summon it without "
     "paying its cost.", lambda o: o.thresholds[0].op == "==" and o.thresholds[0].ref.self_ref),
    ("[LV1] When This Spirit Attacks: Reveal the top card of your deck. If it costs 3 or 5, add it to your hand.",
     lambda o: o.costs == (3, 5)),
])
def test_2_6_a_condition_on_what_a_card_costs(text: str, check) -> None:
    ab = _typed(text)
    c = next(c for c in _conditions(ab) if c is not None and c.kind == "is")
    assert check(c.object)


# ---------------------------------------------------------------- 2-6 "the same" cost: as another card, or as each other
def test_2_6_cards_costing_the_same_amount_as_each_other() -> None:
    ab = _typed("[LV1] During Your Turn: If all of your spirits cost the same amount, all of your spirits gain "
                "1000 BP.")
    (c,) = [c for c in _conditions(ab) if c is not None and c.kind == "is"]
    assert c.object.thresholds[0].stat == "distinct_costs" and c.object.thresholds[0].value == 1


@pytest.mark.parametrize(("text", "op"), [
    ("[LV1] When Summoned: Select one of your opponent's spirits that costs the same or more than this spirit and "
     "destroy it.", ">="),
    ("[LV1] When Summoned: Destroy all of your opponent's spirits that cost the same as this spirit.", "=="),
])
def test_2_6_a_card_costing_the_same_as_another(text: str, op: str) -> None:
    ab = _typed(text)
    (t,) = [t for s in _selectors(ab) for t in s.thresholds if t.stat == "cost"]
    assert t.op == op and t.ref.self_ref


# ---------------------------------------------------------------- 8-1-4-1 "if it is not / does not": the condition before, negated
def _negated_after(ab):
    first_, second = [n.condition for n in walk(list(ab.effects)) if isinstance(n, Conditional)]
    return first_, second


@pytest.mark.parametrize(("text", "check"), [
    ("[LV1] When Summoned: Reveal the top card of your deck. If it is a Dragon spirit card, add it to your hand. If "
     "it is not, discard it.", lambda o: o.families == ("Dragon",)),
    ("[LV1] When Summoned: Reveal the top card of your deck. If it has Swift, add it to your hand. If it does not, "
     "return it to the bottom of your deck.", lambda o: o.with_keyword == "Swift"),
    ("[LV1] When Summoned: Reveal the top card of your deck. If it costs 3 or fewer, add it to your hand. If it does "
     "not, discard it.", lambda o: (o.thresholds[0].stat, o.thresholds[0].op, o.thresholds[0].value) == ("cost", "<=", 3)),
])
def test_8_1_4_1_if_it_is_not_negates_the_condition_before_however_its_verb_is_said(text: str, check) -> None:
    ab = _typed(text)
    yes, no = _negated_after(ab)
    assert not yes.negated and no.negated and yes.object == no.object and check(no.object)


# ---------------------------------------------------------------- 2-8 / 2-5-3 a card treated as having symbols or every spirit type
def test_2_8_a_spirit_treated_as_having_symbols_of_a_colour() -> None:
    from judge.text.ast import SetStat

    eff = _typed("[LV2] During Your Attack Step: Treat this spirit as having three purple symbols.").effects[0]
    assert isinstance(eff, SetStat) and (eff.stat, eff.value, eff.colors) == ("symbols", 3, ("purple",))


def test_2_5_3_a_nexus_treated_as_having_every_spirit_type() -> None:
    from judge.text.ast import Duration, Gain

    eff = _typed("[LV1] Treat this nexus as having all spirit types.").effects[0]
    assert isinstance(eff, Gain) and eff.family == "all" and eff.target.card_types == ("nexus",)
    assert eff.duration == Duration.PERMANENT


def test_2_8_a_selected_spirit_treated_as_having_symbols() -> None:
    from judge.text.ast import SetStat

    ab = _typed("[LV1] When Summoned: Select one of your spirits. Treat it as having two symbols.")
    (eff,) = [n for n in walk(list(ab.effects)) if isinstance(n, SetStat)]
    assert (eff.stat, eff.value, eff.colors) == ("symbols", 2, ()) and not eff.target.self_ref


# ---------------------------------------------------------------- 2-11 a stat compared with a card's, either way it is said
@pytest.mark.parametrize(("text", "op"), [
    ("[LV1] When Summoned: Destroy all of your opponent's spirits with BP equal to or fewer than the BP of this "
     "spirit.", "<="),
    ("[LV1] When This Spirit Attacks: Destroy one of your opponent's spirits with higher BP than this spirit's BP.",
     ">"),
    ("[LV1] When Summoned: Select one of your opponent's spirits with BP less than the BP of this spirit and destroy "
     "it.", "<"),
])
def test_2_11_bp_compared_with_this_spirits_bp(text: str, op: str) -> None:
    ab = _typed(text)
    (t,) = [t for s in _selectors(ab) for t in s.thresholds if t.stat == "bp"]
    assert t.op == op and t.ref.self_ref


# ---------------------------------------------------------------- 10-1 / 10-2 a player's act named by its verb: destroying is not discarding
@pytest.mark.parametrize(("text", "kind", "event"), [
    ("[LV1] During Your Turn: When you discard a card, draw a card.", "event", "discards"),
    ("[LV1] During Opponent's Turn: When you destroy one of your spirits, place a core from the void onto this "
     "spirit.", "event", "destroys"),
    ("[LV1] When Summoned: Discard a card from your hand. If you discard a spirit card with this effect, draw two "
     "cards.", "happened", "discards"),
])
def test_10_2_a_player_discarding_is_a_discard_not_a_destruction(text: str, kind: str, event: str) -> None:
    from judge.text.ast import Player

    ab = _typed(text)
    (c,) = [c for c in _conditions(ab) if c is not None]
    assert (c.kind, c.event, c.player) == (kind, event, Player.YOU)


# ---------------------------------------------------------------- 4-2-4 cards returned: whoever returns them, qualifiers after the destination
@pytest.mark.parametrize(("text", "check"), [
    ("[LV1] When Summoned: Return all magic cards from your trash to your hand that cost 2 or fewer.",
     lambda t: t.zone == "trash" and (t.thresholds[0].stat, t.thresholds[0].value) == ("cost", 2)),
    ("[LV1] When Destroyed: Return one spirit card from your trash to your hand with 3000 or fewer BP.",
     lambda t: t.count == 1 and (t.thresholds[0].stat, t.thresholds[0].value) == ("bp", 3000)),
    ("[LV1] When Summoned: Your opponent returns one of their spirits to their hand.",
     lambda t: t.card_types == ("spirit",)),
])
def test_4_2_4_cards_returned_to_the_hand_keep_every_qualifier(text: str, check) -> None:
    from judge.text.ast import Move

    ab = _typed(text)
    (move,) = _nodes(ab, Move)
    assert move.dest == "hand" and check(move.target)


# ---------------------------------------------------------------- 4-6 "for each": what a player controls or has
@pytest.mark.parametrize(("text", "check"), [
    ("[LV1][LV2] During Your Turn: All of your refreshed spirits gain 1000 BP for each symbol they have.",
     lambda p: p.unit == "symbol"),
    ("[LV1] When Summoned: Draw one card for each nexus your opponent controls.",
     lambda p: p.card_types == ("nexus",) and p.owner.value == "opponent"),
    ("[LV1] When This Spirit Attacks: This spirit gains 1000 BP for each red symbol you have.",
     lambda p: p.unit == "symbol" and p.colors == ("red",) and p.owner.value == "you"),
])
def test_4_6_an_amount_per_what_a_player_controls_or_has(text: str, check) -> None:
    ab = _typed(text)
    (per,) = [e.per for e in walk(list(ab.effects)) if getattr(e, "per", None) is not None]
    assert check(per)


# ---------------------------------------------------------------- 4-4-1 / 7-1 / 11-18-1 a card's state as an adjective
@pytest.mark.parametrize(("text", "state"), [
    ("[LV1][LV2] During Your Attack Step: All of your linked spirits gain 3000 BP.", "linked"),
    ("[LV1] When This Spirit Attacks: Refresh all of your blocking spirits.", "blocking"),
    ("[LV1][LV2] During Your Turn: All of your refreshed spirits gain 1000 BP.", "refreshed"),
])
def test_4_4_1_a_state_adjective_qualifies_the_cards(text: str, state: str) -> None:
    ab = _typed(text)
    assert state in {s.state for s in _selectors(ab)}


# ---------------------------------------------------------------- 7-1-5 / 3-7 a card's attacks, named by any noun phrase
def _restriction_by(ab):
    from judge.text.ast import Restriction

    (r,) = _nodes(ab, Restriction)
    return r.by


def test_7_1_5_life_not_reduced_by_the_attacks_of_a_kind_of_card() -> None:
    by = _restriction_by(_typed("[Flash] During this turn, your life cannot be reduced by your opponent's spirits' "
                                "attacks."))
    assert by.unit == "attack" and by.about.owner.value == "opponent" and by.about.card_types == ("spirit",)


def test_7_1_5_life_not_reduced_by_the_attacks_of_the_selected_spirit() -> None:
    by = _restriction_by(_typed("[LV1] When This Spirit Attacks: Select one of your opponent's spirits. Your life "
                                "cannot be reduced by that spirit's attacks during this turn."))
    assert by.unit == "attack" and by.about is not None


def test_3_7_an_event_of_life_reduced_by_the_attacks_of_a_kind_of_card() -> None:
    ab = _typed("[LV1] During Opponent's Turn: When one of your opponent's Dragon spirits' attacks reduces your life, "
                "draw a card.")
    c = ab.condition
    assert c.event == "life_reduced" and c.by.unit == "attack" and c.by.about.families == ("Dragon",)


# ---------------------------------------------------------------- 8-2-2-2 a card "also" gains: besides what it has
@pytest.mark.parametrize(("text", "kind", "value"), [
    ("[Flash] Select one of your spirits. It gains 4000 BP during this turn. If it is a Dragon spirit, it also gains "
     "Swift.", "Gain", "Swift"),
    ("[LV1] When Summoned: Select one of your spirits. It also gains 2000 BP during this turn.", "ModifyStat", 2000),
    ("[LV2] During Your Attack Step: All of your spirits with Curse also gain Swift.", "Gain", "Swift"),
])
def test_8_2_2_2_a_card_also_gains(text: str, kind: str, value) -> None:
    ab = _typed(text)
    found = [n for n in walk(list(ab.effects)) if type(n).__name__ == kind]
    got = {n.keyword.name if kind == "Gain" else n.amount for n in found}
    assert value in got


# ---------------------------------------------------------------- 8-8-1-2 cards lose (all of) their effects
@pytest.mark.parametrize(("text", "levels"), [
    ("[LV1] When Summoned: Select one of your opponent's spirits. It loses all of its effects during this turn.", ()),
    ("[LV1] When Summoned: All of your opponent's nexuses lose all their LV1 effects during this turn.", (1,)),
    ("[LV1] When Summoned: Select one of your opponent's spirits. It loses its effects during this turn.", ()),
])
def test_8_8_1_2_cards_lose_all_of_their_effects(text: str, levels: tuple) -> None:
    from judge.text.ast import Duration, LoseEffects

    ab = _typed(text)
    (lose,) = _nodes(ab, LoseEffects)
    assert lose.levels == levels and lose.duration == Duration.TURN


# ---------------------------------------------------------------- 8-4-2 / 4-11-3 cores paid: one number-of-cores construct, from a card or an area
def _paid(ab):
    from judge.text.ast import MoveCores

    return [m for m in _nodes(ab, MoveCores) if m.dest == "trash"]


def test_8_4_2_a_soul_core_paid_from_this_spirit() -> None:
    ab = _typed('[LV1] When This Spirit Attacks: You may pay a "Soul Core" from this spirit to draw two cards.')
    (pay,) = _paid(ab)
    assert (pay.count, pay.core_type, pay.source) == (1, "soul", "spirit") and pay.source_target.self_ref


def test_8_4_2_cores_of_this_spirit_paid() -> None:
    ab = _typed("[LV1] When This Spirit Attacks: You may pay two of this spirit's cores to draw a card.")
    (pay,) = _paid(ab)
    assert (pay.count, pay.core_type, pay.source) == (2, None, "spirit") and pay.source_target.self_ref


def test_8_4_2_a_core_paid_from_the_reserve() -> None:
    ab = _typed("[LV1] When This Spirit Blocks: You may pay one core from your reserve to refresh this spirit.")
    (pay,) = _paid(ab)
    assert (pay.count, pay.source, pay.source_target) == (1, "reserve", None)


# ---------------------------------------------------------------- BS 12-3-1 / 12-3-2 a limit on this effect, said as a sentence
@pytest.mark.parametrize(("text", "limit"), [
    ("[LV1] During Your Turn: When one of your spirits is destroyed, draw a card. This effect does not duplicate.",
     "unstackable"),
    ("[LV2] When one of your spirits attacks, place a core from the void onto it. This effect can only be used once "
     "per turn.", "once_per_turn"),
    ("[LV1] During Your Attack Step: When you use a magic card, refresh this spirit. This effect may only be used "
     "once per turn.", "once_per_turn"),
])
def test_12_3_a_sentence_limiting_this_effect_is_the_limit_tag(text: str, limit: str) -> None:
    assert _typed(text).restrictions == (limit,)


# ---------------------------------------------------------------- 2-5 a spirit type, or "non-" it
@pytest.mark.parametrize("text", [
    "[LV1] When Summoned: Destroy all non-Dragon spirits with 3000 or fewer BP.",
    "[LV1][LV2] During Your Turn: All of your non-Undead spirits gain 1000 BP.",
    "[LV1] When Summoned: Select one of your opponent's non-Dragon spirits and exhaust it.",
])
def test_2_5_a_non_spirit_type_is_every_other_card(text: str) -> None:
    sels = [s for s in _selectors(_typed(text)) if s.not_families]
    assert sels and all(not s.families for s in sels) and sels[0].not_families[0] in ("Dragon", "Undead")


# ---------------------------------------------------------------- 8-5-3 the cards left out: "except" or "other than" alike
def _left_out(ab):
    return [s for s in _selectors(ab) if s.other or s.not_names or s.excluding]


def test_8_5_3_except_a_kind_of_card_leaves_those_cards_out() -> None:
    (sel,) = _left_out(_typed("[Main] Exhaust all spirits except red Dragon spirits."))
    assert sel.excluding.colors == ("red",) and sel.excluding.families == ("Dragon",)


def test_8_5_3_except_this_spirit_is_every_other_card() -> None:
    (sel,) = _left_out(_typed("[LV1] When Summoned: Destroy all spirits except this spirit."))
    assert sel.other and sel.excluding is None


def test_8_5_3_except_a_named_card_leaves_that_name_out() -> None:
    (sel,) = _left_out(_typed('[LV1] When Summoned: Destroy all spirits except "Crimson Keep".'))
    assert sel.not_names == ("Crimson Keep",)


# ---------------------------------------------------------------- 1-3-3 whose effects: a player's or a card's
def test_1_3_3_effects_of_a_player_as_the_cause() -> None:
    ab = _typed("[LV1] This spirit cannot be returned to your hand by your opponent's effects.")
    by = _restriction_by(ab)
    assert by.unit == "effect" and by.owner.value == "opponent"


@pytest.mark.parametrize(("text", "keyword"), [
    ("[LV1] During Your Turn: When a card is discarded by this spirit's Crush effect, draw a card.", "Crush"),
    ("[LV1] During Your Turn: When one of your opponent's spirits is exhausted by this spirit's Gale effect, draw a "
     "card.", "Gale"),
])
def test_1_3_3_a_cards_keyword_effect_as_the_cause(text: str, keyword: str) -> None:
    by = _typed(text).condition.by
    assert by.unit == "effect" and by.with_keyword == keyword and by.about.self_ref


# ---------------------------------------------------------------- 11-8-2 a keyword's parameter that names something
@pytest.mark.parametrize(("text", "param"), [
    ("【Ascend: Dragon】", "Dragon"),
    ('[LV1] 【Ascend: "Crimson Keep"】', "Crimson Keep"),
    ("【Ascend: Token】", "Token"),
])
def test_11_8_2_a_keyword_parameter_names_a_type_or_a_card(text: str, param: str) -> None:
    kw = _typed(text).keyword
    assert (kw.name, kw.params) == ("Ascend", (param,))


# ---------------------------------------------------------------- 4-6 / 3-7 a player named, one word class
@pytest.mark.parametrize(("text", "owner"), [
    ("[LV1] When Summoned: Draw a card for each nexus either player controls.", "each"),
    ("[LV1] When This Spirit Attacks: This spirit gains 1000 BP for each spirit either player controls.", "each"),
    ("[LV1] When Summoned: Draw a card for each nexus your opponent controls.", "opponent"),
])
def test_4_6_cards_counted_for_the_player_named(text: str, owner: str) -> None:
    (per,) = [e.per for e in walk(list(_typed(text).effects)) if getattr(e, "per", None) is not None]
    assert per.owner.value == owner
