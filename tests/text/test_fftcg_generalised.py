"""FFTCG constructs generalised so that sentences nobody has read, built of known parts, parse (issue
20.2): each construct is defined once in grammar/fftcg.lark and read wherever the language puts it.
Every phrasing here is our own (invented card names, recombinations no printed card has), and each
asserts the typed meaning, not only that the line parses."""

from __future__ import annotations

import pytest
from text_helpers import fftcg_one as one

from judge.text.ast import Declare, Duration, Player, Restriction, Selector, walk


def _sels(ability) -> list[Selector]:
    return [n for n in walk(ability) if isinstance(n, Selector)]


def _with(ability, pred) -> Selector:
    found = [s for s in _sels(ability) if pred(s)]
    assert found, _sels(ability)
    return found[0]


# ---------------------------------------------------------------- 5.2.1.1 the Elements a selector excludes
@pytest.mark.parametrize(("text", "colors"), [
    ("Choose 1 Backup of any Element except Ice.", ("not_ice",)),
    ("Deal 3000 damage to all the Forwards of all Elements other than Wind and Water.", ("not_wind", "not_water")),
    ("Choose up to 2 Monsters except Light or Dark opponent controls.", ("not_light", "not_dark")),
])
def test_5_2_1_1_except_and_other_than_exclude_elements_after_any_selector(text: str, colors: tuple) -> None:
    sel = _with(one(text, name="Quillon"), lambda s: s.colors)
    assert tuple(c for c in sel.colors if c.startswith("not_")) == colors


@pytest.mark.parametrize(("text", "stat", "op", "value"), [
    ("Choose 1 Forward of any Element except Earth and of cost 4 or less.", "cost", "<=", 4),
    ("Choose 1 Forward other than Fire and with 5000 power or more.", "power", ">=", 5000),
    ("Break 1 Backup except Dark and of cost 2 opponent controls.", "cost", "==", 2),
])
def test_5_2_1_post_modifiers_join_with_and_before_a_cost_or_power(text: str, stat: str, op: str, value: int) -> None:
    sel = _with(one(text, name="Quillon"), lambda s: s.thresholds)
    assert any(c.startswith("not_") for c in sel.colors)
    assert (sel.thresholds[0].stat, sel.thresholds[0].op, sel.thresholds[0].value) == (stat, op, value)


# ---------------------------------------------------------------- 5.2.1 / 5.2.6 a stat against another card's
@pytest.mark.parametrize(("text", "stat", "op", "self_ref"), [
    ("Choose 1 Forward with a power equal or inferior to Quillon's.", "power", "<=", True),
    ("Quillon can only be blocked by a Forward of cost equal or higher than its own.", "cost", ">=", False),
    ("Break 1 Forward with a cost inferior to that of Quillon.", "cost", "<", True),
])
def test_5_2_6_a_cost_or_power_compared_with_another_cards_any_wording(text: str, stat: str, op: str,
                                                                       self_ref: bool) -> None:
    sel = _with(one(text, name="Quillon"), lambda s: any(t.ref is not None for t in s.thresholds))
    th = next(t for t in sel.thresholds if t.ref is not None)
    assert (th.stat, th.op, th.ref.self_ref) == (stat, op, self_ref)


# ---------------------------------------------------------------- 15.2 a list of keywords after "with"
@pytest.mark.parametrize(("text", "kws"), [
    ("Dull all the Forwards with Brave, Haste or First Strike opponent controls.", "Brave or Haste or First Strike"),
    ("Choose 1 Forward with First Strike, or Back Attack.", "First Strike or Back Attack"),
    ("Break all the Forwards with Haste, Brave, First Strike or Back Attack.",
     "Haste or Brave or First Strike or Back Attack"),
])
def test_15_2_with_takes_a_list_of_keywords(text: str, kws: str) -> None:
    assert _with(one(text, name="Quillon"), lambda s: s.with_keyword).with_keyword == kws


# ---------------------------------------------------------------- 9.1 does not activate in an Active Phase
@pytest.mark.parametrize(("text", "duration"), [
    ("Quillon won't activate during your Active Phase.", Duration.PERMANENT),
    ("The Backups opponent controls will not activate at the controller's Active Phase.", Duration.PERMANENT),
    ("Choose 1 Forward. It does not activate during your opponent's next Active Phase.", Duration.NEXT_TURN_END),
])
def test_9_1_not_activating_in_any_players_active_phase(text: str, duration: Duration) -> None:
    r = next(n for n in walk(one(text, name="Quillon")) if isinstance(n, Restriction))
    assert (r.mode, r.action, r.duration) == ("cannot", "activate_in_active_phase", duration)


# ---------------------------------------------------------------- 11.8.17 whether the player asked did so
@pytest.mark.parametrize(("text", "negated"), [
    ("Your opponent may discard 1 card. If he/she doesn't, draw 2 cards.", True),
    ("Your opponent may put 1 Backup they control into the Break Zone. If he/she does so, Quillon gains +3000 "
     "power until the end of the turn.", False),
    ("Your opponent may pay 《2》. If he/she does not, break Quillon.", True),
])
def test_11_8_17_the_other_player_doing_what_was_asked(text: str, negated: bool) -> None:
    cond = [n for n in walk(one(text, name="Quillon")) if type(n).__name__ == "DoSo"]
    assert cond and cond[0].negated is negated


# ---------------------------------------------------------------- 11.12.4.2 losing abilities, "all" or not
@pytest.mark.parametrize("text", [
    "All the Backups opponent controls lose their abilities until the end of the turn.",
    "Choose 1 Forward. It loses its abilities until the end of the turn.",
    "Choose 1 Monster. It loses all its abilities until the end of the turn.",
])
def test_11_12_4_2_losing_its_abilities_with_or_without_all(text: str) -> None:
    r = next(n for n in walk(one(text, name="Quillon")) if isinstance(n, Restriction))
    assert (r.mode, r.action, r.duration) == ("lose", "all_abilities", Duration.TURN)


# ---------------------------------------------------------------- two chosen cards: the first and the other
@pytest.mark.parametrize("text", [
    "Choose 2 Forwards. Deal 5000 damage to the first Forward and break the other.",
    "Choose 2 Backups. Dull the first one and activate the other.",
    "Choose 2 Forwards. Return the first to its owner's hand, dull and Freeze the other.",
])
def test_the_first_of_two_chosen_cards_is_the_former(text: str) -> None:
    refs = [s.ref for s in _sels(one(text, name="Quillon"))]
    assert "former" in refs and "other" in refs


# ---------------------------------------------------------------- a declared property other than some Elements
@pytest.mark.parametrize(("text", "things", "other"), [
    ("Name 1 Job and 1 Element other than Fire.", ("job", "element"), ("fire",)),
    ("Name 1 Element except Ice or Water.", ("element",), ("ice", "water")),
    ("Name 1 Card Name and 1 Element other than Light, Dark or Earth.", ("card_name", "element"),
     ("light", "dark", "earth")),
])
def test_declared_element_other_than_after_any_property(text: str, things: tuple, other: tuple) -> None:
    d = next(n for n in walk(one(text, name="Quillon")) if isinstance(n, Declare))
    assert (d.things, d.other_than) == (things, other)


# ---------------------------------------------------------------- 11.9.1 "for as long as" after a power or a count
@pytest.mark.parametrize("text", [
    "Quillon gains +2000 power for as long as Quillon is on the field.",
    "Choose 1 Forward. It loses 3000 power for as long as Quillon is on the field.",
    "Choose 1 Forward opponent controls. It gains +1000 power and Brave for as long as Quillon is on the field.",
])
def test_11_9_1_for_as_long_as_after_a_power_is_a_duration_not_a_count(text: str) -> None:
    timed = [n for n in walk(one(text, name="Quillon")) if getattr(n, "duration", None) is not None]
    assert timed and all(n.duration is Duration.WHILE_ON_FIELD for n in timed)
    assert all(getattr(n, "per", None) is None for n in timed)


# ---------------------------------------------------------------- 6.6.2 a lead's comma before a named subject
@pytest.mark.parametrize(("text", "job"), [
    ("When you cast a Summon, [[i]]Job Squire[[/]] Forwards you control gain +1000 power until the end of the "
     "turn.", "Squire"),
    ("When Quillon enters the field, [[i]]Category XX[[/]] Characters you control gain Haste until the end of the "
     "turn.", None),
    ("If you control 2 or more Backups, [[i]]Job Squire[[/]] Forward you control gains Brave.", "Squire"),
])
def test_6_6_2_the_comma_closing_a_lead_is_no_list_of_names(text: str, job: str | None) -> None:
    ab = one(text, name="Quillon")
    named = [s for s in _sels(ab) if s.families or s.categories]
    assert named and (job is None or job in named[0].families[0])


@pytest.mark.parametrize("text", [
    "Choose 1 [[i]]Job Squire[[/]], [[i]]Job Page[[/]], or [[i]]Card Name Quillon[[/]] in your Break Zone. Add it "
    "to your hand.",
    "Choose 1 [[i]]Job Squire[[/]], [[i]]Job Page[[/]] or [[i]]Job Herald[[/]] you control.",
    "Choose 1 [[i]]Category XX[[/]], [[i]]Job Page[[/]] and/or [[i]]Job Herald[[/]] in your Break Zone.",
])
def test_6_6_2_a_list_of_names_still_reads_as_one_selector(text: str) -> None:
    sels = _sels(one(text, name="Zorn"))
    names = sum(len(s.families) + len(s.categories) + (s.name is not None) for s in sels)
    assert names == 3, sels


# ---------------------------------------------------------------- 11.11.5 "Then" opening a sentence, comma or not
@pytest.mark.parametrize(("text", "after"), [
    ("Draw 1 card. Then each player discards 1 card.", 1),
    ("Choose 1 Forward. Deal it 4000 damage. Then draw 1 card.", 1),
    ("Your opponent discards 1 card. Then, you draw 1 card.", 1),
])
def test_11_11_5_then_opening_a_sentence_with_or_without_a_comma(text: str, after: int) -> None:
    seqs = [n for n in walk(one(text, name="Quillon")) if type(n).__name__ == "Sequence"]
    assert seqs and seqs[0].connector == "then" and len(seqs[0].effects) - seqs[0].then_at == after


# ---------------------------------------------------------------- 7.1 a zone named once, after the last of two selections
@pytest.mark.parametrize(("text", "zone"), [
    ("Choose up to 1 Fire Forward of cost 1 and up to 1 Fire Forward of cost 3 in your Break Zone. "
     "Play them onto the field.", "break"),
    ("Choose 1 Backup of cost 2 and 1 Forward of cost 4 in your Break Zone. Add them to your hand.", "break"),
    ("Choose 1 Forward of cost 2 or less and 1 Backup of cost 3 or less in your hand. Play them onto the field.",
     "hand"),
])
def test_7_1_a_zone_after_the_last_selection_is_where_both_are_looked_for(text: str, zone: str) -> None:
    sel = _with(one(text, name="Quillon"), lambda s: s.also)
    assert (sel.zone, sel.owner) == (zone, Player.YOU)
    assert [(a.zone, a.owner) for a in sel.also] == [(zone, Player.YOU)]


def test_7_1_an_owner_after_the_last_selection_stays_with_it() -> None:
    sel = _with(one("Choose 1 Forward of cost 3 or less you control and 1 Forward opponent controls. Break them.",
                    name="Quillon"), lambda s: s.also)
    assert (sel.owner, sel.also[0].owner) == (Player.YOU, Player.OPPONENT) and sel.zone is None


# ---------------------------------------------------------------- 11.8.17 any player's "do so", with or without "so"
@pytest.mark.parametrize(("text", "negated"), [
    ("Your opponent may return 1 Backup they control to its owner's hand. If they do so, draw 1 card.", False),
    ("Your opponent may pay 《1》. If your opponent does, Quillon gains Haste until the end of the turn.", False),
    ("Each player may discard 1 card. If your opponent doesn't, break 1 Forward they control.", True),
])
def test_11_8_17_do_so_of_any_player_said_with_or_without_so(text: str, negated: bool) -> None:
    cond = [n for n in walk(one(text, name="Quillon")) if type(n).__name__ == "DoSo"]
    assert cond and cond[0].negated is negated


def test_11_8_17_not_doing_so_leaves_a_control_condition_alone() -> None:
    cond = one("If you do not control a Monster, Quillon cannot block.", name="Quillon").effects[0].condition
    assert type(cond).__name__ != "DoSo"


# ---------------------------------------------------------------- 4 "or fewer" is "or less"
@pytest.mark.parametrize(("text", "value"), [
    ("If your opponent has 2 or fewer cards in their hand, Quillon gains Brave.", 2),
    ("Choose 1 Forward of cost 4 or fewer. Dull it.", 4),
    ("If you control 1 or fewer Backups, draw 1 card.", 1),
])
def test_4_or_fewer_is_a_less_or_equal_comparison(text: str, value: int) -> None:
    th = [n for n in walk(one(text, name="Quillon")) if type(n).__name__ == "Threshold" and n.op == "<="]
    assert [t.value for t in th] == [value]


# ---------------------------------------------------------------- 5.2.1 / 5.2.6 cost and power said alike after a noun
@pytest.mark.parametrize(("text", "stat", "op", "value"), [
    ("Quillon cannot be blocked by Forwards with a power of 6000 or more.", "power", ">=", 6000),
    ("Choose 1 Monster of power 3000 or less. Break it.", "power", "<=", 3000),
    ("Choose 1 Backup with a cost of 2. Dull it.", "cost", "==", 2),
])
def test_5_2_a_cost_or_a_power_after_of_or_with_a(text: str, stat: str, op: str, value: int) -> None:
    sel = _with(one(text, name="Quillon"), lambda s: s.thresholds)
    assert (sel.thresholds[0].stat, sel.thresholds[0].op, sel.thresholds[0].value) == (stat, op, value)


def test_5_2_6_a_power_against_x_stays_unread() -> None:
    from judge.text.parse import parse_text
    from judge.text.typed import unread_nodes

    r = parse_text("Choose 1 Forward of power X or less. Break it.", "fftcg", name="Quillon")
    assert r.unparsed or any(unread_nodes(a) for a in r.abilities)


# ---------------------------------------------------------------- 6.6.2 / 5.2.2 "other than" a Job, a Category or a name
@pytest.mark.parametrize(("text", "field", "value"), [
    ("Choose 1 Forward other than [[i]]Job Squire[[/]]. Break it.", "families", ("Squire",)),
    ("Deal 4000 damage to all the Forwards except [[i]]Category XX[[/]] Forwards.", "categories", ("XX",)),
    ("Choose 1 Backup other than [[i]]Card Name Zorn[[/]]. Dull it.", "name", "Zorn"),
])
def test_6_6_2_other_than_any_name_is_a_selection_excluded(text: str, field: str, value) -> None:
    sel = _with(one(text, name="Quillon"), lambda s: s.excluding is not None)
    assert getattr(sel.excluding, field) == value and sel.excluding.count is None
    assert not getattr(sel, field)          # the excluded name is not a name the selection needs


# ---------------------------------------------------------------- 6.4 damage dealt by a card named by its Job or name
@pytest.mark.parametrize(("text", "field", "value"), [
    ("If Quillon is dealt damage by a [[i]]Job Squire[[/]] Forward, the damage becomes 0 instead.",
     "families", ("Squire",)),
    ("When Quillon is dealt damage by a [[i]]Card Name Zorn[[/]], draw 1 card.", "name", "Zorn"),
    ("If Quillon is dealt damage by a [[i]]Category XX[[/]] Character, reduce the damage by 2000 instead.",
     "categories", ("XX",)),
])
def test_6_4_damage_by_a_card_of_a_job_category_or_name(text: str, field: str, value) -> None:
    assert _with(one(text, name="Quillon"), lambda s: getattr(s, field) == value)


# ---------------------------------------------------------------- 5.2.6 "the power of X" becomes a value
@pytest.mark.parametrize(("text", "families", "amount"), [
    ("The power of the [[i]]Job Squire[[/]] Forwards you control becomes 7000 until the end of the turn.",
     ("Squire",), 7000),
    ("The power of all the Forwards opponent controls becomes 1000 until the end of the turn.", (), 1000),
    ("When Quillon attacks, the power of the [[i]]Job Page[[/]] Forwards you control becomes 5000.", ("Page",), 5000),
])
def test_5_2_6_the_power_of_a_selection_becomes_a_value(text: str, families: tuple, amount: int) -> None:
    ms = next(n for n in walk(one(text, name="Quillon")) if type(n).__name__ == "ModifyStat")
    assert (ms.stat, ms.amount, ms.target.families, ms.target.count) == ("power_set", amount, families, None)


# ---------------------------------------------------------------- 6.6 "and" before a bare card type in one selection
@pytest.mark.parametrize("text", [
    "The [[i]]Job Squire[[/]] and Forwards of cost 2 you control gain Haste.",
    "The [[i]]Card Name Zorn[[/]] Forwards and dull Monsters you control gain +1000 power.",
    "All the [[i]]Category XX[[/]] Backups and Forwards other than Quillon you control gain Brave.",
])
def test_6_6_and_joins_a_named_part_and_a_bare_card_type(text: str) -> None:
    ab = one(text, name="Quillon")
    assert _with(ab, lambda s: s.families or s.categories or s.name)


# ---------------------------------------------------------------- 11.8.2 "or" before a further event after a card named
@pytest.mark.parametrize(("text", "kinds"), [
    ("When Quillon deals damage to a Forward or leaves the field, draw 1 card.", ("deals_damage", "leaves_field")),
    ("When Quillon is dealt damage by a Summon or attacks, draw 1 card.", None),
    ("When Quillon deals damage to a Backup opponent controls or is broken, draw 1 card.", None),
])
def test_11_8_2_or_before_an_event_verb_after_a_noun(text: str, kinds: tuple | None) -> None:
    events = one(text, name="Quillon").trigger.events
    assert len(events) == 2 and all(e.subject is not None and e.subject.self_ref for e in events)
    if kinds:
        assert tuple(e.kind for e in events) == kinds


def test_11_8_2_or_inside_a_list_of_cards_stays_one_event() -> None:
    events = one("When Quillon deals damage to a Forward or a Monster, draw 1 card.", name="Quillon").trigger.events
    assert len(events) == 1


# ---------------------------------------------------------------- 11.12.4 one subject, then "and" with a modal
@pytest.mark.parametrize(("text", "parts", "duration"), [
    ("Choose 1 Forward opponent controls. It loses 2000 power and cannot block until the end of the turn.",
     ("ModifyStat", "Restriction"), Duration.TURN),
    ("Quillon gains First Strike and can attack twice in the same turn.", ("Gain", "Restriction"), Duration.PERMANENT),
    ("Choose 1 Forward. It gains Haste and must attack this turn if possible.", ("Gain", "Restriction"), Duration.TURN),
])
def test_11_12_4_a_subject_said_once_before_and_a_modal(text: str, parts: tuple, duration: Duration) -> None:
    effects = one(text, name="Quillon").effects
    assert tuple(type(e).__name__ for e in effects) == parts
    assert all(e.duration is duration for e in effects)
    assert effects[0].target == effects[1].target


# ---------------------------------------------------------------- 7.9 the rest, the remaining cards
@pytest.mark.parametrize("text", [
    "Reveal the top 4 cards of your deck. Add 1 Backup among them to your hand and put the rest into the Break Zone.",
    "Look at the top 3 cards of your deck. Add 1 card among them to your hand and put the rest at the bottom of your "
    "deck in any order.",
    "Reveal the top 2 cards of your deck. Add 1 Summon among them to your hand and remove the rest from the game.",
])
def test_7_9_the_rest_of_the_revealed_cards(text: str) -> None:
    assert [s for s in _sels(one(text, name="Quillon")) if s.ref == "rest" and s.count is None]


# ---------------------------------------------------------------- 7.10 "from their Break Zone" is "in their Break Zone"
@pytest.mark.parametrize("text", [
    "Your opponent selects 1 Forward from their Break Zone. Remove it from the game.",
    "Choose 1 card from your opponent's Break Zone. Remove it from the game.",
    "Your opponent selects 1 Summon from his/her Break Zone and puts it at the bottom of their deck.",
])
def test_7_10_from_their_break_zone(text: str) -> None:
    assert _with(one(text, name="Quillon"), lambda s: s.zone == "break")


def test_each_player_selecting_from_their_own_cards_is_reported_executed() -> None:
    """Each player selects among their own cards, the turn player first (6.1.4; effects/selecting.py):
    tests/engine/test_fftcg_selected_on_resolution.py plays it."""
    from judge.engine.support import unexecuted

    ab = one("Each player selects 1 Backup from their Break Zone and adds it to their hand.", name="Quillon")
    assert unexecuted("fftcg", ab) == ()


# ---------------------------------------------------------------- 11.8.16 into a zone, from where said after it
@pytest.mark.parametrize(("text", "place"), [
    ("When Quillon is put into the Break Zone from your hand, draw 1 card.", "hand"),
    ("When a Forward you control is put into the Break Zone from the field, draw 1 card.", "field"),
    ("When a Summon is put into your Break Zone from your deck, Quillon gains +1000 power until the end of the "
     "turn.", "deck"),
])
def test_11_8_16_the_zone_a_card_came_from_said_after_where_it_went(text: str, place: str) -> None:
    assert one(text, name="Quillon").trigger.events[0].place == place


# ---------------------------------------------------------------- 5.2.4.1 "it and {Name}" as a subject
@pytest.mark.parametrize("text", [
    "Choose 1 Forward. It and Quillon gain +1000 power until the end of the turn.",
    "Choose 1 Backup you control. It and Quillon lose 1000 power until the end of the turn.",
    "Choose 1 Forward. It and Quillon deal damage equal to their respective power to it.",
])
def test_5_2_4_1_it_and_the_card_itself_as_one_subject(text: str) -> None:
    ab = one(text, name="Quillon")
    assert any(any(a.self_ref for a in s.also) for s in _sels(ab)) or \
        any(s.self_ref for s in _sels(ab)), _sels(ab)


# ---------------------------------------------------------------- 10.1.3 "that is blocking X"
@pytest.mark.parametrize(("text", "state"), [
    ("Choose 1 Forward that is blocking Quillon. Break it.", "blocking"),
    ("Choose 1 Forward that blocks Quillon. Deal it 5000 damage.", "blocking"),
    ("Choose 1 Forward that is blocked by Quillon. Dull it.", "blocked_by"),
])
def test_10_1_3_which_side_of_a_block_any_tense(text: str, state: str) -> None:
    sel = _with(one(text, name="Quillon"), lambda s: s.state == state)
    assert sel.about is not None and sel.about.self_ref


# ---------------------------------------------------------------- 6.3 a card searched for and played onto the field dull
@pytest.mark.parametrize(("text", "dull"), [
    ("Search for 1 Backup of cost 2 or less and play it onto the field dull.", True),
    ("Search for 1 [[i]]Job Squire[[/]] and play it onto the field dull.", True),
    ("Search for 1 Forward of cost 3 and play it onto the field.", False),
])
def test_6_3_a_searched_card_played_dull(text: str, dull: bool) -> None:
    from judge.text.fftcg.render import render

    ab = one(text, name="Quillon")
    search = next(n for n in walk(ab) if type(n).__name__ == "Search")
    assert (search.dest, search.dull) == ("field", dull)
    assert render(ab, "Quillon").rstrip(".").endswith("dull") is dull


# ---------------------------------------------------------------- 11.4 a card played from a zone, by either player
@pytest.mark.parametrize(("text", "kind", "place"), [
    ("When you play a Forward from your hand onto the field, Quillon gains +1000 power until the end of the turn.",
     "you_play", "hand"),
    ("When your opponent plays a Backup from their hand onto the field, draw 1 card.", "opponent_plays", "hand"),
    ("When you play a [[i]]Job Squire[[/]] onto your field, draw 1 card.", "you_play", None),
])
def test_11_4_playing_a_card_from_a_zone_is_the_events_place(text: str, kind: str, place: str | None) -> None:
    from judge.engine.support import unexecuted

    ab = one(text, name="Quillon")
    ev = ab.trigger.events[0]
    assert (ev.kind, ev.place, ev.what.zone) == (kind, place, None)
    assert any("trigger" in g for g in unexecuted("fftcg", ab))     # the engine does not run these triggers


# ---------------------------------------------------------------- 11.11.5.1 "if X doesn't <any act>"
@pytest.mark.parametrize(("text", "kind", "typed"), [
    ("When Quillon enters the field, if you don't remove 3 Ice cards in your Break Zone from the game, put Quillon "
     "into the Break Zone.", "not_pay", "Move"),
    ("When Quillon attacks, if your opponent doesn't put 1 Backup they control into the Break Zone, draw 1 card.",
     "not_pay", "Move"),
    ("When Quillon enters the field, if you don't return 1 Forward you control to its owner's hand, break Quillon.",
     "not_pay", "Move"),
])
def test_11_11_5_1_an_act_not_done_is_a_cost_made_of_that_act(text: str, kind: str, typed: str) -> None:
    from judge.engine.support import unexecuted

    ab = one(text, name="Quillon")
    cond = next(n for n in walk(ab) if getattr(n, "kind", None) in (kind, "opp_" + kind) and getattr(n, "negated", False))
    assert [type(e).__name__ for e in cond.cost.effects] == [typed]
    assert not any("unpaid cost" in g for g in unexecuted("fftcg", ab))   # the engine asks for the cards too


@pytest.mark.parametrize("text", [
    "When Quillon attacks, if your opponent doesn't pay 《2》, draw 1 card.",
    "When Quillon enters the field, if you don't pay 《火》《1》, put Quillon into the Break Zone.",
    "When Quillon blocks, if your opponent does not pay 《3》, Quillon gains +3000 power until the end of the turn.",
])
def test_11_2_a_cp_payment_not_made_is_still_its_cost(text: str) -> None:
    cond = next(n for n in walk(one(text, name="Quillon")) if getattr(n, "kind", None) in ("not_pay", "opp_not_pay"))
    assert cond.cost.cp and not cond.cost.effects


# ---------------------------------------------------------------- 5.2.6 whose power cannot change: any way of naming it
@pytest.mark.parametrize(("text", "action", "self_ref"), [
    ("Quillon's power cannot be reduced.", "power_decreased", True),
    ("The power of Quillon cannot be increased by Summons or abilities your opponent controls.",
     "power_increased", True),
    ("Choose 1 Forward. Its power cannot be reduced.", "power_decreased", False),
])
def test_5_2_6_a_power_that_cannot_change_named_any_way(text: str, action: str, self_ref: bool) -> None:
    found = [n for n in walk(one(text, name="Quillon")) if isinstance(n, Restriction) and n.action == action]
    assert found and found[0].target.self_ref is self_ref


# ---------------------------------------------------------------- 15.2 "that has X" is "with X"
@pytest.mark.parametrize(("text", "kw"), [
    ("Choose 1 Forward that has Haste. Break it.", "Haste"),
    ("Choose 1 Forward opponent controls that has Brave. Dull it.", "Brave"),
    ("Break all the Forwards that have First Strike.", "First Strike"),
])
def test_15_2_that_has_a_keyword_is_with_it(text: str, kw: str) -> None:
    assert _with(one(text, name="Quillon"), lambda s: s.with_keyword).with_keyword == kw


# ---------------------------------------------------------------- 7.11 returned to a hand, "from the field" before or after
@pytest.mark.parametrize("text", [
    "When Quillon is returned to your hand from the field, draw 1 card.",
    "When a Forward opponent controls is returned to its owner's hand from the field, draw 1 card.",
    "When Quillon is returned from the field to its owner's hand, draw 1 card.",
])
def test_7_11_returned_to_a_hand_from_the_field_either_order(text: str) -> None:
    assert one(text, name="Quillon").trigger.events[0].kind.startswith("returned")


@pytest.mark.parametrize("text", [
    "Choose 1 Forward. Its power cannot be decreased this turn.",
    "Choose 1 Forward. Its power cannot be increased until the end of the turn.",
    "Quillon's power cannot be reduced during this turn.",
])
def test_5_2_6_a_power_that_cannot_change_for_a_while(text: str) -> None:
    r = next(n for n in walk(one(text, name="Quillon")) if isinstance(n, Restriction))
    assert r.action.startswith("power_") and r.duration is Duration.TURN


# ---------------------------------------------------------------- 4 "for each" after the duration of a power gained
@pytest.mark.parametrize("text", [
    "Choose 1 Forward. It gains +1000 power until the end of the turn for each Backup you control.",
    "Quillon gains +2000 power until the end of the turn for each [[i]]Job Squire[[/]] you control.",
    "Choose 1 Forward you control. It gains +1000 power during this turn for each card in your hand.",
])
def test_4_for_each_after_the_duration(text: str) -> None:
    ms = next(n for n in walk(one(text, name="Quillon")) if type(n).__name__ == "ModifyStat")
    assert ms.per is not None and ms.duration is Duration.TURN


# ---------------------------------------------------------------- 11.12.4 "cannot be returned to its owner's hand" is an id
@pytest.mark.parametrize("text", [
    "Quillon cannot be returned to its owner's hand by your opponent's Summons or abilities.",
    "The Forwards you control cannot be returned to their owners' hands by Summons.",
    "Choose 1 Forward. It cannot be returned to its owner's hand this turn.",
])
def test_11_12_4_barred_return_to_hand_is_typed(text: str) -> None:
    from judge.text.parse import parse_text
    from judge.text.typed import untyped_parts

    r = parse_text(text, "fftcg", name="Quillon")
    assert not r.unparsed and not any(untyped_parts(a, "fftcg") for a in r.abilities)
    assert any(n.action == "be_returned_to_owners_hand" for a in r.abilities for n in walk(a)
               if isinstance(n, Restriction))


# ---------------------------------------------------------------- 6.6 a card referred to, and a selection more
@pytest.mark.parametrize(("text", "kinds"), [
    ("Choose 1 Forward. Remove it and all the Monsters opponent controls from the game.", ("monster",)),
    ("Choose up to 2 Backups. Break them, and all the Forwards of cost 2 or less.", ("forward",)),
    ("Choose 1 Forward. Return it and all the Backups opponent controls to their owners' hands.", ("backup",)),
])
def test_6_6_a_reference_and_all_the_cards_of_a_kind(text: str, kinds: tuple) -> None:
    from judge.engine.support import unexecuted
    from judge.text.fftcg.render import render

    ab = one(text, name="Quillon")
    sel = _with(ab, lambda s: s.also and not s.also[0].self_ref)
    assert sel.also[0].card_types == kinds and sel.also[0].count is None
    assert not unexecuted("fftcg", ab)                  # effects/selecting.targets acts on each part
    assert "and all the" in render(ab, "Quillon")


def test_6_6_a_comma_and_before_a_clause_is_no_selection() -> None:
    ab = one("Choose 1 Forward. Break it, and draw 1 card.", name="Quillon")
    assert [type(e).__name__ for e in ab.effects][-1] == "Draw"


# ---------------------------------------------------------------- 5.2.1 / 5.2.6 a stat against another card's, "X's cost"
@pytest.mark.parametrize(("text", "stat", "op"), [
    ("Choose 1 Forward of cost equal to Quillon's cost. Break it.", "cost", "=="),
    ("Choose 1 Forward with a power equal to or less than Quillon's power. Dull it.", "power", "<="),
    ("Choose 1 Backup of cost less than or equal to Quillon's cost. Break it.", "cost", "<="),
])
def test_5_2_a_stat_against_the_same_stat_of_a_card_named(text: str, stat: str, op: str) -> None:
    th = next(n for n in walk(one(text, name="Quillon")) if type(n).__name__ == "Threshold" and n.ref is not None)
    assert (th.stat, th.op, th.ref.self_ref) == (stat, op, True)


# ---------------------------------------------------------------- 5.2.1 / 5.2.6 "whose cost / power is N"
@pytest.mark.parametrize(("text", "stat", "op", "value"), [
    ("Choose 1 Forward whose cost is 3 or less. Break it.", "cost", "<=", 3),
    ("Choose 1 Forward opponent controls whose power is 5000 or less. Dull it.", "power", "<=", 5000),
    ("Break all the Monsters whose cost is 2.", "cost", "==", 2),
])
def test_5_2_whose_cost_or_power_is(text: str, stat: str, op: str, value: int) -> None:
    sel = _with(one(text, name="Quillon"), lambda s: s.thresholds)
    assert (sel.thresholds[0].stat, sel.thresholds[0].op, sel.thresholds[0].value) == (stat, op, value)


# ---------------------------------------------------------------- 7.8.2 points of damage, the comparison after the number
@pytest.mark.parametrize(("text", "op", "value"), [
    ("If you have received 4 or more points of damage, Quillon gains +2000 power.", ">=", 4),
    ("If your opponent has received 3 or less points of damage, draw 1 card.", "<=", 3),
    ("If you have received 5 points of damage or more, Quillon gains Haste.", ">=", 5),
])
def test_7_8_2_points_of_damage_compared_either_place(text: str, op: str, value: int) -> None:
    th = next(n for n in walk(one(text, name="Quillon")) if type(n).__name__ == "Threshold")
    assert (th.stat, th.op, th.value) == ("damage", op, value)


# ---------------------------------------------------------------- 15.1.1.9 "is in / forming a party" as a state
@pytest.mark.parametrize("text", [
    "If Quillon is forming a party, Quillon gains +1000 power.",
    "If Quillon is in a party, Quillon gains First Strike.",
    "When Quillon attacks, if Quillon is forming a party, draw 1 card.",
])
def test_15_1_1_9_in_a_party_is_a_state(text: str) -> None:
    from judge.engine.support import unexecuted

    ab = one(text, name="Quillon")
    cond = next(n for n in walk(ab) if getattr(n, "kind", None) == "state")
    assert cond.selector.state == "in_party" and not unexecuted("fftcg", ab)


# ---------------------------------------------------------------- 4.1 "more X than your opponent": two counts compared
@pytest.mark.parametrize(("text", "op", "mine", "theirs"), [
    ("If you control more Forwards than your opponent, draw 1 card.", ">", Player.YOU, Player.OPPONENT),
    ("If your opponent controls more Backups than you, Quillon gains Haste.", ">", Player.OPPONENT, Player.YOU),
    ("If you have fewer cards in your hand than your opponent, draw 2 cards.", "<", Player.YOU, Player.OPPONENT),
])
def test_4_1_more_cards_than_the_other_player(text: str, op: str, mine: Player, theirs: Player) -> None:
    cond = next(n for n in walk(one(text, name="Quillon")) if getattr(n, "kind", None) == "count_compare")
    assert (cond.selector.owner, cond.threshold.op, cond.threshold.ref.owner) == (mine, op, theirs)


# ---------------------------------------------------------------- 11.8 events: every person of the verb, any determiner
@pytest.mark.parametrize(("text", "kind", "player"), [
    ("When you discard a card due to your Summon or ability, draw 1 card.", "you_discard", Player.YOU),
    ("When you receive your fifth point of damage, draw 1 card.", "you_receive_fifth_damage", Player.YOU),
    ("When your opponent receives their sixth point of damage, Quillon gains +1000 power until the end of the "
     "turn.", "you_receive_sixth_damage", Player.OPPONENT),
])
def test_11_8_player_events_any_person_any_determiner(text: str, kind: str, player: Player) -> None:
    ev = one(text, name="Quillon").trigger.events[0]
    assert (ev.kind, ev.player) == (kind, player)


# ---------------------------------------------------------------- 6.7 "all the X Counters"
@pytest.mark.parametrize("text", [
    "Remove all the Crystal Counters from Quillon.",
    "Remove all Crystal Counters from Quillon: Draw 2 cards.",
    "When Quillon attacks, remove all the Bravery Counters from Quillon. Draw 1 card.",
])
def test_6_7_all_the_counters(text: str) -> None:
    from judge.text.parse import parse_text

    r = parse_text(text, "fftcg", name="Quillon")
    assert not r.unparsed


# ---------------------------------------------------------------- 11.8.13 a condition after a statement is the one before it
@pytest.mark.parametrize(("after", "before"), [
    ("The cost required to cast Quillon is reduced by 2 if you control a [[i]]Card Name Zorn[[/]].",
     "If you control a [[i]]Card Name Zorn[[/]], the cost required to cast Quillon is reduced by 2."),
    ("The cost required to cast Quillon is reduced by 1 if your opponent controls 3 or more Forwards.",
     "If your opponent controls 3 or more Forwards, the cost required to cast Quillon is reduced by 1."),
    ("Quillon's power becomes 9000 if you control 5 or more Backups.",
     "If you control 5 or more Backups, Quillon's power becomes 9000."),
])
def test_11_8_13_a_trailing_condition_on_a_statement(after: str, before: str) -> None:
    import re

    def bare(x) -> str:
        return re.sub(r"span=Span\([^)]*\)|text='[^']*'", "", repr(x))

    assert bare(one(after, name="Quillon").effects) == bare(one(before, name="Quillon").effects)


# ---------------------------------------------------------------- 7.8.2 "for each point of damage <player> has received"
@pytest.mark.parametrize(("text", "owner"), [
    ("Quillon gains +1000 power for each point of damage your opponent has received.", Player.OPPONENT),
    ("Quillon gains +1000 power for each point of damage you have received.", Player.YOU),
    ("Choose 1 Forward. Deal it 1000 damage for each damage your opponent has received.", Player.OPPONENT),
])
def test_7_8_2_for_each_point_of_damage_of_either_player(text: str, owner: Player) -> None:
    per = next(n.per for n in walk(one(text, name="Quillon")) if getattr(n, "per", None) is not None)
    assert (per.zone, per.owner) == ("damage", owner)


# ---------------------------------------------------------------- 15.2 "if it has X": the card is one with that keyword
@pytest.mark.parametrize(("text", "kw"), [
    ("Choose 1 Forward opponent controls. If it has Haste, break it.", "Haste"),
    ("Choose 1 Forward opponent controls. If it has First Strike or Brave, deal it 8000 damage.",
     "First Strike or Brave"),
    ("If Quillon has Brave, Quillon gains +1000 power.", "Brave"),
])
def test_15_2_having_a_keyword_is_a_condition_on_the_card(text: str, kw: str) -> None:
    cond = next(n for n in walk(one(text, name="Quillon")) if type(n).__name__ == "CardIs")
    assert cond.selector.with_keyword == kw


# ---------------------------------------------------------------- 11.6.6 who selects the actions
@pytest.mark.parametrize(("text", "who"), [
    ('Your opponent selects 1 of the 2 following actions. "Your opponent discards 1 card." "You draw 1 card."',
     Player.OPPONENT),
    ('When Quillon enters the field, your opponent selects 1 of the 3 following actions. "Draw 1 card." '
     '"Choose 1 Forward. Dull it." "Choose 1 Backup. Activate it."', Player.OPPONENT),
    ('Select 1 of the 2 following actions. "Draw 1 card." "Choose 1 Forward. Dull it."', None),
])
def test_11_6_6_the_player_who_selects_the_actions(text: str, who: Player | None) -> None:
    from judge.engine.support import unexecuted
    from judge.text.fftcg.render import render

    ab = one(text, name="Quillon")
    modal = next(n for n in walk(ab) if type(n).__name__ == "Modal")
    assert modal.player is who
    assert ("modal selected by another player" in unexecuted("fftcg", ab)) is (who is not None)
    assert ("your opponent selects 1 of" in render(ab, "Quillon").lower()) is (who is not None)


# ---------------------------------------------------------------- each / all / both of the cards referred to
@pytest.mark.parametrize(("text", "count"), [
    ("Choose 2 Forwards. Deal each of them 3000 damage.", 2),
    ("Choose 2 Forwards. Dull both of them.", 2),
    ("Choose up to 2 Backups. Activate each of them.", 2),
])
def test_each_or_one_of_the_cards_referred_to(text: str, count: int) -> None:
    effect = one(text, name="Quillon").effects[-1]
    assert effect.target.count == count


def test_4_damage_equal_to_a_power_minus_a_number_is_run_with_the_number() -> None:
    from judge.engine.fftcg.effects.handlers import _amount

    dmg = next(n for n in walk(one("Choose 1 Forward. Deal it damage equal to its power minus 2000.", name="Quillon"))
               if type(n).__name__ == "Damage")
    assert dmg.amount == -2000 and dmg.amount_from == "power_of_target"
    assert _amount.__doc__ and "minus" in _amount.__doc__


# ---------------------------------------------------------------- "to cast" after the cards an action used
@pytest.mark.parametrize("text", [
    "When Quillon enters the field, deal 1000 damage for each card you have cast this turn to all the Forwards "
    "opponent controls.",
    "Choose 1 Forward. Deal it 1000 damage for each card you discarded to cast Quillon.",
    "Deal 2000 damage for each card you have drawn this turn to all the Forwards opponent controls.",
])
def test_a_count_of_cards_acted_on_before_to(text: str) -> None:
    dmg = next(n for n in walk(one(text, name="Quillon")) if type(n).__name__ == "Damage")
    assert dmg.per is not None


# ---------------------------------------------------------------- 5.2.1.1 "X's Element becomes Y"
@pytest.mark.parametrize(("text", "elem"), [
    ("Quillon's Element becomes Dark until the end of the turn.", "dark"),
    ("Choose 1 Forward. Its Element becomes Fire until the end of the turn.", "fire"),
    ("Quillon gains +1000 power and Brave. Quillon's Element becomes Light.", "light"),
])
def test_5_2_1_1_an_element_becoming_another(text: str, elem: str) -> None:
    from judge.engine.support import unexecuted

    ab = one(text, name="Quillon")
    gain = next(n for n in walk(ab) if type(n).__name__ == "Gain" and n.keyword is not None
                and n.keyword.name == "Element")
    assert gain.keyword.params == (elem,)
    if gain.duration is Duration.TURN:        # a resolved change of Element: the engine says it does not run it
        assert any("element" in g for g in unexecuted("fftcg", ab))


# ---------------------------------------------------------------- 11.6 a use limit, active or passive
@pytest.mark.parametrize(("text", "limit"), [
    ("《1》: Draw 1 card. This ability can only be used once per turn.", "once_per_turn"),
    ("《1》: Draw 1 card. You can only use this ability once per turn.", "once_per_turn"),
    ("《ダル》: Quillon gains +1000 power until the end of the turn. This ability can only be used during your turn.",
     "your_turn_only"),
])
def test_11_6_this_ability_can_only_be_used(text: str, limit: str) -> None:
    assert limit in one(text, name="Quillon").restrictions


# ---------------------------------------------------------------- 11.8 whose auto-abilities cannot trigger
@pytest.mark.parametrize(("text", "self_ref"), [
    ("Quillon's auto-abilities cannot trigger.", True),
    ("Choose 1 Forward. Its auto-abilities cannot trigger until the end of the turn.", False),
    ("Choose 1 Backup. That Backup's auto-abilities will not trigger this turn.", False),
])
def test_11_8_whose_auto_abilities_cannot_trigger(text: str, self_ref: bool) -> None:
    r = next(n for n in walk(one(text, name="Quillon")) if isinstance(n, Restriction))
    assert r.action == "trigger_auto_abilities" and r.target.self_ref is self_ref


# ---------------------------------------------------------------- 4.1 "the number of X is N (or more)" is "there are N X"
@pytest.mark.parametrize(("number_is", "plain"), [
    ("If the number of Backups you control is 5 or more, Quillon gains Brave.",
     "If you control 5 or more Backups, Quillon gains Brave."),
    ("If the number of Forwards opponent controls is 3 or more, draw 1 card.",
     "If your opponent controls 3 or more Forwards, draw 1 card."),
    ("If the number of cards in your Break Zone is 10 or more, Quillon gains Haste.",
     "If there are 10 or more cards in your Break Zone, Quillon gains Haste."),
])
def test_4_1_the_number_of_cards_is_a_count(number_is: str, plain: str) -> None:
    import re

    def bare(x) -> str:
        return re.sub(r"span=Span\([^)]*\)|text='[^']*'", "", repr(x))

    assert bare(one(number_is, name="Quillon").effects) == bare(one(plain, name="Quillon").effects)


# ---------------------------------------------------------------- 11.8.13 two conditions joined by "and"
@pytest.mark.parametrize("text", [
    "If you control a [[i]]Card Name Zorn[[/]] and your opponent controls 3 or more Forwards, draw 1 card.",
    "If Quillon is dull and you control a [[i]]Job Squire[[/]], draw 1 card.",
    "When Quillon attacks, if you have 3 or more cards in your hand and your opponent has no cards in their hand, "
    "draw 1 card.",
])
def test_11_8_13_two_conditions_with_their_own_subjects(text: str) -> None:
    cond = next(n for n in walk(one(text, name="Quillon")) if getattr(n, "kind", None) == "all_of"
                or type(n).__name__ == "AllOf")
    assert len(cond.parts) == 2


def test_11_8_13_and_inside_a_selection_stays_one_condition() -> None:
    cond = one("If you control Quillon and a [[i]]Card Name Zorn[[/]], draw 1 card.", name="Quillon").effects[0].condition
    assert type(cond).__name__ != "AllOf"


# ---------------------------------------------------------------- 11.12.4.4 "if it is your turn" is "during your turn"
@pytest.mark.parametrize(("text", "whose"), [
    ("If it is your turn, Quillon gains +1000 power.", Player.YOU),
    ("If it is your opponent's turn, Quillon gains Brave.", Player.OPPONENT),
    ("When Quillon is dealt damage, if it is during your opponent's turn, draw 1 card.", Player.OPPONENT),
])
def test_11_12_4_4_whose_turn_it_is_as_a_condition(text: str, whose: Player) -> None:
    cond = next(n for n in walk(one(text, name="Quillon")) if type(n).__name__ == "DuringTurn")
    assert cond.window.whose is whose


def test_11_12_4_4_it_is_before_a_state_stays_the_state() -> None:
    cond = one("Choose 1 Forward. If it is dull, break it.", name="Quillon").effects[-1].condition
    assert type(cond).__name__ != "DuringTurn"
