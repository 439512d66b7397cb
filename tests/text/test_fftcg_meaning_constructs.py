"""FFTCG constructs read as meaning (issue 11.3 / 11.4): each construct with three invented phrasings
(none is a printed card's sentence), checked on the AST, and each a fixed point of the round trip
(render, parse again: the same AST)."""

from __future__ import annotations

from typing import Any

import pytest

from judge.text.ast import (
    Conditional,
    Deploy,
    Duration,
    ModifyStat,
    Move,
    Player,
    Restriction,
    Search,
    Selector,
    walk,
)
from judge.text.fftcg.render import render
from judge.text.parse import parse_text
from judge.text.render import comparable

NAME = "Zorn"


def one(text: str) -> Any:
    result = parse_text(text, "fftcg", name=NAME)
    assert not result.unparsed and len(result.abilities) == 1, (text, result.unparsed)
    return result.abilities[0]


def round_trips(ability: Any) -> None:
    again = one(render(ability, NAME))
    assert comparable(again) == comparable(ability), render(ability, NAME)


# ── a duration said before an "if" scopes the replacement it governs (11.12.4.1, 11.12.5) ──
@pytest.mark.parametrize("text", [
    "During this turn, if Zorn is dealt damage, the damage becomes 0 instead.",
    "《1》: Until the end of the turn, if a Forward you control is dealt damage, reduce the damage by 2000 instead.",
    "Choose 1 Forward. During this turn, the next damage dealt to it by Summons becomes 0 instead.",
])
def test_fftcg_11_12_4_1_a_replacement_said_for_this_turn_lasts_this_turn(text: str) -> None:
    ability = one(text)
    cond = next(e for e in ability.effects if isinstance(e, Conditional))
    assert cond.instead
    assert all(isinstance(x, ModifyStat) and x.duration is Duration.TURN for x in cond.effects)
    round_trips(ability)


def test_fftcg_11_12_5_a_replacement_without_a_duration_stays_permanent() -> None:
    cond = one("If Zorn is dealt damage, the damage becomes 0 instead.").effects[0]
    assert cond.effects[0].duration is Duration.PERMANENT


# ── whose field a card is played onto (6.2.4): the player named, or the one who plays it ──
@pytest.mark.parametrize(("text", "onto"), [
    ("Choose 1 Forward in your Break Zone. Play it onto your opponent's field.", Player.OPPONENT),
    ("When Zorn leaves the field, play Zorn onto your opponent's field dull.", Player.OPPONENT),
    ("《1》: Play 1 Backup of cost 2 or less from your hand onto your field.", Player.YOU),
    ("《1》: Play 1 Backup of cost 2 or less from your hand onto the field.", None),
])
def test_fftcg_6_2_4_a_card_played_onto_a_players_field(text: str, onto: Player | None) -> None:
    ability = one(text)
    deploy = next(e for e in walk(ability) if isinstance(e, Deploy))
    assert deploy.verb == "play" and deploy.onto is onto
    round_trips(ability)


# ── who gains control (6.2.6): the subject of "gains control of" ──
@pytest.mark.parametrize(("text", "who"), [
    ("When Zorn is chosen by your opponent's abilities, your opponent gains control of Zorn.", Player.OPPONENT),
    ("Choose 1 Backup you control. Your opponent gains control of it until the end of the turn.", Player.OPPONENT),
    ("《2》: Choose 1 Monster. Gain control of it.", None),
])
def test_fftcg_6_2_6_the_player_who_gains_control(text: str, who: Player | None) -> None:
    ability = one(text)
    deploy = next(e for e in walk(ability) if isinstance(e, Deploy))
    assert deploy.verb == "gain_control" and deploy.player is who
    round_trips(ability)


# ── damage that cannot be reduced (11.12.5): the damage just dealt, or a source's damage to cards ──
@pytest.mark.parametrize("text", [
    "Choose 1 Forward. Deal it 9000 damage. This damage cannot be reduced.",
    "《1》: Deal 3000 damage to all the Forwards opponent controls. This damage cannot be reduced.",
    "The damage dealt by your Summons to Forwards opponent controls cannot be reduced.",
])
def test_fftcg_11_12_5_damage_that_cannot_be_reduced_reads_back(text: str) -> None:
    ability = one(text)
    barred = next(e for e in walk(ability) if isinstance(e, Restriction))
    assert barred.action == "be_reduced" and barred.player is None
    round_trips(ability)


# ── the CP a cost may only be paid with (11.2): produced by some cards, for a cast or this ability ──
@pytest.mark.parametrize(("text", "colors", "use"), [
    ("You can only pay with CP produced by Fire Backups to cast Zorn.", ("fire",), False),
    ("《1》: Zorn gains +1000 power. You can only pay with CP produced by Backups to use this ability.", (), True),
    ("You can only pay with CP produced by Water or Ice Backups to cast Zorn.", ("water", "ice"), False),
])
def test_fftcg_11_2_cp_only_from_the_cards_named(text: str, colors: tuple, use: bool) -> None:
    ability = one(text)
    barred = next(e for e in walk(ability) if isinstance(e, Restriction))
    assert barred.action == "pay_with_cp_from_backups" and barred.by is not None
    assert barred.by.card_types == ("backup",) and set(barred.by.colors) == set(colors)
    assert (barred.target.card_types == ("ability",)) is use
    round_trips(ability)


@pytest.mark.parametrize(("text", "payers"), [
    ("Break it. If the CP paid to cast Zorn was only produced by Backups, also draw 1 card.", ("backup",)),
    ("Choose 1 Forward. Dull it. If the CP paid to cast Zorn was only produced by Forwards, freeze it.",
     ("forward",)),
    ("Draw 1 card. If the CP paid to cast Zorn was only produced by Monsters, draw 1 more card.", ("monster",)),
])
def test_fftcg_11_2_if_the_cp_paid_came_only_from_some_cards(text: str, payers: tuple) -> None:
    ability = one(text)
    cond = next(e for e in walk(ability) if isinstance(e, Conditional)).condition
    assert cond.kind == "paid_by" and cond.selector.card_types == payers
    round_trips(ability)


# ── an event earlier this turn, said in the past, is a fact of the turn (11.8.13) ──
@pytest.mark.parametrize(("text", "kind"), [
    ("If a Forward you controlled attacked this turn, draw 1 card.", "attacks_this_turn"),
    ("If 2 or more Backups have left the field this turn, Zorn gains +1000 power.", "left_field_this_turn"),
    ("If a Forward opponent controlled formed a party this turn, Zorn gains +1000 power.", "formed_party_this_turn"),
])
def test_fftcg_11_8_13_an_event_earlier_this_turn(text: str, kind: str) -> None:
    ability = one(text)
    cond = next(e for e in walk(ability) if isinstance(e, Conditional)).condition
    assert cond.kind == kind
    round_trips(ability)


# ── whom a Forward can form a party with (15.1.1.9), and what an ability is choosing (11.6.5) ──
@pytest.mark.parametrize("text", [
    "The Forwards you control can form a party with Forwards of any Element.",
    "Zorn can form a party with Forwards of any Element.",
    "The [[i]]Job Sentinel[[/]] Forwards you control can form a party with Forwards of any Element.",
])
def test_fftcg_15_1_1_9_a_party_with_forwards_of_any_element(text: str) -> None:
    ability = one(text)
    barred = next(e for e in walk(ability) if isinstance(e, Restriction))
    assert barred.action == "form_party_with" and barred.by.colors == ("any",)
    round_trips(ability)


@pytest.mark.parametrize("text", [
    "Choose 1 ability that is choosing only 1 Forward you control. Cancel its effect.",
    "《1》: Choose 1 Summon that is choosing only 1 Backup you control. Cancel its effect.",
    "Zorn cannot be broken by opposing Summons or abilities that don't deal damage.",
])
def test_fftcg_11_6_5_what_a_summon_or_ability_is_and_does(text: str) -> None:
    round_trips(one(text))


# ── a card put under the top N cards of a deck (7.9): one deck place for every verb, N kept ──
@pytest.mark.parametrize(("text", "under"), [
    ("Search for 1 Backup and put it under the top 2 cards of your deck.", 2),
    ("《1》: Put Zorn under the top 3 cards of your deck.", 3),
    ("Choose 1 Forward. Put it under the top card of its owner's deck.", 1),
    ("Search for 1 Summon and put it under the top 4 cards of your deck.", 4),
])
def test_fftcg_7_9_under_the_top_cards_of_a_deck(text: str, under: int) -> None:
    ability = one(text)
    moved = next(e for e in walk(ability) if isinstance(e, (Move, Search)))
    assert moved.dest == "deck_under_top" and moved.under == under
    round_trips(ability)


# ── an "if" governs its sentence (11.8.13): what it governs is said in that one sentence ──
@pytest.mark.parametrize(("text", "governed"), [
    ("Choose 1 Forward. If you control a Backup, deal it 5000 damage and draw 1 card.", 2),
    ("If you control a Backup, Zorn gains +1000 power and your opponent discards 1 card.", 2),
    ("When Zorn attacks, if you have 5 or more cards in your hand, draw 1 card and Zorn gains Brave until the end "
     "of the turn.", 2),
])
def test_fftcg_11_8_13_an_if_scopes_its_whole_sentence(text: str, governed: int) -> None:
    ability = one(text)
    cond = next(e for e in walk(ability) if isinstance(e, Conditional))
    assert len(cond.effects) == governed
    round_trips(ability)


def test_fftcg_11_8_13_an_if_does_not_reach_the_next_sentence() -> None:
    ability = one("If you control a Backup, draw 1 card. Discard 1 card.")
    assert isinstance(ability.effects[0], Conditional) and len(ability.effects[0].effects) == 1
    assert len(ability.effects) == 2
    round_trips(ability)


# ── a card that is also a name, a Job or a card type in all situations (5.2.4): which kind kept ──
@pytest.mark.parametrize(("text", "params"), [
    ("Zorn is also a Monster in all situations.", ("monster", "card_type")),
    ("Zorn is also [[i]]Card Name Garland[[/]] in all situations.", ("Garland", "card_name")),
    ("Zorn is also [[i]]Job Knight[[/]] in all situations.", ("Knight", "job")),
])
def test_fftcg_5_2_4_also_a_name_or_a_type_in_all_situations(text: str, params: tuple) -> None:
    ability = one(text)
    gain = ability.effects[0]
    assert gain.keyword.name == "Also" and gain.keyword.params == params
    round_trips(ability)


# ── the Nth card cast or point of damage received in a turn (11.8) ──
@pytest.mark.parametrize(("text", "kind"), [
    ("When you cast the second card you've cast this turn, draw 1 card.", "you_cast_second_card"),
    ("During each turn, when you cast the third Summon you've cast, draw 1 card.", "you_cast_third_summon"),
    ("When you receive a fifth point of damage, draw 1 card.", "you_receive_fifth_damage"),
])
def test_fftcg_11_8_the_nth_of_a_turn_triggers(text: str, kind: str) -> None:
    ability = one(text)
    assert ability.trigger.events[0].kind == kind
    round_trips(ability)


# ── a cost compared with the X paid (4.5) ──
@pytest.mark.parametrize("text", [
    "《X》: Choose 1 Forward in your Break Zone. If its cost is X, play it onto the field.",
    "《X》《ダル》: Choose 1 Monster. If its cost is X, break it.",
    "《X》: Choose 1 Backup in your Break Zone. If its cost is X, add it to your hand.",
])
def test_fftcg_4_5_if_its_cost_is_x(text: str) -> None:
    ability = one(text)
    cond = next(e for e in walk(ability) if isinstance(e, Conditional)).condition
    assert cond.threshold.stat == "cost" and cond.threshold.value == -1
    round_trips(ability)


# ── an auto-ability that triggers only if a condition holds (11.8) ──
@pytest.mark.parametrize("text", [
    "When Zorn attacks, draw 1 card. This effect will trigger only if you control 2 or more Backups.",
    "When a Forward you control is broken, draw 1 card. This effect will trigger only if Zorn is dull.",
    "At the end of each of your turns, draw 1 card. This effect will trigger only if Zorn is in the Break Zone.",
])
def test_fftcg_11_8_an_auto_ability_that_triggers_only_if(text: str) -> None:
    ability = one(text)
    assert ability.condition is not None
    rendered = render(ability, NAME)
    assert "This effect will trigger only if" in rendered
    round_trips(ability)


# ── "only N" as a count (4): exactly that many ──
@pytest.mark.parametrize(("text", "value"), [
    ("If you control only 1 Forward, Zorn gains +1000 power.", 1),
    ("If your opponent controls only 1 Backup, draw 1 card.", 1),
    ("When Zorn attacks, if you control only 2 Forwards, draw 1 card.", 2),
])
def test_fftcg_4_only_n_is_exactly_n(text: str, value: int) -> None:
    ability = one(text)
    cond = next(e for e in walk(ability) if isinstance(e, Conditional)).condition
    assert cond.threshold.op == "==" and cond.threshold.value == value
    round_trips(ability)


# ── damage dealt by one card (6.4): "by a Forward" is one card, not Summons or abilities ──
@pytest.mark.parametrize("text", [
    "When Zorn is dealt damage by a Forward, draw 1 card.",
    "If Zorn is dealt damage by a Forward of cost 3 or less, the damage becomes 0 instead.",
    "If a Forward you control is dealt damage by a Monster, reduce the damage by 1000 instead.",
])
def test_fftcg_6_4_damage_by_one_card(text: str) -> None:
    ability = one(text)
    ev = next(e for e in walk(ability) if type(e).__name__ == "Event" and e.by is not None)
    assert ev.by.count == 1 and not set(ev.by.card_types) & {"summon", "ability"}
    round_trips(ability)


# ── wordings of one meaning, made one by the listed normalisations (judge.text.fftcg.render.NORMALISATIONS) ──
@pytest.mark.parametrize(("printed", "canonical"), [
    ("Zorn cannot be chosen by opposing Summons.", "Zorn cannot be chosen by your opponent's Summons."),
    ("The cost for playing Zorn onto the field is reduced by 1.", "The cost required to cast Zorn is reduced by 1."),
    ("The cost to cast Zorn is reduced by 2.", "The cost required to cast Zorn is reduced by 2."),
    ("Choose 1 Fire Forward or Ice Forward. Break it.", "Choose 1 Fire or Ice Forward. Break it."),
    ("Choose 1 Light Backup or Dark Backup. Dull it.", "Choose 1 Light or Dark Backup. Dull it."),
    ("Choose 1 Forward. You gain control of it.", "Choose 1 Forward. Gain control of it."),
    ("Choose 1 Forward from your Break Zone. Play it onto the field.",
     "Choose 1 Forward in your Break Zone. Play it onto the field."),
    ("If you control [Card Name (Garland)], draw 1 card.", "If you control a [[i]]Card Name Garland[[/]], draw 1 card."),
    ("If you have cast [Card Name (Shiva)] this turn, draw 1 card.",
     "If you have cast 1 [[i]]Card Name Shiva[[/]] this turn, draw 1 card."),
    ("If you control [Job (Knight)], draw 1 card.", "If you control a [[i]]Job Knight[[/]], draw 1 card."),
])
def test_wordings_of_one_meaning_normalise_alike(printed: str, canonical: str) -> None:
    from judge.text.fftcg.render import normalised

    assert normalised(printed, NAME) == normalised(canonical, NAME)
    assert comparable(one(printed)) == comparable(one(canonical))


@pytest.mark.parametrize("text", [
    "The cost required to cast your [[i]]Category IV[[/]] Forwards can be paid with CP of any Element.",
    "The cost required to cast your Backups can be paid with CP of any Element.",
    "The cost required to cast Zorn can be paid with CP of any Element.",
])
def test_fftcg_11_2_the_cost_of_your_cards_paid_with_any_element(text: str) -> None:
    ability = one(text)
    from judge.text.fftcg.render import normalised

    assert normalised(render(ability, NAME), NAME) == normalised(text, NAME)
    round_trips(ability)


# ── Elements gained, for a time too (5.2.1.1) ──
@pytest.mark.parametrize(("text", "duration"), [
    ("Zorn gains Elements of Fire and Ice until the end of the turn.", Duration.TURN),
    ("Choose 1 Forward. It gains Elements of Water and Wind until the end of the turn.", Duration.TURN),
    ("If Zorn is on the field, Zorn gains Elements of Fire, Ice and Water.", Duration.PERMANENT),
])
def test_fftcg_5_2_1_1_elements_gained(text: str, duration: Duration) -> None:
    ability = one(text)
    gain = next(e for e in walk(ability) if type(e).__name__ == "Gain")
    assert gain.keyword.name == "Card Elements" and gain.duration is duration
    round_trips(ability)


# ── labels, notes and permissions that read back as printed ──
@pytest.mark.parametrize("text", [
    '[[i]]Priming "Zorn (XVI)" --[[/]] 《氷》《2》',
    "[[i]]Warp 2 --[[/]] 《火》《1》",
    "You can only cast Zorn during your turn.",
    "(Cards with 《LB》 cannot be included in your main deck.)",
    "(Card Elements: Fire/Ice)",
])
def test_labels_notes_and_permissions_read_back(text: str) -> None:
    from judge.text.fftcg.render import normalised

    ability = one(text)
    assert normalised(render(ability, NAME), NAME) == normalised(text, NAME)
    round_trips(ability)


# ── a chosen card and this one, together (6.5): only the first is chosen ──
@pytest.mark.parametrize("text", [
    "《火》: Choose 1 Forward. Deal it and Zorn 1000 damage.",
    "Choose up to 2 Forwards. Deal them and Zorn 4000 damage.",
    "Choose 1 Forward. Remove it and Zorn from the game.",
    "Choose 1 Forward opponent controls. Zorn and the chosen Forward deal damage equal to their respective power to "
    "the other.",
])
def test_fftcg_6_5_a_chosen_card_and_this_one(text: str) -> None:
    from judge.text.fftcg.render import normalised

    ability = one(text)
    assert normalised(render(ability, NAME), NAME) == normalised(text, NAME)
    round_trips(ability)


# ── becoming an Element, for a time too (5.2.1.1): one verb phrase for an Element named or printed ──
@pytest.mark.parametrize(("text", "element", "duration"), [
    ("Choose 1 Forward. It becomes Fire until the end of the turn.", "fire", Duration.TURN),
    ("Name 1 Element. Zorn becomes the named Element until the end of the turn.", "named", Duration.TURN),
    ("When Zorn enters the field, name 1 Element. Zorn becomes that Element.", "named", Duration.PERMANENT),
])
def test_fftcg_5_2_1_1_becoming_an_element(text: str, element: str, duration: Duration) -> None:
    ability = one(text)
    gain = next(e for e in walk(ability) if type(e).__name__ == "Gain")
    assert gain.keyword.name == "Element" and gain.keyword.params == (element,) and gain.duration is duration
    round_trips(ability)


# ── crystals and Elements a player has (6.8, 5.2.1.1): the folded alternatives still read ──
@pytest.mark.parametrize(("text", "kind"), [
    ("If you have 《C》《C》, draw 1 card.", "have_crystal"),
    ("If you have a 《C》, Zorn gains +1000 power.", "have_crystal"),
    ("If you have exactly 3 different Elements among Characters you control, draw 1 card.", "elements"),
    ("If you have 4 or more different Elements among Characters you control, draw 1 card.", "elements"),
])
def test_fftcg_what_a_player_has(text: str, kind: str) -> None:
    cond = next(e for e in walk(one(text)) if isinstance(e, Conditional)).condition
    assert cond.kind == kind


# ── the owner of a card is not its controller (6.2): "you own", "owned by your opponent" ──
@pytest.mark.parametrize(("text", "owned_by"), [
    ("If any [[i]]Job Eikon[[/]] you own are removed from the game, Zorn gains +4000 power.", Player.YOU),
    ("When Zorn enters the field, choose up to 2 Backups. If any cards you own are removed from the game, "
     "activate them.", Player.YOU),
    ("《ダル》, put 1 Character you control owned by your opponent into the Break Zone: Choose 1 Forward. Break it.",
     Player.OPPONENT),
])
def test_fftcg_6_2_the_owner_of_a_card(text: str, owned_by: Player) -> None:
    ability = one(text)
    assert any(getattr(n, "owned_by", None) is owned_by for n in walk(ability))
    round_trips(ability)


# ── attacks in a turn (10.1.2): the number kept ──
@pytest.mark.parametrize(("text", "action"), [
    ("Zorn can attack 3 times in the same turn.", "attack_3_times"),
    ("Zorn can attack twice in the same turn.", "attack_twice"),
    ("《1》: Zorn can attack once more this turn.", "attack_twice"),
])
def test_fftcg_10_1_2_attacks_in_a_turn(text: str, action: str) -> None:
    ability = one(text)
    assert next(e for e in walk(ability) if isinstance(e, Restriction)).action == action
    round_trips(ability)


# ── for as long as this card is on the field (11.12.4.1) ──
@pytest.mark.parametrize("text", [
    "Choose 1 Forward. Remove it from the game for as long as Zorn is on the field.",
    "《ダル》: Choose 1 Forward. You gain control of it for as long as Zorn is on the field.",
    "When Zorn enters the field, choose 1 Backup opponent controls. Remove it from the game for as long as Zorn is "
    "on the field.",
])
def test_fftcg_11_12_4_1_for_as_long_as_this_card_is_on_the_field(text: str) -> None:
    from judge.text.fftcg.render import normalised

    ability = one(text)
    assert any(getattr(n, "duration", None) is Duration.WHILE_ON_FIELD for n in walk(ability))
    assert "for as long as Zorn is on the field" in render(ability, NAME)
    assert normalised(render(ability, NAME), NAME) == normalised(text, NAME)
    round_trips(ability)


# ── how the cost to cast a card was paid (11.2): one subject, every way it was paid ──
@pytest.mark.parametrize(("text", "kind"), [
    ("If the cost to cast Zorn was paid only with Fire CP, draw 1 card.", "paid_only_element"),
    ("If the cost paid to cast Zorn included Ice CP, draw 1 card.", "paid_element"),
    ("When Zorn enters the field, if the CP paid to cast Zorn included Fire CP, choose 1 Forward. Deal it 5000 "
     "damage.", "paid_element"),
    ("Break it. If the CP paid to cast Zorn was only produced by Forwards, also draw 1 card.", "paid_by"),
    ("When Zorn enters the field, if the cost to cast Zorn was paid with CP of 3 or more different Elements, draw 1 "
     "card.", "paid_elements"),
])
def test_fftcg_11_2_how_the_cost_was_paid(text: str, kind: str) -> None:
    ability = one(text)
    cond = next(e for e in walk(ability) if isinstance(e, Conditional)).condition
    assert cond.kind == kind
    round_trips(ability)


# ── selectors said back whole: counts given by other cards, counters on them, a party (4.1, 6.7, 15.1.1.9) ──
@pytest.mark.parametrize("text", [
    "When Zorn enters the field, choose up to the same number of Forwards opponent controls as the [[i]]Category "
    "VI[[/]] Characters you control. Dull them.",
    "《風》《ダル》: Choose as many Forwards as [[i]]Job Moogle[[/]] you control. Activate them.",
    "The Forwards forming a party with Zorn gain First Strike.",
    "The Forwards with 2 or more EXP Counters on them you control gain +1000 power.",
    "《ダル》: Dull all the Forwards of cost equal to or less than the number of Backups you control.",
    "When Zorn enters the field, if you control 2 Backups, your opponent selects 1 Forward they control. Put it "
    "into the Break Zone.",
])
def test_selectors_are_said_back_whole(text: str) -> None:
    from judge.text.fftcg.render import normalised

    ability = one(text)
    assert normalised(render(ability, NAME), NAME) == normalised(text, NAME)
    round_trips(ability)


def test_fftcg_15_1_1_9_forming_a_party_with_a_card_keeps_the_card() -> None:
    ability = one("The Forwards forming a party with Zorn gain First Strike.")
    target = ability.effects[0].target
    assert target.state == "in_party" and target.about is not None and target.about.self_ref


# ── an "if" over a selection governs what is then done to the selection (11.6.5) ──
@pytest.mark.parametrize("text", [
    "When Zorn attacks, if you control 2 or more Backups, your opponent selects 1 Backup they control. Put it into the Break Zone.",
    "At the end of each of your turns, if you have 5 or more cards in your hand, choose 1 Monster. Break it.",
    "When Zorn enters the field, if you control 3 or more Forwards, choose up to 2 Forwards. Dull them and Freeze them.",
])
def test_fftcg_11_6_5_a_selection_made_under_an_if_and_what_is_done_to_it(text: str) -> None:
    ability = one(text)
    assert len(ability.effects) == 1
    cond = ability.effects[0]
    assert isinstance(cond, Conditional) and cond.selects
    assert cond.effects and all(getattr(x, "target", None) is not None and x.target.ref is None for x in cond.effects)
    round_trips(ability)


def test_fftcg_11_6_5_a_selection_made_before_the_if_stays_outside_it() -> None:
    ability = one("When Zorn attacks, choose 1 Forward. If you control 3 or more Backups, break it.")
    cond = ability.effects[0]
    assert isinstance(cond, Conditional) and not cond.selects and cond.effects[0].target.ref is None
    round_trips(ability)


# ── "Select N X. Verb them.": you make the selection on resolution, and it is said (11.6.5) ──
@pytest.mark.parametrize("text", [
    "Select up to 2 Backups you control. Activate them.",
    "When Zorn attacks, select 1 Monster opponent controls. Dull it.",
    "Select 1 Backup you control. You may put it into the Break Zone.",
])
def test_fftcg_11_6_5_a_selection_you_make_on_resolution(text: str) -> None:
    ability = one(text)
    acted = next(x for x in walk(ability) if getattr(x, "target", None) is not None and x.target.count)
    assert acted.target.chooser is Player.YOU and acted.target.choose == "select"
    assert render(ability, NAME).startswith(("Select", "When Zorn attacks, select"))
    round_trips(ability)


# ── "deals damage to X or your opponent": the player kept beside the selector (6.5, 11.12.5) ──
@pytest.mark.parametrize("text", [
    "If Zorn deals damage to a Backup or your opponent, the damage increases by 1000 instead.",
    "When Zorn deals damage to a Forward or to your opponent, draw 1 card.",
    "If a Forward you control deals damage to a Monster or your opponent, double the damage instead.",
])
def test_fftcg_6_5_damage_dealt_to_a_character_or_to_the_opponent(text: str) -> None:
    ability = one(text)
    event = ability.trigger.events[0] if ability.trigger is not None else ability.effects[0].condition.occurs
    assert event.kind == "deals_damage" and event.to and event.to_player is Player.OPPONENT
    assert "or your opponent" in render(ability, NAME) or "or to your opponent" in render(ability, NAME)
    round_trips(ability)


# ── a cost made of actions, as an extra cost (11.2) or instead of the CP cost (11.4.6) ──
@pytest.mark.parametrize("text", [
    "If you cast Zorn, you may remove 5 Ice cards in your Break Zone from the game as an extra cost.",
    "If you cast Zorn, you may discard 2 cards as an extra cost.",
    "If you cast Zorn, you may dull 3 active Backups you control as an extra cost.",
])
def test_fftcg_11_2_an_extra_cost_made_of_actions(text: str) -> None:
    ability = one(text)
    opt = next(x for x in walk(ability) if type(x).__name__ == "Optional")
    assert not opt.effects and opt.cost is not None and opt.cost.effects
    assert render(ability, NAME).endswith("as an extra cost.")
    round_trips(ability)


@pytest.mark.parametrize("text", [
    "You can discard 2 Backups (instead of paying the CP cost) to cast Zorn.",
    "You can dull 3 active Forwards you control (instead of paying the CP cost) to cast Zorn from your hand.",
    "You can remove 4 cards in your Break Zone from the game (instead of paying the CP cost) to cast Zorn.",
])
def test_fftcg_11_4_6_an_alternative_cost_made_of_actions(text: str) -> None:
    ability = one(text)
    alt = ability.effects[0]
    assert type(alt).__name__ == "AlternativeCost" and alt.cost.effects and not alt.cost.crystal
    assert "(instead of paying the CP cost)" in render(ability, NAME)
    round_trips(ability)


# ── what a player can or cannot play or cast (11.12.4): the player, the card, where from, due to what ──
@pytest.mark.parametrize(("text", "mode"), [
    ("You cannot play Zorn from your hand due to Summons.", "cannot"),
    ("You can play 3 or more Dark Forwards onto the field.", "can"),
    ("Your opponent cannot cast Summons from their hand.", "cannot"),
])
def test_fftcg_11_12_4_what_a_player_can_or_cannot_play(text: str, mode: str) -> None:
    ability = one(text)
    r = ability.effects[0]
    assert isinstance(r, Restriction) and r.mode == mode and r.player is not None and r.target is not None
    assert r.action in ("play", "cast")
    round_trips(ability)


# ── "the <phase> during each player's turn": a phase of every turn, said back as printed (9) ──
@pytest.mark.parametrize("text", [
    "At the beginning of the Attack Phase during each player's turn, draw 1 card.",
    "At the end of the Main Phase 1 during each player's turn, Zorn gains +1000 power until the end of the turn.",
    "At the beginning of the End Phase during each player's turn, choose 1 Forward. Dull it.",
])
def test_fftcg_9_a_phase_during_each_players_turn(text: str) -> None:
    ability = one(text)
    assert ability.trigger is not None and ability.trigger.at is not None
    assert ability.trigger.at.whose is Player.ANY
    assert "during each player's turn" in render(ability, NAME)
    round_trips(ability)


# ── "either player's Break Zone" / "either player controls": any player, not the one it is in (6.2) ──
@pytest.mark.parametrize("text", [
    "Choose 1 Summon in either player's Break Zone. Remove it from the game.",
    "When Zorn enters the field, remove all the Backups in each player's Break Zone from the game.",
    "Zorn gains +1000 power for each Monster either player controls.",
])
def test_fftcg_6_2_cards_of_either_player(text: str) -> None:
    ability = one(text)
    assert any(isinstance(x, Selector) and x.owner is Player.ANY for x in walk(ability))
    assert "either player" in render(ability, NAME)
    round_trips(ability)


# ── the Forward in battle with a card (10.1.3): kept through the round trip, one or all of them ──
@pytest.mark.parametrize("text", [
    "《1》: Choose 1 Forward blocking Zorn. It loses 3000 power until the end of the turn.",
    "When Zorn blocks or is blocked, dull the Forward that blocks or is blocked by Zorn.",
    "Deal 4000 damage to all the Forwards that block or are blocked by Zorn.",
])
def test_fftcg_10_1_3_the_forward_in_battle_with_a_card(text: str) -> None:
    ability = one(text)
    # "blocking X" is X's blocker (10.1.3); "that blocks or is blocked by X" either side: both about X
    sel = next(x for x in walk(ability) if isinstance(x, Selector) and x.state in ("in_battle_with", "blocking"))
    assert sel.about is not None and sel.about.self_ref
    round_trips(ability)


# ── damage less (or more) than the power of the card dealt it (6.5, 11.12.5) ──
@pytest.mark.parametrize(("text", "qualifier"), [
    ("If Zorn is dealt damage less than its power, the damage becomes 0 instead.", "less_than_power"),
    ("During this turn, if a Forward you control is dealt damage more than its power, the damage becomes 0 instead.",
     "more_than_power"),
    ("If a Monster you control is dealt damage less than its power, the damage is reduced by 1000 instead.",
     "less_than_power"),
])
def test_fftcg_6_5_damage_compared_with_the_power_of_the_card(text: str, qualifier: str) -> None:
    ability = one(text)
    cond = ability.effects[0]
    assert isinstance(cond, Conditional) and qualifier in cond.condition.occurs.qualifiers
    assert "than its power" in render(ability, NAME)
    round_trips(ability)


# ── a discard from the hand, caused by a source: where the card came from kept (6.2) ──
@pytest.mark.parametrize("text", [
    "When your opponent discards a card from their hand due to your Summons or abilities, draw 1 card.",
    "When your opponent discards 1 or more cards from their hand due to your abilities, choose 1 Forward. Dull it.",
    "At the end of each of your turns, if your opponent has discarded a card from their hand due to your Summons "
    "this turn, draw 1 card.",
])
def test_fftcg_6_2_a_card_discarded_from_the_hand(text: str) -> None:
    ability = one(text)
    events = [x for x in walk(ability) if type(x).__name__ == "Event" and x.kind == "opponent_discards"]
    assert events and all(e.place == "hand" and e.by is not None for e in events)
    assert "from their hand" in render(ability, NAME)
    round_trips(ability)


# ── "If it is dull": the state of the card chosen before, said of "it" (11.6.5) ──
@pytest.mark.parametrize("text", [
    "When Zorn attacks, choose 1 Forward. If it is dull, deal it 8000 damage.",
    "Choose 1 Forward. It gains +2000 power until the end of the turn. If it is blocking, it gains +4000 power "
    "until the end of the turn instead.",
    "Choose up to 2 Forwards. If they are active, dull them.",
])
def test_fftcg_11_6_5_the_state_of_the_chosen_card(text: str) -> None:
    ability = one(text)
    cond = next(x for x in walk(ability) if isinstance(x, Conditional))
    assert cond.condition.kind == "state" and cond.condition.selector.choose == "choose"
    assert " it is " in render(ability, NAME) or " they are " in render(ability, NAME)
    round_trips(ability)


# ── "for each CP required to cast it": the cost of the card chosen before (11.6.5) ──
@pytest.mark.parametrize("text", [
    "Choose 1 Forward. Deal it 2000 damage for each CP required to cast it.",
    "Choose 1 Forward opponent controls. Zorn gains +1000 power for each CP required to cast it until the end of the turn.",
    "When Zorn attacks, choose 1 Monster. Deal it 1000 damage for each CP required to cast it.",
])
def test_fftcg_11_6_5_counted_by_the_cost_of_the_chosen_card(text: str) -> None:
    ability = one(text)
    per = next(x.per for x in walk(ability) if getattr(x, "per", None) is not None)
    assert per.zone == "cp_required" and per.choose == "choose"
    assert "required to cast it" in render(ability, NAME)
    round_trips(ability)
